// @vitest-environment jsdom
import './nodeTypedArrays.testing.ts';
import { sharedCirclesContent, sharedInventoryContent } from '@sam/core';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../app/serverState.tsx';
import { createIdentityKey, createSpaceKey, wrapSpaceKey } from '../../crypto/index.ts';
import { fakeServer, Reply } from '../../testing/fakeServer.ts';
import {
  renderWithProviders,
  TEST_USER,
  testCipher,
  testDataKey,
} from '../../testing/renderWithProviders.tsx';
import { sponsorSpaceApi } from './api.ts';
import { SponseeSpacePage } from './SponseeSpacePage.tsx';
import { partner, SPACE_ID, spaceRoutes } from './spaceServer.testing.ts';
import { openComment, openCommentContent, sealItem } from './spaceSession.ts';

const page = (
  <Routes>
    <Route path="/sponsees/:relationshipId" element={<SponseeSpacePage />} />
  </Routes>
);

/**
 * A sponsor (the test's person) whose sponsee shared their resentments inventory, or `payload` as it. With
 * `answered`, the space is sent only once it resolves.
 */
async function setUp(payload?: unknown, answered?: Promise<void>, accepted = true) {
  const dataKey = await testDataKey();
  const mine = await createIdentityKey(testCipher(dataKey));
  const sponsee = await partner('sponsee-1');
  const space = spaceRoutes('sponsor', { id: sponsee.id, identity: sponsee.identity }, 'Robin');
  space.setMyKey(mine.record);
  if (accepted) await space.acceptPartner(testCipher(dataKey));
  const key = await createSpaceKey(SPACE_ID, 1);
  space.state.generation = 1;
  space.state.keys.set(
    TEST_USER.id,
    await wrapSpaceKey(key, { userId: TEST_USER.id, publicKey: mine.record.publicKey }, sponsee.identity),
  );
  const content =
    payload ??
    sharedInventoryContent('resentments', [{ id: 'r1', who: 'My landlord', why: 'He kept the deposit' }]);
  space.state.items.set('inventory-resentments', {
    itemKey: 'inventory-resentments',
    generation: 1,
    ciphertext: await sealItem(key, 'inventory-resentments', content),
    updatedAt: '2026-03-05T10:00:00.000Z',
    reviewedAt: null,
    unread: true,
  });
  const getSpace = space.routes['GET /api/sponsorship/spaces/:id'];
  const server = fakeServer({
    ...space.routes,
    'GET /api/sponsorship/spaces/:id': async (request) => {
      await answered;
      return getSpace?.(request);
    },
  });
  const view = renderWithProviders(page, { dataKey, route: `/sponsees/${SPACE_ID}` });
  return { ...view, server, space, key };
}

const theItem = async () => {
  const title = await screen.findByText('Resentments Inventory', {}, { timeout: 5000 });
  return within(title.closest('article') as HTMLElement);
};

