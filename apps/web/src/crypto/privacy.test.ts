/**
 * Nothing the browser sends may reveal the typed password, the data key, the kek or a recovery code.
 * Everything passed to the keys API and every auth request body is recorded and searched.
 */
import { hkdfSync, pbkdf2Sync } from 'node:crypto';
import { KDF_NAME, type KdfParams } from '@sam/core';
import { describe, expect, it } from 'vitest';
import {
  loginCredentials,
  openAccountKey,
  recoverWithCode,
  recoverWithOldPassword,
  resetCredentials,
  signupCredentials,
  startFreshKey,
} from './accountKeys.ts';
import { createDataCipher } from './cipher.ts';
import { normalizeRecoveryCode } from './recoveryCode.ts';
import { fastKdf, MemoryKeysApi, webCrypto } from './testSupport.ts';

const crypto = webCrypto;
const email = 'alice@example.com';
const firstPassword = 'Tr0ub4dor & my dog Æsop';
const secondPassword = 'a second password, quite long';
const thirdPassword = 'third time lucky, 💡 included';

/** The forms in which a secret could leak: as typed, base64, base64url and hex. */
function encodings(bytes: Uint8Array): string[] {
  const buffer = Buffer.from(bytes);
  return [buffer.toString('base64'), buffer.toString('base64url'), buffer.toString('hex')];
}

function codeForms(code: string): string[] {
  const plain = normalizeRecoveryCode(code);
  return [code, plain, code.toLowerCase(), plain.toLowerCase()];
}

/** The kek and master secret, derived independently, so the test can look for their bytes. */
function derivedSecrets(password: string, kdf: KdfParams): string[] {
  const ms = pbkdf2Sync(
    password.normalize('NFC'),
    Buffer.from(kdf.salt, 'base64'),
    kdf.iterations,
    32,
    'sha256',
  );
  const kek = Buffer.from(hkdfSync('sha256', ms, Buffer.alloc(0), 'sam-kek-v1', 32));
  return [...encodings(ms), ...encodings(kek)];
}

describe('privacy', () => {
  it('never sends the password, the data key, the kek or a recovery code', async () => {
    const sent: string[] = [];
    const secrets: string[] = [firstPassword, secondPassword, thirdPassword];
    const keysApi = new MemoryKeysApi(fastKdf());
    const recorded = {
      get: (userId: string) => keysApi.get(userId),
      put: (body: Parameters<MemoryKeysApi['put']>[0]) => {
        sent.push(JSON.stringify(body));
        return keysApi.put(body);
      },
    };
    /** Reads the raw data key bytes the way only a holder of the kek could: test side, not via the module. */
    const captureDataKey = async (kek: CryptoKey) => {
      const record = await keysApi.get(email);
      if (!record) throw new Error('expected a record');
      const raw = Buffer.from(record.encryptedKey, 'base64');
      const key = await crypto.subtle.unwrapKey('raw', raw, kek, 'AES-KW', 'AES-GCM', true, ['encrypt']);
      secrets.push(...encodings(new Uint8Array(await crypto.subtle.exportKey('raw', key))));
    };
    const login = async (password: string) => {
      const kdf = keysApi.accountKdf;
      sent.push(JSON.stringify({ email }));
      const creds = await loginCredentials(crypto, password, { kdf: KDF_NAME, ...kdf });
      sent.push(JSON.stringify({ email, password: creds.password }));
      return creds;
    };

    // Sign up (the body is built with a naive spread, as careless app code might), then first sign-in.
    const signup = await signupCredentials(crypto, firstPassword, fastKdf());
    keysApi.accountKdf = signup.kdf;
    sent.push(JSON.stringify({ email, name: 'Alice', ...signup }));
    secrets.push(...derivedSecrets(firstPassword, signup.kdf));
    const created = await openAccountKey({ crypto, userId: email, kek: signup.kek, keysApi: recorded });
    if (created.status !== 'created') throw new Error('expected a new key');
    secrets.push(...codeForms(created.recoveryCode));
    await captureDataKey(signup.kek);
    const stored = await createDataCipher(crypto, created.key, email).encrypt({ note: 'private' }, 'step-1');
    await login(firstPassword);

    // Reset, then recover with the code.
    const reset = await resetCredentials(crypto, secondPassword, fastKdf());
    sent.push(JSON.stringify({ email, code: '123456', ...reset }));
    keysApi.accountKdf = reset.kdf;
    secrets.push(...derivedSecrets(secondPassword, reset.kdf));
    const second = await login(secondPassword);
    const needs = await openAccountKey({ crypto, userId: email, kek: second.kek, keysApi: recorded });
    if (needs.status !== 'needs-recovery') throw new Error('expected needs-recovery');
    const byCode = await recoverWithCode({
      crypto,
      userId: email,
      kek: second.kek,
      record: needs.record,
      recoveryCode: created.recoveryCode,
      keysApi: recorded,
    });
    secrets.push(...codeForms(byCode.recoveryCode));
    expect(await createDataCipher(crypto, byCode.key, email).decrypt(stored, 'step-1')).toEqual({
      note: 'private',
    });

    // Reset again, recover with the old password, then start afresh.
    const reset2 = await resetCredentials(crypto, thirdPassword, fastKdf());
    sent.push(JSON.stringify({ email, code: '654321', ...reset2 }));
    keysApi.accountKdf = reset2.kdf;
    secrets.push(...derivedSecrets(thirdPassword, reset2.kdf));
    const third = await login(thirdPassword);
    const record = await keysApi.get(email);
    if (!record) throw new Error('expected a record');
    const byPassword = await recoverWithOldPassword({
      crypto,
      userId: email,
      kek: third.kek,
      record,
      oldPassword: secondPassword,
      keysApi: recorded,
    });
    secrets.push(...codeForms(byPassword.recoveryCode));
    const fresh = await startFreshKey({ crypto, userId: email, kek: third.kek, keysApi: recorded });
    secrets.push(...codeForms(fresh.recoveryCode));
    await captureDataKey(third.kek);

    expect(sent.filter((s) => s.includes('encryptedKey'))).toHaveLength(4);
    const everything = sent.join('\n');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThanOrEqual(16);
      expect(everything).not.toContain(secret);
      expect(everything.toLowerCase()).not.toContain(secret.toLowerCase());
    }
  });
});
