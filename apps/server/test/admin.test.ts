import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setRoleByEmail } from '../src/db/users.ts';
import { rowsMentioning, snapshot } from './abuse/dbSnapshot.ts';
import { get, newUser, post, startTestApp, type TestApp } from './helpers.ts';

const DAY = 86_400_000;
let t: TestApp;
let admin: string;
let user: string;

beforeEach(async () => {
  t = await startTestApp();
  admin = await newUser(t, 'admin@example.com', 'Ada');
  await setRoleByEmail(t.db, 'admin@example.com', 'admin', Date.now());
  user = await newUser(t, 'user@example.com', 'Uma');
});
afterEach(async () => {
  await t.close();
});

const send = (method: 'PUT' | 'DELETE', url: string, payload?: unknown, auth: string | undefined = admin) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: auth ? { authorization: `Bearer ${auth}` } : {},
  });

describe('every admin route checks the role on the server', () => {
  const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
    ['GET', '/api/admin/feedback'],
    ['POST', '/api/admin/feedback/1/review', { reviewed: true }],
    ['GET', '/api/admin/feedback/export'],
    ['GET', '/api/admin/metrics'],
    ['GET', '/api/admin/users'],
    ['PUT', '/api/admin/users/user@example.com/status', { status: 'inactive' }],
    ['PUT', '/api/admin/users/user@example.com/role', { role: 'admin' }],
    ['DELETE', '/api/admin/users/user@example.com'],
  ];
  it.each(routes)('%s %s: 401 without a token, 403 for a user', async (method, url, payload) => {
    const as = (auth?: string) =>
      t.app.inject({
        method,
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
        headers: auth ? { authorization: `Bearer ${auth}` } : {},
      });
    expect((await as()).statusCode).toBe(401);
    const refused = await as(user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('This page is for SAM admins only.');
    expect((await get(t, '/api/whoami', user)).json().isAdmin).toBe(false);
    expect(
      (
        await t.db
          .selectFrom('users')
          .select('status')
          .where('email', '=', 'user@example.com')
          .executeTakeFirst()
      )?.status,
    ).toBe('active');
  });
});

describe('feedback review and export', () => {
  it('lists, marks reviewed with notes, filters, and exports quoted CSV', async () => {
    await post(
      t,
      '/api/feedback',
      {
        locationInApp: 'Step 4',
        feedbackType: 'Error / Bug',
        feedbackText: 'The save button, "sometimes", fails\nat night',
        deviceInfo: { browser: 'Chromium' },
      },
      user,
    );
    await post(
      t,
      '/api/feedback',
      { locationInApp: 'Home', feedbackText: '=HYPERLINK("http://evil")' },
      user,
    );
    const list = (await get(t, '/api/admin/feedback', admin)).json();
    expect(list.total).toBe(2);
    const bug = list.feedback.find((f: { type: string }) => f.type === 'Error / Bug');
    expect(bug).toMatchObject({
      userEmail: 'user@example.com',
      location: 'Step 4',
      reviewed: false,
      deviceInfo: { browser: 'Chromium' },
    });

    const review = await post(
      t,
      `/api/admin/feedback/${bug.id}/review`,
      { feedback_id: bug.id, reviewed: true, admin_notes: 'Fixed in 0.1.3' },
      admin,
    );
    expect(review.statusCode).toBe(200);
    expect((await get(t, '/api/admin/feedback?reviewed=true', admin)).json().feedback).toEqual([
      expect.objectContaining({ id: bug.id, reviewed: true, adminNotes: 'Fixed in 0.1.3' }),
    ]);
    expect((await post(t, '/api/admin/feedback/9999/review', { reviewed: true }, admin)).statusCode).toBe(
      404,
    );

    const csv = await get(t, '/api/admin/feedback/export', admin);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/filename="feedback-export-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(csv.body.split('\r\n')[0]).toBe(
      'id,timestamp,userEmail,type,location,feedback,reviewed,adminNotes,deviceType,browser,browserVersion,operatingSystem',
    );
    expect(csv.body).toContain('"The save button, ""sometimes"", fails\nat night"');
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    const audit = await t.db
      .selectFrom('admin_audit')
      .select(['admin_email', 'action', 'target'])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { admin_email: 'admin@example.com', action: 'feedback.review', target: `feedback:${bug.id}` },
      { admin_email: 'admin@example.com', action: 'feedback.export', target: 'feedback' },
    ]);
  });
});

