import { z } from 'zod';
import { abstinenceRecordSchema } from '../abstinence/periods.ts';
import { checkInContentSchema } from '../checkIns/checkIn.ts';
import { circlesVersionContentSchema } from '../circles/circles.ts';
import { WORKBOOK_PROGRAM } from '../fellowships.ts';
import { ENTRY_SCHEMAS } from '../inventory/entries.ts';
import { stepPrivateDataSchema } from '../steps/schemas.ts';
import { MAX_ABSTINENCE_CIPHERTEXT } from './abstinence.ts';
import { authValueSchema } from './auth.ts';
import { checkInDaySchema, MAX_CHECK_IN_CIPHERTEXT, MAX_CHECK_INS } from './checkIns.ts';
import { MAX_CIRCLES_CIPHERTEXT, MAX_CIRCLES_VERSIONS } from './circles.ts';
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

/**
 * 2: the clear metadata names no program or track (they travel inside the encrypted part, as
 * `programTrack`), so a file in a shared Downloads folder says nothing about its owner. 1 still opens.
 */
export const BACKUP_FORMAT_VERSION = 2;
/** The only track a backup holds: SAA's 12 steps, the only track with working step tools. */
export const BACKUP_PROGRAM = WORKBOOK_PROGRAM;
export const BACKUP_TRACK = '12-steps';
export const BACKUP_PROGRAM_TRACK = `${BACKUP_PROGRAM}-${BACKUP_TRACK}`;
export const BACKUP_STEP_COUNT = 12;
/**
 * Room in a backup for the three circles and the check-ins: every version and every check-in at a
 * generous everyday size, as ciphertext. One of them may be far longer (up to its own maximum), but
 * not all of them at once; the abstinence record counts at its largest.
 */
export const BACKUP_CIRCLES_VERSION_ROOM = 8_000;
export const BACKUP_CHECK_IN_ROOM = 2_000;
const RECOVERY_TOOLS_ROOM =
  MAX_CIRCLES_VERSIONS * BACKUP_CIRCLES_VERSION_ROOM +
  MAX_ABSTINENCE_CIPHERTEXT +
  MAX_CHECK_INS * BACKUP_CHECK_IN_ROOM;
/**
 * Twelve full steps and three full inventories, base64 of their JSON, with room for the encryption; then
 * the room for the circles, the abstinence dates and the check-ins.
 */
export const MAX_BACKUP_CIPHERTEXT = 16_000_000 + RECOVERY_TOOLS_ROOM;

