import { mergePreferences, type ProgramId, type ProgramPreferences } from '@sam/core';
import {
  findProgramPreferences,
  saveProgramPreferences,
  setDateDisplayOptedOut,
} from '../../db/preferences.ts';
import type { UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';

export const PREFERENCES_NOT_SET = 'No program preferences set yet';

export function createPreferencesService(deps: AppDeps) {
  const { db } = deps;

  async function current(user: UserRow): Promise<ProgramPreferences | undefined> {
    const row = await findProgramPreferences(db, user.id);
    if (!row) return undefined;
    return {
      selectedPrograms: JSON.parse(row.selected_programs) as ProgramId[],
      primaryProgram: row.primary_program as ProgramId | null,
    };
  }

  async function store(user: UserRow, prefs: ProgramPreferences): Promise<ProgramPreferences> {
    await saveProgramPreferences(
      db,
      user.id,
      { selected_programs: JSON.stringify(prefs.selectedPrograms), primary_program: prefs.primaryProgram },
      deps.now(),
    );
    return prefs;
  }

  return {
    /** null until the person chooses programs: a choice not made yet is not an error. */
    async get(user: UserRow): Promise<ProgramPreferences | null> {
      return (await current(user)) ?? null;
    },

    async create(user: UserRow, prefs: ProgramPreferences): Promise<ProgramPreferences> {
      if (await current(user))
        throw conflict('Program preferences already exist; update them instead.', 'exists');
      return store(user, prefs);
    },

    async update(
      user: UserRow,
      update: { selectedPrograms?: ProgramId[]; primaryProgram?: ProgramId },
    ): Promise<ProgramPreferences> {
      const existing = await current(user);
      if (!existing) throw notFound(PREFERENCES_NOT_SET);
      const merged = mergePreferences(existing, update);
      if ('error' in merged) throw badRequest(`primaryProgram: ${merged.error}`, 'invalid_input');
      return store(user, merged.preferences);
    },

    async setDateTracking(user: UserRow, optedOut: boolean): Promise<void> {
      await setDateDisplayOptedOut(db, user.id, optedOut, deps.now());
    },
  };
}