describe('metrics', () => {
  it('matches a small hand-built data set where every figure is known', async () => {
    const now = Date.now();
    const ids = Object.fromEntries(
      (await t.db.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.email, u.id]),
    );
    // admin: registered 40 days ago, came back yesterday. user: registered today.
    await t.db
      .updateTable('users')
      .set({ created_at: now - 40 * DAY, last_login_at: now - DAY })
      .where('id', '=', ids['admin@example.com'] as string)
      .execute();
    // a third person registered 10 days ago, last seen 35 days after... never since signing up.
    const third = await newUser(t, 'third@example.com');
    const thirdId = (
      await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'third@example.com')
        .executeTakeFirstOrThrow()
    ).id;
    await t.db
      .updateTable('users')
      .set({ created_at: now - 10 * DAY, last_login_at: now - 10 * DAY })
      .where('id', '=', thirdId)
      .execute();
    expect(third).toBeTruthy();

    const step = (
      userId: string,
      n: number,
      completed: boolean,
      startedDaysAgo: number | null,
      doneDaysAgo: number | null,
    ) => ({
      user_id: userId,
      program: 'SAA',
      track: '12-steps',
      step_number: n,
      step_title: `Step ${n}`,
      completed: completed ? 1 : 0,
      actions: '[]',
      encrypted_data: null,
      encrypted: 0,
      started_at: startedDaysAgo === null ? null : now - startedDaysAgo * DAY,
      completed_at: doneDaysAgo === null ? null : now - doneDaysAgo * DAY,
      updated_at: now,
    });
    await t.db
      .insertInto('step_progress')
      .values([
        step(ids['admin@example.com'] as string, 1, true, 30, 20), // 10 days
        step(ids['user@example.com'] as string, 1, true, 6, 2), // 4 days
        step(ids['admin@example.com'] as string, 2, false, 5, null),
        step(ids['user@example.com'] as string, 4, false, 1, null),
        step(thirdId, 1, false, null, null), // saved but never started: not counted
      ])
      .execute();
    const inventory = (
      userId: string,
      type: 'resentments' | 'fears' | 'harms',
      entries: number,
      completed: boolean,
    ) => ({
      user_id: userId,
      inventory_type: type,
      version: `${type}-current`,
      items: '[]',
      encrypted_data: 'x',
      encrypted: 1,
      entry_count: entries,
      completed: completed ? 1 : 0,
      updated_at: now,
    });
    await t.db
      .insertInto('inventories')
      .values([
        inventory(ids['admin@example.com'] as string, 'resentments', 4, true),
        inventory(ids['admin@example.com'] as string, 'fears', 2, true),
        inventory(ids['admin@example.com'] as string, 'harms', 6, true),
        inventory(ids['user@example.com'] as string, 'resentments', 8, false),
        { ...inventory(ids['user@example.com'] as string, 'fears', 50, true), version: 'fears-old' },
        // Another type under a current version's name: not anybody's current inventory.
        { ...inventory(thirdId, 'fears', 0, true), version: 'harms-current' },
        { ...inventory(thirdId, 'harms', 0, true), version: 'resentments-current' },
        { ...inventory(thirdId, 'resentments', 0, true), version: 'fears-current' },
      ])
      .execute();
    for (const value of [100, 200, 300, 400]) {
      await post(t, '/api/vitals', { name: 'LCP', value, rating: 'good', id: `v${value}`, page: '/' });
    }
    // Circles: admin has two versions, user one. Check-ins: admin two days ago and today, the third person
    // only ten days ago (not this week).
    const adminId = ids['admin@example.com'] as string;
    const userId = ids['user@example.com'] as string;
    const version = (user_id: string, n: number) => ({
      user_id,
      version: n,
      ciphertext: 'x',
      created_at: now,
    });
    await t.db
      .insertInto('circles_versions')
      .values([version(adminId, 1), version(adminId, 2), version(userId, 1)])
      .execute();
    const checkIn = (user_id: string, daysAgo: number) => ({
      user_id,
      day: new Date(now - daysAgo * DAY).toISOString().slice(0, 10),
      ciphertext: 'x',
      updated_at: now - daysAgo * DAY,
    });
    await t.db
      .insertInto('check_ins')
      .values([checkIn(adminId, 2), checkIn(adminId, 0), checkIn(thirdId, 10)])
      .execute();

    const m = (await get(t, '/api/admin/metrics', admin)).json();
    expect(m).toMatchObject({
      totalUsers: 3,
      activeUsers: 3,
      newUsersThisWeek: 1,
      newUsersThisMonth: 2,
      returnUsers: 1,
      retentionRate: 33.3,
      usersWithProgress: 2,
      usersCompletedAllInventories: 1,
      allInventoriesCompletedRate: 50,
      allInventoriesCompletedRateStep4: 100,
      usersWithCircles: 2,
      usersWithCheckIns: 2,
      usersCheckedInThisWeek: 1,
    });
    expect(m.stepAnalytics.step_1).toEqual({
      users_started: 2,
      users_in_progress: 0,
      users_completed: 2,
      average_days: 7,
    });
    expect(m.stepAnalytics.step_2).toEqual({
      users_started: 1,
      users_in_progress: 1,
      users_completed: 0,
      average_days: null,
    });
    expect(m.stepAnalytics.step_12).toEqual({
      users_started: 0,
      users_in_progress: 0,
      users_completed: 0,
      average_days: null,
    });
    expect(m.inventoryAnalytics).toEqual({
      resentments: { users_started: 2, users_completed: 1, avg_entries: 6, max_entries: 8 },
      fears: { users_started: 1, users_completed: 1, avg_entries: 2, max_entries: 2 },
      harms: { users_started: 1, users_completed: 1, avg_entries: 6, max_entries: 6 },
    });
    expect(m.webVitals.LCP).toEqual({ p75: 300, samples: 4 });
    expect(m.webVitals.CLS).toEqual({ p75: null, samples: 0 });
  });
});

