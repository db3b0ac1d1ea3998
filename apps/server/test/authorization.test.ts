import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRelationship } from '../src/db/relationships.ts';
import { setRoleByEmail } from '../src/db/users.ts';
import type { DeclaredRoute } from '../src/http/access.ts';
import { difference, rowsMentioning, snapshot } from './abuse/dbSnapshot.ts';
import { documentedRoutes, type Route, urlOf } from './abuse/openapiRoutes.ts';
import { validValue } from './abuse/schemaArbitrary.ts';
import { type SeededUser, seedUser } from './abuse/seed.ts';
import { AUTH_VALUE, newUser, p256PublicKey, post, startTestApp, type TestApp } from './helpers.ts';

/**
 * Authorization matrix. Every API route declares who may call it (`config: { access }`: public, self or
 * admin; the server refuses to start with an undeclared one), and this test reads those declarations:
 * - public: no account needed (it may still use a token when one is sent);
 * - self: acts only on the signed-in user's own rows, whatever ids the request names;
 * - owned: a self route that names one record by id; anyone but its owner gets 403 or 404 (listed below,
 *   since only the service knows whose record an id is);
 * - admin: admins only.
 */
type Access = DeclaredRoute['access'] | 'owned';
const OWNED = new Set([
  'DELETE /api/auth/sessions/{id}',
  'GET /api/user/keys/{userId}',
  'DELETE /api/user/keys/{userId}',
  'POST /api/user/keys',
  'PUT /api/user/keys/{userId}/last-used',
  'GET /api/user/keys/{userId}/inactive',
  'GET /api/user/keys/{userId}/wrappings',
  'PUT /api/user/keys/{userId}/recovery-saved',
  'PUT /api/kept-aside/{id}',
  'POST /api/kept-aside/{id}/put-back',
  'DELETE /api/kept-aside/{id}',
  'POST /api/kept-aside/tools/{id}/put-back',
  'DELETE /api/kept-aside/tools/{id}',
  'DELETE /api/share/documents',
  'GET /api/sponsorship/invitations/pending/{*}',
  'GET /api/sponsorship/invitations/{id}',
  'PUT /api/sponsorship/invitations/{id}/cancel',
  'PUT /api/sponsorship/invitations/{id}/answer',
  'PUT /api/sponsorship/invitations/{id}/resend',
  'PUT /api/sponsorship/invitations/{id}/link-user',
  'POST /api/sponsorship/invitations/report',
  'GET /api/sponsorship/relationships/{id}',
  'PUT /api/sponsorship/relationships/{id}',
  'PUT /api/sponsorship/relationships/{id}/end',
  'GET /api/sponsorship/spaces/{relationshipId}',
  'POST /api/sponsorship/spaces/{relationshipId}/key',
  'PUT /api/sponsorship/spaces/{relationshipId}/items/{itemKey}',
  'DELETE /api/sponsorship/spaces/{relationshipId}/items/{itemKey}',
  'POST /api/sponsorship/spaces/{relationshipId}/items/{itemKey}/comments',
  'POST /api/sponsorship/spaces/{relationshipId}/items/{itemKey}/review',
  'POST /api/sponsorship/spaces/{relationshipId}/items/{itemKey}/read',
  'PUT /api/sponsorship/spaces/{relationshipId}/verification',
  'POST /api/sponsorship/spaces/{relationshipId}/rotate',
  'DELETE /api/check-ins/{day}',
]);
let ACCESS: Record<string, Access> = {};

/** 'GET /api/user/keys/{userId}': a declared route named as the OpenAPI document names it. */
const openApiKey = (route: DeclaredRoute) =>
  `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}')}`;

const DAY = 86_400_000;
let t: TestApp;
let owner: SeededUser;
let relationshipId: string;
let routes: Route[];

beforeAll(async () => {
  t = await startTestApp({ rateLimits: { authPerIp: 1_000_000 } });
  owner = await seedUser(t, 'owner@example.com');
  relationshipId = 'relationshipOfOwner001';
  const sponsee = await seedUser(t, 'sponsee@example.com');
  await insertRelationship(t.db, {
    id: relationshipId,
    invitation_id: null,
    sponsor_user_id: owner.id,
    sponsee_user_id: sponsee.id,
    program: 'SAA',
    status: 'active',
    sponsor_display_name: 'Owner',
    sponsee_display_name: 'Sponsee',
    started_at: Date.now(),
    ended_at: null,
    ended_by_user_id: null,
    end_reason: null,
    updated_at: Date.now(),
  });
  await openSpaceOf(sponsee, owner);
  routes = documentedRoutes(t);
  ACCESS = Object.fromEntries(
    t.declaredRoutes.map((route) => {
      const key = openApiKey(route);
      return [key, OWNED.has(key) ? 'owned' : route.access];
    }),
  );
});
afterAll(async () => {
  await t?.close();
});

