import { type ProgramId, type ProgramPreferences, preferencesReplySchema } from '@sam/core';
import { ApiError, http } from '../../app/http.ts';

const PATH = '/api/user/program-preferences';

/** Program preferences. The only place that builds their URLs. */
export const preferencesApi = {
  /** null when none are set (the server's 404). */
  get: async (): Promise<ProgramPreferences | null> => {
    try {
      return await http.get(PATH, preferencesReplySchema);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  create: (body: { selectedPrograms: ProgramId[]; primaryProgram: ProgramId }) =>
    http.post(PATH, preferencesReplySchema, body),
  update: (body: { selectedPrograms?: ProgramId[]; primaryProgram?: ProgramId }) =>
    http.put(PATH, preferencesReplySchema, body),
};
