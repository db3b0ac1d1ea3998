import { hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDataKey, unwrapDataKey, wrapKey } from './dataKey.ts';
import { CryptoError, INVALID_RECOVERY_CODE_MESSAGE } from './errors.ts';
import {
  formatRecoveryCode,
  generateRecoveryCode,
  normalizeRecoveryCode,
  RECOVERY_CODE_LENGTH,
  recoveryWrappingKey,
} from './recoveryCode.ts';
import { webCrypto } from './testSupport.ts';

const FORMAT = /^[A-Z2-7]{4}(?:-[A-Z2-7]{4}){5}-[A-Z2-7]{2}$/;

/** RFC 4648 base32 decoding, written independently of the module. */
function decodeBase32(code: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...code].map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0')).join('');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

describe('recovery code', () => {
  it('is 128 random bits as upper-case base32 in groups of 4', () => {
    const codes = new Set(Array.from({ length: 50 }, () => generateRecoveryCode(webCrypto)));
    expect(codes.size).toBe(50);
    for (const code of codes) {
      expect(code).toMatch(FORMAT);
      const normalized = normalizeRecoveryCode(code);
      expect(normalized).toHaveLength(RECOVERY_CODE_LENGTH);
      expect(RECOVERY_CODE_LENGTH).toBe(26);
      expect(decodeBase32(normalized)).toHaveLength(16);
      expect(formatRecoveryCode(normalized)).toBe(code);
    }
  });

  it('normalises lower case, spaces and dashes', () => {
    const code = generateRecoveryCode(webCrypto);
    const plain = code.replaceAll('-', '');
    expect(normalizeRecoveryCode(code)).toBe(plain);
    expect(normalizeRecoveryCode(`  ${code.toLowerCase()}\n`)).toBe(plain);
    expect(normalizeRecoveryCode(code.replaceAll('-', ' '))).toBe(plain);
    expect(normalizeRecoveryCode(plain.toLowerCase().split('').join(' '))).toBe(plain);
  });

  it('rejects invalid codes with a kind message', () => {
    const plain = normalizeRecoveryCode(generateRecoveryCode(webCrypto));
    const invalid = [
      '',
      '   ',
      plain.slice(0, -1),
      `${plain}A`,
      `0${plain.slice(1)}`,
      `1${plain.slice(1)}`,
      `8${plain.slice(1)}`,
      `${plain.slice(0, -1)}=`,
      `${plain.slice(0, -1)}B`, // the last character's two unused bits must be zero
      `${plain.slice(0, 5)}_${plain.slice(6)}`,
    ];
    for (const input of invalid) {
      let error: unknown;
      try {
        normalizeRecoveryCode(input);
      } catch (e) {
        error = e;
      }
      expect(error, input).toBeInstanceOf(CryptoError);
      expect((error as CryptoError).code).toBe('invalid-recovery-code');
      expect((error as Error).message).toBe(INVALID_RECOVERY_CODE_MESSAGE);
    }
  });

  it('derives the wrapping key by HKDF from the code bytes, however the code is typed', async () => {
    const code = generateRecoveryCode(webCrypto);
    const dataKey = await createDataKey(webCrypto);
    const wrapped = await wrapKey(webCrypto, dataKey, await recoveryWrappingKey(webCrypto, code));

    const spaced = code.toLowerCase().replaceAll('-', ' ');
    await expect(
      unwrapDataKey(webCrypto, wrapped, await recoveryWrappingKey(webCrypto, spaced)),
    ).resolves.toBeDefined();

    const bytes = decodeBase32(normalizeRecoveryCode(code));
    const expected = hkdfSync('sha256', bytes, Buffer.alloc(0), 'sam-recovery-v1', 32);
    const independent = await webCrypto.subtle.importKey('raw', expected, 'AES-KW', false, ['unwrapKey']);
    await expect(unwrapDataKey(webCrypto, wrapped, independent)).resolves.toBeDefined();

    const other = await recoveryWrappingKey(webCrypto, generateRecoveryCode(webCrypto));
    await expect(unwrapDataKey(webCrypto, wrapped, other)).rejects.toBeInstanceOf(CryptoError);
  });

  it('makes a non-extractable AES-KW key', async () => {
    const key = await recoveryWrappingKey(webCrypto, generateRecoveryCode(webCrypto));
    expect(key.extractable).toBe(false);
    expect(key.algorithm).toMatchObject({ name: 'AES-KW', length: 256 });
  });
});
