// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '../sponsorSpace/nodeTypedArrays.testing.ts';
import {
  CIRCLES_CONFLICT_CODES,
  CIRCLES_MESSAGES,
  type CirclesVersionContent,
  type CirclesVersionRecord,
  circlesVersionPlace,
  type SaveCirclesBody,
  sharedCirclesContent,
  type ThreeCircles,
} from '@sam/core';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DataCipher } from '../../crypto/index.ts';
import { fakeServer, type Handler, Reply } from '../../testing/fakeServer.ts';
import {
  renderWithProviders,
  TEST_USER,
  testCipher,
  testDataKey,
} from '../../testing/renderWithProviders.tsx';
import { clearDrafts, encryptedDraftStore } from '../drafts/draftStore.ts';
import { sponsorSpaceApi } from '../sponsorSpace/api.ts';
import { ensureIdentityKey } from '../sponsorSpace/identityKeySetup.ts';
import { partner, SPACE_ID, spaceRoutes } from '../sponsorSpace/spaceServer.testing.ts';
import { openItem, openSpace, sealItem } from '../sponsorSpace/spaceSession.ts';
import { loadCirclesForSponsor } from './index.ts';
import { ThreeCirclesPage } from './ThreeCirclesPage.tsx';

/** The circles routes as the server keeps them: ciphertext only, a version after the newest or 409. */
function circlesServer(more: Record<string, Handler> = {}) {
  const versions: CirclesVersionRecord[] = [];
  const server = fakeServer({
    'GET /api/circles': () => ({ versions }),
    'POST /api/circles': ({ body }) => {
      const { basedOn, ciphertext } = body as SaveCirclesBody;
      const newest = versions.at(-1)?.version ?? null;
      if (basedOn !== newest)
        return new Reply(409, { detail: CIRCLES_MESSAGES.stale, code: CIRCLES_CONFLICT_CODES.stale });
      const saved = { version: (newest ?? 0) + 1, ciphertext, createdAt: '2026-03-06T09:00:00.000Z' };
      versions.push(saved);
      return new Reply(201, { version: saved.version, createdAt: saved.createdAt });
    },
    // After a save the page updates the sponsor's copy when the circles are shared: here nothing is.
    'GET /api/sponsorship/spaces': () => ({ spaces: [] }),
    ...more,
  });
  return {
    ...server,
    versions,
    /** Puts a version on the server, encrypted as the app would (with `as`, another key's). */
    async seed(content: CirclesVersionContent, as: DataCipher = cipher, day = versions.length + 1) {
      const version = versions.length + 1;
      versions.push({
        version,
        ciphertext: await as.encrypt(content, circlesVersionPlace(version)),
        createdAt: `2026-03-0${day}T09:00:00.000Z`,
      });
    },
    /** What version `n` holds, read with the person's key. */
    read: async (n: number) => {
      const record = versions.find((v) => v.version === n);
      if (!record) throw new Error(`no version ${n}`);
      return (await cipher.decrypt(record.ciphertext, circlesVersionPlace(n))) as CirclesVersionContent;
    },
    saves: () => server.to('POST', '/api/circles').map((r) => r.body as SaveCirclesBody),
  };
}

const circles = (inner: string[], middle: string[] = [], outer: string[] = []): ThreeCircles => {
  const items = (prefix: string, texts: string[]) => texts.map((text, i) => ({ id: `${prefix}${i}`, text }));
  return { inner: items('i', inner), middle: items('m', middle), outer: items('o', outer) };
};
/** The words of each item in a list, as shown (without its buttons). */
const itemTexts = (list: ReturnType<typeof within>) =>
  list.getAllByRole('listitem').map((li: HTMLElement) => li.querySelector('span')?.textContent);
const texts = (c: ThreeCircles) => ({
  inner: c.inner.map((i) => i.text),
  middle: c.middle.map((i) => i.text),
  outer: c.outer.map((i) => i.text),
});

