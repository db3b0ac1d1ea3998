import { isBlank } from './answers.ts';
import { STEP_MESSAGES } from './messages.ts';
import { DEFECT_MAX_LENGTH, MAX_CHARACTER_DEFECTS } from './schemas.ts';

/**
 * The step 5 defect list: the inputs shown are the entries plus one blank input after
 * the last filled one, never more than 9.
 */
export function defectInputs(entries: readonly string[] | null | undefined): string[] {
  const inputs = (entries ?? []).slice(0, MAX_CHARACTER_DEFECTS);
  const last = inputs[inputs.length - 1];
  if (inputs.length < MAX_CHARACTER_DEFECTS && (last === undefined || !isBlank(last))) inputs.push('');
  return inputs;
}

/** Replaces one input's text (cut to the defect length limit) and returns the inputs to show next. */
export function updateDefectInput(entries: readonly string[], index: number, text: string): string[] {
  const next = [...entries];
  next[index] = text.slice(0, DEFECT_MAX_LENGTH);
  return defectInputs(next);
}

/**
 * Where Enter moves in the defect list: the next input, or null after the last one (the page may then
 * move to the Save my list button).
 */
export function nextDefectInputIndex(index: number, inputCount: number): number | null {
  return index + 1 < Math.min(inputCount, MAX_CHARACTER_DEFECTS) ? index + 1 : null;
}

/**
 * The list to save: trimmed, blank entries dropped (trailing ones and any in between,
 * which step 6 could not use), exact repeats dropped (step 6 keys answers by defect), at most 9.
 */
export function cleanDefects(entries: readonly string[] | null | undefined): string[] {
  const result: string[] = [];
  for (const entry of entries ?? []) {
    const defect = entry.trim().slice(0, DEFECT_MAX_LENGTH);
    if (defect && !result.includes(defect)) result.push(defect);
  }
  return result.slice(0, MAX_CHARACTER_DEFECTS);
}

/** Save my list is enabled unless a save is running or every entry is blank. */
export function canSaveDefects(entries: readonly string[] | null | undefined, saving = false): boolean {
  return !saving && cleanDefects(entries).length > 0;
}

/** 'Please enter at least one character defect before saving.' when every entry is blank, else null. */
export function defectsSaveError(entries: readonly string[] | null | undefined): string | null {
  return cleanDefects(entries).length > 0 ? null : STEP_MESSAGES.noDefectsToSave;
}
