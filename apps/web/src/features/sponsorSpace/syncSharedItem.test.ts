import {
  findStep,
  type SpaceItemKey,
  sharedCirclesContent,
  sharedInventoryContent,
  sharedStepContent,
} from '@sam/core';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../app/serverState.tsx';
import { fakeServer, Reply } from '../../testing/fakeServer.ts';
import { TEST_USER, testCipher, testDataKey } from '../../testing/renderWithProviders.tsx';
import { sponsorSpaceApi } from './api.ts';
import { ensureIdentityKey } from './identityKeySetup.ts';
import { currentSharedCopyNote } from './sharedCopyNote.ts';
import { partner, SPACE_ID, spaceRoutes } from './spaceServer.testing.ts';
import { openItem, openSpace, sealItem } from './spaceSession.ts';
import { refreshSharedItems, SHARED_COPY_NOT_UPDATED, syncSharedItemAfterSave } from './syncSharedItem.ts';

afterEach(() => queryClient.clear());

/** A sponsee whose space with their sponsor is open, with `shared` items shared. */
async function sponseeWith(shared: SpaceItemKey[]) {
  const cipher = testCipher(await testDataKey());
  const sponsor = await partner();
  const space = spaceRoutes('sponsee', { id: sponsor.id, identity: sponsor.identity });
  const server = fakeServer(space.routes);
  await space.acceptPartner(cipher);
  const identity = await ensureIdentityKey(cipher, sponsorSpaceApi);
  const opened = await openSpace(identity, cipher, await sponsorSpaceApi.get(SPACE_ID), sponsorSpaceApi);
  if (!opened.key) throw new Error('open');
  for (const itemKey of shared) {
    await sponsorSpaceApi.putItem(
      SPACE_ID,
      itemKey,
      1,
      await sealItem(opened.key, itemKey, { title: 'old', blocks: [] }),
    );
  }
  return { cipher, space, server, key: opened.key };
}

describe('a save of a shared item', () => {
  const content = sharedInventoryContent('resentments', [{ id: 'r1', who: 'My boss' }]);

  it('replaces the sponsor’s copy with the new content', async () => {
    const { cipher, space, key } = await sponseeWith(['inventory-resentments']);
    await syncSharedItemAfterSave(cipher, TEST_USER.id, 'inventory-resentments', content);
    const item = space.state.items.get('inventory-resentments');
    expect(item && (await openItem(key, 'inventory-resentments', item.ciphertext))).toEqual(content);
  });

  it('sends nothing for an item that is not shared', async () => {
    const { cipher, server } = await sponseeWith(['step-1']);
    const before = server.requests.length;
    await syncSharedItemAfterSave(cipher, TEST_USER.id, 'inventory-resentments', content);
    expect(server.requests.slice(before).filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('never fails the save: a refused update leaves a note', async () => {
    const { cipher, space } = await sponseeWith(['inventory-resentments']);
    space.routes['PUT /api/sponsorship/spaces/:id/items/:itemKey'] = () => new Reply(503, { detail: 'Busy' });
    fakeServer(space.routes);
    await expect(
      syncSharedItemAfterSave(cipher, TEST_USER.id, 'inventory-resentments', content),
    ).resolves.toBeUndefined();
    expect(currentSharedCopyNote()).toBe(SHARED_COPY_NOT_UPDATED);
    await syncSharedItemAfterSave(cipher, TEST_USER.id, 'step-1', content);
    expect(currentSharedCopyNote()).toBeNull();
  });
});

/** What the server holds after a clear: no step written, empty inventories, no circles. */
const clearedData = {
  'GET /api/progress/:program': () => ({ progress: [] }),
  'GET /api/get_inventory_encrypted/:type/:version': ({ params }: { params: Record<string, string> }) => ({
    inventory_type: params.type,
    version: params.version,
    items: [],
    encrypted: false,
    entry_count: 0,
    completed: false,
    updated_at: '2026-11-28T00:00:00.000Z',
  }),
  'GET /api/circles': () => ({ versions: [] }),
};

describe('after a restore or a clear', () => {
  it('builds every shared item’s copy again from what is saved now', async () => {
    const { cipher, space, key } = await sponseeWith(['step-1', 'inventory-resentments', 'three-circles']);
    fakeServer({ ...space.routes, ...clearedData });
    await refreshSharedItems(cipher, TEST_USER.id);
    const copy = async (itemKey: SpaceItemKey) => {
      const item = space.state.items.get(itemKey);
      return item && openItem(key, itemKey, item.ciphertext);
    };
    const stepOne = findStep('saa', '12-steps', 1);
    if (!stepOne) throw new Error('Step 1 exists');
    expect(await copy('step-1')).toEqual(sharedStepContent({ step: stepOne, record: null, data: null }));
    expect(await copy('inventory-resentments')).toEqual(sharedInventoryContent('resentments', []));
    expect(await copy('three-circles')).toEqual(
      sharedCirclesContent({ inner: [], middle: [], outer: [] }, null),
    );
  });

  it('reads and sends only the items that are shared', async () => {
    const { cipher, space } = await sponseeWith(['step-1']);
    const server = fakeServer({ ...space.routes, ...clearedData });
    await refreshSharedItems(cipher, TEST_USER.id);
    const sent = server.requests.map((r) => `${r.method} ${r.path}`);
    expect(sent.filter((r) => r.startsWith('PUT '))).toEqual([
      'PUT /api/sponsorship/spaces/relationshipAAAAAAAAAA/items/step-1',
    ]);
    expect(sent.some((r) => r.includes('/api/get_inventory_encrypted') || r.includes('/api/circles'))).toBe(
      false,
    );
  });

  it('with one item named (a step whose dates changed), builds only that one', async () => {
    const { cipher, space } = await sponseeWith(['step-1', 'inventory-resentments']);
    const server = fakeServer({ ...space.routes, ...clearedData });
    await refreshSharedItems(cipher, TEST_USER.id, 'step-1');
    const puts = server.requests.filter((r) => r.method === 'PUT').map((r) => r.path);
    expect(puts).toEqual(['/api/sponsorship/spaces/relationshipAAAAAAAAAA/items/step-1']);
  });

  it('fails when a copy cannot be replaced, so the person can be told', async () => {
    const { cipher, space } = await sponseeWith(['step-1']);
    fakeServer({
      ...space.routes,
      ...clearedData,
      'PUT /api/sponsorship/spaces/:id/items/:itemKey': () => new Reply(503, { detail: 'Busy' }),
    });
    await expect(refreshSharedItems(cipher, TEST_USER.id)).rejects.toThrow();
  });
});
