import {
  journeySchema,
  messageReplySchema,
  progressListSchema,
  type StepAction,
  type StepRecord,
  stepRecordSchema,
  stepSaveReplySchema,
  WORKBOOK_FELLOWSHIP,
  WORKBOOK_PROGRAM,
} from '@sam/core';
import { http } from '../../app/http.ts';

/** The program and track the step pages work on. */
export const PROGRAM = WORKBOOK_PROGRAM;
export const TRACK = '12-steps';

export type StepSave = {
  step_number: number;
  step_title: string;
  completed: boolean;
  actions: StepAction[];
  /**
   * The private part, already encrypted in the browser (docs/architecture.md, "What the server can and
   * cannot read").
   */
  encryptedData: string;
};

/** The progress service. The only place that builds its URLs. */
export const progressApi = {
  list: () => http.get(`/api/progress/${PROGRAM}`, progressListSchema),
  createProgram: () =>
    http.post('/api/progress/program', messageReplySchema, {
      program: PROGRAM,
      program_description: WORKBOOK_FELLOWSHIP.fullName,
    }),
  createTrack: () =>
    http.post('/api/progress/track', messageReplySchema, {
      program: PROGRAM,
      track: TRACK,
      track_description: 'The 12 Steps of SAA',
    }),
  /** Resolves with the stored step; the reply leaves out the ciphertext, which is the one sent here. */
  saveStep: async (save: StepSave): Promise<StepRecord> => {
    const stored = await http.post('/api/progress/step', stepSaveReplySchema, {
      program: PROGRAM,
      track: TRACK,
      step_number: save.step_number,
      step_title: save.step_title,
      completed: save.completed,
      data: { actions: save.actions, encryptedData: save.encryptedData, encrypted: true },
    });
    return { ...stored, data: { ...stored.data, encryptedData: save.encryptedData } };
  },
  updateAction: (step_number: number, action_id: number, completed: boolean) =>
    http.post('/api/progress/action', stepRecordSchema, {
      program: PROGRAM,
      track: TRACK,
      step_number,
      action_id,
      completed,
    }),
  updateStatus: (status_note: string, progress_milestone: string) =>
    http.post('/api/progress/status', messageReplySchema, {
      program: PROGRAM,
      track: TRACK,
      status_note,
      progress_milestone,
    }),
  updateDates: (stepNumber: number, started_at: string, completed_at: string | null) =>
    http.put(`/api/progress/step/${stepNumber}/dates`, stepRecordSchema, { started_at, completed_at }),
  journey: () => http.get('/api/progress/journey', journeySchema),
};
