import { type ProgramId, type ProgramPreferences, preferencesReplySchema } from '@sam/core';
import { http } from '../../app/http.ts';

const PATH = '/api/user/program-preferences';

/** Program preferences. The only place that builds their URLs. */
export const preferencesApi = {
  /** null when none are set. */
  get: (): Promise<ProgramPreferences | null> => http.get(PATH, preferencesReplySchema.nullable()),
  create: (body: { selectedPrograms: ProgramId[]; primaryProgram: ProgramId }) =>
    http.post(PATH, preferencesReplySchema, body),
  update: (body: { selectedPrograms?: ProgramId[]; primaryProgram?: ProgramId }) =>
    http.put(PATH, preferencesReplySchema, body),
};
