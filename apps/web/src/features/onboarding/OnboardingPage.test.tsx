// @vitest-environment jsdom
import { FELLOWSHIPS, type ProgramPreferences } from '@sam/core';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer } from '../../testing/fakeServer.ts';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { PENDING_CHOICE_KEY } from '../preferences/pendingChoice.ts';
import { RecoveryProgramsPage } from '../programs/RecoveryProgramsPage.tsx';
import { OnboardingPage } from './OnboardingPage.tsx';

const PREFERENCES = '/api/user/program-preferences';

/** The preferences service: none until a POST creates them, a PUT changes them. */
function preferencesServer(initial: ProgramPreferences | null) {
  let stored = initial;
  return fakeServer({
    [`GET ${PREFERENCES}`]: () => stored,
    [`POST ${PREFERENCES}`]: ({ body }) => {
      stored = body as ProgramPreferences;
      return stored;
    },
    [`PUT ${PREFERENCES}`]: ({ body }) => {
      stored = { ...(stored as ProgramPreferences), ...(body as Partial<ProgramPreferences>) };
      return stored;
    },
  });
}

/** Onboarding as the self-assessment opens it, and the personal home page it leads to. */
function renderOnboarding(state: unknown = null, account?: null) {
  return renderWithProviders(
    <Routes>
      <Route path="/onboarding" element={<OnboardingPage />} />
      <Route path="/" element={<RecoveryProgramsPage />} />
    </Routes>,
    { route: { pathname: '/onboarding', state }, ...(account === null ? { account } : {}) },
  );
}

const fromResults = (ranked: string[]) => ({ preselectedPrograms: ranked, fromAssessment: true });
/** The program buttons in the order the page lists them (first line of each: the program's name). */
const optionNames = () =>
  within(screen.getByRole('region', { name: /Choose your primary program|Recovery programs/ }))
    .getAllByRole('button')
    .map((b) => b.querySelector('span')?.textContent);

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('onboarding from the self-assessment', () => {
  it('saves only the program picked, not every suggestion, and the programs page shows only that one', async () => {
    const server = preferencesServer(null);
    const { user } = renderOnboarding(fromResults(['saa', 'aa', 'oa']));
    await screen.findByRole('heading', { level: 1, name: 'Your Assessment Results' });
    expect(screen.getByText(/only that program is added to your programs/)).toBeTruthy();
    const aa = screen.getByRole('button', { name: /^AA - Alcoholics Anonymous/ });
    await waitFor(() => expect(aa.hasAttribute('disabled')).toBe(false));

    await user.click(aa);

    await screen.findByRole('heading', { level: 2, name: 'AA - Alcoholics Anonymous' });
    expect(server.to('POST', PREFERENCES).map((r) => r.body)).toEqual([
      { selectedPrograms: ['aa'], primaryProgram: 'aa' },
    ]);
    expect(screen.queryByRole('region', { name: 'Your Other Programs' })).toBeNull();
    expect(screen.queryByText('SAA - Sex Addicts Anonymous')).toBeNull();
    expect(server.unhandled).toEqual([]);
  });

  it('keeps only a visitor’s choice while they sign in', async () => {
    const server = preferencesServer(null);
    const { user, loginRequests } = renderOnboarding(fromResults(['saa', 'aa']), null);
    await user.click(await screen.findByRole('button', { name: /^AA - Alcoholics Anonymous/ }));
    expect(loginRequests).toEqual([{ mode: 'signup' }]);
    expect(JSON.parse(sessionStorage.getItem(PENDING_CHOICE_KEY) ?? 'null')).toEqual({
      choice: 'aa',
      savedAt: expect.any(Number),
    });
    expect(
      screen.getByText(
        'AA - Alcoholics Anonymous will be saved as your primary program as soon as you are signed in.',
      ),
    ).toBeTruthy();
    expect(server.requests).toEqual([]);
  });
});

describe('choosing a primary program', () => {
  it('lists the programs in the registry’s order, SAA first, then Not sure yet', async () => {
    preferencesServer(null);
    renderOnboarding();
    await screen.findByRole('heading', { level: 1, name: 'Pick your primary recovery program' });
    expect(optionNames()).toEqual([
      ...FELLOWSHIPS.map((f) => `${f.initials} - ${f.fullName}`),
      'Not sure yet',
    ]);
    expect(optionNames()[0]).toBe('SAA - Sex Addicts Anonymous');
  });

  it('marks the current primary program when opened to change it', async () => {
    preferencesServer({ selectedPrograms: ['saa', 'na'], primaryProgram: 'na' });
    renderOnboarding();
    const na = await screen.findByRole('button', { name: 'NA - Narcotics Anonymous Current primary' });
    expect(na.className).toMatch(/current/);
    expect(screen.getAllByText('Current primary')).toHaveLength(1);
    expect(screen.getByText(/Your primary program now is NA - Narcotics Anonymous\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'SAA - Sex Addicts Anonymous' }).className).not.toMatch(
      /current/,
    );
  });

  it('keeps the programs already worked when another becomes primary', async () => {
    const server = preferencesServer({ selectedPrograms: ['saa', 'na'], primaryProgram: 'na' });
    const { user } = renderOnboarding();
    const saa = await screen.findByRole('button', { name: 'SAA - Sex Addicts Anonymous' });
    await waitFor(() => expect(saa.hasAttribute('disabled')).toBe(false));
    await user.click(saa);
    await screen.findByRole('heading', { level: 2, name: 'SAA - Sex Addicts Anonymous' });
    expect(server.to('PUT', PREFERENCES).map((r) => r.body)).toEqual([
      { selectedPrograms: ['saa', 'na'], primaryProgram: 'saa' },
    ]);
  });
});
