import { z } from 'zod';
import { PROGRAM_CODES, WORKBOOK_PROGRAM } from '../fellowships.ts';
import { base64 } from './common.ts';

export const MAX_STEP_CIPHERTEXT = 400_000;
export const MAX_ACTIONS_PER_STEP = 20;

/** Program codes as the progress service stores them ('SAA'); lower-case ids are accepted. */
export const progressProgramSchema = z
  .string({ error: 'program is required' })
  .trim()
  .min(1, 'program is required')
  .max(20)
  .toUpperCase()
  .pipe(z.enum(PROGRAM_CODES, { error: 'Unknown program' }));

export const trackSchema = z
  .string({ error: 'track is required' })
  .trim()
  .max(40)
  .pipe(z.enum(['12-steps'], { error: 'Unknown track' }));

export const stepNumberSchema = z.coerce
  .number({ error: 'step_number must be a number' })
  .int('step_number must be a whole number')
  .min(1, 'step_number must be between 1 and 12')
  .max(12, 'step_number must be between 1 and 12');

export const stepActionSchema = z.strictObject({
  id: z.number().int().min(1).max(MAX_ACTIONS_PER_STEP),
  completed: z.boolean(),
  description: z.string().max(500).optional(),
});
export type StepAction = z.infer<typeof stepActionSchema>;

/**
 * What the server may read of a step: action flags, and everything private as one ciphertext
 * (docs/architecture.md, "What the server can and cannot read"). Any other field is refused so private
 * text can never be stored in the clear.
 */
export const stepDataSchema = z.strictObject({
  actions: z.array(stepActionSchema).max(MAX_ACTIONS_PER_STEP),
  encryptedData: base64(MAX_STEP_CIPHERTEXT).optional(),
  encrypted: z.boolean(),
});
export type StepData = z.infer<typeof stepDataSchema>;

export const stepSaveBodySchema = z.object({
  program: progressProgramSchema,
  track: trackSchema,
  step_number: z
    .number()
    .int()
    .min(1, 'step_number must be between 1 and 12')
    .max(12, 'step_number must be between 1 and 12'),
  step_title: z.string().trim().max(100).optional(),
  completed: z.boolean(),
  data: stepDataSchema,
});
export type StepSaveBody = z.input<typeof stepSaveBodySchema>;

/** A stored step as replies carry it: its ciphertext was checked on the way in and is not checked again. */
const storedStepDataSchema = stepDataSchema.extend({ encryptedData: z.string().optional() });

export const stepRecordSchema = z.object({
  program: z.string(),
  track: z.string(),
  step_number: z.number().int(),
  step_title: z.string(),
  completed: z.boolean(),
  data: storedStepDataSchema,
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  updated_at: z.string(),
  sk: z.string(),
});
export type StepRecord = z.infer<typeof stepRecordSchema>;

/**
 * A step save's reply: the stored step without its ciphertext, which is the one the request itself carried
 * (a long step's would otherwise travel back down with every autosave).
 */
export const stepSaveReplySchema = stepRecordSchema.extend({
  data: storedStepDataSchema.omit({ encryptedData: true }),
});
export type StepSaveReply = z.infer<typeof stepSaveReplySchema>;

export const progressListSchema = z.object({ progress: z.array(stepRecordSchema) });

export const programBodySchema = z.object({
  program: progressProgramSchema,
  program_description: z.string().trim().max(200).optional(),
});
export const trackBodySchema = z.object({
  program: progressProgramSchema,
  track: trackSchema,
  track_description: z.string().trim().max(200).optional(),
});

export const actionBodySchema = z.object({
  program: progressProgramSchema,
  track: trackSchema,
  step_number: stepNumberSchema,
  action_id: z.number().int().min(1).max(MAX_ACTIONS_PER_STEP),
  completed: z.boolean(),
});

export const statusBodySchema = z.object({
  program: progressProgramSchema,
  track: trackSchema,
  status_note: z.string().trim().min(1).max(200),
  progress_milestone: z.string().regex(/^step([1-9]|1[0-2])_(in_progress|completed)$/, 'Unknown milestone'),
});

/** Calendar dates (YYYY-MM-DD) or ISO date-times; completion may be cleared with null. */
export const stepDatesBodySchema = z.object({
  program: progressProgramSchema.default(WORKBOOK_PROGRAM),
  track: trackSchema.default('12-steps'),
  started_at: z.string().max(40).nullable().optional(),
  completed_at: z.string().max(40).nullable().optional(),
});

export const journeySchema = z.object({
  opted_out: z.boolean(),
  steps: z.array(
    z.object({
      step_number: z.number().int(),
      completed: z.boolean(),
      started_at: z.string().nullable(),
      completed_at: z.string().nullable(),
    }),
  ),
});
export type Journey = z.infer<typeof journeySchema>;

export const dateTrackingBodySchema = z.object({ date_display_opted_out: z.boolean() });
