import { INVENTORY_LABELS } from '../inventory/entries.ts';
import type { BackupPayload } from '../schemas/backup.ts';
import { INVENTORY_TYPES, type InventoryType } from '../schemas/inventory.ts';
import { stepKey } from './payload.ts';
import { backupStepHasData } from './summary.ts';

/** When each part of the account's writing was last saved (ISO date-times), as the server's replies say. */
export type SavedTimes = {
  steps: Partial<Record<number, string>>;
  inventories: Partial<Record<InventoryType, string>>;
  /** Circles version number to the time it was made. */
  circles: Partial<Record<number, string>>;
  /** Check-in day to the time it was last saved. */
  checkIns: Partial<Record<string, string>>;
  abstinence: string | null;
};

/** What the account holds that was saved after a backup was made and differs from the backup's copy. */
export type NewerWriting = {
  steps: number[];
  inventories: InventoryType[];
  circleVersions: number;
  abstinence: boolean;
  checkIns: number;
};

/** The same value whatever the order of its keys. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * What a restore of `file` would replace that is newer than the file: each part the account holds now,
 * saved after `exportDate`, whose content differs from the file's (so the writing a restore itself put back
 * does not count). Parts the browser could not read are not in `current`, so they are not listed.
 */
export function newerThanBackup(
  current: BackupPayload,
  savedAt: SavedTimes,
  file: BackupPayload,
  exportDate: string,
): NewerWriting {
  const made = Date.parse(exportDate);
  const after = (at: string | null | undefined) =>
    at !== null && at !== undefined && (Number.isNaN(made) || Date.parse(at) > made);
  const steps: number[] = [];
  for (let n = 1; n <= 12; n++) {
    const now = current.progress[stepKey(n)];
    if (!now || !backupStepHasData(now) || !after(savedAt.steps[n])) continue;
    const then = file.progress[stepKey(n)];
    const { started_at: _s, completed_at: _c, ...mine } = now;
    const theirs = then ? (({ started_at: _s2, completed_at: _c2, ...rest }) => rest)(then) : null;
    if (!same(mine, theirs)) steps.push(n);
  }
  const inventories = INVENTORY_TYPES.filter((type) => {
    const now = current.inventories[type];
    if (now.entries.length === 0 || !after(savedAt.inventories[type])) return false;
    return !same(now.entries, file.inventories[type].entries);
  });
  const fileCircles = new Map((file.circles ?? []).map((v) => [v.version, v]));
  const circleVersions = (current.circles ?? []).filter(
    (v) => after(savedAt.circles[v.version]) && !same(v, fileCircles.get(v.version)),
  ).length;
  const fileDays = new Map((file.checkIns ?? []).map((c) => [c.day, c]));
  const checkIns = (current.checkIns ?? []).filter(
    (c) => after(savedAt.checkIns[c.day]) && !same(c, fileDays.get(c.day)),
  ).length;
  const abstinence =
    current.abstinence !== null &&
    current.abstinence !== undefined &&
    after(savedAt.abstinence) &&
    !same(current.abstinence, file.abstinence ?? null);
  return { steps, inventories, circleVersions, abstinence, checkIns };
}

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const listed = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;

/**
 * The restore preview's warning, e.g. "3 steps and 1 inventory were saved after this backup was made:
 * Step 2, Step 3, Step 5 and Resentments." Null when nothing is newer.
 */
export function newerWritingText(newer: NewerWriting): string | null {
  const parts: string[] = [];
  if (newer.steps.length) parts.push(count(newer.steps.length, 'step', 'steps'));
  if (newer.inventories.length) parts.push(count(newer.inventories.length, 'inventory', 'inventories'));
  if (newer.circleVersions) parts.push(count(newer.circleVersions, 'circles version', 'circles versions'));
  if (newer.abstinence) parts.push('your abstinence dates');
  if (newer.checkIns) parts.push(count(newer.checkIns, 'check-in', 'check-ins'));
  if (parts.length === 0) return null;
  const single =
    parts.length === 1 &&
    !newer.abstinence &&
    newer.steps.length + newer.inventories.length + newer.circleVersions + newer.checkIns === 1;
  const named = [
    ...newer.steps.map((n) => `Step ${n}`),
    ...newer.inventories.map((type) => INVENTORY_LABELS[type]),
  ];
  const which = named.length ? `: ${listed(named)}` : '';
  return `${listed(parts)} ${single ? 'was' : 'were'} saved after this backup was made${which}.`;
}
