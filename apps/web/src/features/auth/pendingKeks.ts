/**
 * Key-encryption keys derived at sign-up, held in memory only, so confirming the e-mail can open the data
 * key without asking for the password again. Never stored. A refused sign-in keeps none: the server answers
 * an unconfirmed account like a wrong password, so its kek may come from a wrong one.
 */
const pending = new Map<string, CryptoKey>();

const normalize = (email: string) => email.trim().toLowerCase();

export function keepPendingKek(email: string, kek: CryptoKey): void {
  pending.set(normalize(email), kek);
}

/** Returns the kek for this e-mail once and forgets it. */
export function takePendingKek(email: string): CryptoKey | null {
  const key = normalize(email);
  const kek = pending.get(key) ?? null;
  pending.delete(key);
  return kek;
}

export function forgetPendingKeks(): void {
  pending.clear();
}
