import {
  ABSTINENCE_PLACE,
  BACKUP_MESSAGES,
  type BackupMetadata,
  type BackupPayload,
  type BackupRestoreBody,
  backupSizeProblem,
  buildBackupFile,
  checkInPlace,
  circlesVersionPlace,
  completionMarker,
  INVENTORY_TYPES,
  inventoryCompleted,
  inventoryPayload,
  inventoryPlace,
  readBackupFile,
  readDecryptedPayload,
  restoreContent,
} from '@sam/core';
import type { DataCipher } from '../../crypto/index.ts';
import { PROGRAM, stepPlace, TRACK } from '../steps/index.ts';

/** A backup is bound to its owner: the AAD names the user and 'backup', so another user's file fails. */
const BACKUP_PLACE = 'backup';

/**
 * The text of a backup file: readable metadata, and the payload encrypted with the user's data key. Throws
 * with the message to show when the file would be too large to restore.
 */
export async function backupFileText(cipher: DataCipher, payload: BackupPayload, now: Date): Promise<string> {
  const encryptedData = await cipher.encrypt(payload, BACKUP_PLACE);
  const tooLarge = backupSizeProblem(encryptedData, 'making');
  if (tooLarge) throw new Error(tooLarge);
  return JSON.stringify(buildBackupFile(encryptedData, now), null, 2);
}

export type OpenedBackup =
  | { ok: true; metadata: BackupMetadata; payload: BackupPayload }
  | { ok: false; message: string };

/** Checks a chosen file and decrypts it; `text` null: no file. */
export async function openBackupFile(cipher: DataCipher, text: string | null): Promise<OpenedBackup> {
  const read = readBackupFile(text);
  if (!read.ok) return read;
  if (read.kind === 'plain') return { ok: true, metadata: read.metadata, payload: read.payload };
  let decrypted: unknown;
  try {
    decrypted = await cipher.decrypt(read.encryptedData, BACKUP_PLACE);
  } catch {
    return { ok: false, message: BACKUP_MESSAGES.decryptFailed };
  }
  const payload = readDecryptedPayload(decrypted);
  return payload.ok ? { ok: true, metadata: read.metadata, payload: payload.payload } : payload;
}

/**
 * The restore request: every step, inventory, version of the circles, the abstinence record and every
 * check-in, each encrypted for its own place, as the pages save them. The circles, abstinence dates and
 * check-ins are always sent, empty when the file has none, so a restore replaces them like the steps.
 */
export async function restoreBody(
  cipher: DataCipher,
  payload: BackupPayload,
  overwrite: boolean,
  now: Date,
): Promise<BackupRestoreBody> {
  const { steps, inventories, circles, abstinence, checkIns } = restoreContent(payload);
  return {
    overwrite,
    steps: await Promise.all(
      steps.map(async (step) => ({
        program: PROGRAM,
        track: TRACK,
        step_number: step.step_number,
        step_title: step.step_title,
        completed: step.completed,
        data: {
          actions: step.actions,
          encryptedData: await cipher.encrypt(step.data, stepPlace(step.step_number)),
          encrypted: true,
        },
        ...(step.started_at === undefined ? {} : { started_at: step.started_at }),
        ...(step.completed_at === undefined ? {} : { completed_at: step.completed_at }),
      })),
    ),
    inventories: await Promise.all(
      INVENTORY_TYPES.map(async (type) => {
        const { entries, completed } = inventories[type];
        return {
          inventory_type: type,
          version: `${type}-current`,
          items: [completionMarker(inventoryCompleted(completed, entries.length), now)],
          encryptedData: await cipher.encrypt(inventoryPayload(entries), inventoryPlace(type)),
          encrypted: true as const,
          entry_count: entries.length,
        };
      }),
    ),
    circles: await Promise.all(
      circles.map(async ({ version, createdAt, content }) => ({
        version,
        createdAt,
        ciphertext: await cipher.encrypt(content, circlesVersionPlace(version)),
      })),
    ),
    abstinence: abstinence ? { ciphertext: await cipher.encrypt(abstinence, ABSTINENCE_PLACE) } : null,
    checkIns: await Promise.all(
      checkIns.map(async ({ day, content }) => ({
        day,
        ciphertext: await cipher.encrypt(content, checkInPlace(day)),
      })),
    ),
  };
}
