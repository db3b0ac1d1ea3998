import {
  circlesReplySchema,
  MAX_CIRCLES_CIPHERTEXT,
  saveCirclesBodySchema,
  saveCirclesReplySchema,
} from '@sam/core';
import type { AppDeps } from '../../deps.ts';
import { userOf } from '../../http/access.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createCirclesService } from './service.ts';

/** A version's ciphertext at its largest, with room for the JSON around it. */
const CIRCLES_BODY = MAX_CIRCLES_CIPHERTEXT + SMALL_BODY;

export function circlesRoutes(app: ZodApp, deps: AppDeps): void {
  const circles = createCirclesService(deps);
  const tags = ['circles'];

  app.get(
    '/api/circles',
    { config: { access: 'self' }, schema: { tags, response: { 200: circlesReplySchema } } },
    async (req) => circles.list(userOf(req)),
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
