import { base64ToBytes, utf8Encode } from './encoding.ts';

/**
 * The safety code two people compare to know each one's browser holds the other's real public key
 * (decision 22): SHA-256 over both public keys in a fixed order, read as twenty digits in five groups of
 * four. It is the same on both sides and changes when either key changes.
 */
const GROUPS = 5;
const DIGITS_PER_GROUP = 4;

export async function safetyCode(crypto: Crypto, publicKeyA: string, publicKeyB: string): Promise<string> {
  const a = base64ToBytes(publicKeyA);
  const b = base64ToBytes(publicKeyB);
  const [first, second] = compareBytes(a, b) <= 0 ? [a, b] : [b, a];
  const label = utf8Encode('sam-safety-code|v1|');
  const input = new Uint8Array(label.length + first.length + second.length);
  input.set(label);
  input.set(first, label.length);
  input.set(second, label.length + first.length);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', input));
  // 128 bits read as a number, of which the last twenty decimal digits are shown (a negligible bias).
  let number = 0n;
  for (const byte of digest.subarray(0, 16)) number = (number << 8n) | BigInt(byte);
  const digits = (number % 10n ** BigInt(GROUPS * DIGITS_PER_GROUP))
    .toString()
    .padStart(GROUPS * DIGITS_PER_GROUP, '0');
  return digits.match(new RegExp(`.{${DIGITS_PER_GROUP}}`, 'g'))?.join(' ') ?? digits;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const differing = a.findIndex((byte, i) => byte !== b[i]);
  if (differing === -1 || differing >= b.length) return a.length - b.length;
  return (a[differing] ?? 0) - (b[differing] ?? 0);
}
