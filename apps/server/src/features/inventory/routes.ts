import {
  deleteInventoryBodySchema,
  encryptReadableInventoryBodySchema,
  inventoryParamsSchema,
  inventoryReplySchema,
  inventorySaveReplySchema,
  inventoryTypeParamsSchema,
  inventoryVersionsReplySchema,
  messageReplySchema,
  readableInventoriesReplySchema,
  saveEncryptedInventoryBodySchema,
} from '@sam/core';
import type { AppDeps } from '../../deps.ts';
import { userOf } from '../../http/access.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createInventoryService, toInventorySaveReply } from './service.ts';

/** 2,000 entries encrypted stay well inside this; the ciphertext itself is bounded by its schema. */
const INVENTORY_BODY = 4 * 1024 * 1024;

export function inventoryRoutes(app: ZodApp, deps: AppDeps): void {
  const inventory = createInventoryService(deps);
  const tags = ['inventory'];

  app.get(
    '/api/list_inventory_versions/:type',
    {
      config: { access: 'self' },
      schema: { tags, params: inventoryTypeParamsSchema, response: { 200: inventoryVersionsReplySchema } },
    },
    async (req) => ({ versions: await inventory.versions(userOf(req), req.params.type) }),
  );

  for (const path of ['/api/get_inventory/:type/:version', '/api/get_inventory_encrypted/:type/:version']) {
    app.get(
      path,
      {
        config: { access: 'self' },
        schema: { tags, params: inventoryParamsSchema, response: { 200: inventoryReplySchema } },
      },
      async (req) => inventory.get(userOf(req), req.params.type, req.params.version),
    );
  }

  app.post(
    '/api/save_inventory_encrypted',
    {
      config: { access: 'self' },
      bodyLimit: INVENTORY_BODY,
      schema: { tags, body: saveEncryptedInventoryBodySchema, response: { 200: inventorySaveReplySchema } },
    },
    async (req) => toInventorySaveReply(await inventory.saveEncrypted(userOf(req), req.body)),
  );

  // Inventories an older client saved in the clear: the owner's browser encrypts each and sends it back.
  app.get(
    '/api/inventory/readable',
    { config: { access: 'self' }, schema: { tags, response: { 200: readableInventoriesReplySchema } } },
    async (req) => ({ inventories: await inventory.readable(userOf(req)) }),
  );

  app.post(
    '/api/inventory/encrypt-readable',
    {
      config: { access: 'self' },
      bodyLimit: INVENTORY_BODY,
      schema: { tags, body: encryptReadableInventoryBodySchema, response: { 200: inventorySaveReplySchema } },
    },
    async (req) => toInventorySaveReply(await inventory.encryptReadable(userOf(req), req.body)),
  );

  app.delete(
    '/api/delete_inventory',
    {
      config: { access: 'self' },
      bodyLimit: SMALL_BODY,
      schema: { tags, body: deleteInventoryBodySchema, response: { 200: messageReplySchema } },
    },
    async (req) => {
      await inventory.remove(userOf(req), req.body.inventory_type, req.body.version);
      return { message: 'Inventory deleted' };
    },
  );
}
