import {
  CHECK_IN_MESSAGES,
  checkInParamsSchema,
  checkInsReplySchema,
  MAX_CHECK_IN_CIPHERTEXT,
  messageReplySchema,
  saveCheckInBodySchema,
  saveCheckInReplySchema,
} from '@sam/core';
import type { AppDeps } from '../../deps.ts';
import { userOf } from '../../http/access.ts';
import { cachedReplies } from '../../http/cachedReply.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createCheckInsService } from './service.ts';

/** A check-in's ciphertext at its largest, with room for the JSON around it. */
const CHECK_IN_BODY = MAX_CHECK_IN_CIPHERTEXT + SMALL_BODY;

/**
 * The check-in page reads a year of check-ins on every visit; they change only with the person's own saves.
 * 16 MB keeps about 60 people's full year (some 250 KB each).
 */
const checkInReplies = cachedReplies(['check_ins'], 16 * 1024 * 1024);

export function checkInsRoutes(app: ZodApp, deps: AppDeps): void {
  const checkIns = createCheckInsService(deps);
  const tags = ['check-ins'];

  app.get(
    '/api/check-ins',
    { config: { access: 'self' }, schema: { tags, response: { 200: checkInsReplySchema } } },
    async (req, reply) => {
      const user = userOf(req);
      return checkInReplies(deps.db, reply, user.id, () => checkIns.list(user));
    },
  );

  app.put(
    '/api/check-ins/:day',
    {
      config: { access: 'self' },
      bodyLimit: CHECK_IN_BODY,
      schema: {
        tags,
        params: checkInParamsSchema,
        body: saveCheckInBodySchema,
        response: { 200: saveCheckInReplySchema },
      },
    },
    async (req) => checkIns.save(userOf(req), req.params.day, req.body),
  );

  app.delete(
    '/api/check-ins/:day',
    {
      config: { access: 'self' },
      bodyLimit: SMALL_BODY,
      schema: { tags, params: checkInParamsSchema, response: { 200: messageReplySchema } },
    },
    async (req) => {
      await checkIns.remove(userOf(req), req.params.day);
      return { message: CHECK_IN_MESSAGES.deleted };
    },
  );
}
