import { type SpaceItemKey, sharedInventoryContent } from '@sam/core';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../app/serverState.tsx';
import { fakeServer, Reply } from '../../testing/fakeServer.ts';
import { TEST_USER, testCipher, testDataKey } from '../../testing/renderWithProviders.tsx';
import { sponsorSpaceApi } from './api.ts';
import { ensureIdentityKey } from './identityKeySetup.ts';
import { currentSharedCopyNote } from './sharedCopyNote.ts';
import { partner, SPACE_ID, spaceRoutes } from './spaceServer.testing.ts';
import { openItem, openSpace, sealItem } from './spaceSession.ts';
import { SHARED_COPY_NOT_UPDATED, syncSharedItemAfterSave } from './syncSharedItem.ts';

afterEach(() => queryClient.clear());

/** A sponsee whose space with their sponsor is open, with `shared` items shared. */
async function sponseeWith(shared: SpaceItemKey[]) {
  const cipher = testCipher(await testDataKey());
  const sponsor = await partner();
  const space = spaceRoutes('sponsee', { id: sponsor.id, identity: sponsor.identity });
  const server = fakeServer(space.routes);
  const identity = await ensureIdentityKey(cipher, sponsorSpaceApi);
  const opened = await openSpace(identity, await sponsorSpaceApi.get(SPACE_ID), sponsorSpaceApi);
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
