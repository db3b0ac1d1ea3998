import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REAUTH_MESSAGES } from '../src/features/auth/reauthenticate.ts';
import { KEY_MESSAGES } from '../src/features/keys/service.ts';
import {
  AUTH_VALUE,
  get,
  keyRecordBody,
  newUser,
  post,
  RECOVERY_WRAPPED_KEY,
  startTestApp,
  type TestApp,
  WRAPPED_KEY,
} from './helpers.ts';

/**
 * "Make a new recovery code" (decision 48): the same data key re-wrapped under a new code in the browser and
 * sent as a 'rewrap' with the password; the old code's wrapping is gone from everything the server keeps;
 * "I have saved it" is recorded for the current wrapping, so every device stops asking.
 */
let t: TestApp;
let token: string;
const EMAIL = 'code-keeper@example.com';
const WRONG = 'bm90LXRoZS1wYXNzd29yZC1hdC1hbGw=';
/** The data key wrapped under a newly made recovery code (any base64 of the right size). */
const NEW_RECOVERY = Buffer.from('the-data-key-wrapped-under-a-new-code-40b').toString('base64');
const NEWER_RECOVERY = Buffer.from('the-data-key-wrapped-under-a-newer-code-4').toString('base64');
const PASSWORD_CHANGED = Buffer.from('the-data-key-wrapped-under-new-password-4').toString('base64');

const newCode = (recoveryEncryptedKey: string, password?: string) =>
  keyRecordBody(EMAIL, {
    encryptedKey: WRAPPED_KEY,
    recoveryEncryptedKey,
    mode: 'rewrap',
    ...(password === undefined ? {} : { password }),
  });

