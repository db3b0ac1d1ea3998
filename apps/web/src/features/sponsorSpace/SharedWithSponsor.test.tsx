// @vitest-environment jsdom
import './nodeTypedArrays.testing.ts';
import { circlesVersionPlace, inventoryPlace, SHAREABLE_SPACE_ITEM_KEYS, type SpaceItemKey } from '@sam/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../app/serverState.tsx';
import { fakeServer } from '../../testing/fakeServer.ts';
import { renderWithProviders, testCipher, testDataKey } from '../../testing/renderWithProviders.tsx';
import { stepPlace } from '../steps/index.ts';
import { SharedWithSponsor } from './SharedWithSponsor.tsx';
import { partner, spaceRoutes } from './spaceServer.testing.ts';
import { openComment, openItem, sealComment, sealItem } from './spaceSession.ts';

const WRITING = 'It began at fourteen, and I could not stop.';

async function setUp(options: { sponsorHasKey?: boolean; accepted?: boolean } = {}) {
  const dataKey = await testDataKey();
  const cipher = testCipher(dataKey);
  const sponsor = await partner();
  const space = spaceRoutes('sponsee', {
    id: sponsor.id,
    identity: options.sponsorHasKey === false ? null : sponsor.identity,
  });
  const stepCiphertext = await cipher.encrypt({ step1_writing: WRITING }, stepPlace(1));
  const server = fakeServer({
    ...space.routes,
    'GET /api/progress/:program': () => ({
      progress: [
        {
          program: 'saa',
          track: '12-steps',
          step_number: 1,
          step_title: 'Step 1',
          completed: false,
          data: { actions: [], encryptedData: stepCiphertext, encrypted: true },
          started_at: null,
          completed_at: null,
          updated_at: new Date().toISOString(),
          sk: 'saa#12-steps#1',
        },
      ],
    }),
    'GET /api/circles': async () => ({
      versions: [
        {
          version: 1,
          ciphertext: await cipher.encrypt(
            {
              circles: {
                inner: [{ id: 'i1', text: 'Paying for sex' }],
                middle: [],
                outer: [{ id: 'o1', text: 'Calling my sponsor' }],
              },
            },
            circlesVersionPlace(1),
          ),
          createdAt: '2026-03-05T10:00:00.000Z',
        },
      ],
    }),
    'GET /api/get_inventory_encrypted/:type/:version': async ({ params }) => ({
      inventory_type: params.type,
      version: params.version,
      items: [],
      encrypted: true,
      encryptedData: await cipher.encrypt(
        [{ id: 'r1', who: 'My boss', why: 'He lied' }],
        inventoryPlace(params.type as 'resentments'),
      ),
      entry_count: 1,
      completed: false,
      updated_at: new Date().toISOString(),
    }),
  });
  if (options.accepted !== false) await space.acceptPartner(cipher);
  const view = renderWithProviders(<SharedWithSponsor />, { dataKey });
  /** What the sponsor's browser reads of an item the server holds. */
  const sponsorReads = async (itemKey: SpaceItemKey) => {
    const opened = await space.partnerOpens(sponsor);
    if (!opened.key) throw new Error('the sponsor opens the space');
    const item = space.state.items.get(itemKey);
    return { key: opened.key, content: item ? await openItem(opened.key, itemKey, item.ciphertext) : null };
  };
  return { ...view, server, space, sponsor, sponsorReads };
}

const stepOne = async () => {
  const title = await screen.findByRole('heading', { name: 'Step 1' }, { timeout: 5000 });
  return within(title.closest('article') as HTMLElement);
};