/** The owner's sponsor space with their sponsee: keys, one shared step and a comment, whose ciphertexts are markers. */
async function openSpaceOf(sponsee: SeededUser, sponsor: SeededUser) {
  const marker = (label: string) => Buffer.from(`space ${label} of ${sponsor.email}`).toString('base64');
  const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
    const reply = await res;
    if (reply.statusCode !== 200) throw new Error(`space set-up failed: ${reply.body}`);
  };
  const send = (method: 'PUT' | 'POST', url: string, payload: object, token: string) =>
    ok(t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } }));
  for (const person of [sponsee, sponsor]) {
    const key = {
      publicKey: p256PublicKey(person.email),
      encryptedPrivateKey: marker(`key ${person.email}`),
    };
    await send('PUT', '/api/user/identity-key', key, person.token);
  }
  const sealed = (userId: string) => ({
    userId,
    enc: Buffer.alloc(65, 1).toString('base64'),
    wrappedKey: Buffer.alloc(48, userId).toString('base64'),
  });
  const space = `/api/sponsorship/spaces/${relationshipId}`;
  await send(
    'POST',
    `${space}/key`,
    { generation: 1, keys: [sealed(sponsee.id), sealed(sponsor.id)], record: marker('record') },
    sponsee.token,
  );
  await send('PUT', `${space}/items/step-1`, { generation: 1, ciphertext: marker('step') }, sponsee.token);
  await send(
    'POST',
    `${space}/items/step-1/comments`,
    { generation: 1, ciphertext: marker('comment') },
    sponsor.token,
  );
  sponsor.markers.push(marker('step'), marker('comment'), marker(`key ${sponsor.email}`));
}

/** The owner's identifiers, put wherever a request names a record. */
function ownersParams(route: Route): Record<string, string> {
  const id = route.path.includes('/share/')
    ? owner.shareId
    : route.path.includes('/kept-aside/')
      ? owner.keptAsideId
      : route.path.includes('/auth/sessions/')
        ? owner.sessionId
        : route.path.includes('/relationships/')
          ? relationshipId
          : route.path.includes('/feedback/')
            ? '1'
            : owner.invitationId;
  const star = route.path.includes('/pending/') ? `sponsor-of-${owner.email}` : 'a'.repeat(43);
  return {
    userId: owner.email,
    id,
    email: owner.email,
    type: 'resentments',
    version: owner.inventoryVersion,
    program: 'saa',
    relationshipId,
    itemKey: 'step-1',
    day: owner.checkInDay,
    n: '1',
    '*': star,
  };
}

/** Fields set wherever they appear in a body: the owner's record ids, and values the services check. */
const OWNER_FIELDS = (): Record<string, unknown> => ({
  userId: owner.email,
  document_id: owner.shareId,
  inventory_type: 'resentments',
  version: owner.inventoryVersion,
  invitationId: owner.invitationId,
  invitation_id: owner.invitationId,
  program: 'SAA',
  track: '12-steps',
  selectedPrograms: ['SAA'],
  primaryProgram: 'SAA',
  email: 'someone@example.com',
  newEmail: 'someone-new@example.com',
  displayName: 'Someone',
});

function withOwnersFields(value: unknown, fields: Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((item) => withOwnersFields(item, fields));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, field]) => [
      name,
      name in fields ? fields[name] : withOwnersFields(field, fields),
    ]),
  );
}

/** A request the schema accepts, naming the owner's records. */
function ownersRequest(route: Route) {
  let body = route.body
    ? withOwnersFields(fc.sample(validValue(route.body), { seed: 7, numRuns: 1 })[0], OWNER_FIELDS())
    : undefined;
  // A clear acts on the caller's own writing once their password is sent (all test accounts share it): it
  // empties what the routes before it wrote for the caller, as it did before it asked for the password.
  if (route.key === 'POST /api/backup/clear') body = { password: AUTH_VALUE };
  return { method: route.method, url: urlOf(route, ownersParams(route)), body };
}

