import { describe, expect, it } from 'vitest';
import { createDataCipher } from './cipher.ts';
import { createDataKey } from './dataKey.ts';
import { createIdentityKey } from './identityKey.ts';
import { safetyCode } from './safetyCode.ts';
import { webCrypto } from './testSupport.ts';

async function publicKey(): Promise<string> {
  const cipher = createDataCipher(webCrypto, await createDataKey(webCrypto), 'account');
  return (await createIdentityKey(cipher)).record.publicKey;
}

describe('the safety code', () => {
  it('is twenty digits in five groups, the same whichever side computes it', async () => {
    const [a, b] = await Promise.all([publicKey(), publicKey()]);
    const code = await safetyCode(webCrypto, a, b);
    expect(code).toMatch(/^\d{4}( \d{4}){4}$/);
    expect(await safetyCode(webCrypto, b, a)).toBe(code);
  });

  it('changes when either public key changes', async () => {
    const [a, b, c] = await Promise.all([publicKey(), publicKey(), publicKey()]);
    const code = await safetyCode(webCrypto, a, b);
    expect(await safetyCode(webCrypto, a, c)).not.toBe(code);
    expect(await safetyCode(webCrypto, c, b)).not.toBe(code);
  });
});
