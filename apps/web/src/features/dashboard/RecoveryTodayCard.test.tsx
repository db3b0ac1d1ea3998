// @vitest-environment jsdom
import '../sponsorSpace/nodeTypedArrays.testing.ts';
import { type AbstinenceRecord, addDays, localCalendarDate, readSharedItemContent } from '@sam/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, type Handler } from '../../testing/fakeServer.ts';
import { renderWithProviders, testCipher, testDataKey } from '../../testing/renderWithProviders.tsx';
import { partner, spaceRoutes } from '../sponsorSpace/spaceServer.testing.ts';
import { openComment, openItem } from '../sponsorSpace/spaceSession.ts';
import { RecoveryTodayCard } from './RecoveryTodayCard.tsx';

const today = localCalendarDate();

/** The abstinence and check-in routes, holding `record` (encrypted) and check-ins on `days`. */
async function recoveryRoutes(
  dataKey: CryptoKey,
  record: AbstinenceRecord | null,
  days: string[],
): Promise<Record<string, Handler>> {
  const ciphertext = record ? await testCipher(dataKey).encrypt(record, 'abstinence') : null;
  return {
    'GET /api/abstinence': () => ({
      abstinence: ciphertext ? { ciphertext, revision: 1, updatedAt: '2026-11-01T10:00:00.000Z' } : null,
    }),
    'GET /api/check-ins': () => ({
      checkIns: days.map((day) => ({
        day,
        ciphertext: 'x'.repeat(40),
        updatedAt: '2026-11-01T21:00:00.000Z',
      })),
    }),
  };
}

const running = (start: string): AbstinenceRecord => ({ periods: [{ id: 'p1', start, end: null }] });

describe('the dashboard’s Today card', { timeout: 30_000 }, () => {
  it('shows the day counter and that tonight’s check-in is still to do', async () => {
    const dataKey = await testDataKey();
    fakeServer(await recoveryRoutes(dataKey, running(addDays(today, -40)), [addDays(today, -1)]));
    renderWithProviders(<RecoveryTodayCard />, { dataKey });
    const card = within(screen.getByRole('region', { name: 'Today' }));
    const count = await card.findByRole('link', { name: '40 days of abstinence' });
    expect(count.getAttribute('href')).toBe('/programs/saa/abstinence');
    expect((await card.findByRole('link', { name: 'Check in tonight' })).getAttribute('href')).toBe(
      '/programs/saa/check-in',
    );
  });

  it('says tonight’s check-in is done, and celebrates a milestone', async () => {
    const dataKey = await testDataKey();
    fakeServer(await recoveryRoutes(dataKey, running(addDays(today, -7)), [today]));
    renderWithProviders(<RecoveryTodayCard />, { dataKey });
    expect(await screen.findByRole('link', { name: 'Tonight’s check-in: done' })).toBeTruthy();
    expect(await screen.findByText('Today is a milestone: 7 days')).toBeTruthy();
  });

  it('offers to set a start date before there is one', async () => {
    const dataKey = await testDataKey();
    fakeServer(await recoveryRoutes(dataKey, null, []));
    renderWithProviders(<RecoveryTodayCard />, { dataKey });
    expect(await screen.findByRole('link', { name: 'Set your abstinence start date' })).toBeTruthy();
  });

  it('without a sponsor, the middle-circle dialog shows how to invite one and the crisis lines', async () => {
    const dataKey = await testDataKey();
    fakeServer({
      ...(await recoveryRoutes(dataKey, null, [])),
      'GET /api/sponsorship/spaces': () => ({ spaces: [] }),
    });
    const { user } = renderWithProviders(<RecoveryTodayCard />, { dataKey });
    await user.click(screen.getByRole('button', { name: 'I’m in my middle circle' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reaching out' }));
    const invite = await dialog.findByRole('link', { name: 'Profile › Sponsorship' });
    expect(invite.getAttribute('href')).toBe('/profile?tab=sponsorship');
    expect(dialog.getByRole('heading', { name: 'If you are in crisis' })).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'Do tonight’s check-in' }).getAttribute('href')).toBe(
      '/programs/saa/check-in',
    );
    expect(dialog.queryByRole('button', { name: /^Let / })).toBeNull();
  });

  it('lets the sponsor know in one tap: an encrypted note in the space’s reach-out thread', async () => {
    const dataKey = await testDataKey();
    const sponsor = await partner('sponsor-1');
    const space = spaceRoutes('sponsee', { id: sponsor.id, identity: sponsor.identity }, 'Robin');
    await space.acceptPartner(testCipher(dataKey));
    fakeServer({ ...(await recoveryRoutes(dataKey, null, [])), ...space.routes });
    const { user } = renderWithProviders(<RecoveryTodayCard />, { dataKey });
    await user.click(screen.getByRole('button', { name: 'I’m in my middle circle' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reaching out' }));
    await user.type(await dialog.findByLabelText('A line for Robin (optional)'), 'Can we talk tonight?');
    await user.click(dialog.getByRole('button', { name: 'Let Robin know' }));
    expect(
      await dialog.findByText(/Robin can read your note in your shared space now/, {}, { timeout: 10_000 }),
    ).toBeTruthy();

    // What the sponsor's browser reads: a 'Reaching out' item, and the note in its thread.
    const opened = await space.partnerOpens(sponsor);
    if (!opened.key) throw new Error('the sponsor opens the space');
    const item = space.state.items.get('reach-out');
    expect(item && readSharedItemContent(await openItem(opened.key, 'reach-out', item.ciphertext))).toEqual({
      ok: true,
      content: {
        title: 'Reaching out',
        blocks: [{ heading: 'When I reach out', text: 'My notes from a middle-circle day are below.' }],
      },
    });
    const [note] = space.state.comments;
    expect(note?.itemKey).toBe('reach-out');
    expect(note?.ciphertext).not.toContain('talk');
    expect(note && (await openComment(opened.key, 'reach-out', note.ciphertext))).toBe(
      'I’m in my middle circle today and reaching out.\n\nCan we talk tonight?',
    );

    // A second reach-out adds to the same thread.
    await user.click(dialog.getByRole('button', { name: 'Let Robin know' }));
    await dialog.findByText(/Robin can read your note/);
    expect(space.state.comments).toHaveLength(2);
  });
});