function send(route: Route, authorization: string | undefined) {
  const { method, url, body } = ownersRequest(route);
  return t.app.inject({
    method,
    url,
    headers: authorization === undefined ? {} : { authorization },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

const classified = (access: Access) => () => routes.filter((route) => ACCESS[route.key] === access);
const signedIn = () => routes.filter((route) => ACCESS[route.key] && ACCESS[route.key] !== 'public');

describe('the route list', () => {
  it('has a declaration for every route of the OpenAPI document, and "owned" only for self routes', () => {
    expect(routes.map((route) => route.key).filter((key) => !(key in ACCESS))).toEqual([]);
    const declaredSelf = new Set(t.declaredRoutes.filter((r) => r.access === 'self').map(openApiKey));
    expect([...OWNED].filter((key) => !declaredSelf.has(key))).toEqual([]);
  });
});

describe("another user's token", () => {
  it("never reads or changes the owner's data", async () => {
    let other = '';
    let others = 0;
    const ownersIds = [owner.id, owner.email, owner.shareId, owner.invitationId, relationshipId];
    for (const route of [...classified('self')(), ...classified('owned')()]) {
      // A route like logout ends the other user's session: a fresh one keeps the next requests signed in.
      if (
        (await t.app.inject({ url: '/api/whoami', headers: { authorization: `Bearer ${other}` } }))
          .statusCode !== 200
      ) {
        others += 1;
        other = await newUser(t, `other-${others}@example.com`, 'Other');
      }
      const before = rowsMentioning(await snapshot(t.db), ownersIds);
      const res = await send(route, `Bearer ${other}`);
      const where = `${route.key} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
      expect(res.statusCode, where).toBeLessThan(500);
      if (ACCESS[route.key] === 'owned') expect([403, 404], where).toContain(res.statusCode);
      for (const secret of [...owner.markers, owner.id]) expect(res.body, where).not.toContain(secret);
      expect(rowsMentioning(await snapshot(t.db), ownersIds), where).toEqual(before);
    }
  });
});

describe('admin routes', () => {
  it('refuse a signed-in user with 403 and change nothing', async () => {
    const user = await newUser(t, 'not-admin@example.com', 'Nadia');
    const admin = await newUser(t, 'admin@example.com', 'Ada');
    await setRoleByEmail(t.db, 'admin@example.com', 'admin', Date.now());
    for (const route of classified('admin')()) {
      const before = await snapshot(t.db);
      const res = await send(route, `Bearer ${user}`);
      expect(res.statusCode, `${route.key} -> ${res.body}`).toBe(403);
      expect(difference(before, await snapshot(t.db)), route.key).toEqual([]);
    }
    // The same requests are well-formed: an admin is not refused (so the 403s above are about the role).
    const asAdmin = await send(
      classified('admin')().find((r) => r.key === 'GET /api/admin/metrics') as Route,
      `Bearer ${admin}`,
    );
    expect(asAdmin.statusCode).toBe(200);
  });
});

const MALFORMED = [
  '',
  'Bearer',
  'Bearer ',
  'Basic b3duZXI6cGFzcw==',
  'Bearer not-a-token',
  'Bearer a b',
  `Bearer ${'x'.repeat(300)}`,
  'Token abc',
];

async function expectAllRefused(authorizations: Array<string | undefined>) {
  const wrong: string[] = [];
  for (const route of signedIn()) {
    // One snapshot around all of a route's refusals: the whole database read twice per request made this
    // test the slowest of the suite on PostgreSQL, and a change still names its route.
    const before = await snapshot(t.db);
    for (const authorization of authorizations) {
      const res = await send(route, authorization);
      const where = `${route.key} with ${String(authorization).slice(0, 40)} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (res.statusCode !== 401 || typeof res.json().detail !== 'string') wrong.push(where);
    }
    expect(difference(before, await snapshot(t.db)), route.key).toEqual([]);
  }
  expect(wrong).toEqual([]);
}

describe('every signed-in route refuses a token that is not a live session with 401', () => {
  it('missing', async () => {
    await expectAllRefused([undefined]);
  });

  it('malformed', async () => {
    await expectAllRefused(MALFORMED);
  });

  it('revoked by logging out', async () => {
    const token = await newUser(t, 'leaver@example.com', 'Lee');
    expect((await post(t, '/api/auth/logout', {}, token)).statusCode).toBe(200);
    await expectAllRefused([`Bearer ${token}`]);
  });

  // Last: moving the clock ends every session of this file.
  it('expired', async () => {
    const token = await newUser(t, 'sleeper@example.com', 'Sol');
    t.advance(t.deps.config.sessionTtlDays * DAY + 60_000);
    await expectAllRefused([`Bearer ${token}`]);
  });
});
