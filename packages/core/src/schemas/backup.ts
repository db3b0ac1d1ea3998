import { z } from 'zod';
import { WORKBOOK_PROGRAM } from '../fellowships.ts';
import { ENTRY_SCHEMAS } from '../inventory/entries.ts';
import { stepPrivateDataSchema } from '../steps/schemas.ts';
import { base64 } from './common.ts';
import {
  MAX_INVENTORY_CIPHERTEXT,
  MAX_INVENTORY_ENTRIES,
  saveEncryptedInventoryBodySchema,
} from './inventory.ts';
import {
  MAX_ACTIONS_PER_STEP,
  MAX_STEP_CIPHERTEXT,
  stepActionSchema,
  stepSaveBodySchema,
} from './progress.ts';

export const BACKUP_FORMAT_VERSION = 1;
/** The only track a backup holds: SAA's 12 steps, the only track with working step tools. */
export const BACKUP_PROGRAM = WORKBOOK_PROGRAM;
export const BACKUP_TRACK = '12-steps';
export const BACKUP_PROGRAM_TRACK = `${BACKUP_PROGRAM}-${BACKUP_TRACK}`;
export const BACKUP_STEP_COUNT = 12;
/** Twelve full steps and three full inventories, base64 of their JSON, with room for the encryption. */
export const MAX_BACKUP_CIPHERTEXT = 16_000_000;

/** The readable part of a backup file. */
export const backupMetadataSchema = z.object({
  exportDate: z.iso.datetime({ offset: true }),
  programTrack: z.literal(BACKUP_PROGRAM_TRACK, { error: `programTrack must be ${BACKUP_PROGRAM_TRACK}` }),
  program: z.literal(BACKUP_PROGRAM).optional(),
  track: z.literal(BACKUP_TRACK).optional(),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION).optional(),
  encrypted: z.boolean().optional(),
});
export type BackupMetadata = z.infer<typeof backupMetadataSchema>;

export const backupFileSchema = z.object({
  metadata: backupMetadataSchema,
  encryptedData: base64(MAX_BACKUP_CIPHERTEXT, { length: 1 }),
});
export type BackupFile = z.infer<typeof backupFileSchema>;

/** One step as it travels inside a backup: readable flags plus its private fields, decrypted. */
export const backupStepSchema = z.object({
  step_title: z.string().max(100),
  completed: z.boolean(),
  actions: z.array(stepActionSchema).max(MAX_ACTIONS_PER_STEP),
  data: stepPrivateDataSchema,
  started_at: z.iso.datetime().nullable().optional(),
  completed_at: z.iso.datetime().nullable().optional(),
});
export type BackupStep = z.infer<typeof backupStepSchema>;

const inventoryOf = <T extends z.ZodType>(entry: T) =>
  z.object({ entries: z.array(entry).max(MAX_INVENTORY_ENTRIES), completed: z.boolean() });

export const backupInventoriesSchema = z.object({
  resentments: inventoryOf(ENTRY_SCHEMAS.resentments),
  fears: inventoryOf(ENTRY_SCHEMAS.fears),
  harms: inventoryOf(ENTRY_SCHEMAS.harms),
});
export type BackupInventories = z.infer<typeof backupInventoriesSchema>;

const stepKeys = Array.from({ length: BACKUP_STEP_COUNT }, (_, i) => `step${i + 1}`);
export const backupProgressSchema = z.object(
  Object.fromEntries(stepKeys.map((key) => [key, backupStepSchema.optional()])) as Record<
    string,
    z.ZodOptional<typeof backupStepSchema>
  >,
);
export type BackupProgress = Partial<Record<string, BackupStep>>;

/** What is encrypted into `encryptedData`. */
export const backupPayloadSchema = z.object({
  fieldStructure: z.record(z.string(), z.unknown()).optional(),
  progress: backupProgressSchema,
  inventories: backupInventoriesSchema,
});
export type BackupPayload = {
  fieldStructure: Record<string, unknown>;
  progress: BackupProgress;
  inventories: BackupInventories;
};

const isBackupStep = (step: { program: string; track: string }) =>
  step.program === BACKUP_PROGRAM && step.track === BACKUP_TRACK;

/** A restore: every step and the three current inventories, each as its own save route takes them. */
export const backupRestoreBodySchema = z
  .object({
    overwrite: z.boolean().default(false),
    /** A step save as POST /api/progress/step takes it, plus the dates the backup kept. */
    steps: z
      .array(
        stepSaveBodySchema.extend({
          started_at: z.iso.datetime({ error: 'started_at must be an ISO date-time' }).nullable().optional(),
          completed_at: z.iso
            .datetime({ error: 'completed_at must be an ISO date-time' })
            .nullable()
            .optional(),
        }),
      )
      .max(BACKUP_STEP_COUNT),
    inventories: z.array(saveEncryptedInventoryBodySchema).max(3),
  })
  .superRefine((body, ctx) => {
    const numbers = new Set<number>();
    body.steps.forEach((step, i) => {
      if (!isBackupStep(step)) {
        ctx.addIssue({
          code: 'custom',
          path: ['steps', i],
          message: 'A backup holds the SAA 12-step track only',
        });
      }
      if (numbers.has(step.step_number)) {
        ctx.addIssue({
          code: 'custom',
          path: ['steps', i],
          message: `Step ${step.step_number} appears twice`,
        });
      }
      numbers.add(step.step_number);
      if (step.started_at && step.completed_at && step.completed_at < step.started_at) {
        ctx.addIssue({
          code: 'custom',
          path: ['steps', i, 'completed_at'],
          message: 'completed_at cannot be before started_at',
        });
      }
    });
    const types = new Set<string>();
    body.inventories.forEach((inventory, i) => {
      if (inventory.version !== undefined && inventory.version !== `${inventory.inventory_type}-current`) {
        ctx.addIssue({
          code: 'custom',
          path: ['inventories', i, 'version'],
          message: 'Only current inventories are restored',
        });
      }
      if (types.has(inventory.inventory_type)) {
        ctx.addIssue({
          code: 'custom',
          path: ['inventories', i],
          message: `${inventory.inventory_type} appears twice`,
        });
      }
      types.add(inventory.inventory_type);
    });
  });
export type BackupRestoreBody = z.input<typeof backupRestoreBodySchema>;

/** Twelve steps and three inventories at their largest, plus the JSON around them. */
export const MAX_RESTORE_BODY =
  BACKUP_STEP_COUNT * MAX_STEP_CIPHERTEXT + 3 * MAX_INVENTORY_CIPHERTEXT + 1024 * 1024;

export const backupRestoreReplySchema = z.object({
  message: z.string(),
  steps: z.number().int(),
  inventories: z.number().int(),
});
export type BackupRestoreReply = z.infer<typeof backupRestoreReplySchema>;
