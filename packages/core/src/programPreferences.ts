import type { ProgramId } from './fellowships.ts';

export type ProgramPreferences = { selectedPrograms: ProgramId[]; primaryProgram: ProgramId | null };

export const PREFERENCE_MESSAGES = {
  selectOne: 'Please select at least one program',
  selectPrimary: 'Please select a primary program',
  primaryNotSelected: 'The primary program must be one of the selected programs',
  saveFailed: 'Failed to save preferences. Please try again.',
} as const;

/** Merges an update into stored preferences; null when the result breaks a rule (with the message). */
export function mergePreferences(
  current: ProgramPreferences,
  update: { selectedPrograms?: ProgramId[]; primaryProgram?: ProgramId },
): { preferences: ProgramPreferences } | { error: string } {
  const selectedPrograms = update.selectedPrograms ?? current.selectedPrograms;
  let primaryProgram = update.primaryProgram ?? current.primaryProgram;
  if (primaryProgram && !selectedPrograms.includes(primaryProgram)) {
    if (update.primaryProgram) return { error: PREFERENCE_MESSAGES.primaryNotSelected };
    primaryProgram = selectedPrograms[0] ?? null;
  }
  return { preferences: { selectedPrograms, primaryProgram } };
}

/** Setup screen checkbox: the first chosen becomes primary; unchecking the primary passes it on. */
export function toggleSelectedProgram(prefs: ProgramPreferences, id: ProgramId): ProgramPreferences {
  return prefs.selectedPrograms.includes(id) ? removeProgram(prefs, id) : addProgram(prefs, id);
}

export function addProgram(prefs: ProgramPreferences, id: ProgramId): ProgramPreferences {
  if (prefs.selectedPrograms.includes(id)) return prefs;
  return { selectedPrograms: [...prefs.selectedPrograms, id], primaryProgram: prefs.primaryProgram ?? id };
}

export function removeProgram(prefs: ProgramPreferences, id: ProgramId): ProgramPreferences {
  const selectedPrograms = prefs.selectedPrograms.filter((p) => p !== id);
  const primaryProgram = prefs.primaryProgram === id ? (selectedPrograms[0] ?? null) : prefs.primaryProgram;
  return { selectedPrograms, primaryProgram };
}

/** Making a program primary sends only primaryProgram. */
export function setPrimaryBody(id: ProgramId): { primaryProgram: ProgramId } {
  return { primaryProgram: id };
}

/** The setup screen's validation, null when Save may run. */
export function preferencesError(prefs: ProgramPreferences): string | null {
  if (prefs.selectedPrograms.length === 0) return PREFERENCE_MESSAGES.selectOne;
  if (!prefs.primaryProgram) return PREFERENCE_MESSAGES.selectPrimary;
  return null;
}
