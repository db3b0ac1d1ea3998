import {
  cleanDefects,
  normalizeActions,
  type StepAction,
  type StepDefinition,
  type StepPrivateData,
  type StepRecord,
  stepPrivateDataSchema,
  storedStepPrivateDataSchema,
} from '@sam/core';
import { PROGRAM, TRACK } from './api.ts';

/** What a step page works on: the readable action flags and the private fields (decrypted). */
export type StepDraft = { actions: StepAction[]; data: StepPrivateData };

/** Where a step's ciphertext belongs (its additional authenticated data; no '|'). */
export function stepPlace(stepNumber: number): string {
  return `progress:${PROGRAM}:${TRACK}:step-${stepNumber}`;
}

export class StepDataError extends Error {
  constructor(message = 'Failed to decrypt data') {
    super(message);
    this.name = 'StepDataError';
  }
}

/**
 * The decrypted private part, read with no length limits (text saved before a limit existed comes back
 * whole); a shape SAM cannot read is an error, never a crash and never an emptied field.
 */
export function decodePrivateData(value: unknown): StepPrivateData {
  if (value === null || value === undefined) return {};
  const parsed = storedStepPrivateDataSchema.safeParse(value);
  if (!parsed.success) throw new StepDataError('Your saved data for this step could not be read.');
  return parsed.data;
}

/** The private part to encrypt: only fields that hold something (undefined is dropped by JSON anyway). */
export function privateForSave(data: StepPrivateData): StepPrivateData {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) if (value !== undefined) out[key] = value;
  // The defect inputs hold blanks while typing; only the cleaned list is saved.
  if (data.characterDefects) out.characterDefects = cleanDefects(data.characterDefects);
  return stepPrivateDataSchema.parse(out);
}

/** The page's starting point from the stored record (missing record: nothing done). */
export function draftFrom(step: StepDefinition, record: StepRecord | null, data: StepPrivateData): StepDraft {
  return { actions: normalizeActions(step, record?.data.actions), data };
}

/** The list with one record put in (or replaced), kept in step order. */
export function replaceRecord(list: readonly StepRecord[] | undefined, record: StepRecord): StepRecord[] {
  const rest = (list ?? []).filter(
    (r) =>
      !(r.step_number === record.step_number && r.program === record.program && r.track === record.track),
  );
  return [...rest, record].sort((a, b) => a.step_number - b.step_number);
}

/** The record of one step of the SAA 12-step track, or null. */
export function recordOf(list: readonly StepRecord[] | undefined, stepNumber: number): StepRecord | null {
  return (
    (list ?? []).find(
      (r) =>
        r.step_number === stepNumber && r.program.toUpperCase() === PROGRAM && (r.track ?? TRACK) === TRACK,
    ) ?? null
  );
}

/** Step records by number, for the status rules of core. */
export function recordsByNumber(list: readonly StepRecord[] | undefined): Map<number, StepRecord> {
  const map = new Map<number, StepRecord>();
  for (const r of list ?? [])
    if (r.program.toUpperCase() === PROGRAM && r.track === TRACK) map.set(r.step_number, r);
  return map;
}

/** The step page's working copy with one flag per action of the step. */
export function normalizeDraft(step: StepDefinition, draft: StepDraft): StepDraft {
  return { actions: normalizeActions(step, draft.actions), data: draft.data };
}

const typed = (text: string | undefined) => text !== undefined && text.trim() !== '';

/**
 * What a visitor typed on a step page, put over what the person has saved once they sign in: each answer,
 * text or defect the visitor wrote wins; everything they did not touch stays as saved.
 */
export function mergeVisitorDraft(saved: StepPrivateData, visit: StepPrivateData): StepPrivateData {
  const merged: StepPrivateData = { ...saved };
  for (const field of ['step2_questions', 'step3_questions'] as const) {
    const answers = visit[field];
    if (!answers) continue;
    const written = Object.entries(answers).filter(([, a]) => typed(a?.answer));
    if (written.length > 0) merged[field] = { ...saved[field], ...Object.fromEntries(written) };
  }
  for (const field of ['step1_writing', 'prayer_text', 'notes'] as const) {
    if (typed(visit[field])) merged[field] = visit[field];
  }
  if ((visit.characterDefects ?? []).some(typed)) merged.characterDefects = visit.characterDefects;
  const defects = Object.entries(visit.defectAnswers ?? {}).filter(
    ([, a]) => typed(a.hurts) || typed(a.helps) || typed(a.less),
  );
  if (defects.length > 0) merged.defectAnswers = { ...saved.defectAnswers, ...Object.fromEntries(defects) };
  return merged;
}
