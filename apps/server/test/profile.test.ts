import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enqueueMail } from '../src/db/mailOutbox.ts';
import { setRoleByEmail } from '../src/db/users.ts';
import { difference, type Snapshot, snapshot } from './abuse/dbSnapshot.ts';
import {
  AUTH_VALUE,
  get,
  keyRecordBody,
  newAccountKdf,
  newUser,
  p256PublicKey,
  post,
  sealed,
  startTestApp,
  type TestApp,
  userIdOf,
} from './helpers.ts';

let t: TestApp;
let token: string;
const EMAIL = 'profile@example.com';
beforeEach(async () => {
  t = await startTestApp();
  token = await newUser(t, EMAIL, 'Jordan');
});
afterEach(async () => {
  await t.close();
});

const send = (method: 'PUT' | 'DELETE', url: string, payload: unknown, auth: string | undefined = token) =>
  t.app.inject({
    method,
    url,
    payload: payload as object,
    headers: auth ? { authorization: `Bearer ${auth}` } : {},
  });

const KEY = keyRecordBody(EMAIL);

/** What a browser sends as the encrypted bio, location and phone (any base64 of at least 28 bytes). */
const DETAILS = Buffer.from('an IV, a sealed JSON of the three fields and a tag').toString('base64');

describe('/api/profile', () => {
  it('is null until created, then reads and updates, with member since and last login', async () => {
    const none = await get(t, '/api/profile', token);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    const created = await post(t, '/api/profile', { details: DETAILS }, token);
    expect(created.json()).toMatchObject({
      email: EMAIL,
      display_name: 'Jordan',
      details: DETAILS,
      readable_details: null,
      date_display_opted_out: false,
    });
    expect(created.json().member_since).toEqual(expect.any(String));
    expect(created.json().last_login).toEqual(expect.any(String));

    const updated = await send('PUT', '/api/profile', { display_name: 'Jo', date_display_opted_out: true });
    expect(updated.json()).toMatchObject({
      display_name: 'Jo',
      details: DETAILS,
      date_display_opted_out: true,
    });
    expect((await get(t, '/api/whoami', token)).json().name).toBe('Jo');
    expect((await post(t, '/api/profile', {}, token)).statusCode).toBe(409);
  });

  it('refuses readable bio, location or phone: they are only ever sent encrypted', async () => {
    await post(t, '/api/profile', {}, token);
    for (const body of [{ bio: 'One day at a time.' }, { location: 'Leeds' }, { phone: '+44 1234' }]) {
      const reply = await send('PUT', '/api/profile', body);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().detail).toMatch(/sent encrypted/);
    }
    const stored = await t.db.selectFrom('profiles').selectAll().executeTakeFirstOrThrow();
    expect([stored.bio, stored.location, stored.phone, stored.details]).toEqual(['', '', '', null]);
  });

  it('empties details saved readable before they were encrypted once the encrypted ones arrive', async () => {
    await post(t, '/api/profile', {}, token);
    // A profile from before the details were encrypted.
    await t.db
      .updateTable('profiles')
      .set({ bio: 'One day at a time.', location: 'Leeds', phone: '' })
      .execute();
    const before = await get(t, '/api/profile', token);
    expect(before.json().readable_details).toEqual({
      bio: 'One day at a time.',
      location: 'Leeds',
      phone: '',
    });

    const moved = await send('PUT', '/api/profile', { details: DETAILS });
    expect(moved.json()).toMatchObject({ details: DETAILS, readable_details: null });
    const stored = await t.db.selectFrom('profiles').selectAll().executeTakeFirstOrThrow();
    expect([stored.bio, stored.location, stored.phone, stored.details]).toEqual(['', '', '', DETAILS]);
  });

  it('refuses bad fields and keeps profiles apart', async () => {
    await post(t, '/api/profile', {}, token);
    for (const body of [
      { details: 'not base64!' },
      { details: 'c2hvcnQ=' },
      { details: 'A'.repeat(16_004) },
      { display_name: 42 },
      { display_name: 'Ada\u0007' },
    ]) {
      expect((await send('PUT', '/api/profile', body)).statusCode, JSON.stringify(body).slice(0, 60)).toBe(
        400,
      );
    }
    await send('PUT', '/api/profile', { details: DETAILS });
    const other = await newUser(t, 'other@example.com');
    expect((await get(t, '/api/profile', other)).json()).toBeNull();
    await post(t, '/api/profile', {}, other);
    expect((await get(t, '/api/profile', other)).json().details).toBeNull();
    expect((await get(t, '/api/profile')).statusCode).toBe(401);
  });
});

