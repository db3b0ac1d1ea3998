import { z } from 'zod';
import { PROGRAM_IDS } from '../fellowships.ts';
import { PREFERENCE_MESSAGES } from '../programPreferences.ts';

export const programIdSchema = z
  .string({ error: 'Program ids are text' })
  .trim()
  .toLowerCase()
  .pipe(z.enum(PROGRAM_IDS, { error: 'Unknown program' }));

const selectedSchema = z
  .array(programIdSchema)
  .min(1, PREFERENCE_MESSAGES.selectOne)
  .max(PROGRAM_IDS.length)
  .refine((ids) => new Set(ids).size === ids.length, 'A program is listed twice');

export const createPreferencesBodySchema = z
  .object({ selectedPrograms: selectedSchema, primaryProgram: programIdSchema })
  .refine((body) => body.selectedPrograms.includes(body.primaryProgram), {
    message: PREFERENCE_MESSAGES.primaryNotSelected,
    path: ['primaryProgram'],
  });

export const updatePreferencesBodySchema = z
  .object({ selectedPrograms: selectedSchema.optional(), primaryProgram: programIdSchema.optional() })
  .refine((body) => body.selectedPrograms !== undefined || body.primaryProgram !== undefined, {
    message: 'Send selectedPrograms, primaryProgram or both',
  });

export const preferencesReplySchema = z.object({
  selectedPrograms: z.array(z.enum(PROGRAM_IDS)),
  primaryProgram: z.enum(PROGRAM_IDS).nullable(),
});
