import { INVENTORY_LABELS } from '../inventory/entries.ts';
import {
  BACKUP_PROGRAM_TRACK,
  type BackupMetadata,
  type BackupPayload,
  type BackupStep,
} from '../schemas/backup.ts';
import { INVENTORY_TYPES, type InventoryType } from '../schemas/inventory.ts';
import type { StepAction } from '../schemas/progress.ts';
import { BACKUP_MESSAGES } from './messages.ts';
import { stepKey } from './payload.ts';

const hasText = (value: unknown): boolean => {
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.some(hasText);
  if (value && typeof value === 'object') return Object.values(value).some(hasText);
  return false;
};

/** A backed-up step holds data when it is completed, has a ticked action or any private field filled. */
export function backupStepHasData(step: BackupStep): boolean {
  return step.completed || step.actions.some((a) => a.completed) || hasText(step.data);
}

export type BackupPreview = {
  program: string;
  track: string;
  backupDate: string;
  stepsWithData: number[];
  inventoryCounts: { type: InventoryType; label: string; count: number }[];
  /** What the file holds of the circles, the abstinence dates and the check-ins (none in older files). */
  circleVersions: number;
  abstinencePeriods: number;
  checkIns: number;
};

const TRACK_LABELS: Record<string, string> = { '12-steps': '12 Steps' };

/** Whose way of writing dates the preview uses: the browser's locale and time zone unless given. */
export type BackupDateStyle = { locale?: string; timeZone?: string };

/**
 * When a backup was made, date and time, the way the person writes them (as 'Mar 5, 2026, 10:30 AM' in
 * the United States): two backups of one day are told apart. The text as given when it is not a date.
 */
export function formatBackupDate(exportDate: string, { locale, timeZone }: BackupDateStyle = {}): string {
  const date = new Date(exportDate);
  if (Number.isNaN(date.getTime())) return exportDate;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

/** What the restore preview dialog shows. */
export function backupPreview(
  metadata: BackupMetadata,
  payload: BackupPayload,
  dateStyle: BackupDateStyle = {},
): BackupPreview {
  // Inside the payload from format 2 on; in the clear metadata of older files.
  const programTrack = payload.programTrack ?? metadata.programTrack ?? BACKUP_PROGRAM_TRACK;
  const [program = '', ...rest] = programTrack.split('-');
  const track = metadata.track ?? rest.join('-');
  const stepsWithData: number[] = [];
  for (let n = 1; n <= 12; n++) {
    const step = payload.progress[stepKey(n)];
    if (step && backupStepHasData(step)) stepsWithData.push(n);
  }
  return {
    program: metadata.program ?? program,
    track: TRACK_LABELS[track] ?? track,
    backupDate: formatBackupDate(metadata.exportDate, dateStyle),
    stepsWithData,
    inventoryCounts: INVENTORY_TYPES.map((type) => ({
      type,
      label: INVENTORY_LABELS[type],
      count: payload.inventories[type].entries.length,
    })),
    circleVersions: payload.circles?.length ?? 0,
    abstinencePeriods: payload.abstinence?.periods.length ?? 0,
    checkIns: payload.checkIns?.length ?? 0,
  };
}

const counted = (n: number, one: string, many: string) =>
  n === 0 ? 'None' : `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The preview's lines for the circles, the abstinence dates and the check-ins: label and what the file holds. */
export function recoveryToolsPreviewRows(preview: BackupPreview): [string, string][] {
  return [
    ['Three circles', counted(preview.circleVersions, 'circle version', 'circle versions')],
    ['Abstinence dates', counted(preview.abstinencePeriods, 'period', 'periods')],
    ['Check-ins', counted(preview.checkIns, 'check-in', 'check-ins')],
  ];
}

type ReadableStep = { completed: boolean; data: { actions: StepAction[]; encryptedData?: string } };
type ReadableInventory = { entry_count: number };
/** What the server can see of the other saved parts: how many circles versions and check-ins, and whether an abstinence record exists. */
export type ReadableRecoveryTools = { circleVersions: number; abstinence: boolean; checkIns: number };

/**
 * Whether the user has current data, from what the server can read: a completed step, a ticked action, a
 * step's private ciphertext, an inventory entry, a version of the circles, an abstinence record or a
 * check-in. Server and browser decide alike with this rule.
 */
export function hasCurrentData(
  steps: readonly ReadableStep[],
  inventories: readonly ReadableInventory[],
  tools: ReadableRecoveryTools = { circleVersions: 0, abstinence: false, checkIns: 0 },
): boolean {
  return (
    steps.some(
      (s) => s.completed || s.data.actions.some((a) => a.completed) || s.data.encryptedData !== undefined,
    ) ||
    inventories.some((i) => i.entry_count > 0) ||
    tools.circleVersions > 0 ||
    tools.abstinence ||
    tools.checkIns > 0
  );
}

/** 'Clear All Data' is enabled only when the text is 'clear', in any case. */
export function isClearConfirmed(text: string): boolean {
  return text.trim().toLowerCase() === 'clear';
}

/** The clear confirmation check: null when confirmed, else the message. */
export function clearConfirmationProblem(text: string): string | null {
  return isClearConfirmed(text) ? null : BACKUP_MESSAGES.clearConfirmRequired;
}
