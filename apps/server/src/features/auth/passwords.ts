import { hash, verify } from '@node-rs/argon2';

// Argon2id (the library's Algorithm.Argon2id is an ambient const enum, unusable under isolatedModules).
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(authValue: string): Promise<string> {
  return hash(authValue, OPTIONS as never);
}

export async function verifyPassword(storedHash: string, authValue: string): Promise<boolean> {
  try {
    return await verify(storedHash, authValue);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/** Spends the same time on an unknown e-mail as on a wrong password. */
export async function verifyAgainstDecoy(authValue: string): Promise<void> {
  decoyHash ??= hashPassword('decoy-password-for-timing');
  await verifyPassword(await decoyHash, authValue);
}
