import {
  abstinenceReplySchema,
  MAX_ABSTINENCE_CIPHERTEXT,
  saveAbstinenceBodySchema,
  saveAbstinenceReplySchema,
} from '@sam/core';
import type { AppDeps } from '../../deps.ts';
import { userOf } from '../../http/access.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createAbstinenceService } from './service.ts';

/** The record's ciphertext at its largest, with room for the JSON around it. */
const ABSTINENCE_BODY = MAX_ABSTINENCE_CIPHERTEXT + SMALL_BODY;

export function abstinenceRoutes(app: ZodApp, deps: AppDeps): void {
  const abstinence = createAbstinenceService(deps);
  const tags = ['abstinence'];

  app.get(
    '/api/abstinence',
    { config: { access: 'self' }, schema: { tags, response: { 200: abstinenceReplySchema } } },
    async (req) => abstinence.get(userOf(req)),
  );

  app.put(
    '/api/abstinence',
    {
      config: { access: 'self' },
      bodyLimit: ABSTINENCE_BODY,
      schema: { tags, body: saveAbstinenceBodySchema, response: { 200: saveAbstinenceReplySchema } },
    },
    async (req) => abstinence.save(userOf(req), req.body),
  );
}
