import {
  BACKUP_FORMAT_VERSION,
  type BackupFile,
  type BackupMetadata,
  type BackupPayload,
  backupFileSchema,
  backupMetadataSchema,
  MAX_BACKUP_CIPHERTEXT,
} from '../schemas/backup.ts';
import { BACKUP_MESSAGES } from './messages.ts';
import { parseBackupPayload } from './payload.ts';

/**
 * The file written to disk: neutral readable metadata (when, which format) and the encrypted payload. The
 * program and track are inside the payload, so the file says nothing about recovery to whoever opens it.
 */
export function buildBackupFile(encryptedData: string, exportDate: Date): BackupFile {
  return {
    metadata: { exportDate: exportDate.toISOString(), formatVersion: BACKUP_FORMAT_VERSION, encrypted: true },
    encryptedData,
  };
}

const megabytes = (characters: number) => (characters / 1_000_000).toFixed(1);

/**
 * The message when a backup's encrypted data is more than a restore accepts (MAX_BACKUP_CIPHERTEXT): made
 * anyway, the file could never be restored, so it is refused before it is written, and nothing is cleared.
 */
export function backupSizeProblem(encryptedData: string, when: 'making' | 'restoring'): string | null {
  if (encryptedData.length <= MAX_BACKUP_CIPHERTEXT) return null;
  const size = megabytes(encryptedData.length);
  const limit = megabytes(MAX_BACKUP_CIPHERTEXT);
  return when === 'making'
    ? BACKUP_MESSAGES.tooLargeToMake(size, limit)
    : BACKUP_MESSAGES.tooLargeToRestore(size, limit);
}

/** A chosen file after the checks that need no key: either still encrypted, or a plain (older) payload. */
export type BackupFileRead =
  | { ok: true; kind: 'encrypted'; metadata: BackupMetadata; encryptedData: string }
  | { ok: true; kind: 'plain'; metadata: BackupMetadata; payload: BackupPayload }
  | { ok: false; message: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The restore file checks, in order; `text` null means no file was chosen. */
export function readBackupFile(text: string | null): BackupFileRead {
  if (text === null) return { ok: false, message: BACKUP_MESSAGES.noFile };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: BACKUP_MESSAGES.invalidFormat };
  }
  if (!isObject(json)) return { ok: false, message: BACKUP_MESSAGES.invalidFormat };
  if (!isObject(json.metadata)) return { ok: false, message: BACKUP_MESSAGES.missingMetadata };
  const metadata = backupMetadataSchema.safeParse(json.metadata);
  if (!metadata.success) return { ok: false, message: BACKUP_MESSAGES.invalidFormat };
  if (json.encryptedData !== undefined) {
    const tooLarge =
      typeof json.encryptedData === 'string' && backupSizeProblem(json.encryptedData, 'restoring');
    if (tooLarge) return { ok: false, message: tooLarge };
    const file = backupFileSchema.safeParse(json);
    if (!file.success) return { ok: false, message: BACKUP_MESSAGES.decryptFailed };
    return { ok: true, kind: 'encrypted', metadata: metadata.data, encryptedData: file.data.encryptedData };
  }
  if (json.progress !== undefined && json.inventories !== undefined) {
    const payload = parseBackupPayload(json);
    if (payload) return { ok: true, kind: 'plain', metadata: metadata.data, payload };
  }
  return { ok: false, message: BACKUP_MESSAGES.invalidFormat };
}

/** The payload decrypted from an encrypted file, checked; the message to show when it is not one. */
export function readDecryptedPayload(
  value: unknown,
): { ok: true; payload: BackupPayload } | { ok: false; message: string } {
  const payload = parseBackupPayload(value);
  return payload ? { ok: true, payload } : { ok: false, message: BACKUP_MESSAGES.invalidFormat };
}
