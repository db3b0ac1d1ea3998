// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import {
  ABSTINENCE_API_MESSAGES,
  type AbstinenceRecord,
  addDays,
  localCalendarDate,
  longDay,
  shortDay,
} from '@sam/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DataCipher } from '../../crypto/index.ts';
import { fakeServer, Reply } from '../../testing/fakeServer.ts';
import { renderWithProviders, testCipher, testDataKey } from '../../testing/renderWithProviders.tsx';
import { AbstinencePage } from './AbstinencePage.tsx';

const today = localCalendarDate();
const daysAgo = (n: number) => addDays(today, -n);

/** The abstinence routes as the server keeps them: one ciphertext and its revision. */
function abstinenceServer(stored: { ciphertext: string; revision: number } | null = null) {
  const state = { stored, staleOnce: false };
  const server = fakeServer({
    'GET /api/abstinence': () => ({
      abstinence: state.stored ? { ...state.stored, updatedAt: '2026-11-01T10:00:00.000Z' } : null,
    }),
    'PUT /api/abstinence': ({ body }) => {
      const { revision, ciphertext } = body as { revision: number; ciphertext: string };
      if (state.staleOnce || revision !== (state.stored?.revision ?? 0)) {
        state.staleOnce = false;
        return new Reply(409, { detail: ABSTINENCE_API_MESSAGES.stale, code: 'stale' });
      }
      state.stored = { ciphertext, revision: revision + 1 };
      return { revision: revision + 1, updatedAt: new Date().toISOString() };
    },
  });
  return { server, state };
}

async function setUp(record: AbstinenceRecord | null = null, route = '/programs/saa/abstinence') {
  const dataKey = await testDataKey();
  const cipher = testCipher(dataKey);
  const stored = record ? { ciphertext: await cipher.encrypt(record, 'abstinence'), revision: 3 } : null;
  const { server, state } = abstinenceServer(stored);
  const view = renderWithProviders(<AbstinencePage />, { dataKey, route });
  const saved = async () => {
    if (!state.stored) return null;
    return (await cipher.decrypt(state.stored.ciphertext, 'abstinence')) as AbstinenceRecord;
  };
  return { ...view, server, state, cipher, saved };
}

const setDate = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const running = (start: string): AbstinenceRecord => ({ periods: [{ id: 'p1', start, end: null }] });

