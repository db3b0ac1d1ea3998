import { KDF_NAME, type KdfParams, type KeyRecord, type PreloginReply } from '@sam/core';
import { describe, expect, it } from 'vitest';
import {
  changePasswordCredentials,
  type KeysApi,
  loginCredentials,
  type OpenAccountKeyResult,
  openAccountKey,
  recoverWithCode,
  recoverWithOldPassword,
  resetCredentials,
  signupCredentials,
  startFreshKey,
} from './accountKeys.ts';
import { createDataCipher } from './cipher.ts';
import { unwrapDataKey } from './dataKey.ts';
import { CryptoError } from './errors.ts';
import { deriveAccountKeys } from './kdf.ts';
import { generateRecoveryCode } from './recoveryCode.ts';
import { fastKdf, MemoryKeysApi, webCrypto } from './testSupport.ts';

const crypto = webCrypto;
const userId = 'alice@example.com';
const oldPassword = 'my first long password';
const newPassword = 'a brand new password!';
const secretStep = { answers: ['I was afraid', 'Ça ira 🌅'] };

function prelogin(kdf: KdfParams): PreloginReply {
  return { kdf: KDF_NAME, salt: kdf.salt, iterations: kdf.iterations };
}

function expectStatus<S extends OpenAccountKeyResult['status']>(
  result: OpenAccountKeyResult,
  status: S,
): Extract<OpenAccountKeyResult, { status: S }> {
  expect(result.status).toBe(status);
  return result as Extract<OpenAccountKeyResult, { status: S }>;
}

async function expectCryptoError(promise: Promise<unknown>, code: CryptoError['code']): Promise<CryptoError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CryptoError);
  expect((error as CryptoError).code).toBe(code);
  return error as CryptoError;
}

/** Signs up, opens (creating the key) and saves one encrypted step. */
async function signedUpWithStep() {
  const signup = await signupCredentials(crypto, oldPassword, fastKdf());
  const keysApi = new MemoryKeysApi(signup.kdf);
  const created = expectStatus(await openAccountKey({ crypto, userId, kek: signup.kek, keysApi }), 'created');
  const stored = await createDataCipher(crypto, created.key, userId).encrypt(secretStep, 'step-3');
  return { signup, keysApi, created, stored };
}

/** {@link signedUpWithStep}, then a password reset. */
async function signedUpThenReset() {
  const { signup, keysApi, created, stored } = await signedUpWithStep();

  const reset = await resetCredentials(crypto, newPassword, fastKdf());
  keysApi.accountKdf = reset.kdf;
  const login = await loginCredentials(crypto, newPassword, prelogin(reset.kdf));
  const needs = expectStatus(
    await openAccountKey({ crypto, userId, kek: login.kek, keysApi }),
    'needs-recovery',
  );
  return { signup, keysApi, created, stored, kek: login.kek, record: needs.record };
}

async function decryptStep(key: CryptoKey, text: string): Promise<unknown> {
  return createDataCipher(crypto, key, userId).decrypt(text, 'step-3');
}

describe('credentials', () => {
  it('signup, login and reset send the derived auth value', async () => {
    const signup = await signupCredentials(crypto, oldPassword, fastKdf());
    expect(signup.password).not.toBe(oldPassword);
    const login = await loginCredentials(crypto, oldPassword, prelogin(signup.kdf));
    expect(login.password).toBe(signup.password);
    const reset = await resetCredentials(crypto, oldPassword, fastKdf());
    expect(reset.new_password).not.toBe(signup.password);
    expect(reset.kdf.salt).not.toBe(signup.kdf.salt);
  });

  it('defaults to fresh 600000-iteration parameters', async () => {
    const signup = await signupCredentials(crypto, oldPassword);
    expect(signup.kdf.iterations).toBe(600_000);
  });

  it('refuses an unknown KDF or a weakened prelogin reply', async () => {
    const kdf = fastKdf();
    await expectCryptoError(
      loginCredentials(crypto, oldPassword, { ...prelogin(kdf), kdf: 'MD5' as typeof KDF_NAME }),
      'invalid-kdf',
    );
    await expectCryptoError(
      loginCredentials(crypto, oldPassword, { ...prelogin(kdf), iterations: 1000 }),
      'invalid-kdf',
    );
  });
});

