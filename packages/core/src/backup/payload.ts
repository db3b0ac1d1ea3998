import type { AbstinenceRecord } from '../abstinence/periods.ts';
import { STEP_TEN_QUESTIONS } from '../checkIns/checkIn.ts';
import type { DatedCheckIn } from '../checkIns/rhythm.ts';
import { CIRCLES } from '../circles/circles.ts';
import type { CirclesVersion } from '../circles/versions.ts';
import type { EntryRecord } from '../inventory/entries.ts';
import {
  BACKUP_PROGRAM_TRACK,
  BACKUP_STEP_COUNT,
  type BackupInventories,
  type BackupPayload,
  type BackupStep,
  backupPayloadSchema,
} from '../schemas/backup.ts';
import { INVENTORY_TYPES, type InventoryType } from '../schemas/inventory.ts';
import type { StepAction } from '../schemas/progress.ts';
import type { StepPrivateData } from '../steps/schemas.ts';

/**
 * The backup's field structure: which fields each part holds and which of them are
 * required, so a reader of the file knows its shape without SAM's source.
 */
export const BACKUP_FIELD_STRUCTURE = {
  progress: {
    step1: { optional: ['step1_writing'] },
    step2: { required: ['step2_questions'] },
    step3: { required: ['step3_questions'], optional: ['prayer_text'] },
    step5: { optional: ['characterDefects', 'sharedWithSponsor'] },
    step6: { required: ['characterDefects'], optional: ['defectAnswers'] },
  },
  inventories: {
    resentments: { required: ['person', 'my_part'], fields: ['who', 'why', 'feeling', 'impacts', 'myPart'] },
    fears: { required: ['fear', 'my_part'], fields: ['fear', 'why', 'impacts', 'myPart'] },
    harms: {
      required: ['person', 'harm', 'my_part'],
      fields: ['whoHarmed', 'how', 'defects', 'alternative'],
    },
  },
  circles: {
    versions: { required: ['version', 'createdAt', 'content'] },
    content: { required: ['circles'], optional: ['reason', 'restoredFrom'] },
    circles: { required: CIRCLES, item: ['id', 'text'] },
  },
  abstinence: {
    record: { required: ['periods'] },
    period: { required: ['id', 'start', 'end'], optional: ['slipNote'] },
  },
  checkIns: {
    checkIn: { required: ['day', 'content'] },
    content: {
      required: ['circle', 'moods', 'halt', 'gratitude', 'stepTen'],
      stepTen: STEP_TEN_QUESTIONS.map((q) => q.key),
    },
  },
} as const;

/** One step as read from the server and decrypted. */
export type StepSnapshot = {
  step_number: number;
  step_title: string;
  completed: boolean;
  actions: StepAction[];
  data: StepPrivateData;
  started_at?: string | null;
  completed_at?: string | null;
};
export type InventorySnapshot = { entries: EntryRecord[]; completed: boolean };
/** The circles (every version), the abstinence record and the check-ins, decrypted. */
export type RecoveryToolsSnapshot = {
  circles: CirclesVersion[];
  abstinence: AbstinenceRecord | null;
  checkIns: DatedCheckIn[];
};
export const emptyRecoveryTools = (): RecoveryToolsSnapshot => ({
  circles: [],
  abstinence: null,
  checkIns: [],
});

export const stepKey = (stepNumber: number) => `step${stepNumber}`;

/** The plaintext that is encrypted into a backup file; versions and check-ins oldest first. */
export function buildBackupPayload(
  steps: readonly StepSnapshot[],
  inventories: Record<InventoryType, InventorySnapshot>,
  tools: RecoveryToolsSnapshot = emptyRecoveryTools(),
): BackupPayload {
  const progress: Record<string, BackupStep> = {};
  for (const step of [...steps].sort((a, b) => a.step_number - b.step_number)) {
    if (step.step_number < 1 || step.step_number > BACKUP_STEP_COUNT) continue;
    const { step_number, ...kept } = step;
    progress[stepKey(step_number)] = kept;
  }
  const out = {} as Record<InventoryType, InventorySnapshot>;
  for (const type of INVENTORY_TYPES) {
    out[type] = { entries: [...inventories[type].entries], completed: inventories[type].completed };
  }
  return {
    fieldStructure: BACKUP_FIELD_STRUCTURE as unknown as Record<string, unknown>,
    programTrack: BACKUP_PROGRAM_TRACK,
    progress,
    inventories: out as BackupInventories,
    circles: [...tools.circles].sort((a, b) => a.version - b.version),
    abstinence: tools.abstinence,
    checkIns: [...tools.checkIns].sort((a, b) => a.day.localeCompare(b.day)),
  };
}

/** A decrypted (or plain) payload, checked; null when it is not one. */
export function parseBackupPayload(value: unknown): BackupPayload | null {
  const parsed = backupPayloadSchema.safeParse(value);
  if (!parsed.success) return null;
  return { fieldStructure: parsed.data.fieldStructure ?? {}, ...parsed.data } as BackupPayload;
}

/**
 * What a restore writes back: the steps in order, the three inventories, and the circles, abstinence
 * dates and check-ins. A restore replaces everything, like the steps a backup does not hold: a file made
 * before the circles, the abstinence dates and the check-ins existed restores none of them.
 */
export function restoreContent(payload: BackupPayload): {
  steps: StepSnapshot[];
  inventories: Record<InventoryType, InventorySnapshot>;
} & RecoveryToolsSnapshot {
  const steps: StepSnapshot[] = [];
  for (let n = 1; n <= BACKUP_STEP_COUNT; n++) {
    const step = payload.progress[stepKey(n)];
    if (step) steps.push({ step_number: n, ...step });
  }
  const inventories = {} as Record<InventoryType, InventorySnapshot>;
  for (const type of INVENTORY_TYPES) {
    const inventory = payload.inventories[type];
    inventories[type] = { entries: inventory.entries as EntryRecord[], completed: inventory.completed };
  }
  return {
    steps,
    inventories,
    circles: payload.circles ?? [],
    abstinence: payload.abstinence ?? null,
    checkIns: payload.checkIns ?? [],
  };
}
