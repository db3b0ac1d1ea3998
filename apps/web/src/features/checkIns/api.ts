import { type CalendarDay, checkInsReplySchema, messageReplySchema, saveCheckInReplySchema } from '@sam/core';
import { http } from '../../app/http.ts';

const dayPath = (day: CalendarDay) => `/api/check-ins/${encodeURIComponent(day)}`;

/** The check-in routes. The only place that builds their URLs; only ciphertext travels. */
export const checkInsApi = {
  list: () => http.get('/api/check-ins', checkInsReplySchema),
  save: (day: CalendarDay, ciphertext: string) =>
    http.put(dayPath(day), saveCheckInReplySchema, { ciphertext }),
  remove: (day: CalendarDay) => http.delete(dayPath(day), messageReplySchema),
};