describe('openAccountKey', () => {
  it('creates a key on first sign-in and opens it on the next', async () => {
    const signup = await signupCredentials(crypto, oldPassword, fastKdf());
    const keysApi = new MemoryKeysApi(signup.kdf);
    const created = expectStatus(
      await openAccountKey({ crypto, userId, kek: signup.kek, keysApi }),
      'created',
    );
    expect(created.recoveryCode).toMatch(/^[A-Z2-7]{4}(?:-[A-Z2-7]{4}){5}-[A-Z2-7]{2}$/);
    expect(created.key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', created.key)).rejects.toThrow();

    expect(keysApi.puts).toHaveLength(1);
    const [body] = keysApi.puts;
    expect(body).toMatchObject({ userId, mode: 'create' });
    expect(body?.encryptedKey).not.toBe(body?.recoveryEncryptedKey);
    expect(new Date(body?.createdAt ?? '').toISOString()).toBe(body?.createdAt);
    expect(body?.lastUsed).toBe(body?.createdAt);

    const text = await createDataCipher(crypto, created.key, userId).encrypt(secretStep, 'step-3');
    const login = await loginCredentials(crypto, oldPassword, prelogin(signup.kdf));
    const opened = expectStatus(await openAccountKey({ crypto, userId, kek: login.kek, keysApi }), 'opened');
    expect(opened.key.extractable).toBe(false);
    expect(await decryptStep(opened.key, text)).toEqual(secretStep);
    expect(keysApi.puts).toHaveLength(1);
  });

  it('opens the key another tab created first', async () => {
    const signup = await signupCredentials(crypto, oldPassword, fastKdf());
    const keysApi = new MemoryKeysApi(signup.kdf);
    const first = expectStatus(await openAccountKey({ crypto, userId, kek: signup.kek, keysApi }), 'created');
    // This tab saw no record, but by the time it posts, the other tab's record exists (409).
    let calls = 0;
    const racingApi: KeysApi = {
      get: async (id) => (calls++ === 0 ? null : keysApi.get(id)),
      put: (body) => keysApi.put(body),
    };
    const second = await openAccountKey({ crypto, userId, kek: signup.kek, keysApi: racingApi });
    const opened = expectStatus(second, 'opened');
    const text = await createDataCipher(crypto, first.key, userId).encrypt(1, 'p');
    expect(await createDataCipher(crypto, opened.key, userId).decrypt(text, 'p')).toBe(1);
  });

  it('still returns the recovery code when the create landed but its reply was lost', async () => {
    const signup = await signupCredentials(crypto, oldPassword, fastKdf());
    const keysApi = new MemoryKeysApi(signup.kdf);
    const lossy = {
      get: (id: string) => keysApi.get(id),
      put: async (body: Parameters<MemoryKeysApi['put']>[0]) => {
        await keysApi.put(body);
        throw new Error('network error');
      },
    };
    const result = expectStatus(
      await openAccountKey({ crypto, userId, kek: signup.kek, keysApi: lossy }),
      'created',
    );
    expect(result.recoveryCode).toBeTruthy();
  });

  it('reports a put failure it cannot resolve', async () => {
    const signup = await signupCredentials(crypto, oldPassword, fastKdf());
    const failing = {
      get: async () => null,
      put: async (): Promise<KeyRecord> => {
        throw new Error('server down');
      },
    };
    await expect(openAccountKey({ crypto, userId, kek: signup.kek, keysApi: failing })).rejects.toThrow(
      'server down',
    );
  });

  it('asks for recovery after a password reset', async () => {
    const { record, created } = await signedUpThenReset();
    expect(record.encryptedKey).toBeTruthy();
    expect(created.recoveryCode).toBeTruthy();
  });
});

describe('recoverWithCode', () => {
  it('restores the same data key under the new password and issues a new code', async () => {
    const { keysApi, created, stored, kek, record } = await signedUpThenReset();
    const recovered = await recoverWithCode({
      crypto,
      userId,
      kek,
      record,
      recoveryCode: ` ${created.recoveryCode.toLowerCase().replaceAll('-', ' ')} `,
      keysApi,
    });
    expect(recovered.key.extractable).toBe(false);
    expect(await decryptStep(recovered.key, stored)).toEqual(secretStep);
    expect(recovered.recoveryCode).not.toBe(created.recoveryCode);

    const put = keysApi.puts.at(-1);
    expect(put?.mode).toBe('rewrap');
    expect(put?.createdAt).toBe(record.createdAt);

    const opened = expectStatus(await openAccountKey({ crypto, userId, kek, keysApi }), 'opened');
    expect(await decryptStep(opened.key, stored)).toEqual(secretStep);

    const current = await keysApi.get(userId);
    if (!current) throw new Error('expected a record');
    await expectCryptoError(
      recoverWithCode({ crypto, userId, kek, record: current, recoveryCode: created.recoveryCode, keysApi }),
      'wrong-recovery-code',
    );
    const again = await recoverWithCode({
      crypto,
      userId,
      kek,
      record: current,
      recoveryCode: recovered.recoveryCode,
      keysApi,
    });
    expect(await decryptStep(again.key, stored)).toEqual(secretStep);
  });

  it('rejects a wrong or malformed code kindly and stores nothing', async () => {
    const { keysApi, kek, record } = await signedUpThenReset();
    const puts = keysApi.puts.length;
    const wrong = await expectCryptoError(
      recoverWithCode({ crypto, userId, kek, record, recoveryCode: generateRecoveryCode(crypto), keysApi }),
      'wrong-recovery-code',
    );
    expect(wrong.message).toBe('That recovery code does not unlock your saved data. Check it and try again.');
    const invalid = await expectCryptoError(
      recoverWithCode({ crypto, userId, kek, record, recoveryCode: 'ABCD-0000', keysApi }),
      'invalid-recovery-code',
    );
    expect(invalid.message).toBe('That recovery code is not valid. Check it and try again.');
    expect(keysApi.puts).toHaveLength(puts);
  });
});

describe('recoverWithOldPassword', () => {
  it('re-wraps the data key from the old password under the new one', async () => {
    const { keysApi, created, stored, kek, record } = await signedUpThenReset();
    const recovered = await recoverWithOldPassword({ crypto, userId, kek, record, oldPassword, keysApi });
    expect(await decryptStep(recovered.key, stored)).toEqual(secretStep);
    expect(recovered.recoveryCode).not.toBe(created.recoveryCode);
    expect(keysApi.puts.at(-1)?.mode).toBe('rewrap');
    const opened = expectStatus(await openAccountKey({ crypto, userId, kek, keysApi }), 'opened');
    expect(await decryptStep(opened.key, stored)).toEqual(secretStep);
  });

  it('rejects a wrong old password', async () => {
    const { keysApi, kek, record } = await signedUpThenReset();
    const puts = keysApi.puts.length;
    const error = await expectCryptoError(
      recoverWithOldPassword({ crypto, userId, kek, record, oldPassword: 'not it at all', keysApi }),
      'wrong-password',
    );
    expect(error.message).not.toContain('not it at all');
    expect(keysApi.puts).toHaveLength(puts);
  });
});

describe('undoing a re-wrap that went wrong', () => {
  /** Signs up, saves a step, then a re-wrap replaces the wrapping with junk (what a stolen token once did). */
  async function badlyRewrapped() {
    const { signup, keysApi, stored } = await signedUpWithStep();
    const junk = btoa('forty bytes of junk, not a wrapped key!!');
    const active = await keysApi.get(userId);
    await keysApi.put({
      ...(active as NonNullable<typeof active>),
      encryptedKey: junk,
      recoveryEncryptedKey: junk,
      mode: 'rewrap',
    });
    const needs = expectStatus(
      await openAccountKey({ crypto, userId, kek: signup.kek, keysApi }),
      'needs-recovery',
    );
    return { keysApi, stored, kek: signup.kek, record: needs.record };
  }

  it('opens the earlier wrapping with the password it was made under', async () => {
    const { keysApi, stored, kek, record } = await badlyRewrapped();
    const recovered = await recoverWithOldPassword({ crypto, userId, kek, record, oldPassword, keysApi });
    expect(await decryptStep(recovered.key, stored)).toEqual(secretStep);
    const opened = expectStatus(await openAccountKey({ crypto, userId, kek, keysApi }), 'opened');
    expect(await decryptStep(opened.key, stored)).toEqual(secretStep);
  });

  it('still refuses a password that opens no wrapping, and changes nothing', async () => {
    const { keysApi, kek, record } = await badlyRewrapped();
    const puts = keysApi.puts.length;
    await expectCryptoError(
      recoverWithOldPassword({ crypto, userId, kek, record, oldPassword: 'not it at all', keysApi }),
      'wrong-password',
    );
    expect(keysApi.puts).toHaveLength(puts);
  });
});

describe('startFreshKey', () => {
  it('makes a new key and keeps the old record inactive', async () => {
    const { keysApi, stored, kek, signup } = await signedUpThenReset();
    const fresh = await startFreshKey({ crypto, userId, kek, keysApi });
    expect(fresh.key.extractable).toBe(false);
    expect(keysApi.puts.at(-1)?.mode).toBe('new-key');
    await expect(decryptStep(fresh.key, stored)).rejects.toBeInstanceOf(CryptoError);

    const text = await createDataCipher(crypto, fresh.key, userId).encrypt({ fresh: true }, 'step-1');
    const opened = expectStatus(await openAccountKey({ crypto, userId, kek, keysApi }), 'opened');
    expect(await createDataCipher(crypto, opened.key, userId).decrypt(text, 'step-1')).toEqual({
      fresh: true,
    });

    // The old password still opens the inactive record, so the old data is not lost.
    const old = keysApi.records.find((r) => !r.active);
    if (!old) throw new Error('expected the old record');
    expect(old.kdf).toEqual(signup.kdf);
    const { kek: oldKek } = await deriveAccountKeys(crypto, oldPassword, old.kdf);
    expect(await decryptStep(await unwrapDataKey(crypto, old.encryptedKey, oldKek), stored)).toEqual(
      secretStep,
    );
  });
});

describe('changePasswordCredentials', () => {
  it('re-wraps the same key under the new password', async () => {
    const { signup, keysApi, stored } = await signedUpWithStep();
    const record = await keysApi.get(userId);
    if (!record) throw new Error('expected a record');

    const change = await changePasswordCredentials({
      crypto,
      record,
      currentKdf: signup.kdf,
      currentPassword: oldPassword,
      newPassword,
      newKdf: fastKdf(),
    });
    expect(change.password).toBe(signup.password);
    expect(change.kdf.salt).not.toBe(signup.kdf.salt);
    const login = await loginCredentials(crypto, newPassword, prelogin(change.kdf));
    expect(login.password).toBe(change.new_password);
    expect(await decryptStep(await unwrapDataKey(crypto, change.encryptedKey, login.kek), stored)).toEqual(
      secretStep,
    );

    await expectCryptoError(
      changePasswordCredentials({
        crypto,
        record,
        currentKdf: signup.kdf,
        currentPassword: 'wrong one!',
        newPassword,
      }),
      'wrong-password',
    );
  });
});
