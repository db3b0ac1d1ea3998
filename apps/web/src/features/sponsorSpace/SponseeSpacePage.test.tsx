// @vitest-environment jsdom
import './nodeTypedArrays.testing.ts';
import { sharedInventoryContent } from '@sam/core';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createIdentityKey, createSpaceKey, wrapSpaceKey } from '../../crypto/index.ts';
import { fakeServer, Reply } from '../../testing/fakeServer.ts';
import {
  renderWithProviders,
  TEST_USER,
  testCipher,
  testDataKey,
} from '../../testing/renderWithProviders.tsx';
import { SponseeSpacePage } from './SponseeSpacePage.tsx';
import { partner, SPACE_ID, spaceRoutes } from './spaceServer.testing.ts';
import { openComment, sealItem } from './spaceSession.ts';

const page = (
  <Routes>
    <Route path="/sponsees/:relationshipId" element={<SponseeSpacePage />} />
  </Routes>
);

/** A sponsor (the test's person) whose sponsee shared their resentments inventory, or `payload` as it. */
async function setUp(payload?: unknown) {
  const dataKey = await testDataKey();
  const mine = await createIdentityKey(testCipher(dataKey));
  const sponsee = await partner('sponsee-1');
  const space = spaceRoutes('sponsor', { id: sponsee.id, identity: sponsee.identity }, 'Robin');
  space.setMyKey(mine.record);
  const key = await createSpaceKey(SPACE_ID, 1);
  space.state.generation = 1;
  space.state.keys.set(
    TEST_USER.id,
    await wrapSpaceKey(key, { userId: TEST_USER.id, publicKey: mine.record.publicKey }),
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
  const server = fakeServer(space.routes);
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

  it('shows a readable message for a payload that does not fit', async () => {
    await setUp({ title: 'Resentments Inventory', blocks: [{ heading: 'x', html: '<b>bold</b>' }] });
    expect(await screen.findByText(/could not be shown/)).toBeTruthy();
  });

  it('shows the safety code, unverified until compared, then verified', async () => {
    const { user, space } = await setUp();
    expect(await screen.findByText('Not verified yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'We compared it: mark verified' }));
    expect(await screen.findByText('Verified: you compared this code with Robin.')).toBeTruthy();
    expect(space.state.verification).not.toContain('publicKey');
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
