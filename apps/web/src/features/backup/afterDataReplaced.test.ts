import 'fake-indexeddb/auto';
import { BACKUP_MESSAGES } from '@sam/core';
import { describe, expect, it } from 'vitest';
import { fakeServer, Reply } from '../../testing/fakeServer.ts';
import { TEST_USER, testCipher, testDataKey } from '../../testing/renderWithProviders.tsx';
import { encryptedDraftStore } from '../drafts/draftStore.ts';
import { afterDataReplaced } from './afterDataReplaced.ts';

const DRAFT_PLACE = 'progress:SAA:12-steps:step-3';

/** A signed-in person with a draft on this device. */
async function personWithDraft() {
  const cipher = testCipher(await testDataKey());
  const drafts = encryptedDraftStore(cipher, TEST_USER.id);
  await drafts.write(DRAFT_PLACE, { prayer_text: 'not saved yet' });
  return { cipher, drafts };
}

describe('after a restore or a clear', () => {
  it('removes the drafts on this device and has nothing to say when nothing is shared', async () => {
    const { cipher, drafts } = await personWithDraft();
    fakeServer({ 'GET /api/sponsorship/spaces': () => ({ spaces: [] }) });
    expect(await afterDataReplaced(cipher, TEST_USER.id)).toBeNull();
    expect(await drafts.read(DRAFT_PLACE)).toBeNull();
  });

  it('says so when the sponsor’s copies could not be updated, and still removes the drafts', async () => {
    const { cipher, drafts } = await personWithDraft();
    fakeServer({ 'GET /api/sponsorship/spaces': () => new Reply(503, { detail: 'Busy' }) });
    expect(await afterDataReplaced(cipher, TEST_USER.id)).toBe(BACKUP_MESSAGES.sharedCopiesNotUpdated);
    expect(await drafts.read(DRAFT_PLACE)).toBeNull();
  });

  it('asks the server nothing without a signed-in person’s key', async () => {
    const server = fakeServer({});
    expect(await afterDataReplaced(null, null)).toBeNull();
    expect(server.requests).toEqual([]);
  });
});
