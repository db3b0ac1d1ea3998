import { z } from 'zod';
import { isCalendarDay } from '../calendarDays.ts';
import { base64 } from './common.ts';

/** Every answer at its longest, and the encryption. */
export const MAX_CHECK_IN_CIPHERTEXT = 80_000;
/** Check-ins one person keeps: more than twenty years of nights. */
export const MAX_CHECK_INS = 8000;

export const checkInDaySchema = z
  .string({ error: 'day must be a date' })
  .refine(isCalendarDay, 'day must be a real date written YYYY-MM-DD');
export const checkInParamsSchema = z.object({ day: checkInDaySchema });

export const checkInRecordSchema = z.object({
  day: z.string(),
  ciphertext: z.string(),
  updatedAt: z.iso.datetime(),
});
export type CheckInRecord = z.infer<typeof checkInRecordSchema>;

/** GET /api/check-ins: every check-in, oldest first. */
export const checkInsReplySchema = z.object({ checkIns: z.array(checkInRecordSchema) });
export type CheckInsReply = z.infer<typeof checkInsReplySchema>;

/** PUT /api/check-ins/:day: the day's check-in, made or replaced. */
export const saveCheckInBodySchema = z.object({
  ciphertext: base64(MAX_CHECK_IN_CIPHERTEXT, { length: 40, message: 'Must be a ciphertext' }),
});
export type SaveCheckInBody = z.infer<typeof saveCheckInBodySchema>;
export const saveCheckInReplySchema = checkInRecordSchema.pick({ day: true, updatedAt: true });
export type SaveCheckInReply = z.infer<typeof saveCheckInReplySchema>;

export const CHECK_IN_MESSAGES = {
  /** The browser's today may be a day ahead of the server's in another time zone, never more. */
  future: 'A check-in can be for today or an earlier day, not a later one.',
  full: `You have ${MAX_CHECK_INS} check-ins, the most SAM keeps.`,
  notFound: 'There is no check-in for that day.',
  deleted: 'Check-in deleted',
} as const;
