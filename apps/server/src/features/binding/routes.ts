import {
  bindingSwapReplySchema,
  bindingSwapSchema,
  contentBindingBodySchema,
  contentBindingReplySchema,
} from '@sam/core';
import type { AppDeps } from '../../deps.ts';
import { userOf } from '../../http/access.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createBindingService } from './service.ts';

/** The largest swap is an inventory version: its ciphertext twice, as it was and as it becomes. */
const SWAP_BODY = 7 * 1024 * 1024;

export function bindingRoutes(app: ZodApp, deps: AppDeps): void {
  const binding = createBindingService(deps);
  const tags = ['binding'];

  app.post(
    '/api/user/binding/swap',
    {
      config: { access: 'self' },
      bodyLimit: SWAP_BODY,
      schema: { tags, body: bindingSwapSchema, response: { 200: bindingSwapReplySchema } },
    },
    async (req) => binding.swap(userOf(req), req.body),
  );

  app.put(
    '/api/user/binding',
    {
      config: { access: 'self' },
      bodyLimit: SMALL_BODY,
      schema: { tags, body: contentBindingBodySchema, response: { 200: contentBindingReplySchema } },
    },
    async (req) => binding.finish(userOf(req)),
  );
}