describe('the abstinence page', { timeout: 30_000 }, () => {
  it('starts a backdated count: the days, the milestones reached and the next one', async () => {
    const { user, saved, server } = await setUp();
    await screen.findByRole('heading', { name: 'When did your abstinence start?' });
    const start = screen.getByLabelText('Start date') as HTMLInputElement;
    expect(start.max).toBe(today);
    setDate('Start date', daysAgo(40));
    await user.click(screen.getByRole('button', { name: 'Start counting' }));

    expect(await screen.findByRole('heading', { level: 2, name: '40 days' })).toBeTruthy();
    expect(screen.getByText(`since ${longDay(daysAgo(40))}`)).toBeTruthy();
    const reached = within(screen.getByRole('region', { name: 'Milestones reached' }));
    expect(reached.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `1 day${shortDay(daysAgo(39))}`,
      `7 days${shortDay(daysAgo(33))}`,
      `14 days${shortDay(daysAgo(26))}`,
      `30 days${shortDay(daysAgo(10))}`,
    ]);
    expect(screen.getByText(/Next milestone/).textContent).toBe(
      `Next milestone: 60 days on ${longDay(addDays(today, 20))}`,
    );
    // Only ciphertext travels, over revision 0 for the first save.
    const [put] = server.to('PUT', '/api/abstinence');
    expect(put?.body).toMatchObject({ revision: 0 });
    expect(JSON.stringify(put?.body)).not.toContain(daysAgo(40));
    expect((await saved())?.periods).toEqual([{ id: expect.any(String), start: daysAgo(40), end: null }]);
  });

  it('refuses a start date that has not come yet', async () => {
    const { user, server } = await setUp();
    await screen.findByRole('heading', { name: 'When did your abstinence start?' });
    setDate('Start date', addDays(today, 1));
    await user.click(screen.getByRole('button', { name: 'Start counting' }));
    expect(
      await screen.findByText('That day has not come yet. Choose today or a day before it.'),
    ).toBeTruthy();
    expect(server.to('PUT', '/api/abstinence')).toHaveLength(0);
  });

  it('celebrates a milestone on its day', async () => {
    await setUp(running(daysAgo(30)));
    expect(await screen.findByRole('heading', { level: 2, name: '30 days' })).toBeTruthy();
    expect(screen.getByText('Today is a milestone: 30 days')).toBeTruthy();
  });

  it('records a slip kindly: the count restarts the day after it, and the history keeps the old period', async () => {
    const { user, saved, server } = await setUp(running(daysAgo(40)));
    await screen.findByRole('heading', { level: 2, name: '40 days' });
    await user.click(screen.getByRole('button', { name: 'Record a slip' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record a slip' }));
    expect(dialog.getByText(/A slip is not the end of your recovery/)).toBeTruthy();
    expect((dialog.getByLabelText('The day of the slip') as HTMLInputElement).value).toBe(today);
    expect((dialog.getByLabelText('Your new count starts on') as HTMLInputElement).value).toBe(today);

    setDate('The day of the slip', daysAgo(10));
    // The new count follows the slip's day until the person chooses it.
    expect((dialog.getByLabelText('Your new count starts on') as HTMLInputElement).value).toBe(daysAgo(9));
    await user.type(dialog.getByLabelText('A note for yourself (optional)'), 'A lonely evening.');
    await user.click(dialog.getByRole('button', { name: 'Record the slip' }));

    expect(await screen.findByRole('heading', { level: 2, name: '9 days' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(/Your slip is recorded/)).toBeTruthy();
    const history = within(screen.getByRole('region', { name: 'History' }));
    const periods = history.getAllByRole('listitem');
    expect(periods.map((p) => p.querySelector('p')?.textContent)).toEqual([
      `${shortDay(daysAgo(9))} to today · 9 days · running`,
      `${shortDay(daysAgo(40))} to ${shortDay(daysAgo(10))} · 30 days`,
    ]);
    expect(history.getByText('A lonely evening.')).toBeTruthy();
    expect(server.to('PUT', '/api/abstinence')[0]?.body).toMatchObject({ revision: 3 });
    expect((await saved())?.periods).toEqual([
      { id: 'p1', start: daysAgo(40), end: daysAgo(10), slipNote: 'A lonely evening.' },
      { id: expect.any(String), start: daysAgo(9), end: null },
    ]);
  });

  it('opens Record a slip on the day a check-in links to', async () => {
    await setUp(running(daysAgo(40)), `/programs/saa/abstinence?slip=${daysAgo(2)}`);
    const dialog = within(await screen.findByRole('dialog', { name: 'Record a slip' }));
    expect((dialog.getByLabelText('The day of the slip') as HTMLInputElement).value).toBe(daysAgo(2));
    expect((dialog.getByLabelText('Your new count starts on') as HTMLInputElement).value).toBe(daysAgo(1));
  });

  it('takes back a slip recorded by mistake, after asking', async () => {
    const { user, saved } = await setUp({
      periods: [
        { id: 'p1', start: daysAgo(40), end: daysAgo(10), slipNote: 'Not really' },
        { id: 'p2', start: daysAgo(9), end: null },
      ],
    });
    await screen.findByRole('heading', { level: 2, name: '9 days' });
    await user.click(
      screen.getByRole('button', { name: `This was not a slip: the slip on ${shortDay(daysAgo(10))}` }),
    );
    const confirm = within(await screen.findByRole('dialog', { name: 'Take back this slip?' }));
    await user.click(confirm.getByRole('button', { name: 'Take it back' }));
    expect(await screen.findByRole('heading', { level: 2, name: '40 days' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'History' })).toBeNull();
    expect((await saved())?.periods).toEqual([{ id: 'p1', start: daysAgo(40), end: null }]);
  });

  it('corrects a period’s dates, and refuses a correction that would overlap', async () => {
    const { user, saved } = await setUp({
      periods: [
        { id: 'p1', start: daysAgo(40), end: daysAgo(10) },
        { id: 'p2', start: daysAgo(9), end: null },
      ],
    });
    await screen.findByRole('heading', { level: 2, name: '9 days' });
    await user.click(
      screen.getByRole('button', {
        name: `Correct: ${shortDay(daysAgo(40))} to ${shortDay(daysAgo(10))}`,
      }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Correct this period' }));
    setDate('Slip on', daysAgo(5));
    await user.click(dialog.getByRole('button', { name: 'Save correction' }));
    expect(await dialog.findByText('Two periods would overlap. Please check the dates.')).toBeTruthy();
    setDate('Slip on', daysAgo(12));
    await user.click(dialog.getByRole('button', { name: 'Save correction' }));
    await screen.findByText('Saved.');
    expect((await saved())?.periods[0]).toEqual({ id: 'p1', start: daysAgo(40), end: daysAgo(12) });
  });

  it('says when another window saved meanwhile, and shows the record as saved now', async () => {
    const { user, state, server } = await setUp(running(daysAgo(40)));
    await screen.findByRole('heading', { level: 2, name: '40 days' });
    state.staleOnce = true;
    const gets = server.to('GET', '/api/abstinence').length;
    await user.click(screen.getByRole('button', { name: 'Change start date' }));
    setDate('Start date', daysAgo(20));
    await user.click(screen.getByRole('button', { name: 'Save start date' }));
    expect(await screen.findByText(ABSTINENCE_API_MESSAGES.stale)).toBeTruthy();
    expect(server.to('GET', '/api/abstinence').length).toBeGreaterThan(gets);
    expect(screen.getByRole('heading', { level: 2, name: '40 days' })).toBeTruthy();
  });

  it('never offers to start over on a record this browser cannot open', async () => {
    const other: DataCipher = testCipher(await testDataKey());
    const dataKey = await testDataKey();
    const { server } = abstinenceServer({
      ciphertext: await other.encrypt(running(daysAgo(40)), 'abstinence'),
      revision: 1,
    });
    renderWithProviders(<AbstinencePage />, { dataKey });
    expect(await screen.findByText(/this browser cannot open them/)).toBeTruthy();
    expect(screen.queryByLabelText('Start date')).toBeNull();
    expect(server.to('PUT', '/api/abstinence')).toHaveLength(0);
  });

  it('asks a visitor to sign in', () => {
    fakeServer({});
    renderWithProviders(<AbstinencePage />, { account: null });
    expect(screen.getByText(/Sign in to count your abstinence days/)).toBeTruthy();
  });
});