describe('user management', () => {
  it('pages and filters users by status and e-mail', async () => {
    for (let i = 0; i < 3; i++) await newUser(t, `page${i}@example.com`);
    const first = (await get(t, '/api/admin/users?pageSize=2', admin)).json();
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.users).toHaveLength(2);
    const third = (await get(t, '/api/admin/users?pageSize=2&page=3', admin)).json();
    expect(third.users).toHaveLength(1);
    const found = (await get(t, '/api/admin/users?search=PAGE1', admin)).json();
    expect(found.users.map((u: { email: string }) => u.email)).toEqual(['page1@example.com']);
    expect((await get(t, '/api/admin/users?search=%25', admin)).json().total).toBe(0);
    expect((await get(t, '/api/admin/users?status=inactive', admin)).json().users).toEqual([]);
    expect((await get(t, '/api/admin/users?status=banned', admin)).statusCode).toBe(400);
    expect((await get(t, '/api/admin/users?pageSize=100000', admin)).statusCode).toBe(400);
    const uma = (await get(t, '/api/admin/users?search=user@', admin)).json().users[0];
    expect(uma).toMatchObject({
      email: 'user@example.com',
      name: 'Uma',
      status: 'active',
      emailVerified: true,
      hasProfile: false,
      isAdmin: false,
      lastLogin: expect.any(String),
    });
  });

  it('keeps the reason given for a test account, and the account stays signed in', async () => {
    const marked = await send('PUT', '/api/admin/users/user@example.com/status', {
      status: 'test',
      deactivation_reason: 'QA account',
    });
    expect(marked.statusCode).toBe(200);
    const listed = (await get(t, '/api/admin/users?status=test', admin)).json().users[0];
    expect(listed).toMatchObject({
      email: 'user@example.com',
      status: 'test',
      deactivation_reason: 'QA account',
    });
    expect((await get(t, '/api/whoami', user)).statusCode).toBe(200);
    await send('PUT', '/api/admin/users/user@example.com/status', {
      status: 'active',
      deactivation_reason: 'x',
    });
    const active = (await get(t, '/api/admin/users?search=user@', admin)).json().users[0];
    expect(active).toMatchObject({ status: 'active', deactivation_reason: null });
  });

  it('deactivates with a reason (ending the sessions), refuses deleting an active user, then deletes', async () => {
    expect((await send('DELETE', '/api/admin/users/user@example.com')).statusCode).toBe(409);
    const status = await send('PUT', '/api/admin/users/user@example.com/status', {
      status: 'inactive',
      deactivation_reason: 'Asked to leave',
    });
    expect(status.statusCode).toBe(200);
    expect((await get(t, '/api/whoami', user)).statusCode).toBe(401);
    const listed = (await get(t, '/api/admin/users?status=inactive', admin)).json().users[0];
    expect(listed).toMatchObject({
      email: 'user@example.com',
      status: 'inactive',
      deactivation_reason: 'Asked to leave',
      deactivated_at: expect.any(String),
    });
    await post(t, '/api/feedback', { feedbackType: 'Idea', feedbackText: 'More prayers please' }, user);
    expect((await send('DELETE', '/api/admin/users/user@example.com')).statusCode).toBe(200);
    expect(
      await t.db.selectFrom('users').select('email').where('email', '=', 'user@example.com').execute(),
    ).toEqual([]);
    // Nothing names the deleted account any more, the admin log included.
    expect(rowsMentioning(await snapshot(t.db, { counters: true }), ['user@example.com'])).toEqual([]);
    const logged = await t.db
      .selectFrom('admin_audit')
      .selectAll()
      .where('action', '=', 'user.delete')
      .execute();
    expect(logged).toMatchObject([{ target: 'deleted account', admin_email: 'admin@example.com' }]);
    expect((await send('DELETE', '/api/admin/users/user@example.com')).statusCode).toBe(404);
    expect(
      (await send('PUT', '/api/admin/users/user@example.com/status', { status: 'bogus' })).statusCode,
    ).toBe(400);
  });

  it('protects the last admin and the admin themselves', async () => {
    const demote = await send('PUT', '/api/admin/users/admin@example.com/role', { role: 'user' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().detail).toBe('SAM needs at least one admin: grant the role to someone else first.');
    expect((await send('DELETE', '/api/admin/users/admin@example.com')).statusCode).toBe(400);
    expect((await send('PUT', '/api/admin/users/user@example.com/role', { role: 'admin' })).statusCode).toBe(
      200,
    );
    expect((await get(t, '/api/whoami', user)).json().isAdmin).toBe(true);
    expect((await send('PUT', '/api/admin/users/admin@example.com/role', { role: 'user' })).statusCode).toBe(
      200,
    );
    expect(
      (await send('PUT', '/api/admin/users/nobody@example.com/role', { role: 'user' }, user)).statusCode,
    ).toBe(404);
  });
});
