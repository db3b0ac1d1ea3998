import { KDF_NAME, type KeyRecord } from '@sam/core';
import { describe, expect, it } from 'vitest';
import {
  loginCredentials,
  makeNewRecoveryCode,
  type OpenAccountKeyResult,
  openAccountKey,
  recoverWithCode,
  recoveryCodeOpens,
  resetCredentials,
  signupCredentials,
} from './accountKeys.ts';
import { createDataCipher } from './cipher.ts';
import { unwrapDataKey } from './dataKey.ts';
import { CryptoError } from './errors.ts';
import { recoveryWrappingKey } from './recoveryCode.ts';
import { fastKdf, MemoryKeysApi, webCrypto } from './testSupport.ts';

/** "Make a new recovery code" (decision 48): the same data key, a new code, and the old one opens nothing. */
const crypto = webCrypto;
const userId = 'account-of-robin';
const password = 'a long password of my own';
const secret = { answers: ['Written before the new code'] };

async function signedUp() {
  const signup = await signupCredentials(crypto, password, fastKdf());
  const keysApi = new MemoryKeysApi(signup.kdf);
  const created = (await openAccountKey({ crypto, userId, kek: signup.kek, keysApi })) as Extract<
    OpenAccountKeyResult,
    { status: 'created' }
  >;
  expect(created.status).toBe('created');
  const stored = await createDataCipher(crypto, created.key, userId).encrypt(secret, 'step-1');
  return { signup, keysApi, created, stored };
}

async function current(keysApi: MemoryKeysApi): Promise<KeyRecord> {
  const record = await keysApi.get(userId);
  if (!record) throw new Error('expected a key record');
  return record;
}

async function cryptoErrorOf(promise: Promise<unknown>): Promise<CryptoError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CryptoError);
  return error as CryptoError;
}

/** Whether a code opens any wrapping the server keeps: the current one or an earlier one. */
async function codeOpensAnything(keysApi: MemoryKeysApi, code: string): Promise<boolean> {
  const recoveryKey = await recoveryWrappingKey(crypto, code);
  const wrapped = [
    (await current(keysApi)).recoveryEncryptedKey,
    ...(await keysApi.wrappings()).map((w) => w.recoveryEncryptedKey),
  ];
  for (const text of wrapped) {
    if (
      await unwrapDataKey(crypto, text, recoveryKey).then(
        () => true,
        () => false,
      )
    )
      return true;
  }
  return false;
}

describe('makeNewRecoveryCode', () => {
  it('re-wraps the same data key under a new code with the password; the old code opens nothing', async () => {
    const { signup, keysApi, created, stored } = await signedUp();
    const before = await current(keysApi);
    const made = await makeNewRecoveryCode({ crypto, userId, keysApi, record: before, password });

    expect(made.recoveryCode).not.toBe(created.recoveryCode);
    expect(made.key.extractable).toBe(false);
    expect(await createDataCipher(crypto, made.key, userId).decrypt(stored, 'step-1')).toEqual(secret);
    // One re-wrap with the re-authentication: the password's wrapping is the same, the code's is new.
    const put = keysApi.puts.at(-1);
    expect(put).toMatchObject({
      mode: 'rewrap',
      password: signup.password,
      encryptedKey: before.encryptedKey,
      recoveryEncryptedKey: made.recoveryEncryptedKey,
      createdAt: before.createdAt,
    });
    expect(made.recoveryEncryptedKey).not.toBe(before.recoveryEncryptedKey);
    // Neither the password nor a code leaves the browser, in any form a person might have typed it.
    const sent = JSON.stringify(put);
    const forms = (code: string) => [code, code.replaceAll('-', ''), code.toLowerCase()];
    for (const secretText of [password, ...forms(made.recoveryCode), ...forms(created.recoveryCode)]) {
      expect(sent).not.toContain(secretText);
    }

    const after = await current(keysApi);
    expect(await recoveryCodeOpens(crypto, after, made.recoveryCode)).toBe(true);
    expect(await recoveryCodeOpens(crypto, after, created.recoveryCode)).toBe(false);
    expect(await codeOpensAnything(keysApi, created.recoveryCode)).toBe(false);
    // The password still opens the key as before.
    const login = await loginCredentials(crypto, password, { kdf: KDF_NAME, ...signup.kdf });
    const opened = await openAccountKey({ crypto, userId, kek: login.kek, keysApi });
    expect(opened.status).toBe('opened');
  });

  it('after a forgotten password, the old code no longer recovers the writing and the new one does', async () => {
    const { keysApi, created, stored } = await signedUp();
    const made = await makeNewRecoveryCode({
      crypto,
      userId,
      keysApi,
      record: await current(keysApi),
      password,
    });

    const reset = await resetCredentials(crypto, 'the password after the reset', fastKdf());
    keysApi.accountKdf = reset.kdf;
    const needs = await openAccountKey({ crypto, userId, kek: reset.kek, keysApi });
    expect(needs.status).toBe('needs-recovery');
    const record = await current(keysApi);
    const ctx = { crypto, userId, kek: reset.kek, keysApi, record };

    const old = await cryptoErrorOf(recoverWithCode({ ...ctx, recoveryCode: created.recoveryCode }));
    expect(old.code).toBe('wrong-recovery-code');
    const recovered = await recoverWithCode({ ...ctx, recoveryCode: made.recoveryCode });
    expect(await createDataCipher(crypto, recovered.key, userId).decrypt(stored, 'step-1')).toEqual(secret);
  });

  it('a wrong password sends nothing and changes nothing', async () => {
    const { keysApi, created } = await signedUp();
    const record = await current(keysApi);
    const puts = keysApi.puts.length;
    const wrong = await cryptoErrorOf(
      makeNewRecoveryCode({ crypto, userId, keysApi, record, password: 'not my password' }),
    );
    expect(wrong.code).toBe('wrong-password');
    expect(keysApi.puts).toHaveLength(puts);
    expect(await recoveryCodeOpens(crypto, await current(keysApi), created.recoveryCode)).toBe(true);
  });
});

describe('recoveryCodeOpens', () => {
  it('checks a kept code in the browser, as typed, and refuses what is not a code', async () => {
    const { keysApi, created } = await signedUp();
    const record = await current(keysApi);
    const typed = ` ${created.recoveryCode.toLowerCase().replaceAll('-', ' ')} `;
    expect(await recoveryCodeOpens(crypto, record, typed)).toBe(true);
    expect(await recoveryCodeOpens(crypto, record, 'AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AA')).toBe(false);
    expect((await cryptoErrorOf(recoveryCodeOpens(crypto, record, 'not a code'))).code).toBe(
      'invalid-recovery-code',
    );
  });
});
