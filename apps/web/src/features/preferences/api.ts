import type { ProgramId, ProgramPreferences } from '@sam/core';
import { ApiError, http } from '../../app/http.ts';

const PATH = '/api/user/program-preferences';

/** Program preferences (spec part 1 §7). The only place that builds their URLs. */
export const preferencesApi = {
  /** null when none are set (the server's 404). */
  get: async (): Promise<ProgramPreferences | null> => {
    try {
      return await http.get<ProgramPreferences>(PATH);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  create: (body: { selectedPrograms: ProgramId[]; primaryProgram: ProgramId }) =>
    http.post<ProgramPreferences>(PATH, body),
  update: (body: { selectedPrograms?: ProgramId[]; primaryProgram?: ProgramId }) =>
    http.put<ProgramPreferences>(PATH, body),
};