describe('DELETE /api/account', () => {
  const OTHER = 'stays@example.com';
  const S = '/api/sponsorship';
  /** Tables that never hold a person: the server secret, anonymous vitals, and step figures (sums). */
  // Rate-limit windows and code tries are keyed by a keyed hash: they name no one and expire after two days.
  const ANONYMOUS_TABLES = ['app_settings', 'code_tries', 'rate_limits', 'step_figures', 'web_vitals'];

  /** The token in the newest invitation mail to an address. */
  const mailedToken = (email: string) =>
    [...t.mailbox]
      .reverse()
      .find((m) => m.to === email && m.text.includes('/invite?token='))
      ?.text.match(/\/invite\?token=([A-Za-z0-9_.-]+)/)?.[1] ?? '';

  const put = (url: string, payload: unknown, auth: string) => send('PUT', url, payload, auth);
  /** Stand-ins for key material: the server sees only their shape. */
  const b64 = (bytes: number, label: string) => Buffer.alloc(bytes, label).toString('base64');

  const ok = async (res: Promise<{ statusCode: number; body: string }>, what: string) => {
    const reply = await res;
    expect(reply.statusCode, `${what}: ${reply.body}`).toBe(200);
    return JSON.parse(reply.body);
  };

  it('needs the typed e-mail, and changes nothing without it', async () => {
    await post(t, '/api/profile', {}, token);
    const before = await snapshot(t.db, { counters: true });
    const wrong = await send('DELETE', '/api/account', {
      email: 'someone@example.com',
      password: AUTH_VALUE,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('email_mismatch');
    expect(difference(before, await snapshot(t.db, { counters: true }))).toEqual([]);
    expect((await get(t, '/api/whoami', token)).statusCode).toBe(200);
  });

  it('removes every row of the user and every mention of them, in every table, and nobody else’s rows', async () => {
    const other = await newUser(t, OTHER, 'Casey');
    await setRoleByEmail(t.db, OTHER, 'admin', Date.now());
    const { id } = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', EMAIL)
      .executeTakeFirstOrThrow();

    // Everything the user can write.
    await ok(post(t, '/api/profile', { details: DETAILS, date_display_opted_out: true }, token), 'profile');
    await ok(post(t, '/api/user/keys', KEY, token), 'key record');
    const rewrap = { ...KEY, mode: 'rewrap', password: AUTH_VALUE };
    await ok(post(t, '/api/user/keys', rewrap, token), 'an earlier wrapping');
    await ok(post(t, '/api/progress/program', { program: 'SAA' }, token), 'program');
    await ok(post(t, '/api/progress/track', { program: 'SAA', track: '12-steps' }, token), 'track');
    await ok(
      post(
        t,
        '/api/progress/step',
        {
          program: 'SAA',
          track: '12-steps',
          step_number: 1,
          completed: false,
          data: { actions: [{ id: 1, completed: true }], encryptedData: 'c2VjcmV0', encrypted: true },
        },
        token,
      ),
      'step',
    );
    await ok(
      post(t, '/api/kept-aside', { kind: 'step', program: 'SAA', track: '12-steps', step_number: 1 }, token),
      'earlier writing kept aside',
    );
    await ok(
      post(
        t,
        '/api/progress/status',
        {
          program: 'SAA',
          track: '12-steps',
          status_note: 'Working Step One',
          progress_milestone: 'step1_in_progress',
        },
        token,
      ),
      'status update',
    );
    await ok(
      post(
        t,
        '/api/save_inventory_encrypted',
        {
          inventory_type: 'resentments',
          version: 'current',
          items: [],
          encryptedData: 'aW52ZW50b3J5',
          encrypted: true,
          entry_count: 1,
        },
        token,
      ),
      'inventory',
    );
    await ok(
      post(t, '/api/user/program-preferences', { selectedPrograms: ['saa'], primaryProgram: 'saa' }, token),
      'program preferences',
    );
    await ok(
      post(
        t,
        '/api/share/documents',
        {
          share_name: 'My steps',
          document_type: '12-step-status',
          html_content: Buffer.from('a shared document, encrypted').toString('base64'),
          owner_key: KEY.encryptedKey,
        },
        token,
      ),
      'share document',
    );
    await ok(post(t, '/api/feedback', { locationInApp: 'Home', feedbackText: 'Thanks' }, token), 'feedback');

    // Sponsorship: a relationship, invitations received and sent, a report and audit entries.
    const accepted = await ok(
      post(t, `${S}/invitations`, { inviteeEmail: EMAIL, program: 'SAA', role: 'sponsor' }, other),
      'invite',
    );
    const respond = { invitationId: accepted.id, token: mailedToken(EMAIL), accept: true };
    const relationshipId = (await ok(post(t, `${S}/invitations/respond`, respond, token), 'accept'))
      .relationship.relationshipId;
    const received = await ok(
      post(t, `${S}/invitations`, { inviteeEmail: EMAIL, program: 'AA', role: 'sponsee' }, other),
      'received invitation',
    );
    await ok(
      post(
        t,
        `${S}/invitations/report`,
        { invitationId: received.id, issueType: 'other', description: 'x' },
        token,
      ),
      'report',
    );
    await ok(
      post(t, `${S}/invitations`, { inviteeEmail: OTHER, program: 'NA', role: 'sponsee' }, token),
      'sent',
    );
    await ok(
      post(
        t,
        `${S}/invitations`,
        { inviteeEmail: 'stranger@example.com', program: 'SAA', role: 'sponsor' },
        token,
      ),
      'sent to a stranger',
    );
    await ok(
      post(t, `${S}/audit/log`, { action: 'tab.opened', details: { where: 'profile' } }, token),
      'audit',
    );
    const note = { about: 'Profile@Example.com', account: id, program: 'SAA' };
    await ok(post(t, `${S}/audit/log`, { action: 'note.kept', details: note }, other), 'other audit');

    // Codes, throttle windows, a mail waiting for a retry and an admin action naming the user.
    await ok(post(t, '/api/auth/forgot-password', { email: EMAIL }), 'forgot');
    await enqueueMail(t.db, { kind: 'reset-code', recipient: EMAIL }, t.deps.now() + 60_000);
    expect((await post(t, '/api/auth/login', { email: EMAIL, password: 'd3Jvbmc=' })).statusCode).toBe(401);
    const admin = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${EMAIL}/status`,
      payload: { status: 'test' },
      headers: { authorization: `Bearer ${other}` },
    });
    expect(admin.statusCode, admin.body).toBe(200);

    // The sponsor space: both identity keys, the space, a shared step, comments both ways (each a note),
    // a read mark and a verification.
    const space = `${S}/spaces/${relationshipId}`;
    await ok(
      put(
        '/api/user/identity-key',
        { publicKey: p256PublicKey('mine'), encryptedPrivateKey: sealed('mine') },
        token,
      ),
      'identity key',
    );
    await ok(
      put(
        '/api/user/identity-key',
        { publicKey: p256PublicKey('theirs'), encryptedPrivateKey: sealed('theirs') },
        other,
      ),
      'their identity key',
    );
    const otherId = await userIdOf(t, OTHER);
    const keys = [id, otherId].map((userId) => ({
      userId,
      enc: b64(65, 'enc'),
      wrappedKey: b64(48, userId),
    }));
    await ok(post(t, `${space}/key`, { generation: 1, keys, record: sealed('record') }, other), 'space key');
    await ok(
      put(`${space}/items/step-1`, { generation: 1, ciphertext: sealed('shared step') }, other),
      'shared item',
    );
    await ok(
      post(t, `${space}/items/step-1/comments`, { generation: 1, ciphertext: sealed('mine') }, token),
      'comment',
    );
    await ok(
      post(t, `${space}/items/step-1/comments`, { generation: 1, ciphertext: sealed('theirs') }, other),
      'reply',
    );
    await ok(put(`${space}/verification`, { ciphertext: sealed('verified') }, token), 'verification');

    // The three circles, abstinence dates and a nightly check-in.
    const circles = await post(t, '/api/circles', { basedOn: null, ciphertext: sealed('circles') }, token);
    expect(circles.statusCode, circles.body).toBe(201);
    await ok(put('/api/abstinence', { revision: 0, ciphertext: sealed('abstinence') }, token), 'abstinence');
    await ok(put('/api/check-ins/2026-01-15', { ciphertext: sealed('check-in') }, token), 'check-in');
    // A kept-aside copy of them, as a clear or a restore leaves one (written directly: a clear would empty
    // the tables above).
    await t.db
      .insertInto('kept_aside_tools')
      .values({
        id: 'kept-tools-1',
        user_id: id,
        circles: JSON.stringify([{ version: 1, created_at: 1, ciphertext: sealed('old circles') }]),
        abstinence: null,
        check_ins: null,
        circle_versions: 1,
        check_in_count: 0,
        created_at: Date.now(),
      })
      .execute();

    // A row is the user's when it names them, or belongs to a relationship of theirs (its space goes with it).
    const relationshipsOf = (snap: Snapshot) =>
      (snap.get('sponsorship_relationships') ?? [])
        .filter((row) => row.includes(id))
        .map((row) => JSON.parse(row).id as string);
    const mentions = (snap: Snapshot) =>
      [...snap].flatMap(([table, rows]) =>
        rows
          .filter((row) => row.includes(id) || row.toLowerCase().includes(EMAIL))
          .map((row) => `${table} ${row}`),
      );
    const before = await snapshot(t.db, { counters: true });
    const theirRelationships = relationshipsOf(before);
    const belongs = (table: string, row: string) =>
      row.includes(id) ||
      row.toLowerCase().includes(EMAIL) ||
      (table !== 'notifications' && theirRelationships.some((r) => row.includes(r)));
    const naming = new Set(
      [...before].filter(([table, rows]) => rows.some((row) => belongs(table, row))).map(([table]) => table),
    );
    // The test reaches every table that can hold a person: a new one must be added above (and to deletion).
    expect([...naming].sort()).toEqual(
      [...before.keys()].filter((table) => !ANONYMOUS_TABLES.includes(table)),
    );

    const done = await send('DELETE', '/api/account', { email: 'Profile@Example.com', password: AUTH_VALUE });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Your account and everything in it have been deleted.');
    expect(done.headers['clear-site-data']).toBe('"cache", "storage"');
    expect((await get(t, '/api/whoami', token)).statusCode).toBe(401);

    const after = await snapshot(t.db, { counters: true });
    expect(mentions(after)).toEqual([]);
    // Everyone else's rows are untouched (the step figures are sums over everyone's steps).
    for (const [table, rows] of before) {
      if (table === 'step_figures') continue;
      const kept = new Set(after.get(table));
      const untouched = rows.filter((row) => !belongs(table, row));
      expect(
        untouched.filter((row) => !kept.has(row)),
        table,
      ).toEqual([]);
    }
    // Other people's audit entries stay, without the deleted account in them.
    const entries = (await ok(post(t, `${S}/audit/log?limit=50`, {}, other), 'read audit')).entries;
    expect(entries.find((e: { action: string }) => e.action === 'note.kept').details).toEqual({
      about: 'deleted account',
      account: 'deleted account',
      program: 'SAA',
    });
    const adminAudit = await t.db.selectFrom('admin_audit').select(['action', 'target']).execute();
    expect(adminAudit).toEqual([{ action: 'user.status', target: 'deleted account' }]);
    expect((await get(t, '/api/whoami', other)).statusCode).toBe(200);
    expect((await get(t, `${S}/invitations`, other)).json().invitations).toEqual([]);

    // A new account with the same address starts empty: no invitation addressed to the old one.
    const again = await newUser(t, EMAIL, 'Jordan');
    expect((await get(t, `${S}/invitations`, again)).json().invitations).toEqual([]);
    expect((await get(t, `${S}/stats`, again)).json()).toMatchObject({
      pendingReceived: 0,
      activeRelationships: 0,
    });
    expect((await get(t, '/api/profile', again)).json()).toBeNull();
  });
});

describe('POST /api/auth/change-password', () => {
  const NEW_VALUE = 'bmV3LWF1dGgtdmFsdWUtYWZ0ZXItY2hhbmdl';
  const NEW_KDF = { salt: 'Y2hhbmdlZC1zYWx0LTE2Yg==', iterations: 600_000 };
  const REWRAPPED = 'cmV3cmFwcGVkLWRhdGEta2V5LXVuZGVyLW5ldy1rZWstNDBieXRlcw==';

  it('checks the current value, then changes login, kdf and key wrapping together', async () => {
    await post(t, '/api/user/keys', KEY, token);
    const other = (await post(t, '/api/auth/login', { email: EMAIL, password: AUTH_VALUE })).json().token;
    const body = { password: AUTH_VALUE, new_password: NEW_VALUE, kdf: NEW_KDF, encryptedKey: REWRAPPED };

    const wrong = await post(
      t,
      '/api/auth/change-password',
      { ...body, password: 'd3JvbmctdmFsdWU=' },
      token,
    );
    expect(wrong.statusCode).toBe(401);

    const ok = await post(t, '/api/auth/change-password', body, token);
    expect(ok.statusCode).toBe(200);
    expect((await get(t, '/api/whoami', token)).statusCode).toBe(200);
    expect((await get(t, '/api/whoami', other)).statusCode).toBe(401);
    expect((await post(t, '/api/auth/login', { email: EMAIL, password: NEW_VALUE })).statusCode).toBe(200);
    expect((await post(t, '/api/auth/prelogin', { email: EMAIL })).json().salt).toBe(NEW_KDF.salt);
    const key = (await get(t, `/api/user/keys/${EMAIL}`, token)).json();
    expect(key).toMatchObject({
      encryptedKey: REWRAPPED,
      kdf: NEW_KDF,
      keyVersion: 1,
      recoveryEncryptedKey: KEY.recoveryEncryptedKey,
    });
  });

  it('changes nothing without a key record', async () => {
    const res = await post(
      t,
      '/api/auth/change-password',
      { password: AUTH_VALUE, new_password: NEW_VALUE, kdf: NEW_KDF, encryptedKey: REWRAPPED },
      token,
    );
    expect(res.statusCode).toBe(404);
    expect((await post(t, '/api/auth/prelogin', { email: EMAIL })).json().salt).toBe(
      (await newAccountKdf(t, EMAIL)).salt,
    );
  });
});

describe('POST /api/feedback', () => {
  it('stores the feedback under the signed-in account, whatever the body claims', async () => {
    const res = await post(
      t,
      '/api/feedback',
      {
        userEmail: 'someone-else@example.com',
        locationInApp: 'Step 3',
        feedbackType: 'Idea',
        feedbackText: 'A dark mode would help at night.',
        deviceInfo: {
          deviceType: 'mobile',
          browser: 'Chromium',
          browserVersion: '156',
          operatingSystem: 'Android',
        },
      },
      token,
    );
    expect(res.json()).toEqual({ message: 'Thank you!' });
    const row = await t.db.selectFrom('feedback').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_email: EMAIL, feedback_type: 'Idea', location: 'Step 3', reviewed: 0 });
    expect(JSON.parse(row.device_info)).toMatchObject({ deviceType: 'mobile' });
  });

  it('refuses blank text, unknown types and visitors', async () => {
    expect(
      (await post(t, '/api/feedback', { locationInApp: 'Home', feedbackText: '   ' }, token)).statusCode,
    ).toBe(400);
    expect(
      (
        await post(
          t,
          '/api/feedback',
          { locationInApp: 'Home', feedbackText: 'x', feedbackType: 'Rant' },
          token,
        )
      ).statusCode,
    ).toBe(400);
    expect((await post(t, '/api/feedback', { locationInApp: 'Home', feedbackText: 'x' })).statusCode).toBe(
      401,
    );
    expect(await t.db.selectFrom('feedback').selectAll().execute()).toEqual([]);
  });
});
