/** Test-only helpers for the crypto unit tests (imported by *.test.ts files only, never by the app). */
import {
  KDF_MIN_ITERATIONS,
  type KdfParams,
  type KeyRecord,
  type KeyRecordBody,
  type KeyWrapping,
} from '@sam/core';
import type { KeysApi } from './accountKeys.ts';
import { newKdfParams } from './kdf.ts';

export const webCrypto: Crypto = globalThis.crypto;

/** The lowest work factor the module accepts, to keep the flow tests fast. */
export function fastKdf(): KdfParams {
  return newKdfParams(webCrypto, KDF_MIN_ITERATIONS);
}

/**
 * An in-memory double of the server's /api/user/keys routes: one active record per user, 409 on a second
 * 'create', 'rewrap' replaces the active record's wrappings (keeping the replaced password wrapping, never a
 * recovery wrapping: decision 48), 'new-key' keeps the old record inactive.
 * Every body passed to put is recorded.
 */
export class MemoryKeysApi implements KeysApi {
  readonly puts: KeyRecordBody[] = [];
  readonly records: KeyRecord[] = [];
  /** Wrappings a re-wrap replaced, newest first, as the server keeps them. */
  readonly earlier: KeyWrapping[] = [];
  /** The account's current KDF parameters, as the server would store them with each record. */
  accountKdf: KdfParams;

  constructor(accountKdf: KdfParams) {
    this.accountKdf = accountKdf;
  }

  async wrappings(): Promise<KeyWrapping[]> {
    return structuredClone(this.earlier);
  }

  async get(userId: string): Promise<KeyRecord | null> {
    const record = this.records.find((r) => r.userId === userId && r.active);
    return record ? structuredClone(record) : null;
  }

  async put(body: KeyRecordBody): Promise<KeyRecord> {
    this.puts.push(structuredClone(body));
    const mode = body.mode ?? 'create';
    const active = this.records.find((r) => r.userId === body.userId && r.active);
    if (mode === 'create' && active) throw new Error('409 A key record already exists');
    if (mode === 'rewrap' && !active) throw new Error('404 No key record');
    const fields = {
      encryptedKey: body.encryptedKey,
      recoveryEncryptedKey: body.recoveryEncryptedKey,
      kdf: structuredClone(this.accountKdf),
      lastUsed: body.lastUsed,
    };
    if (mode === 'rewrap' && active) {
      this.earlier.unshift({
        encryptedKey: active.encryptedKey,
        recoveryEncryptedKey: '',
        kdf: active.kdf,
        replacedAt: body.lastUsed,
      });
      const newCode = body.recoveryEncryptedKey !== active.recoveryEncryptedKey;
      Object.assign(active, fields, newCode ? { recoverySavedAt: null } : {});
      return structuredClone(active);
    }
    if (active) active.active = false;
    const record: KeyRecord = {
      userId: body.userId,
      keyVersion: (active?.keyVersion ?? 0) + 1,
      active: true,
      createdAt: body.createdAt,
      recoverySavedAt: null,
      ...fields,
    };
    this.records.push(record);
    return structuredClone(record);
  }
}
