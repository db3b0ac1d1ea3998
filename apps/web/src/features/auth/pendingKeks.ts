/**
 * Key-encryption keys derived at sign-up (or at a sign-in refused for an unconfirmed e-mail), held in memory
 * only, so confirming the e-mail can open the data key without asking for the password again. Never stored.
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
