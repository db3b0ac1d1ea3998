import { KDF_NAME, type KdfParams, type KeyRecord, type PreloginReply } from '@sam/core';
import { describe, expect, it } from 'vitest';
import {
  loginCredentials,
  type OpenAccountKeyResult,
  openAccountKey,
  resetCredentials,
  signupCredentials,
  startFreshKey,
} from './accountKeys.ts';
import { createDataCipher } from './cipher.ts';
import { CryptoError } from './errors.ts';
import { openInactiveKeys } from './inactiveKeys.ts';
import { fastKdf, MemoryKeysApi, webCrypto } from './testSupport.ts';

const crypto = webCrypto;
const userId = 'robin@example.com';
const PLACE = 'progress:SAA:12-steps:step-3';
const firstPassword = 'the password before the reset';
const secondPassword = 'the password after the first reset';
const thirdPassword = 'and after the second one';
const writing = { step3_questions: { q1: { key: 'a', answer: 'Écrit avant — before 🌙' } } };

const prelogin = (kdf: KdfParams): PreloginReply => ({
  kdf: KDF_NAME,
  salt: kdf.salt,
  iterations: kdf.iterations,
});

function created(result: OpenAccountKeyResult) {
  if (result.status !== 'created') throw new Error(`expected a new key, got ${result.status}`);
  return result;
}

/** A reset by e-mailed code, a sign-in with the new password, and "Start fresh": the old record goes inactive. */
async function resetAndStartFresh(keysApi: MemoryKeysApi, password: string) {
  const reset = await resetCredentials(crypto, password, fastKdf());
  keysApi.accountKdf = reset.kdf;
  const login = await loginCredentials(crypto, password, prelogin(reset.kdf));
  return startFreshKey({ crypto, userId, kek: login.kek, keysApi });
}

/** Writing saved under the first key, then a reset and a fresh start (and optionally a second round). */
async function accountWithEarlierKeys(rounds: 1 | 2) {
  const signup = await signupCredentials(crypto, firstPassword, fastKdf());
  const keysApi = new MemoryKeysApi(signup.kdf);
  const first = created(await openAccountKey({ crypto, userId, kek: signup.kek, keysApi }));
  const sealedFirst = await createDataCipher(crypto, first.key, userId).encrypt(writing, PLACE);
  const second = await resetAndStartFresh(keysApi, secondPassword);
  const sealedSecond = await createDataCipher(crypto, second.key, userId).encrypt({ notes: 'second' }, PLACE);
  const third = rounds === 2 ? await resetAndStartFresh(keysApi, thirdPassword) : null;
  const inactive = keysApi.records.filter((r) => !r.active).reverse();
  return {
    keysApi,
    inactive,
    codes: { first: first.recoveryCode, second: second.recoveryCode, third: third?.recoveryCode },
    sealedFirst,
    sealedSecond,
  };
}

async function expectCryptoError(promise: Promise<unknown>, code: CryptoError['code']): Promise<CryptoError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CryptoError);
  expect((error as CryptoError).code).toBe(code);
  return error as CryptoError;
}

const decrypt = (key: CryptoKey, text: string) => createDataCipher(crypto, key, userId).decrypt(text, PLACE);

describe('openInactiveKeys', () => {
  it('opens the earlier key with the old password, derived with the record’s own parameters', async () => {
    const { inactive, keysApi, sealedFirst } = await accountWithEarlierKeys(1);
    expect(inactive).toHaveLength(1);
    expect((inactive[0] as KeyRecord).kdf).not.toEqual(keysApi.accountKdf);

    const [key, ...more] = await openInactiveKeys(crypto, inactive, {
      way: 'old-password',
      password: firstPassword,
    });
    expect(more).toEqual([]);
    expect(await decrypt(key as CryptoKey, sealedFirst)).toEqual(writing);
  });

  it('opens it with the recovery code of then, typed loosely', async () => {
    const { inactive, codes, sealedFirst } = await accountWithEarlierKeys(1);
    const typed = codes.first.toLowerCase().replaceAll('-', ' ');
    const [key] = await openInactiveKeys(crypto, inactive, { way: 'recovery-code', code: typed });
    expect(await decrypt(key as CryptoKey, sealedFirst)).toEqual(writing);
  });

  it('gives a key that only decrypts and can never be exported', async () => {
    const { inactive } = await accountWithEarlierKeys(1);
    const [key] = await openInactiveKeys(crypto, inactive, { way: 'old-password', password: firstPassword });
    expect(key?.extractable).toBe(false);
    expect(key?.usages).toEqual(['decrypt']);
    expect(key?.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    await expect(crypto.subtle.exportKey('raw', key as CryptoKey)).rejects.toThrow();
    await expect(createDataCipher(crypto, key as CryptoKey, userId).encrypt({}, PLACE)).rejects.toThrow();
  });

  it('opens only the records the secret fits when there are several', async () => {
    const { inactive, codes, sealedFirst, sealedSecond } = await accountWithEarlierKeys(2);
    expect(inactive.map((r) => r.keyVersion)).toEqual([2, 1]);

    const [second] = await openInactiveKeys(crypto, inactive, {
      way: 'old-password',
      password: secondPassword,
    });
    expect(await decrypt(second as CryptoKey, sealedSecond)).toEqual({ notes: 'second' });
    await expect(decrypt(second as CryptoKey, sealedFirst)).rejects.toThrow(CryptoError);

    const byCode = await openInactiveKeys(crypto, inactive, { way: 'recovery-code', code: codes.first });
    expect(byCode).toHaveLength(1);
    expect(await decrypt(byCode[0] as CryptoKey, sealedFirst)).toEqual(writing);
  });

  it('says kindly that a wrong password, a wrong code or a mistyped code opens nothing', async () => {
    const { inactive, codes } = await accountWithEarlierKeys(1);
    const password = await expectCryptoError(
      openInactiveKeys(crypto, inactive, { way: 'old-password', password: secondPassword }),
      'wrong-password',
    );
    expect(password.message).toBe(
      'That password does not unlock your earlier writing. It is the password you used before your password was reset. Check it and try again.',
    );
    // The code of the key made by "Start fresh" belongs to the active record, not to an earlier one.
    const code = await expectCryptoError(
      openInactiveKeys(crypto, inactive, { way: 'recovery-code', code: codes.second }),
      'wrong-recovery-code',
    );
    expect(code.message).toMatch(/^That recovery code does not unlock your earlier writing\./);
    await expectCryptoError(
      openInactiveKeys(crypto, inactive, { way: 'recovery-code', code: 'not a code' }),
      'invalid-recovery-code',
    );
  });

  it('skips a record whose parameters are too weak to be SAM’s, and opens nothing without records', async () => {
    const { inactive } = await accountWithEarlierKeys(1);
    const weakened = inactive.map((r) => ({ ...r, kdf: { ...r.kdf, iterations: 1 } }));
    await expectCryptoError(
      openInactiveKeys(crypto, weakened, { way: 'old-password', password: firstPassword }),
      'wrong-password',
    );
    expect(await openInactiveKeys(crypto, [], { way: 'old-password', password: firstPassword })).toEqual([]);
  });
});