function saved(recoveryEncryptedKey: unknown, as = token, userId = EMAIL) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/user/keys/${userId}/recovery-saved`,
    headers: { authorization: `Bearer ${as}` },
    payload: { recoveryEncryptedKey } as object,
  });
}

const record = async () => (await get(t, `/api/user/keys/${EMAIL}`, token)).json();

/** Every stored text of the account's key rows and kept wrappings. */
async function storedKeyTexts(): Promise<string[]> {
  const keys = await t.db.selectFrom('user_keys').selectAll().execute();
  const kept = await t.db.selectFrom('key_wrappings').selectAll().execute();
  return [...keys, ...kept].flatMap((row) => Object.values(row).map(String));
}

beforeEach(async () => {
  t = await startTestApp();
  token = await newUser(t, EMAIL);
  expect((await post(t, '/api/user/keys', keyRecordBody(EMAIL), token)).statusCode).toBe(200);
});
afterEach(async () => {
  await t.close();
});

describe('making a new recovery code', () => {
  it('needs the password: a token alone gets 401 with a detail, and the old code keeps working', async () => {
    const alone = await post(t, '/api/user/keys', newCode(NEW_RECOVERY), token);
    expect(alone.statusCode).toBe(401);
    expect(alone.json()).toMatchObject({ code: 'reauth_required', detail: REAUTH_MESSAGES.required });

    const wrong = await post(t, '/api/user/keys', newCode(NEW_RECOVERY, WRONG), token);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'invalid_credentials', detail: REAUTH_MESSAGES.wrong });

    expect(await record()).toMatchObject({ recoveryEncryptedKey: RECOVERY_WRAPPED_KEY });
    expect(await t.db.selectFrom('key_wrappings').selectAll().execute()).toEqual([]);
  });

  it('with the password, the old code opens nothing the server keeps; the new one is the current wrapping', async () => {
    const made = await post(t, '/api/user/keys', newCode(NEW_RECOVERY, AUTH_VALUE), token);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      encryptedKey: WRAPPED_KEY,
      recoveryEncryptedKey: NEW_RECOVERY,
      keyVersion: 1,
      recoverySavedAt: null,
    });
    expect(await record()).toMatchObject({ recoveryEncryptedKey: NEW_RECOVERY, keyVersion: 1 });

    // The password's wrapping it replaced is kept (decision 10); the old code's is not, anywhere.
    const wrappings = (await get(t, `/api/user/keys/${EMAIL}/wrappings`, token)).json().wrappings;
    expect(wrappings).toEqual([
      expect.objectContaining({ encryptedKey: WRAPPED_KEY, recoveryEncryptedKey: '' }),
    ]);
    expect(await storedKeyTexts()).not.toContain(RECOVERY_WRAPPED_KEY);
    expect(await storedKeyTexts()).toContain(NEW_RECOVERY);
  });

  it('retires the codes that earlier wrappings kept before decision 48', async () => {
    // A wrapping kept by an older server, with the recovery wrapping of its day.
    const current = await t.db.selectFrom('user_keys').selectAll().executeTakeFirstOrThrow();
    await t.db
      .insertInto('key_wrappings')
      .values({
        id: 'kept-by-an-older-server',
        key_id: current.id,
        user_id: current.user_id,
        encrypted_key: WRAPPED_KEY,
        recovery_encrypted_key: RECOVERY_WRAPPED_KEY,
        kdf_salt: current.kdf_salt,
        kdf_iterations: current.kdf_iterations,
        replaced_at: 1,
      })
      .execute();
    expect((await post(t, '/api/user/keys', newCode(NEW_RECOVERY, AUTH_VALUE), token)).statusCode).toBe(200);
    expect(await storedKeyTexts()).not.toContain(RECOVERY_WRAPPED_KEY);
  });

  it("another person's token and password cannot make a code for this account", async () => {
    const other = await newUser(t, 'someone-else@example.com');
    const theirs = await post(t, '/api/user/keys', newCode(NEW_RECOVERY, AUTH_VALUE), other);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().detail).toBe(KEY_MESSAGES.notYours);
    expect(await record()).toMatchObject({ recoveryEncryptedKey: RECOVERY_WRAPPED_KEY });
  });
});

describe('PUT /api/user/keys/:userId/recovery-saved', () => {
  it('records "I have saved it" for the current code and reports it; a new code asks again', async () => {
    expect(await record()).toMatchObject({ recoverySavedAt: null });

    const confirmed = await saved(RECOVERY_WRAPPED_KEY);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const at = confirmed.json().recoverySavedAt;
    expect(Date.parse(at)).not.toBeNaN();
    expect(await record()).toMatchObject({ recoverySavedAt: at });

    // A password change keeps the same code, and what was said about it.
    const changed = await post(
      t,
      '/api/auth/change-password',
      {
        password: AUTH_VALUE,
        new_password: WRONG,
        kdf: { salt: 'bmV3LXNhbHQtb2YtdGhlLWNoYW5nZQ==', iterations: 600_000 },
        encryptedKey: PASSWORD_CHANGED,
      },
      token,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await record()).toMatchObject({ recoveryEncryptedKey: RECOVERY_WRAPPED_KEY, recoverySavedAt: at });

    const made = await post(
      t,
      '/api/user/keys',
      { ...newCode(NEW_RECOVERY, WRONG), encryptedKey: PASSWORD_CHANGED },
      token,
    );
    expect(made.statusCode, made.body).toBe(200);
    expect(await record()).toMatchObject({ recoveryEncryptedKey: NEW_RECOVERY, recoverySavedAt: null });

    // The old code cannot be confirmed in the new one's place.
    const stale = await saved(RECOVERY_WRAPPED_KEY);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'recovery_code_replaced', detail: KEY_MESSAGES.codeReplaced });
    expect(await record()).toMatchObject({ recoverySavedAt: null });

    expect((await saved(NEW_RECOVERY)).statusCode).toBe(200);
    expect((await record()).recoverySavedAt).not.toBeNull();
  });

  it('a new data key (Start fresh) starts unconfirmed', async () => {
    expect((await saved(RECOVERY_WRAPPED_KEY)).statusCode).toBe(200);
    const fresh = await post(
      t,
      '/api/user/keys',
      keyRecordBody(EMAIL, { recoveryEncryptedKey: NEWER_RECOVERY, mode: 'new-key', password: AUTH_VALUE }),
      token,
    );
    expect(fresh.json()).toMatchObject({ keyVersion: 2, recoverySavedAt: null });
  });

  it("another person's token cannot confirm it, and their own account has no key to confirm", async () => {
    const other = await newUser(t, 'someone-else@example.com');
    const theirs = await saved(RECOVERY_WRAPPED_KEY, other);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().detail).toBe(KEY_MESSAGES.notYours);
    expect(await record()).toMatchObject({ recoverySavedAt: null });

    const own = await saved(RECOVERY_WRAPPED_KEY, other, 'someone-else@example.com');
    expect(own.statusCode).toBe(404);
    expect(own.json().detail).toBe(KEY_MESSAGES.notFound);
  });

  it('refuses no token and a malformed wrapping, with a detail, and records nothing', async () => {
    const none = await t.app.inject({
      method: 'PUT',
      url: `/api/user/keys/${EMAIL}/recovery-saved`,
      payload: { recoveryEncryptedKey: RECOVERY_WRAPPED_KEY },
    });
    expect(none.statusCode).toBe(401);
    for (const bad of [undefined, '', 'not base64 !!', 'A'.repeat(600), 42]) {
      const res = await saved(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().detail).toMatch(/^recoveryEncryptedKey: /);
    }
    expect(await record()).toMatchObject({ recoverySavedAt: null });
  });
});