let key: CryptoKey;
let cipher: DataCipher;
let server: ReturnType<typeof circlesServer>;

beforeEach(async () => {
  await clearDrafts();
  key = await testDataKey();
  cipher = testCipher(key);
  server = circlesServer();
});

const renderPage = () => renderWithProviders(<ThreeCirclesPage />, { dataKey: key });

/** One circle's section of the editor, found by its heading. */
const circleSection = (name: string) =>
  within(screen.getByRole('heading', { level: 3, name }).closest('section') as HTMLElement);

describe('the first visit', () => {
  it('builds the circles inner, outer, middle, one a step, and saves them as version 1', async () => {
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Draw your circles' })).toBeTruthy();
    expect(screen.getByText(/SAA has no single definition of abstinence/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Step 1 of 3 Inner circle' })).toBeTruthy();

    await user.type(screen.getByLabelText('Add to your inner circle'), 'Paying for sex');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const example = screen.getByRole('button', { name: 'Viewing pornography' });
    expect(example.getAttribute('aria-pressed')).toBe('false');
    await user.click(example);
    expect(example.getAttribute('aria-pressed')).toBe('true');
    const list = within(
      screen.getByRole('heading', { name: 'In your inner circle' }).nextElementSibling as HTMLElement,
    );
    expect(itemTexts(list)).toEqual(['Paying for sex', 'Viewing pornography']);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    const outer = screen.getByRole('heading', { level: 3, name: 'Step 2 of 3 Outer circle' });
    expect(document.activeElement).toBe(outer);
    await user.click(screen.getByRole('button', { name: /Going to a meeting/ }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { level: 3, name: 'Step 1 of 3 Inner circle' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Viewing pornography' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { level: 3, name: 'Step 3 of 3 Middle circle' })).toBeTruthy();
    await user.type(
      screen.getByLabelText('Add to your middle circle'),
      'Scrolling alone after midnight{Enter}',
    );

    await user.click(screen.getByRole('button', { name: 'Save my circles' }));
    expect(await screen.findByText(CIRCLES_MESSAGES.saved)).toBeTruthy();
    expect(server.saves()).toHaveLength(1);
    expect(server.saves()[0]?.basedOn).toBeNull();
    expect(server.saves()[0]?.ciphertext).not.toContain('Paying');
    const saved = await server.read(1);
    expect(texts(saved.circles)).toEqual({
      inner: ['Paying for sex', 'Viewing pornography'],
      middle: ['Scrolling alone after midnight'],
      outer: ['Going to a meeting'],
    });
    // Now the circles are drawn and listed, with the first version in the history.
    expect(circleSection('Inner circle').getByText('Paying for sex')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: /^Version 1/ })).toBeTruthy();
    expect(
      screen.getByText(
        'Added 2 items to the inner circle; added 1 item to the middle circle; added 1 item to the outer circle',
      ),
    ).toBeTruthy();
    expect(server.unhandled).toEqual([]);
  });

  it('says gently when the inner circle grows long, and asks for one item before saving', async () => {
    const { user } = renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Draw your circles' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Save my circles' }));
    expect(await screen.findByText('Add at least one item to save your circles.')).toBeTruthy();
    expect(server.saves()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const field = screen.getByLabelText('Add to your inner circle');
    for (const text of ['One', 'Two', 'Three', 'Four', 'Five']) await user.type(field, `${text}{Enter}`);
    expect(screen.queryByText(/works best short and specific/)).toBeNull();
    await user.type(field, 'Six{Enter}');
    expect(screen.getByText(/Your inner circle works best short and specific/)).toBeTruthy();
  });
});

describe('changing the circles', () => {
  beforeEach(async () => {
    await server.seed({
      circles: circles(['Paying for sex'], ['Skipping meetings'], ['Going to a meeting', 'A walk']),
    });
  });

  it('asks first when the inner circle changes, and saves one version with the reason', async () => {
    const { user } = renderPage();
    const inner = await waitFor(() => circleSection('Inner circle'));
    await user.type(inner.getByLabelText('Add to your inner circle'), 'Viewing pornography{Enter}');
    expect(inner.getByText('Viewing pornography')).toBeTruthy();
    expect(screen.getByText('Added 1 item to the inner circle')).toBeTruthy();
    await user.type(screen.getByLabelText('Why I changed this (optional)'), 'Talked it over with my sponsor');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'You are changing your inner circle' });
    expect(within(dialog).getByText(/changes your definition of abstinence/)).toBeTruthy();
    const keep = within(dialog).getByRole('button', { name: 'Keep editing' });
    await waitFor(() => expect(document.activeElement).toBe(keep));
    await user.click(keep);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.saves()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await user.click(await screen.findByRole('button', { name: 'Save the change' }));
    expect(await screen.findByText(CIRCLES_MESSAGES.saved)).toBeTruthy();
    expect(server.saves().map((s) => s.basedOn)).toEqual([1]);
    const saved = await server.read(2);
    expect(saved.reason).toBe('Talked it over with my sponsor');
    expect(texts(saved.circles).inner).toEqual(['Paying for sex', 'Viewing pornography']);
    const latest = within(
      screen.getByRole('heading', { level: 3, name: /^Version 2/ }).closest('li') as HTMLElement,
    );
    expect(latest.getByText('Added 1 item to the inner circle')).toBeTruthy();
    expect(latest.getByText('Talked it over with my sponsor')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });

  it('rewords, reorders and moves items; a change outside the inner circle saves without asking', async () => {
    const { user } = renderPage();
    const outer = await waitFor(() => circleSection('Outer circle'));
    await user.click(outer.getByRole('button', { name: 'Change: A walk' }));
    const words = outer.getByLabelText('Words for this item');
    await user.clear(words);
    await user.type(words, 'A long walk');
    await user.click(outer.getByRole('button', { name: 'Move up' }));
    await user.click(outer.getByRole('button', { name: 'Done' }));
    expect(itemTexts(outer)).toEqual(['A long walk', 'Going to a meeting']);
    await user.click(outer.getByRole('button', { name: 'Change: Going to a meeting' }));
    await user.click(outer.getByRole('button', { name: 'Move to middle circle' }));
    expect(circleSection('Middle circle').getByText('Going to a meeting')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(CIRCLES_MESSAGES.saved)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(texts((await server.read(2)).circles)).toEqual({
      inner: ['Paying for sex'],
      middle: ['Skipping meetings', 'Going to a meeting'],
      outer: ['A long walk'],
    });
  });

  it('moving an item out of the inner circle asks first too', async () => {
    const { user } = renderPage();
    const inner = await waitFor(() => circleSection('Inner circle'));
    await user.click(inner.getByRole('button', { name: 'Change: Paying for sex' }));
    await user.click(inner.getByRole('button', { name: 'Move to middle circle' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('dialog', { name: 'You are changing your inner circle' })).toBeTruthy();
  });

  it('after another window saved first, says so and offers Reload, naming the change it did not save', async () => {
    const { user } = renderPage();
    const middle = await waitFor(() => circleSection('Middle circle'));
    await user.type(middle.getByLabelText('Add to your middle circle'), 'Staying up late{Enter}');
    await server.seed({ circles: circles(['Paying for sex'], ['Skipping meetings', 'Secrets']) });

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(CIRCLES_MESSAGES.stale)).toBeTruthy();
    expect(circleSection('Middle circle').getByText('Staying up late')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(
      await screen.findByText(/Your change was not saved \(added 1 item to the middle circle\)/),
    ).toBeTruthy();
    expect(circleSection('Middle circle').getByText('Secrets')).toBeTruthy();
    expect(circleSection('Middle circle').queryByText('Staying up late')).toBeNull();
  });

  it('keeps unsaved changes as an encrypted draft that comes back with the page', async () => {
    const first = renderPage();
    const middle = await waitFor(() => circleSection('Middle circle'));
    await first.user.type(middle.getByLabelText('Add to your middle circle'), 'Staying up late{Enter}');
    await first.user.type(screen.getByLabelText('Why I changed this (optional)'), 'Late nights');
    first.unmount();
    const drafts = encryptedDraftStore(cipher, TEST_USER.id);
    await waitFor(async () =>
      expect((await drafts.read<{ reason: string }>('three-circles'))?.reason).toBe('Late nights'),
    );

    renderPage();
    expect(await screen.findByText('Draft restored')).toBeTruthy();
    expect(circleSection('Middle circle').getByText('Staying up late')).toBeTruthy();
    expect((screen.getByLabelText('Why I changed this (optional)') as HTMLTextAreaElement).value).toBe(
      'Late nights',
    );
    expect(server.saves()).toEqual([]);
  });

  it('discarding the changes asks first, then shows the circles as saved', async () => {
    const { user } = renderPage();
    const middle = await waitFor(() => circleSection('Middle circle'));
    await user.type(middle.getByLabelText('Add to your middle circle'), 'Staying up late{Enter}');
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(circleSection('Middle circle').queryByText('Staying up late')).toBeNull());
    expect(server.saves()).toEqual([]);
  });
});

describe('the history', () => {
  beforeEach(async () => {
    await server.seed({ circles: circles(['Paying for sex'], [], ['Going to a meeting']) });
    await server.seed({
      circles: circles(['Paying for sex', 'Viewing pornography'], [], ['Going to a meeting']),
      reason: 'After my first month',
    });
  });

  it('lists versions newest first, shows an earlier one read-only and restores it as a new version', async () => {
    const { user } = renderPage();
    const heading = await screen.findByRole('heading', { level: 2, name: 'History' });
    const history = within(heading.closest('section') as HTMLElement);
    expect(history.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Version 2 · Current',
      'Version 1',
    ]);
    expect(history.getByText('After my first month')).toBeTruthy();
    expect(history.getByText('02-Mar-2026')).toBeTruthy();

    const first = within(history.getByRole('heading', { name: 'Version 1' }).closest('li') as HTMLElement);
    await user.click(first.getByRole('button', { name: 'View Version 1' }));
    expect(first.getByRole('heading', { level: 4, name: 'Inner circle' })).toBeTruthy();
    expect(first.queryByText('Viewing pornography')).toBeNull();
    expect(first.getByText('Paying for sex')).toBeTruthy();

    await user.click(first.getByRole('button', { name: 'Restore this version: Version 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore version 1?' });
    expect(within(dialog).getByText(/changes your inner circle/)).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Restore version 1' }));
    expect(await screen.findByText('Version 1 is back, saved as a new version.')).toBeTruthy();

    const restored = await server.read(3);
    expect(restored.restoredFrom).toBe(1);
    expect(restored.reason).toBe('Restored version 1');
    expect(texts(restored.circles).inner).toEqual(['Paying for sex']);
    const newest = within(
      history.getByRole('heading', { name: 'Version 3 · Current' }).closest('li') as HTMLElement,
    );
    expect(newest.getByText('Restored version 1')).toBeTruthy();
    expect(circleSection('Inner circle').queryByText('Viewing pornography')).toBeNull();
  });

  it('keeps the reason the person writes for a restore', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Restore this version: Version 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore version 1?' });
    await user.type(
      within(dialog).getByLabelText('Why I changed this (optional)'),
      'It was too strict for now',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Restore version 1' }));
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    expect((await server.read(3)).reason).toBe('It was too strict for now');
  });
});

describe('what cannot be read, and a locked key', () => {
  it('shows a version another key wrote as unreadable and never offers to edit over it', async () => {
    const other = testCipher(await testDataKey());
    await server.seed({ circles: circles(['Paying for sex']) });
    await server.seed({ circles: circles(['Paying for sex', 'Secret']) }, other);
    renderPage();
    expect(await screen.findByText('This version cannot be read on this device.')).toBeTruthy();
    expect(screen.getByText(/Your newest circles cannot be read on this device/)).toBeTruthy();
    expect(screen.queryByLabelText('Add to your inner circle')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Draw your circles' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Restore this version: Version 1' })).toBeTruthy();
  });

  it('holds the circles’ place with one busy loading message until they are open', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server = circlesServer({
      'GET /api/circles': async () => {
        await answered;
        return { versions: [] };
      },
    });
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Loading your circles...');
    expect(screen.getByRole('status').closest('[aria-busy="true"]')).not.toBeNull();
    answer();
    expect(await screen.findByRole('heading', { name: 'Draw your circles' })).toBeTruthy();
    expect(document.querySelector('[aria-busy]')).toBeNull();
  });

  it('asks to unlock while the data key is not in this browser', async () => {
    renderWithProviders(<ThreeCirclesPage />, { dataKey: null });
    expect(
      await screen.findByRole('heading', { name: 'Your writing is locked in this browser' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('shows a visitor what the circles are and asks them to sign in', async () => {
    const { user, loginRequests } = renderWithProviders(<ThreeCirclesPage />, { account: null });
    expect(screen.getByRole('heading', { level: 1, name: 'My three circles' })).toBeTruthy();
    expect(screen.getByText('Outer circle')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(loginRequests).toEqual([{ mode: 'signin' }]);
  });
});

describe('the sponsor’s copy', () => {
  it('is built from the newest version, and refused when that cannot be read here', async () => {
    expect(await loadCirclesForSponsor(cipher)).toEqual({
      title: 'My three circles',
      blocks: [
        { heading: 'Inner circle', items: [] },
        { heading: 'Middle circle', items: [] },
        { heading: 'Outer circle', items: [] },
      ],
    });
    await server.seed({ circles: circles(['Paying for sex'], [], ['A walk']) });
    const content = await loadCirclesForSponsor(cipher);
    expect(content.status).toBe('Version 1');
    expect(content.blocks[0]).toEqual({ heading: 'Inner circle', items: ['Paying for sex'] });
    await server.seed({ circles: circles([]) }, testCipher(await testDataKey()));
    await expect(loadCirclesForSponsor(cipher)).rejects.toThrow();
  });
});

describe('shared with a sponsor', () => {
  it('a save updates the sponsor’s copy', async () => {
    const sponsor = await partner();
    const space = spaceRoutes('sponsee', { id: sponsor.id, identity: sponsor.identity });
    server = circlesServer(space.routes);
    await server.seed({ circles: circles(['Paying for sex']) });
    await space.acceptPartner(cipher);
    const identity = await ensureIdentityKey(cipher, sponsorSpaceApi);
    const opened = await openSpace(identity, cipher, await sponsorSpaceApi.get(SPACE_ID), sponsorSpaceApi);
    const spaceKey = opened.key;
    if (!spaceKey) throw new Error('the space opens');
    const shared = await sealItem(spaceKey, 'three-circles', await loadCirclesForSponsor(cipher));
    await sponsorSpaceApi.putItem(SPACE_ID, 'three-circles', 1, shared);

    const { user } = renderPage();
    const outer = await waitFor(() => circleSection('Outer circle'));
    await user.type(outer.getByLabelText('Add to your outer circle'), 'Calling my sponsor{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(CIRCLES_MESSAGES.saved)).toBeTruthy();

    const expected = sharedCirclesContent((await server.read(2)).circles, 2);
    await waitFor(async () => {
      const item = space.state.items.get('three-circles');
      expect(item && (await openItem(spaceKey, 'three-circles', item.ciphertext))).toEqual(expected);
    });
    expect(expected.blocks[2]).toEqual({ heading: 'Outer circle', items: ['Calling my sponsor'] });
  });
});