describe('a sponsee’s shared space, as the sponsor sees it', () => {
  it('lists the item with its status, when it changed and a New mark; opening it marks it read', async () => {
    const { user, server } = await setUp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Shared by Robin' })).toBeTruthy();
    const item = await theItem();
    expect(item.getByText(/1 entry · Updated 05-Mar-2026/)).toBeTruthy();
    expect(item.getByText('· New')).toBeTruthy();
    await user.click(item.getByText('Resentments Inventory'));
    expect(item.getByText('He kept the deposit')).toBeTruthy();
    expect(item.queryByText('· New')).toBeNull();
    expect(
      server.requests.some((r) => r.method === 'POST' && r.path.endsWith('/inventory-resentments/read')),
    ).toBe(true);
  });

  it('sends a note under the space key and marks the item reviewed', async () => {
    const { user, space, key } = await setUp();
    const item = await theItem();
    await user.click(item.getByText('Resentments Inventory'));
    await user.type(item.getByLabelText('Write a note'), 'Good, honest work.');
    await user.click(item.getByRole('button', { name: 'Send note' }));
    expect(await item.findByText('Good, honest work.')).toBeTruthy();
    const sent = space.state.comments[0];
    expect(sent?.ciphertext).not.toContain('honest');
    expect(sent && (await openComment(key, 'inventory-resentments', sent.ciphertext))).toBe(
      'Good, honest work.',
    );
    await user.click(item.getByRole('button', { name: 'Mark reviewed' }));
    expect(await item.findByText('You marked this reviewed.')).toBeTruthy();
  });

  it('shows a reach-out as a thread to answer, with nothing to mark reviewed', async () => {
    const { user, space, key } = await setUp();
    await theItem();
    space.state.items.set('reach-out', {
      itemKey: 'reach-out',
      generation: 1,
      ciphertext: await sealItem(key, 'reach-out', { title: 'Reaching out', blocks: [] }),
      updatedAt: '2026-03-06T21:00:00.000Z',
      reviewedAt: null,
      unread: true,
    });
    await queryClient.invalidateQueries();
    const title = await screen.findByText('Reaching out', {}, { timeout: 5000 });
    const reachOut = within(title.closest('article') as HTMLElement);
    await user.click(title);
    expect(reachOut.queryByRole('button', { name: 'Mark reviewed' })).toBeNull();
    await user.type(reachOut.getByLabelText('Write a note'), 'Call me tonight.');
    await user.click(reachOut.getByRole('button', { name: 'Send note' }));
    expect(await reachOut.findByText('Call me tonight.')).toBeTruthy();
  });

  it('offers a note on one item of the circles, sent with the item it is about', async () => {
    const { user, space, key } = await setUp();
    space.state.items.set('three-circles', {
      itemKey: 'three-circles',
      generation: 1,
      ciphertext: await sealItem(
        key,
        'three-circles',
        sharedCirclesContent(
          {
            inner: [{ id: 'i1', text: 'Paying for sex' }],
            middle: [],
            outer: [{ id: 'o1', text: 'A walk' }],
          },
          2,
        ),
      ),
      updatedAt: '2026-03-06T10:00:00.000Z',
      reviewedAt: null,
      unread: true,
    });
    const title = await screen.findByText('My three circles', {}, { timeout: 5000 });
    const item = within(title.closest('article') as HTMLElement);
    await user.click(title);
    await user.click(item.getByRole('button', { name: 'Note on this item: Paying for sex' }));
    const box = item.getByLabelText('Write a note');
    expect(document.activeElement).toBe(box);
    expect(item.getByText('About: Paying for sex')).toBeTruthy();
    await user.type(box, 'Good that this is clear.');
    await user.click(item.getByRole('button', { name: 'Send note' }));
    expect(await item.findByText('Good that this is clear.')).toBeTruthy();
    // The thread shows the item above the note; the next note is about the whole item again.
    const note = item.getByText('Good that this is clear.').closest('li') as HTMLElement;
    expect(within(note).getByText('About: Paying for sex')).toBeTruthy();
    expect(item.getAllByText('About: Paying for sex')).toHaveLength(1);
    const sent = space.state.comments[0];
    expect(sent?.ciphertext).not.toContain('Paying');
    expect(sent && (await openCommentContent(key, 'three-circles', sent.ciphertext))).toEqual({
      text: 'Good that this is clear.',
      about: 'Paying for sex',
    });
  });

  it('shows a readable message for a payload that does not fit', async () => {
    await setUp({ title: 'Resentments Inventory', blocks: [{ heading: 'x', html: '<b>bold</b>' }] });
    expect(await screen.findByText(/could not be shown/)).toBeTruthy();
  });

  it('holds one busy loading message until the space is open, then shows the safety code with the items', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await setUp(undefined, answered);
    expect(screen.getByRole('status').textContent).toBe('Opening the shared space...');
    expect(screen.getByRole('status').closest('[aria-busy="true"]')).not.toBeNull();
    // Whenever the items are on the page, the safety code above them is too: it never pushes them down.
    const codeWithItems: boolean[] = [];
    const watch = new MutationObserver(() => {
      if (screen.queryByText('Resentments Inventory'))
        codeWithItems.push(screen.queryByText('Verified: you compared this code with Robin.') !== null);
    });
    watch.observe(document.body, { childList: true, subtree: true });
    answer();
    await theItem();
    watch.disconnect();
    expect(codeWithItems[0]).toBe(true);
    expect(codeWithItems).not.toContain(false);
    expect(document.querySelector('[aria-busy]')).toBeNull();
  });

  it('asks to unlock while the data key is not in this browser', async () => {
    fakeServer(spaceRoutes('sponsor', { id: 'sponsee-1', identity: null }).routes);
    renderWithProviders(page, { dataKey: null, route: `/sponsees/${SPACE_ID}` });
    expect(screen.getByRole('heading', { name: 'Your writing is locked in this browser' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the safety code, and takes no note until it is compared', async () => {
    const { user, space } = await setUp(undefined, undefined, false);
    expect(await screen.findByText(/Compare this code with Robin before you write notes/)).toBeTruthy();
    const item = await theItem();
    await user.click(item.getByText('Resentments Inventory'));
    expect(item.getByText('Notes wait until you have compared your safety code (above).')).toBeTruthy();
    expect(item.queryByRole('button', { name: 'Send note' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'We compared it: mark verified' }));
    expect(await screen.findByText('Verified: you compared this code with Robin.')).toBeTruthy();
    expect(await item.findByRole('button', { name: 'Send note' })).toBeTruthy();
    expect(space.state.verification).not.toContain('publicKey');
  });

  it('warns, and opens nothing, for a space key the sponsee did not seal', async () => {
    const { space } = await setUp();
    const stranger = await partner('stranger');
    const key = await createSpaceKey(SPACE_ID, 1);
    const record = await sponsorSpaceApi.identityKey();
    if (!record) throw new Error('the sponsor has a key');
    space.state.keys.set(
      TEST_USER.id,
      await wrapSpaceKey(key, { userId: TEST_USER.id, publicKey: record.publicKey }, stranger.identity),
    );
    await queryClient.invalidateQueries();
    expect(await screen.findByText(/This space can’t be opened with Robin’s current key/)).toBeTruthy();
    expect(screen.queryByText('Resentments Inventory')).toBeNull();
  });

  it('says the space is not available once the relationship ended', async () => {
    const routes = spaceRoutes('sponsor', { id: 'sponsee-1', identity: null }).routes;
    fakeServer({
      ...routes,
      'GET /api/sponsorship/spaces/:id': () =>
        new Reply(404, { detail: 'This sponsor space was not found.' }),
    });
    renderWithProviders(page, { dataKey: await testDataKey(), route: `/sponsees/${SPACE_ID}` });
    expect(
      await screen.findByText('This space is not available. The relationship may have ended.'),
    ).toBeTruthy();
  });
});
