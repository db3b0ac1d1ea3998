import { webcrypto } from 'node:crypto';

/** Deterministic filler text of about `length` characters, words of ordinary length. */
export function prose(length: number, seed = 1): string {
  const words = ['today', 'I', 'noticed', 'the', 'old', 'fear', 'again', 'and', 'called', 'my', 'sponsor'];
  const out: string[] = [];
  let size = 0;
  let state = seed;
  while (size < length) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const word = words[state % words.length] as string;
    out.push(word);
    size += word.length + 1;
  }
  return out.join(' ').slice(0, length);
}

/** A filled step's private part: six written answers of a long paragraph each and free notes. */
export function filledStep(step: number) {
  const answers: Record<string, { answer: string }> = {};
  for (let q = 1; q <= 6; q++) answers[`q${q}`] = { answer: prose(700, step * 10 + q) };
  return { [`step${step}_questions`]: answers, notes: prose(1_200, step) };
}

/** One inventory entry with every field written as a person would (a sentence or two each). */
export function inventoryEntry(index: number) {
  return {
    id: `entry-${index}`,
    who: prose(24, index),
    why: prose(220, index + 1),
    feeling: 'angry',
    impacts: ['pride', 'security', 'relationships'],
    myPart: prose(160, index + 2),
  };
}

export function inventoryPlaintext(entries: number) {
  return { v: 1, entries: Array.from({ length: entries }, (_, i) => inventoryEntry(i)) };
}

/** AES-GCM-256 as the web app does it: base64(12-byte IV ‖ ciphertext ‖ tag), AAD `${user}|${place}|v1`. */
export async function encryptLikeTheApp(value: unknown, userId: string, place: string): Promise<string> {
  const key = await webcrypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt']);
  const iv = webcrypto.getRandomValues(new Uint8Array(12));
  const sealed = await webcrypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(`${userId}|${place}|v1`) },
    key,
    new TextEncoder().encode(JSON.stringify(value)),
  );
  return Buffer.concat([iv, new Uint8Array(sealed)]).toString('base64');
}
