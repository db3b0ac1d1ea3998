import {
  type CirclesVersionContent,
  type CirclesVersionRecord,
  circlesVersionContentSchema,
  circlesVersionPlace,
  type StoredCirclesVersion,
} from '@sam/core';
import type { DataCipher } from '../../crypto/index.ts';
import { circlesApi } from './api.ts';

/** One version opened with this browser's key; null content when it cannot be read here. */
async function openVersion(cipher: DataCipher, record: CirclesVersionRecord): Promise<StoredCirclesVersion> {
  let content: CirclesVersionContent | null = null;
  try {
    const parsed = circlesVersionContentSchema.safeParse(
      await cipher.decrypt(record.ciphertext, circlesVersionPlace(record.version)),
    );
    content = parsed.success ? parsed.data : null;
  } catch {
    content = null;
  }
  return { version: record.version, createdAt: record.createdAt, content };
}

/**
 * Every version of this person's circles, each decrypted in this browser where it can be. `list` reads the
 * versions' ciphertext (the page takes the read made ahead of it).
 */
export async function loadCircles(
  cipher: DataCipher,
  list: () => Promise<CirclesVersionRecord[]> = circlesApi.list,
): Promise<StoredCirclesVersion[]> {
  const records = await list();
  return Promise.all(records.map((record) => openVersion(cipher, record)));
}
