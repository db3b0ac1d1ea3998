import {
  circlesReplySchema,
  MAX_CIRCLES_CIPHERTEXT,
  saveCirclesBodySchema,
  saveCirclesReplySchema,
} from '@sam/core';
import type { AppDeps } from '../../deps.ts';
import { userOf } from '../../http/access.ts';
import { cachedReplies } from '../../http/cachedReply.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createCirclesService } from './service.ts';

/** A version's ciphertext at its largest, with room for the JSON around it. */
const CIRCLES_BODY = MAX_CIRCLES_CIPHERTEXT + SMALL_BODY;

/**
 * Every version of a person's circles, read on each visit of the page; only their own saves add one.
 * 16 MB keeps about 60 people's forty versions.
 */
const circlesReplies = cachedReplies(['circles_versions'], 16 * 1024 * 1024);

export function circlesRoutes(app: ZodApp, deps: AppDeps): void {
  const circles = createCirclesService(deps);
  const tags = ['circles'];

  app.get(
    '/api/circles',
    { config: { access: 'self' }, schema: { tags, response: { 200: circlesReplySchema } } },
    async (req, reply) => {
      const user = userOf(req);
      return circlesReplies(deps.db, reply, user.id, () => circles.list(user));
    },
  );

  app.post(
    '/api/circles',
    {
      config: { access: 'self' },
      bodyLimit: CIRCLES_BODY,
      schema: { tags, body: saveCirclesBodySchema, response: { 201: saveCirclesReplySchema } },
    },
    async (req, reply) => {
      const saved = await circles.save(userOf(req), req.body);
      return reply.status(201).send(saved);
    },
  );
}
