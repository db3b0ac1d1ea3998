import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { difference, snapshot } from './abuse/dbSnapshot.ts';
import { documentedRoutes, type Parameter, type Route, urlOf } from './abuse/openapiRoutes.ts';
import { hostileBody, hostileString, validValue } from './abuse/schemaArbitrary.ts';
import { type SeededUser, seedUser } from './abuse/seed.ts';
import { get, newUser, startTestApp, type TestApp } from './helpers.ts';

/**
 * Bad input everywhere: for every route of the published OpenAPI document, generated malformed,
 * oversized, wrongly typed and hostile bodies, path parameters, query strings and headers, with a valid
 * token and without. No reply is a 5xx, every refusal has a readable detail, and a refused request leaves
 * the database as it was.
 */

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = 20261122;

/**
 * Refusals that change rows by design: a wrong confirmation, reset or e-mail-change code counts a try
 * (for the code, and for the address or account), and five use the code up.
 */
const COUNTED_REFUSALS: Record<string, string[]> = {
  'POST /api/auth/confirm': ['auth_codes', 'code_tries'],
  'POST /api/auth/reset-password': ['auth_codes', 'code_tries'],
  'POST /api/user/email-change/confirm': ['auth_codes', 'code_tries'],
};

let t: TestApp;
let owner: SeededUser;
let signIns = 0;

beforeAll(async () => {
  t = await startTestApp({
    rateLimits: { authPerIp: 1_000_000, vitalsPerIp: 1_000_000, codeSendsPerHour: 1_000_000 },
  });
  owner = await seedUser(t, 'fuzz-owner@example.com');
});
afterAll(async () => {
  await t?.close();
});

/** A fuzzed logout is a success that ends the session: sign a new one in so later runs stay signed in. */
async function validToken(): Promise<string> {
  if ((await get(t, '/api/whoami', owner.token)).statusCode !== 200) {
    signIns += 1;
    owner = { ...owner, token: await newUser(t, `fuzz-owner-${signIns}@example.com`) };
  }
  return owner.token;
}

const printable = (s: string) => s.replace(/[^\x20-\x7e]/g, '?');

function paramValue(parameter: Parameter): fc.Arbitrary<string> {
  const known =
    parameter.name === 'userId'
      ? [owner.email]
      : parameter.name === 'id'
        ? [owner.shareId, owner.invitationId, owner.keptAsideId]
        : parameter.name === 'day'
          ? [owner.checkInDay]
          : [];
  return fc.oneof(
    validValue(parameter.schema).map(String),
    hostileString,
    ...(known.length ? [fc.constantFrom(...known)] : []),
  );
}

type Auth = { kind: 'owner' } | { kind: 'none' } | { kind: 'raw'; header: string };
const authArb: fc.Arbitrary<Auth> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ kind: 'owner' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        hostileString.map((s) => `Bearer ${s}`),
        fc.constantFrom('Bearer', 'Basic dXNlcjpwYXNz', 'bearer  a b', `Bearer ${'a'.repeat(10_000)}`),
      )
      .map((header) => ({ kind: 'raw' as const, header: printable(header) })),
  },
);

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string; payload: string };
const OVERSIZED = `{"a":"${'x'.repeat(300 * 1024)}"}`;
function bodyArb(route: Route): fc.Arbitrary<Body> {
  if (route.method === 'GET') return fc.constant({ kind: 'none' as const });
  return fc.oneof(
    { weight: 6, arbitrary: hostileBody(route.body).map((value) => ({ kind: 'json' as const, value })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
    {
      weight: 2,
      arbitrary: fc
        .record({
          contentType: fc.constantFrom(
            'application/json',
            'application/json; charset=utf-16',
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'multipart/form-data; boundary=x',
            'application/octet-stream',
          ),
          payload: fc.oneof(
            fc.constantFrom(
              '{"a":',
              '{"__proto__":{"isAdmin":true}}',
              '{"constructor":{"prototype":{"x":1}}}',
              'null',
              '[]',
              '""',
              '',
              OVERSIZED,
            ),
            fc.string({ maxLength: 40 }),
          ),
        })
        .map((raw) => ({ kind: 'raw' as const, ...raw })),
    },
  );
}

function requestArb(route: Route) {
  const params: Record<string, fc.Arbitrary<string>> = {};
  for (const p of route.pathParams) params[p.name] = paramValue(p);
  const query: Record<string, fc.Arbitrary<string>> = {};
  for (const p of route.queryParams)
    query[p.name] = fc.oneof(validValue(p.schema).map(String), hostileString);
  return fc.record({
    params: fc.record(params),
    query: fc.tuple(
      fc.record(query, { requiredKeys: [] }),
      fc.dictionary(fc.string({ maxLength: 10 }), hostileString, { maxKeys: 2 }),
    ),
    auth: authArb,
    body: bodyArb(route),
    forwardedFor: fc.option(hostileString.map(printable), { nil: undefined }),
  });
}

type Request = ReturnType<typeof requestArb> extends fc.Arbitrary<infer R> ? R : never;

async function send(route: Route, request: Request) {
  const headers: Record<string, string> = {};
  if (request.auth.kind === 'owner') headers.authorization = `Bearer ${await validToken()}`;
  if (request.auth.kind === 'raw') headers.authorization = request.auth.header;
  if (request.forwardedFor !== undefined) headers['x-forwarded-for'] = request.forwardedFor;
  const query: Record<string, string> = { ...request.query[1] };
  for (const [name, value] of Object.entries(request.query[0])) if (value !== undefined) query[name] = value;
  const url = urlOf(route, request.params, query);
  const { body } = request;
  if (body.kind === 'json' && body.value !== undefined) {
    headers['content-type'] = 'application/json';
    return {
      url,
      res: await t.app.inject({ method: route.method, url, headers, payload: JSON.stringify(body.value) }),
    };
  }
  if (body.kind === 'raw') {
    headers['content-type'] = body.contentType;
    return { url, res: await t.app.inject({ method: route.method, url, headers, payload: body.payload }) };
  }
  return { url, res: await t.app.inject({ method: route.method, url, headers }) };
}

function expectReadableRefusal(
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  where: string,
) {
  expect(String(res.headers['content-type']), where).toContain('application/json');
  const detail = JSON.parse(res.body).detail;
  expect(typeof detail, where).toBe('string');
  expect(detail.trim().length, where).toBeGreaterThan(3);
}

describe('every documented route survives hostile input', () => {
  // Filled in beforeAll's app; listing routes needs a built app, so take them from a probe build.
  it('the OpenAPI document lists the routes', () => {
    expect(documentedRoutes(t).length).toBeGreaterThan(50);
  });

  it('no 5xx, a readable detail on every refusal, and nothing changes when refused', async () => {
    for (const route of documentedRoutes(t)) {
      const started = Date.now();
      await fc.assert(
        fc.asyncProperty(requestArb(route), async (request) => {
          await validToken();
          const before = await snapshot(t.db);
          const { url, res } = await send(route, request);
          const where = `${route.key} as ${url.slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          if (res.statusCode < 400) return;
          expectReadableRefusal(res, where);
          const allowed = new Set(COUNTED_REFUSALS[route.key] ?? []);
          const changes = difference(before, await snapshot(t.db)).filter(
            (c) => !allowed.has(c.split(' ')[0] ?? ''),
          );
          expect(changes, where).toEqual([]);
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
      if (process.env.FUZZ_TIMING) console.log(route.key, Date.now() - started);
    }
  }, 300_000);
});