/** The readable part of a backup file. */
export const backupMetadataSchema = z.object({
  exportDate: z.iso.datetime({ offset: true }),
  /** Files of format 1 name the program and track here; newer ones only inside the encrypted part. */
  programTrack: z
    .literal(BACKUP_PROGRAM_TRACK, { error: `programTrack must be ${BACKUP_PROGRAM_TRACK}` })
    .optional(),
  program: z.literal(BACKUP_PROGRAM).optional(),
  track: z.literal(BACKUP_TRACK).optional(),
  formatVersion: z.union([z.literal(1), z.literal(BACKUP_FORMAT_VERSION)]).optional(),
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

const circlesVersionNumber = z
  .number({ error: 'version must be a number' })
  .int('version must be a whole number')
  .min(1, 'version must be at least 1')
  .max(MAX_CIRCLES_VERSIONS, `version is at most ${MAX_CIRCLES_VERSIONS}`);
const createdAt = z.iso.datetime({ error: 'createdAt must be an ISO date-time' });

/** Each circles version and each check-in day once at most. */
function refuseRepeats(
  ctx: z.RefinementCtx,
  circles: readonly { version: number }[] = [],
  checkIns: readonly { day: string }[] = [],
): void {
  const versions = new Set<number>();
  circles.forEach(({ version }, i) => {
    if (versions.has(version)) {
      ctx.addIssue({
        code: 'custom',
        path: ['circles', i],
        message: `Circles version ${version} appears twice`,
      });
    }
    versions.add(version);
  });
  const days = new Set<string>();
  checkIns.forEach(({ day }, i) => {
    if (days.has(day)) {
      ctx.addIssue({
        code: 'custom',
        path: ['checkIns', i],
        message: `The check-in of ${day} appears twice`,
      });
    }
    days.add(day);
  });
}

/** One version of the three circles as it travels inside a backup, decrypted. */
export const backupCirclesVersionSchema = z.object({
  version: circlesVersionNumber,
  createdAt,
  content: circlesVersionContentSchema,
});
export type BackupCirclesVersion = z.infer<typeof backupCirclesVersionSchema>;

/** One check-in as it travels inside a backup, decrypted. */
export const backupCheckInSchema = z.object({ day: checkInDaySchema, content: checkInContentSchema });
export type BackupCheckIn = z.infer<typeof backupCheckInSchema>;

/**
 * What is encrypted into `encryptedData`. The circles, the abstinence dates and the check-ins came later:
 * a file made before them has none of the three.
 */
export const backupPayloadSchema = z
  .object({
    fieldStructure: z.record(z.string(), z.unknown()).optional(),
    /** The program and track (format 2 on; older files name them in the clear metadata). */
    programTrack: z
      .literal(BACKUP_PROGRAM_TRACK, { error: `programTrack must be ${BACKUP_PROGRAM_TRACK}` })
      .optional(),
    progress: backupProgressSchema,
    inventories: backupInventoriesSchema,
    /** Every version of the circles, oldest first. */
    circles: z.array(backupCirclesVersionSchema).max(MAX_CIRCLES_VERSIONS).optional(),
    /** The abstinence record, or null when none was saved. */
    abstinence: abstinenceRecordSchema.nullable().optional(),
    /** Every check-in, oldest first. */
    checkIns: z.array(backupCheckInSchema).max(MAX_CHECK_INS).optional(),
  })
  .superRefine((payload, ctx) => refuseRepeats(ctx, payload.circles, payload.checkIns));
export type BackupPayload = {
  fieldStructure: Record<string, unknown>;
  programTrack?: typeof BACKUP_PROGRAM_TRACK;
  progress: BackupProgress;
  inventories: BackupInventories;
  circles?: BackupCirclesVersion[];
  abstinence?: z.infer<typeof abstinenceRecordSchema> | null;
  checkIns?: BackupCheckIn[];
};

const isBackupStep = (step: { program: string; track: string }) =>
  step.program === BACKUP_PROGRAM && step.track === BACKUP_TRACK;

const ciphertext = (max: number) => base64(max, { length: 40, message: 'Must be a ciphertext' });

/**
 * A restore: every step and the three current inventories, each as its own save route takes them; and the
 * circles, the abstinence dates and the check-ins, each encrypted for its own place. A part left out is
 * not touched; a part sent replaces what the person has (an empty list or null leaves none).
 */
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
    /** Every version of the circles, each encrypted for `three-circles:version-<n>`. */
    circles: z
      .array(
        z.object({
          version: circlesVersionNumber,
          createdAt,
          ciphertext: ciphertext(MAX_CIRCLES_CIPHERTEXT),
        }),
      )
      .max(MAX_CIRCLES_VERSIONS, `A backup holds at most ${MAX_CIRCLES_VERSIONS} versions of the circles`)
      .optional(),
    /** The abstinence record encrypted for `abstinence`, or null for none. */
    abstinence: z
      .object({ ciphertext: ciphertext(MAX_ABSTINENCE_CIPHERTEXT) })
      .nullable()
      .optional(),
    /** Every check-in, each encrypted for `check-in:<day>`. */
    checkIns: z
      .array(z.object({ day: checkInDaySchema, ciphertext: ciphertext(MAX_CHECK_IN_CIPHERTEXT) }))
      .max(MAX_CHECK_INS, `A backup holds at most ${MAX_CHECK_INS} check-ins`)
      .optional(),
  })
  .superRefine((body, ctx) => {
    refuseRepeats(ctx, body.circles, body.checkIns);
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

/**
 * Twelve steps and three inventories at their largest, the circles, abstinence dates and check-ins in the
 * room a backup has for them, plus what encrypting each version and check-in on its own adds (its IV, tag
 * and the JSON around it, 150 characters at most) and the JSON around it all.
 */
export const MAX_RESTORE_BODY =
  BACKUP_STEP_COUNT * MAX_STEP_CIPHERTEXT +
  3 * MAX_INVENTORY_CIPHERTEXT +
  RECOVERY_TOOLS_ROOM +
  (MAX_CIRCLES_VERSIONS + MAX_CHECK_INS) * 150 +
  1024 * 1024;

export const backupRestoreReplySchema = z.object({
  message: z.string(),
  steps: z.number().int(),
  inventories: z.number().int(),
  /** How many of each were written; absent when the restore did not carry them. */
  circleVersions: z.number().int().optional(),
  abstinence: z.boolean().optional(),
  checkIns: z.number().int().optional(),
});
export type BackupRestoreReply = z.infer<typeof backupRestoreReplySchema>;

/**
 * Clear all writing: a session alone may not (decision 10), so it carries the current auth value. Left out,
 * the server answers 401 with a readable detail rather than a validation error.
 */
export const backupClearBodySchema = z.object({ password: authValueSchema.optional() }).nullish();
export type BackupClearBody = z.input<typeof backupClearBodySchema>;