describe('Shared with my sponsor', () => {
  it('starts with everything off and says what sharing means', async () => {
    await setUp();
    const item = await stepOne();
    expect(item.getByRole('switch', { name: 'Share with Sam: Step 1' })).toHaveProperty('checked', false);
    expect(screen.getAllByRole('switch')).toHaveLength(SHAREABLE_SPACE_ITEM_KEYS.length);
    expect(screen.getAllByRole('switch').every((s) => !(s as HTMLInputElement).checked)).toBe(true);
    expect(screen.getByText('What Sam has already read cannot be unseen.')).toBeTruthy();
    expect(await screen.findByText('Verified: you compared this code with Sam.')).toBeTruthy();
  });

  it('shares nothing until the code is compared, or the person goes on knowing the risk', async () => {
    const { user, server } = await setUp({ accepted: false });
    const item = await stepOne();
    expect(await screen.findByText(/Compare this code with Sam before you share anything/)).toBeTruthy();
    expect(item.getByRole('switch', { name: 'Share with Sam: Step 1' })).toHaveProperty('disabled', true);
    expect(server.requests.some((r) => r.path.endsWith('/key'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Go on without comparing' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Go on without comparing the code?' }));
    expect(
      dialog.getByText(/someone who changed keys on SAM’s server could read what you share/),
    ).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Go on without comparing' }));
    expect(
      await screen.findByText(/Not verified: you chose to go on without comparing/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(
      await item.findByRole('switch', { name: 'Share with Sam: Step 1' }, { timeout: 5000 }),
    ).toHaveProperty('disabled', false);
    expect(server.requests.filter((r) => r.path.endsWith('/key'))).toHaveLength(1);
  });

  it('turning an item on seals what is saved now; the sponsor reads it, the server never does', async () => {
    const { user, server, sponsorReads } = await setUp();
    const item = await stepOne();
    await user.click(item.getByRole('switch', { name: 'Share with Sam: Step 1' }));
    expect(await screen.findByText('Step 1 is shared.')).toBeTruthy();
    expect(item.getByRole('switch', { name: 'Share with Sam: Step 1' })).toHaveProperty('checked', true);
    const put = server.requests.find((r) => r.method === 'PUT' && r.path.endsWith('/items/step-1'));
    expect(JSON.stringify(put?.body)).not.toContain('fourteen');
    const { content } = await sponsorReads('step-1');
    expect(JSON.stringify(content)).toContain(WRITING);
  });

  it('shares the circles as saved, one list a circle; reaching out is no switch', async () => {
    const { user, sponsorReads } = await setUp();
    await stepOne();
    expect(screen.queryByRole('switch', { name: 'Share with Sam: Reaching out' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Share with Sam: My three circles' }));
    expect(await screen.findByText('My three circles is shared.')).toBeTruthy();
    const { content } = await sponsorReads('three-circles');
    expect(content).toEqual({
      title: 'My three circles',
      status: 'Version 1',
      blocks: [
        { heading: 'Inner circle', items: ['Paying for sex'] },
        { heading: 'Middle circle', items: [] },
        { heading: 'Outer circle', items: ['Calling my sponsor'] },
      ],
    });
  });

  it('turning it off removes the sponsor’s copy', async () => {
    const { user, space } = await setUp();
    const item = await stepOne();
    const toggle = item.getByRole('switch', { name: 'Share with Sam: Step 1' });
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));
    await user.click(toggle);
    expect(await screen.findByText('Step 1 is no longer shared.')).toBeTruthy();
    expect(space.state.items.size).toBe(0);
    expect(toggle).toHaveProperty('checked', false);
  });

  it('shows the sponsor’s notes on a shared item, and sends a reply they can read', async () => {
    const { user, sponsorReads, space } = await setUp();
    const item = await stepOne();
    await user.click(item.getByRole('switch', { name: 'Share with Sam: Step 1' }));
    await waitFor(() => expect(space.state.items.has('step-1')).toBe(true));
    const { key } = await sponsorReads('step-1');
    space.state.comments.push({
      id: 'c-sponsor',
      itemKey: 'step-1',
      author: 'sponsor',
      generation: 1,
      ciphertext: await sealComment(key, 'step-1', 'Thank you for trusting me with this.'),
      createdAt: new Date().toISOString(),
    });
    // The person comes back to the page: it reads the space again.
    await queryClient.invalidateQueries();
    expect(await item.findByText('Thank you for trusting me with this.')).toBeTruthy();
    await user.type(item.getByLabelText('Write a note'), 'It helps to say it.');
    await user.click(item.getByRole('button', { name: 'Send note' }));
    expect(await item.findByText('Note sent.')).toBeTruthy();
    const mine = space.state.comments.find((c) => c.author === 'sponsee');
    expect(mine && (await openComment(key, 'step-1', mine.ciphertext))).toBe('It helps to say it.');
  });

  it('shows the reach-out thread once the person has reached out, with the sponsor’s reply', async () => {
    const { space, sponsorReads } = await setUp();
    await stepOne();
    expect(screen.queryByRole('article', { name: 'Reaching out' })).toBeNull();
    await waitFor(() => expect(space.state.generation).toBe(1));
    const { key } = await sponsorReads('step-1');
    space.state.items.set('reach-out', {
      itemKey: 'reach-out',
      generation: 1,
      ciphertext: await sealItem(key, 'reach-out', { title: 'Reaching out', blocks: [] }),
      updatedAt: new Date().toISOString(),
      reviewedAt: null,
      unread: false,
    });
    space.state.comments.push({
      id: 'c-reply',
      itemKey: 'reach-out',
      author: 'sponsor',
      generation: 1,
      ciphertext: await sealComment(key, 'reach-out', 'I am here. Call me when you can.'),
      createdAt: new Date().toISOString(),
    });
    await queryClient.invalidateQueries();
    const thread = within(await screen.findByRole('article', { name: 'Reaching out' }, { timeout: 5000 }));
    expect(await thread.findByText('I am here. Call me when you can.')).toBeTruthy();
    expect(thread.getByLabelText('Write a note')).toBeTruthy();
  });

  it('says kindly that the space opens when the sponsor next signs in', async () => {
    await setUp({ sponsorHasKey: false });
    expect(
      await screen.findByText(
        'Your shared space with Sam opens the next time Sam signs in to SAM. You can choose what to share then.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
