import { describe, expect, it } from 'vitest';
import { createDataCipher, dataAad, decryptJson, encryptJson } from './cipher.ts';
import { createDataKey } from './dataKey.ts';
import { CryptoError, DECRYPT_FAILED_MESSAGE } from './errors.ts';
import { webCrypto } from './testSupport.ts';

const nested = {
  answers: {
    q1: 'Je me suis senti très seul — ça va mieux.',
    q2: ['Ich übe Geduld', 'Тишина', '平静', 'שלום'],
  },
  prayer: 'Grant me serenity 🙏🏽 and courage 💪; family: 👨‍👩‍👧',
  defects: ['self-pity', 'impulsive'],
  nested: { deep: { deeper: [1, 2.5, -3, true, false, null, { empty: '' }] } },
};

async function expectDecryptFailure(promise: Promise<unknown>): Promise<void> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CryptoError);
  expect((error as CryptoError).code).toBe('decrypt-failed');
  expect((error as Error).message).toBe(DECRYPT_FAILED_MESSAGE);
}

describe('encryptJson / decryptJson', () => {
  it('round-trips nested JSON with non-Latin text and emoji', async () => {
    const key = await createDataKey(webCrypto);
    const text = await encryptJson(webCrypto, key, nested, 'aad');
    expect(text).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(text).not.toContain('serenity');
    expect(await decryptJson(webCrypto, key, text, 'aad')).toEqual(nested);
    for (const value of ['plain', '', 0, null, [], {}]) {
      expect(await decryptJson(webCrypto, key, await encryptJson(webCrypto, key, value, 'a'), 'a')).toEqual(
        value,
      );
    }
  });

  it('is base64 of a 12-byte IV followed by the AES-GCM output', async () => {
    const key = await createDataKey(webCrypto);
    const bytes = Buffer.from(await encryptJson(webCrypto, key, { a: 1 }, 'aad'), 'base64');
    const plain = new TextEncoder().encode('{"a":1}');
    expect(bytes.length).toBe(12 + plain.length + 16);
    const opened = await webCrypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(0, 12), additionalData: new TextEncoder().encode('aad') },
      key,
      bytes.subarray(12),
    );
    expect(new TextDecoder().decode(opened)).toBe('{"a":1}');
  });

  it('uses a random IV, so two encryptions differ', async () => {
    const key = await createDataKey(webCrypto);
    const a = await encryptJson(webCrypto, key, nested, 'aad');
    const b = await encryptJson(webCrypto, key, nested, 'aad');
    expect(a).not.toBe(b);
    expect(Buffer.from(a, 'base64').subarray(0, 12)).not.toEqual(Buffer.from(b, 'base64').subarray(0, 12));
  });

  it('fails on tampering, another key, another aad or garbage', async () => {
    const key = await createDataKey(webCrypto);
    const text = await encryptJson(webCrypto, key, nested, 'aad');
    const bytes = Buffer.from(text, 'base64');
    for (const index of [0, 11, 12, bytes.length - 1]) {
      const tampered = Buffer.from(bytes);
      tampered[index] = (tampered[index] ?? 0) ^ 1;
      await expectDecryptFailure(decryptJson(webCrypto, key, tampered.toString('base64'), 'aad'));
    }
    await expectDecryptFailure(decryptJson(webCrypto, key, bytes.subarray(0, 27).toString('base64'), 'aad'));
    await expectDecryptFailure(decryptJson(webCrypto, await createDataKey(webCrypto), text, 'aad'));
    await expectDecryptFailure(decryptJson(webCrypto, key, text, 'aad2'));
    await expectDecryptFailure(decryptJson(webCrypto, key, 'not base64 at all', 'aad'));
    await expectDecryptFailure(decryptJson(webCrypto, key, '', 'aad'));
  });

  it('refuses values JSON cannot hold', async () => {
    const key = await createDataKey(webCrypto);
    await expect(encryptJson(webCrypto, key, undefined, 'aad')).rejects.toBeInstanceOf(TypeError);
  });
});

describe('createDataCipher', () => {
  it('binds each ciphertext to its user and place', async () => {
    const key = await createDataKey(webCrypto);
    const alice = createDataCipher(webCrypto, key, 'alice@example.com');
    const bob = createDataCipher(webCrypto, key, 'bob@example.com');
    const text = await alice.encrypt(nested, 'step-3');
    expect(await alice.decrypt(text, 'step-3')).toEqual(nested);
    await expectDecryptFailure(alice.decrypt(text, 'step-4'));
    await expectDecryptFailure(bob.decrypt(text, 'step-3'));
    expect(await decryptJson(webCrypto, key, text, 'alice@example.com|step-3|v2')).toEqual(nested);
  });

  it('writes binding 2 (the account id) and still reads binding 1 (the e-mail it was written under)', async () => {
    const key = await createDataKey(webCrypto);
    const written = await encryptJson(webCrypto, key, nested, 'old@example.com|step-3|v1');
    const cipher = createDataCipher(webCrypto, key, 'account-1', 'old@example.com');
    expect(await cipher.open(written, 'step-3')).toEqual({ value: nested, binding: 1 });
    const moved = await cipher.encrypt(nested, 'step-3');
    expect(await cipher.open(moved, 'step-3')).toEqual({ value: nested, binding: 2 });
    expect(await decryptJson(webCrypto, key, moved, 'account-1|step-3|v2')).toEqual(nested);

    await expectDecryptFailure(cipher.decrypt(written, 'step-4'));
    await expectDecryptFailure(createDataCipher(webCrypto, key, 'account-1').decrypt(written, 'step-3'));
    await expectDecryptFailure(
      createDataCipher(webCrypto, key, 'account-1', 'b@example.com').decrypt(written, 'step-3'),
    );
    // The same text under binding 1 and 2 never collides: the version is part of the additional data.
    await expectDecryptFailure(
      createDataCipher(webCrypto, key, 'old@example.com').decrypt(written, 'step-3'),
    );
  });

  it('refuses ambiguous places', async () => {
    const key = await createDataKey(webCrypto);
    const cipher = createDataCipher(webCrypto, key, 'a@example.com');
    await expect(cipher.encrypt(1, 'x|y')).rejects.toBeInstanceOf(TypeError);
    await expect(cipher.encrypt(1, '')).rejects.toBeInstanceOf(TypeError);
    expect(() => dataAad('', 'step-1')).toThrow(TypeError);
  });
});
