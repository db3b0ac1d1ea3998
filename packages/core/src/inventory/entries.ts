import { z } from 'zod';
import { FIELD_LIMITS, limitProblem } from '../fieldLimits.ts';
import type { CompletionMarker, InventoryType } from '../schemas/inventory.ts';

/** Impact options of resentments and fears. */
export const IMPACT_OPTIONS = [
  'self-esteem',
  'pride',
  'pocketbook',
  'personal-relationships',
  'sexual-relationships',
  'emotional-security',
  'ambitions',
] as const;

/** Defect options of harms done. */
export const DEFECT_OPTIONS = [
  'controlling',
  'dishonest',
  'disengaged',
  'entitled',
  'frightened',
  'greedy',
  'inconsiderate',
  'impulsive',
  'lustful',
  'self-pity',
  'selfish',
  'willful',
] as const;

/** 'personal-relationships' → 'Personal relationships'. */
export function optionLabel(option: string): string {
  const words = option.replaceAll('-', ' ');
  return option === 'self-esteem' || option === 'self-pity'
    ? `${option.charAt(0).toUpperCase()}${option.slice(1)}`
    : `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

/** Limited: what a save or a backup must pass. Unlimited: how stored entries are read (any length kept). */
function entrySchemas(limited: boolean) {
  const text = (limited ? z.string().max(FIELD_LIMITS.inventoryText) : z.string()).default('');
  const item = limited ? z.string().max(FIELD_LIMITS.inventoryListItem) : z.string();
  const list = (limited ? z.array(item).max(50) : z.array(item)).default([]);
  const id = z.string().min(1).max(100);
  return {
    resentments: z.object({ id, who: text, why: text, feeling: text, impacts: list, myPart: text }),
    fears: z.object({ id, fear: text, why: text, impacts: list, myPart: text }),
    harms: z.object({ id, whoHarmed: text, how: text, defects: list, alternative: text }),
  };
}

export const ENTRY_SCHEMAS = entrySchemas(true);
const STORED_ENTRY_SCHEMAS = entrySchemas(false);
export const resentmentEntrySchema = ENTRY_SCHEMAS.resentments;
export const fearEntrySchema = ENTRY_SCHEMAS.fears;
export const harmEntrySchema = ENTRY_SCHEMAS.harms;
export type ResentmentEntry = z.infer<typeof resentmentEntrySchema>;
export type FearEntry = z.infer<typeof fearEntrySchema>;
export type HarmEntry = z.infer<typeof harmEntrySchema>;
export type InventoryEntry = ResentmentEntry | FearEntry | HarmEntry;
/** Any entry seen through its field table (the UI and the CSV work on this shape). */
export type EntryRecord = { id: string } & Record<string, string | string[]>;

export type InventoryField = {
  key: string;
  label: string;
  kind: 'text' | 'textarea' | 'list';
  /** Required in the edit form: who, fear, whoHarmed. */
  required?: boolean;
  options?: readonly string[];
};

/** The fields of each entry type, in form and CSV column order; the first is the entry's name. */
export const INVENTORY_FIELDS: Record<InventoryType, readonly InventoryField[]> = {
  resentments: [
    { key: 'who', label: 'Who or what I resent', kind: 'text', required: true },
    { key: 'why', label: 'Why I am resentful', kind: 'textarea' },
    { key: 'feeling', label: 'How I feel', kind: 'text' },
    { key: 'impacts', label: 'What it affects', kind: 'list', options: IMPACT_OPTIONS },
    { key: 'myPart', label: 'My part', kind: 'textarea' },
  ],
  fears: [
    { key: 'fear', label: 'What I fear', kind: 'text', required: true },
    { key: 'why', label: 'Why I have this fear', kind: 'textarea' },
    { key: 'impacts', label: 'What it affects', kind: 'list', options: IMPACT_OPTIONS },
    { key: 'myPart', label: 'My part', kind: 'textarea' },
  ],
  harms: [
    { key: 'whoHarmed', label: 'Who I harmed', kind: 'text', required: true },
    { key: 'how', label: 'How I harmed them', kind: 'textarea' },
    { key: 'defects', label: 'Defects involved', kind: 'list', options: DEFECT_OPTIONS },
    { key: 'alternative', label: 'What could I have done differently', kind: 'textarea' },
  ],
};

/** The fields an entry needs before it counts as complete. */
export const COMPLETENESS_FIELDS: Record<InventoryType, readonly string[]> = {
  resentments: ['who', 'why', 'feeling', 'impacts', 'myPart'],
  fears: ['fear', 'why', 'impacts'],
  harms: ['whoHarmed', 'how', 'defects', 'alternative'],
};

export const INVENTORY_LABELS: Record<InventoryType, string> = {
  resentments: 'Resentments',
  fears: 'Fears',
  harms: 'Harms Done',
};

export const INVENTORY_MESSAGES = {
  incomplete: 'There are entries in your inventory that are incomplete.',
  needsMoreDetail: 'needs more detail',
  required: 'This field is required.',
  completedNotSaved: 'Completed could not be saved, so it is back as it was. Please try again.',
} as const;

const fieldOf = (type: InventoryType, key: string) => INVENTORY_FIELDS[type].find((f) => f.key === key);

/** The entry's first field (who, fear, whoHarmed). */
export const mainField = (type: InventoryType): InventoryField => INVENTORY_FIELDS[type][0] as InventoryField;

export function textValue(entry: EntryRecord, key: string): string {
  const value = entry[key];
  return typeof value === 'string' ? value : '';
}
export function listValue(entry: EntryRecord, key: string): string[] {
  const value = entry[key];
  return Array.isArray(value) ? value : [];
}

/** A fresh entry of `type` with every field empty. */
export function emptyEntry(type: InventoryType, entryId: string): EntryRecord {
  const entry: EntryRecord = { id: entryId };
  for (const field of INVENTORY_FIELDS[type]) entry[field.key] = field.kind === 'list' ? [] : '';
  return entry;
}

/** Only entries with every completeness field filled count as complete; the others show 'needs more detail'. */
export function isEntryComplete(type: InventoryType, entry: EntryRecord): boolean {
  return COMPLETENESS_FIELDS[type].every((key) =>
    fieldOf(type, key)?.kind === 'list'
      ? listValue(entry, key).length > 0
      : textValue(entry, key).trim() !== '',
  );
}

/** The dialog's tab pill: 'not started', 'in progress (N)', 'complete (N)'. */
export function inventoryStatusText(entryCount: number, completed: boolean): string {
  if (entryCount === 0) return 'not started';
  return completed ? `complete (${entryCount})` : `in progress (${entryCount})`;
}

/** Quick add: a blank name is ignored; the text is trimmed. */
export function quickAddEntry(type: InventoryType, name: string, entryId: string): EntryRecord | null {
  const trimmed = name.trim();
  if (trimmed === '') return null;
  return { ...emptyEntry(type, entryId), [mainField(type).key]: trimmed };
}

/** The edit form's check: the required fields (who, fear, whoHarmed) are not blank. Returns the missing keys. */
export function missingRequired(type: InventoryType, entry: EntryRecord): string[] {
  return INVENTORY_FIELDS[type]
    .filter((f) => f.required && textValue(entry, f.key).trim() === '')
    .map((f) => f.key);
}

/** An inventory as the dialog holds it. */
export type InventoryState = { entries: EntryRecord[]; completed: boolean };

/** The Completed checkbox is disabled while the inventory has no entries. */
export const completedCheckboxDisabled = (state: InventoryState): boolean => state.entries.length === 0;

/**
 * Ticking or unticking Completed: ticking with no entries or with any incomplete entry is
 * refused (the latter with the warning); unticking is always allowed.
 */
export function setInventoryCompleted(
  type: InventoryType,
  state: InventoryState,
  completed: boolean,
): { ok: true; state: InventoryState } | { ok: false; warning: string | null } {
  if (!completed) return { ok: true, state: { ...state, completed: false } };
  if (state.entries.length === 0) return { ok: false, warning: null };
  if (state.entries.some((e) => !isEntryComplete(type, e))) {
    return { ok: false, warning: INVENTORY_MESSAGES.incomplete };
  }
  return { ok: true, state: { ...state, completed: true } };
}

/** Deleting an entry; deleting the last one resets completion to false. */
export function removeEntry(state: InventoryState, entryId: string): InventoryState {
  const entries = state.entries.filter((e) => e.id !== entryId);
  return { entries, completed: entries.length === 0 ? false : state.completed };
}

/** Replacing an edited entry. An entry made incomplete un-marks the inventory, so 'complete' stays true. */
export function replaceEntry(type: InventoryType, state: InventoryState, entry: EntryRecord): InventoryState {
  const entries = state.entries.map((e) => (e.id === entry.id ? entry : e));
  return { entries, completed: state.completed && isEntryComplete(type, entry) };
}

/** Adding an entry keeps completion only if the new entry is itself complete. */
export function addEntry(type: InventoryType, state: InventoryState, entry: EntryRecord): InventoryState {
  return { entries: [...state.entries, entry], completed: state.completed && isEntryComplete(type, entry) };
}

/** '1 entry', '1,204 entries'. */
export function entryCountText(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'entry' : 'entries'}`;
}

