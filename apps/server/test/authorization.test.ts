import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRelationship } from '../src/db/relationships.ts';
import { setRoleByEmail } from '../src/db/users.ts';
import { difference, rowsMentioning, snapshot } from './abuse/dbSnapshot.ts';
import { documentedRoutes, type Route, urlOf } from './abuse/openapiRoutes.ts';
import { validValue } from './abuse/schemaArbitrary.ts';
import { type SeededUser, seedUser } from './abuse/seed.ts';
import { newUser, post, startTestApp, type TestApp } from './helpers.ts';

/**
 * Authorization matrix (issue 9). Every documented route is classified below; a route nobody classified
 * fails the first test, so a new route cannot ship without its access rule being tested.
 * - public: no account needed (it may still use a token when one is sent);
 * - self: acts only on the signed-in user's own rows, whatever ids the request names;
 * - owned: names one record by id; anyone but its owner gets 403 or 404;
 * - admin: admins only.
 */
type Access = 'public' | 'self' | 'owned' | 'admin';
const ACCESS: Record<string, Access> = {
  'POST /api/auth/prelogin': 'public',
  'POST /api/auth/signup': 'public',
  'POST /api/auth/confirm': 'public',
  'POST /api/auth/resend-confirmation': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'POST /api/auth/logout': 'self',
  'GET /api/whoami': 'self',
  'POST /api/auth/change-password': 'self',
  'GET /api/auth/sessions': 'self',
  'DELETE /api/auth/sessions/{id}': 'owned',
  'POST /api/auth/sessions/sign-out-others': 'self',
  'GET /api/user/keys/{userId}': 'owned',
  'DELETE /api/user/keys/{userId}': 'owned',
  'POST /api/user/keys': 'owned',
  'PUT /api/user/keys/{userId}/last-used': 'owned',
  'GET /api/user/keys/{userId}/inactive': 'owned',
  'GET /api/user/keys/{userId}/wrappings': 'owned',
  'POST /api/user/binding/swap': 'self',
  'PUT /api/user/binding': 'self',
  'POST /api/user/email-change': 'self',
  'POST /api/user/email-change/confirm': 'self',
  'POST /api/vitals': 'public',
  'GET /api/progress': 'self',
  'GET /api/progress/journey': 'self',
  'GET /api/progress/{program}': 'self',
  'POST /api/progress/program': 'self',
  'POST /api/progress/track': 'self',
  'POST /api/progress/step': 'self',
  'POST /api/progress/action': 'self',
  'POST /api/progress/status': 'self',
  'PUT /api/progress/step/{n}/dates': 'self',
  'GET /api/user/program-preferences': 'self',
  'POST /api/user/program-preferences': 'self',
  'PUT /api/user/program-preferences': 'self',
  'PUT /api/user/preferences/date-tracking': 'self',
  'GET /api/list_inventory_versions/{type}': 'self',
  'GET /api/get_inventory/{type}/{version}': 'self',
  'GET /api/get_inventory_encrypted/{type}/{version}': 'self',
  'POST /api/save_inventory': 'self',
  'POST /api/save_inventory_encrypted': 'self',
  'DELETE /api/delete_inventory': 'self',
  'GET /api/kept-aside': 'self',
  'POST /api/kept-aside': 'self',
  'PUT /api/kept-aside/{id}': 'owned',
  'POST /api/kept-aside/{id}/put-back': 'owned',
  'DELETE /api/kept-aside/{id}': 'owned',
  'POST /api/backup/restore': 'self',
  'POST /api/backup/clear': 'self',
  'GET /api/profile': 'self',
  'POST /api/profile': 'self',
  'PUT /api/profile': 'self',
  'POST /api/profile/login': 'self',
  'DELETE /api/account': 'self',
  'POST /api/feedback': 'public',
  'POST /api/share/documents': 'self',
  'GET /api/share/documents': 'self',
  'DELETE /api/share/documents': 'owned',
  'GET /api/share/public/{id}': 'public',
  'POST /api/sponsorship/invitations': 'self',
  'GET /api/sponsorship/invitations': 'self',
  'GET /api/sponsorship/invitations/token/{*}': 'public',
  'GET /api/sponsorship/invitations/pending/{*}': 'owned',
  'GET /api/sponsorship/invitations/{id}': 'owned',
  'PUT /api/sponsorship/invitations/{id}/cancel': 'owned',
  'PUT /api/sponsorship/invitations/{id}/resend': 'owned',
  'PUT /api/sponsorship/invitations/{id}/link-user': 'owned',
  'POST /api/sponsorship/invitations/check-duplicates': 'self',
  'POST /api/sponsorship/invitations/history': 'self',
  'POST /api/sponsorship/invitations/validate': 'self',
  'POST /api/sponsorship/invitations/suggestions': 'self',
  'POST /api/sponsorship/invitations/report': 'owned',
  'POST /api/sponsorship/invitations/respond': 'public',
  'GET /api/sponsorship/relationships': 'self',
  'GET /api/sponsorship/relationships/{id}': 'owned',
  'PUT /api/sponsorship/relationships/{id}': 'owned',
  'PUT /api/sponsorship/relationships/{id}/end': 'owned',
  'POST /api/sponsorship/email-change': 'self',
  'POST /api/sponsorship/rate-limit/check': 'self',
  'POST /api/sponsorship/audit/log': 'self',
  'GET /api/sponsorship/stats': 'self',
  'GET /api/admin/feedback': 'admin',
  'POST /api/admin/feedback/{id}/review': 'admin',
  'GET /api/admin/feedback/export': 'admin',
  'GET /api/admin/metrics': 'admin',
  'GET /api/admin/users': 'admin',
  'PUT /api/admin/users/{email}/status': 'admin',
  'PUT /api/admin/users/{email}/role': 'admin',
  'DELETE /api/admin/users/{email}': 'admin',
  'GET /api/health': 'public',
};

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
  routes = documentedRoutes(t);
});
afterAll(async () => {
  await t?.close();
});

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
  const body = route.body
    ? withOwnersFields(fc.sample(validValue(route.body), { seed: 7, numRuns: 1 })[0], OWNER_FIELDS())
    : undefined;
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
  it('classifies every route of the OpenAPI document', () => {
    const unclassified = routes.map((route) => route.key).filter((key) => !(key in ACCESS));
    expect(unclassified, 'add these routes to ACCESS in authorization.test.ts').toEqual([]);
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
    for (const authorization of authorizations) {
      const before = await snapshot(t.db);
      const res = await send(route, authorization);
      const where = `${route.key} with ${String(authorization).slice(0, 40)} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (res.statusCode !== 401 || typeof res.json().detail !== 'string') wrong.push(where);
      expect(difference(before, await snapshot(t.db)), where).toEqual([]);
    }
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
