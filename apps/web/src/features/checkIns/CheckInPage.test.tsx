// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { addDays, type CheckInContent, emptyCheckIn, localCalendarDate, longDay, weekStart } from '@sam/core';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataCipher } from '../../crypto/index.ts';
import { fakeServer } from '../../testing/fakeServer.ts';
import {
  renderWithProviders,
  TEST_USER,
  testCipher,
  testDataKey,
} from '../../testing/renderWithProviders.tsx';
import { encryptedDraftStore } from '../drafts/draftStore.ts';
import { CheckInPage } from './CheckInPage.tsx';
import type { CheckInForm } from './checkInForm.ts';

const today = localCalendarDate();
const daysAgo = (n: number) => addDays(today, -n);

type Stored = { day: string; ciphertext: string; updatedAt: string };

/** The check-in routes as the server keeps them: a ciphertext a day. */
function checkInServer(initial: Stored[] = []) {
  const stored = new Map(initial.map((c) => [c.day, c]));
  const server = fakeServer({
    'GET /api/check-ins': () => ({
      checkIns: [...stored.values()].sort((a, b) => a.day.localeCompare(b.day)),
    }),
    'PUT /api/check-ins/:day': ({ params, body }) => {
      const updatedAt = new Date().toISOString();
      const { ciphertext } = body as { ciphertext: string };
      stored.set(params.day as string, { day: params.day as string, ciphertext, updatedAt });
      return { day: params.day, updatedAt };
    },
    'DELETE /api/check-ins/:day': ({ params }) => {
      stored.delete(params.day as string);
      return { message: 'Check-in deleted' };
    },
  });
  return { server, stored };
}

async function setUp(checkIns: { day: string; content: CheckInContent }[] = []) {
  const dataKey = await testDataKey();
  const cipher = testCipher(dataKey);
  const initial = await Promise.all(
    checkIns.map(async ({ day, content }) => ({
      day,
      ciphertext: await cipher.encrypt(content, `check-in:${day}`),
      updatedAt: '2026-11-01T21:00:00.000Z',
    })),
  );
  const { server, stored } = checkInServer(initial);
  const view = renderWithProviders(<CheckInPage />, { dataKey, route: '/programs/saa/check-in' });
  await screen.findByRole('heading', { name: /check-in$/, level: 2 });
  const opened = async (day: string) => {
    const row = stored.get(day);
    return row ? ((await cipher.decrypt(row.ciphertext, `check-in:${day}`)) as CheckInContent) : null;
  };
  return { ...view, server, stored, cipher, dataKey, opened };
}

