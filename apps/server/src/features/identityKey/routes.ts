import { identityKeyReplySchema, putIdentityKeyBodySchema } from '@sam/core';
import type { AppDeps } from '../../deps.ts';
import { userOf } from '../../http/access.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createIdentityKeyService } from './service.ts';

export function identityKeyRoutes(app: ZodApp, deps: AppDeps): void {
  const identityKeys = createIdentityKeyService(deps);
  const tags = ['identity-key'];

  app.get(
    '/api/user/identity-key',
    { config: { access: 'self' }, schema: { tags, response: { 200: identityKeyReplySchema } } },
    async (req) => identityKeys.get(userOf(req)),
  );

  app.put(
    '/api/user/identity-key',
    {
      config: { access: 'self' },
      bodyLimit: SMALL_BODY,
      schema: { tags, body: putIdentityKeyBodySchema, response: { 200: identityKeyReplySchema } },
    },
    async (req) => identityKeys.put(userOf(req), req.body),
  );
}
