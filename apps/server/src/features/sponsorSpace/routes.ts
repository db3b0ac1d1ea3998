import {
  createSpaceKeyBodySchema,
  messageReplySchema,
  putSpaceItemBodySchema,
  rotateSpaceBodySchema,
  SPACE_MESSAGES,
  spaceCommentBodySchema,
  spaceItemParamsSchema,
  spaceListReplySchema,
  spaceParamsSchema,
  spaceReplySchema,
  spaceVerificationBodySchema,
} from '@sam/core';
import type { AppDeps } from '../../deps.ts';
import { userOf } from '../../http/access.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createSponsorSpaceService } from './service.ts';

/** A shared inventory at its largest, with room for the JSON around it. */
const ITEM_BODY = 4 * 1024 * 1024;
/**
 * A new generation at once: every kept comment re-encrypted (at most 8 MB) and, while the relationship is
 * active, every shared item (each as large as ITEM_BODY allows, at most a handful of large ones in practice).
 */
const ROTATE_BODY = 32 * 1024 * 1024;
const SPACE = '/api/sponsorship/spaces/:relationshipId';
const ITEM = `${SPACE}/items/:itemKey`;

export function sponsorSpaceRoutes(app: ZodApp, deps: AppDeps): void {
  const spaces = createSponsorSpaceService(deps);
  const tags = ['sponsor-space'];
  const self = { access: 'self' } as const;
  const spaceReply = { 200: spaceReplySchema };

  app.get(
    '/api/sponsorship/spaces',
    { config: self, schema: { tags, response: { 200: spaceListReplySchema } } },
    async (req) => ({ spaces: await spaces.list(userOf(req)) }),
  );

  app.get(
    SPACE,
    { config: self, schema: { tags, params: spaceParamsSchema, response: spaceReply } },
    async (req) => spaces.get(userOf(req), req.params.relationshipId),
  );

  app.post(
    `${SPACE}/key`,
    {
      config: self,
      bodyLimit: SMALL_BODY,
      schema: { tags, params: spaceParamsSchema, body: createSpaceKeyBodySchema, response: spaceReply },
    },
    async (req) => spaces.createKey(userOf(req), req.params.relationshipId, req.body),
  );

  app.put(
    ITEM,
    {
      config: self,
      bodyLimit: ITEM_BODY,
      schema: { tags, params: spaceItemParamsSchema, body: putSpaceItemBodySchema, response: spaceReply },
    },
    async (req) => spaces.putItem(userOf(req), req.params.relationshipId, req.params.itemKey, req.body),
  );

  app.delete(
    ITEM,
    { config: self, schema: { tags, params: spaceItemParamsSchema, response: { 200: messageReplySchema } } },
    async (req) => {
      await spaces.deleteItem(userOf(req), req.params.relationshipId, req.params.itemKey);
      return { message: SPACE_MESSAGES.stoppedSharing };
    },
  );

  app.post(
    `${ITEM}/comments`,
    {
      config: self,
      bodyLimit: SMALL_BODY,
      schema: { tags, params: spaceItemParamsSchema, body: spaceCommentBodySchema, response: spaceReply },
    },
    async (req) => spaces.comment(userOf(req), req.params.relationshipId, req.params.itemKey, req.body),
  );

  app.post(
    `${ITEM}/review`,
    { config: self, schema: { tags, params: spaceItemParamsSchema, response: spaceReply } },
    async (req) => spaces.review(userOf(req), req.params.relationshipId, req.params.itemKey),
  );

  app.post(
    `${ITEM}/read`,
    { config: self, schema: { tags, params: spaceItemParamsSchema, response: spaceReply } },
    async (req) => spaces.markRead(userOf(req), req.params.relationshipId, req.params.itemKey),
  );

  app.put(
    `${SPACE}/verification`,
    {
      config: self,
      bodyLimit: SMALL_BODY,
      schema: { tags, params: spaceParamsSchema, body: spaceVerificationBodySchema, response: spaceReply },
    },
    async (req) => spaces.verify(userOf(req), req.params.relationshipId, req.body.ciphertext),
  );

  app.post(
    `${SPACE}/rotate`,
    {
      config: self,
      bodyLimit: ROTATE_BODY,
      schema: { tags, params: spaceParamsSchema, body: rotateSpaceBodySchema, response: spaceReply },
    },
    async (req) => spaces.rotate(userOf(req), req.params.relationshipId, req.body),
  );
}