/** An inventory counts as completed only when it is marked complete and has entries. */
export function inventoryCompleted(markedComplete: boolean, entryCount: number): boolean {
  return markedComplete && entryCount > 0;
}

/** The readable completion marker saved beside the ciphertext. */
export function completionMarker(completed: boolean, now: Date): CompletionMarker {
  return { _type: 'completion_status', completed, timestamp: now.toISOString() };
}

/** What is encrypted: the entry list, versioned. */
export type InventoryPayload = { v: 1; entries: EntryRecord[] };

export function inventoryPayload(entries: readonly EntryRecord[]): InventoryPayload {
  return { v: 1, entries: [...entries] };
}

/** A stored inventory SAM cannot read as entries. Nothing is shown as the inventory, so nothing is saved over it. */
export class InventoryReadError extends Error {
  constructor() {
    super(
      'Part of this inventory could not be read, so SAM is not showing it and has changed nothing. Please contact the SAM team through Feedback.',
    );
    this.name = 'InventoryReadError';
  }
}

/**
 * Reads a decrypted payload. Every entry is kept as it was written, whatever its length; a payload or an
 * entry that does not have the entry shape is refused as a whole (InventoryReadError), never dropped.
 */
export function parseInventoryPayload(type: InventoryType, value: unknown): EntryRecord[] {
  if (value === null || value === undefined) return [];
  const raw = (value as { entries?: unknown }).entries;
  if (!Array.isArray(raw)) throw new InventoryReadError();
  const schema = STORED_ENTRY_SCHEMAS[type];
  return raw.map((item) => {
    const parsed = schema.safeParse(item);
    if (!parsed.success) throw new InventoryReadError();
    return parsed.data as EntryRecord;
  });
}

/** The first text of an entry that is over its limit, as a message naming the field; null when all fit. */
export function entryLimitProblem(type: InventoryType, entry: EntryRecord): string | null {
  for (const field of INVENTORY_FIELDS[type]) {
    if (field.kind === 'list') continue;
    const problem = limitProblem(field.label, textValue(entry, field.key), FIELD_LIMITS.inventoryText);
    if (problem) return problem;
  }
  return null;
}

/** The place an inventory's ciphertext is bound to (no '|'). */
export const inventoryPlace = (type: InventoryType, version: string = `${type}-current`) =>
  `inventory:${type}:${version.replace(/^.*-/, '')}`;