const form = () => within(screen.getByRole('form', { name: /^Check-in for/ }));
const calendar = () => within(screen.getByRole('table', { name: /^Check-ins by day/ }));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the nightly check-in', { timeout: 30_000 }, () => {
  it('saves tonight’s check-in, encrypted, and shows it on the calendar', async () => {
    const { user, server, opened } = await setUp();
    expect(screen.getByRole('heading', { level: 2, name: 'Tonight’s check-in' })).toBeTruthy();
    expect((screen.getByLabelText('Check-in for') as HTMLSelectElement).value).toBe(today);
    const f = form();
    await user.click(f.getByRole('radio', { name: 'Outer circle: a healthy day' }));
    await user.click(f.getByRole('button', { name: 'Hopeful' }));
    await user.click(f.getByRole('button', { name: 'Okay' }));
    await user.click(f.getByRole('checkbox', { name: 'Tired' }));
    await user.type(f.getByLabelText('One thing I am grateful for'), 'A long walk with my sister');
    await user.click(f.getByText('Step 10 questions (optional)'));
    await user.type(f.getByLabelText('Do I owe anyone an apology?'), 'My colleague');
    await user.click(f.getByRole('button', { name: 'Save check-in' }));

    expect(await f.findByText(/Your check-in for tonight is saved/)).toBeTruthy();
    const [put] = server.to('PUT', `/api/check-ins/${today}`);
    expect(JSON.stringify(put?.body)).not.toMatch(/walk|colleague|outer|hopeful/i);
    expect(await opened(today)).toEqual({
      circle: 'outer',
      moods: ['hopeful', 'okay'],
      halt: ['tired'],
      gratitude: 'A long walk with my sister',
      stepTen: { apology: 'My colleague' },
    });
    expect(
      await calendar().findByRole('cell', { name: `${longDay(today)}: outer circle, hopeful, okay` }),
    ).toBeTruthy();
    expect(screen.getByText('Outer circle: 1')).toBeTruthy();
  });

  it('asks for the circle before it saves, and keeps at most three moods', async () => {
    const { user, server } = await setUp();
    const f = form();
    await user.click(f.getByRole('button', { name: 'Save check-in' }));
    expect(f.getByText('Choose the circle you were in.')).toBeTruthy();
    expect(server.to('PUT', `/api/check-ins/${today}`)).toHaveLength(0);

    for (const mood of ['Peaceful', 'Anxious', 'Sad', 'Hopeful']) {
      await user.click(f.getByRole('button', { name: mood }));
    }
    const pressed = f
      .getAllByRole('button', { pressed: true })
      .map((b) => b.textContent?.replace('✓ ', '') ?? '');
    expect(pressed).toEqual(['Hopeful', 'Anxious', 'Sad']);
  });

  it('re-opens a day of the past week to edit it, and fills in a missed one', async () => {
    const yesterday = daysAgo(1);
    const { user, opened } = await setUp([
      { day: yesterday, content: { ...emptyCheckIn('middle'), moods: ['anxious'], gratitude: 'My group' } },
    ]);
    const picker = screen.getByLabelText('Check-in for') as HTMLSelectElement;
    expect([...picker.options].slice(0, 2).map((o) => o.textContent)).toEqual([
      expect.stringMatching(/^Today \(\w+day, \w{3} \d{1,2}\)$/),
      expect.stringMatching(/^Yesterday \(\w+day, \w{3} \d{1,2}\)$/),
    ]);
    expect(picker.options).toHaveLength(7);
    await user.selectOptions(picker, yesterday);
    const f = form();
    expect(f.getByText('You checked in for this day. Saving again replaces it.')).toBeTruthy();
    expect(
      (f.getByRole('radio', { name: 'Middle circle: some warning signs' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((f.getByLabelText('One thing I am grateful for') as HTMLInputElement).value).toBe('My group');
    await user.click(f.getByRole('radio', { name: 'Outer circle: a healthy day' }));
    await user.click(f.getByRole('button', { name: 'Save check-in' }));
    expect(
      await f.findByText(`Your check-in for ${longDay(yesterday)} is saved. Thank you for checking in.`),
    ).toBeTruthy();
    expect((await opened(yesterday))?.circle).toBe('outer');

    const three = daysAgo(3);
    await user.selectOptions(screen.getByLabelText('Check-in for'), three);
    await user.click(form().getByRole('radio', { name: 'Middle circle: some warning signs' }));
    await user.click(form().getByRole('button', { name: 'Save check-in' }));
    expect(await form().findByText(/is saved/)).toBeTruthy();
    expect((await opened(three))?.circle).toBe('middle');
  });

  it('keeps what was typed as an encrypted draft that comes back with the page', async () => {
    const { user, unmount, cipher, dataKey, server } = await setUp();
    await user.click(form().getByRole('radio', { name: 'Middle circle: some warning signs' }));
    await user.type(form().getByLabelText('One thing I am grateful for'), 'Tea');
    unmount();
    const drafts = encryptedDraftStore(cipher, TEST_USER.id);
    await waitFor(async () =>
      expect((await drafts.read<CheckInForm>(`check-in:${today}`))?.gratitude).toBe('Tea'),
    );

    renderWithProviders(<CheckInPage />, { dataKey });
    expect(await screen.findByText('Draft restored')).toBeTruthy();
    expect((form().getByLabelText('One thing I am grateful for') as HTMLInputElement).value).toBe('Tea');
    expect(
      (form().getByRole('radio', { name: 'Middle circle: some warning signs' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(server.to('PUT', `/api/check-ins/${today}`)).toHaveLength(0);
    await user.click(form().getByRole('button', { name: 'Save check-in' }));
    await form().findByText(/is saved/);
    await waitFor(async () => expect(await drafts.read(`check-in:${today}`)).toBeNull());
  });

  it('gently offers to record a slip when the day was in the inner circle', async () => {
    const { user, server } = await setUp();
    await user.click(form().getByRole('radio', { name: 'Inner circle: I slipped' }));
    expect(form().getByText(/Thank you for being honest/)).toBeTruthy();
    const link = form().getByRole('link', { name: 'Record a slip on my abstinence page' });
    expect(link.getAttribute('href')).toBe(`/programs/saa/abstinence?slip=${today}`);
    // Nothing is recorded by itself.
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('names every day of the calendar, and says the rhythm kindly', async () => {
    await setUp([
      { day: daysAgo(2), content: { ...emptyCheckIn('outer'), moods: ['hopeful'] } },
      { day: daysAgo(1), content: { ...emptyCheckIn('middle'), moods: ['anxious', 'sad'] } },
      { day: today, content: emptyCheckIn('inner') },
    ]);
    const cal = calendar();
    expect(cal.getByRole('cell', { name: `${longDay(daysAgo(2))}: outer circle, hopeful` })).toBeTruthy();
    expect(
      cal.getByRole('cell', { name: `${longDay(daysAgo(1))}: middle circle, anxious, sad` }),
    ).toBeTruthy();
    expect(cal.getByRole('cell', { name: `${longDay(today)}: inner circle` })).toBeTruthy();
    expect(cal.getByRole('cell', { name: `${longDay(daysAgo(3))}: no check-in` })).toBeTruthy();
    // Twelve weeks, Monday to Sunday, the oldest first.
    const first = addDays(weekStart(today), -7 * 11);
    expect(cal.getByRole('cell', { name: `${longDay(first)}: no check-in` })).toBeTruthy();
    expect(cal.queryByRole('cell', { name: new RegExp(`^${longDay(addDays(first, -1))}`) })).toBeNull();
    expect(screen.getByText('3 days in a row. Every check-in counts.')).toBeTruthy();
    expect(screen.getByText('Inner circle: 1')).toBeTruthy();
    // One tab stop: today's square.
    const focusable = cal.getAllByRole('cell').filter((c) => c.tabIndex === 0);
    expect(focusable.map((c) => c.getAttribute('aria-label'))).toEqual([`${longDay(today)}: inner circle`]);
  });

  it('moves through the calendar with the arrow keys and shows the day it is on', async () => {
    const { user } = await setUp([
      { day: daysAgo(7), content: { ...emptyCheckIn('outer'), moods: ['peaceful'] } },
    ]);
    const cal = calendar();
    cal.getByRole('cell', { name: new RegExp(`^${longDay(today)}`) }).focus();
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe(
      `${longDay(daysAgo(7))}: outer circle, peaceful`,
    );
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe(`${longDay(daysAgo(8))}: no check-in`);
  });

  it('shows earlier weeks when there are check-ins before them', async () => {
    const long = daysAgo(120);
    const { user } = await setUp([{ day: long, content: emptyCheckIn('outer') }]);
    expect(calendar().queryByRole('cell', { name: `${longDay(long)}: outer circle` })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show earlier weeks' }));
    expect(calendar().getByRole('cell', { name: `${longDay(long)}: outer circle` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show earlier weeks' })).toBeNull();
  });

  it('makes the CSV in the browser, one row a day, oldest first', async () => {
    const files: Blob[] = [];
    // jsdom makes no object URLs: this one keeps the file the page hands to the browser.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL(blob: Blob) {
          files.push(blob);
          return 'blob:check-ins';
        }
        static override revokeObjectURL() {}
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, server } = await setUp([
      { day: today, content: { ...emptyCheckIn('middle'), gratitude: 'Rest' } },
      {
        day: daysAgo(1),
        content: { ...emptyCheckIn('outer'), moods: ['hopeful', 'okay'], halt: ['lonely'] },
      },
    ]);
    const before = server.requests.length;
    await user.click(screen.getByRole('button', { name: 'Download my check-ins (CSV)' }));
    expect(click).toHaveBeenCalledOnce();
    const text = (await files[0]?.text())?.replace(/^\uFEFF/, '') ?? '';
    const rows = text.trim().split('\r\n');
    expect(rows[0]?.startsWith('Date,Circle,Moods,HALT,Gratitude,Where was I resentful today?')).toBe(true);
    expect(rows.slice(1).map((r) => r.split(',').slice(0, 5).join(','))).toEqual([
      `${daysAgo(1)},outer,Hopeful; Okay,Lonely,`,
      `${today},middle,,,Rest`,
    ]);
    expect(server.requests.length).toBe(before);
  });

  it('never offers to overwrite a check-in this browser cannot open', async () => {
    const other: DataCipher = testCipher(await testDataKey());
    const dataKey = await testDataKey();
    checkInServer([
      {
        day: today,
        ciphertext: await other.encrypt(emptyCheckIn('outer'), `check-in:${today}`),
        updatedAt: '2026-11-01T21:00:00.000Z',
      },
    ]);
    renderWithProviders(<CheckInPage />, { dataKey });
    expect(
      await screen.findByText(/cannot be opened in this browser, so it cannot be changed here/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save check-in' })).toBeNull();
    expect(
      screen.getByText('One check-in could not be opened in this browser and is not shown.'),
    ).toBeTruthy();
  });
});

describe('before the check-ins show', () => {
  it('holds their place with one busy loading message until they are open', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    fakeServer({
      'GET /api/check-ins': async () => {
        await answered;
        return { checkIns: [] };
      },
    });
    renderWithProviders(<CheckInPage />, { dataKey: await testDataKey() });
    expect(screen.getByRole('status').textContent).toBe('Loading your check-ins...');
    expect(screen.getByRole('status').closest('[aria-busy="true"]')).not.toBeNull();
    answer();
    expect(await screen.findByRole('heading', { level: 2, name: 'Tonight’s check-in' })).toBeTruthy();
    expect(document.querySelector('[aria-busy]')).toBeNull();
  });

  it('asks to unlock while the data key is not in this browser, and loads nothing', async () => {
    const { server } = checkInServer();
    renderWithProviders(<CheckInPage />, { dataKey: null });
    expect(screen.getByRole('heading', { name: 'Your writing is locked in this browser' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it('asks a visitor to sign in', async () => {
    const { user, loginRequests } = renderWithProviders(<CheckInPage />, { account: null });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(loginRequests).toEqual([{ mode: 'signin' }]);
  });
});
