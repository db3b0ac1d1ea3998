import { describe, expect, it } from 'vitest';
import {
  continueUnder,
  dashboardState,
  isTrackedPage,
  ONBOARDING_OPTIONS,
  onboardingSave,
  pageTitleFrom,
  programOfPage,
  rankedRecommendations,
  readPageVisit,
  writePageVisit,
} from './dashboard.ts';
import { PROGRAM_IDS } from './fellowships.ts';

const saaOnly = (p: string) => p === 'saa';

describe('dashboardState', () => {
  it('is loading while preferences load', () => {
    expect(
      dashboardState({
        preferences: { status: 'pending' },
        progressPending: false,
        primaryHasSteps: saaOnly,
      }),
    ).toBe('loading');
  });
  it('is an error when preferences fail', () => {
    expect(
      dashboardState({ preferences: { status: 'error' }, progressPending: false, primaryHasSteps: saaOnly }),
    ).toBe('error');
  });
  it('has no primary without preferences or without a primary', () => {
    for (const data of [null, { selectedPrograms: [], primaryProgram: null }]) {
      expect(
        dashboardState({
          preferences: { status: 'success', data },
          progressPending: false,
          primaryHasSteps: saaOnly,
        }),
      ).toBe('no-primary');
    }
  });
  it('waits for step progress only when the primary program has steps', () => {
    const saa = { selectedPrograms: ['saa' as const], primaryProgram: 'saa' as const };
    const aa = { selectedPrograms: ['aa' as const], primaryProgram: 'aa' as const };
    expect(
      dashboardState({
        preferences: { status: 'success', data: saa },
        progressPending: true,
        primaryHasSteps: saaOnly,
      }),
    ).toBe('loading');
    expect(
      dashboardState({
        preferences: { status: 'success', data: saa },
        progressPending: false,
        primaryHasSteps: saaOnly,
      }),
    ).toBe('main');
    expect(
      dashboardState({
        preferences: { status: 'success', data: aa },
        progressPending: true,
        primaryHasSteps: saaOnly,
      }),
    ).toBe('main');
  });
});

describe('onboarding', () => {
  it('cleans the ranked slugs', () => {
    expect(rankedRecommendations(['SAA', 'aa', 'saa', 'nope', 3])).toEqual(['saa', 'aa']);
    expect(rankedRecommendations(undefined)).toEqual([]);
  });
  it('offers the programs in the registry’s order, SAA first, then Not sure yet', () => {
    expect(ONBOARDING_OPTIONS).toEqual([...PROGRAM_IDS, 'not-sure']);
    expect(ONBOARDING_OPTIONS[0]).toBe('saa');
  });
  it('skips the save for Not sure yet', () => {
    expect(onboardingSave(null, 'not-sure')).toBeNull();
    expect(onboardingSave({ selectedPrograms: ['aa'], primaryProgram: 'aa' }, 'not-sure')).toBeNull();
  });
  it('creates preferences with only the chosen program, selected and primary', () => {
    expect(onboardingSave(null, 'saa')).toEqual({
      method: 'POST',
      body: { selectedPrograms: ['saa'], primaryProgram: 'saa' },
    });
    expect(onboardingSave(null, 'na')).toEqual({
      method: 'POST',
      body: { selectedPrograms: ['na'], primaryProgram: 'na' },
    });
  });
  it('updates existing preferences, keeping the programs already worked in their order', () => {
    expect(onboardingSave({ selectedPrograms: ['aa', 'na'], primaryProgram: 'aa' }, 'saa')).toEqual({
      method: 'PUT',
      body: { selectedPrograms: ['aa', 'na', 'saa'], primaryProgram: 'saa' },
    });
    expect(onboardingSave({ selectedPrograms: ['aa', 'na'], primaryProgram: 'aa' }, 'na')).toEqual({
      method: 'PUT',
      body: { selectedPrograms: ['aa', 'na'], primaryProgram: 'na' },
    });
    expect(onboardingSave({ selectedPrograms: [], primaryProgram: null }, 'oa')).toEqual({
      method: 'PUT',
      body: { selectedPrograms: ['oa'], primaryProgram: 'oa' },
    });
  });
});

describe('the program a page belongs to', () => {
  it('reads it from the path', () => {
    expect(programOfPage('/programs/saa/12-steps/step-1')).toBe('saa');
    expect(programOfPage('/programs/aa')).toBe('aa');
    expect(programOfPage('/programs/coda/')).toBe('coda');
    expect(programOfPage('/programs/na?from=home')).toBe('na');
    expect(programOfPage('/programs/oa#meetings')).toBe('oa');
  });
  it('is none for other pages and unknown programs', () => {
    for (const path of [
      '/discover',
      '/self-assess',
      '/profile',
      '/programs',
      '/programs/',
      '/programs/xa',
      '/recovery-programs',
      '/x/programs/aa',
      '/programs/SAA',
    ]) {
      expect(programOfPage(path), path).toBeNull();
    }
  });
  it('offers Continue under the program the page belongs to, only when the user works it', () => {
    expect(continueUnder('/programs/saa/12-steps/step-1', ['aa', 'saa'])).toBe('saa');
    expect(continueUnder('/programs/aa', ['aa', 'saa'])).toBe('aa');
    expect(continueUnder('/programs/na', ['aa', 'saa'])).toBeNull();
    expect(continueUnder('/discover', ['aa', 'saa'])).toBeNull();
    expect(continueUnder('/programs/saa', [])).toBeNull();
  });
});

describe('last page visit', () => {
  const visit = {
    userId: 'a@example.com',
    lastPage: '/programs/saa/12-steps/step-1',
    lastPageTitle: 'Step One',
    lastVisited: '2026-01-01T00:00:00.000Z',
  };
  it('tracks every page except home', () => {
    expect(isTrackedPage('/')).toBe(false);
    expect(isTrackedPage('/index.html')).toBe(false);
    expect(isTrackedPage('/verify-email')).toBe(false);
    expect(isTrackedPage('/discover')).toBe(true);
    expect(isTrackedPage('/programs/saa/12-steps/step-1')).toBe(true);
  });
  it('writes and reads by user id, keeping other users', () => {
    const other = { ...visit, userId: 'b@example.com', lastPage: '/discover' };
    const raw = writePageVisit(writePageVisit(null, other), visit);
    expect(readPageVisit(raw, visit.userId)).toEqual(visit);
    expect(readPageVisit(raw, other.userId)).toEqual(other);
    expect(readPageVisit(raw, 'c@example.com')).toBeNull();
  });
  it('survives bad stored values', () => {
    expect(readPageVisit('not json', 'a')).toBeNull();
    expect(readPageVisit('[1]', 'a')).toBeNull();
    expect(readPageVisit(JSON.stringify({ a: { lastPage: 'https://evil.example' } }), 'a')).toBeNull();
    expect(
      readPageVisit(JSON.stringify({ a: { lastPage: '//evil.example', lastPageTitle: 'x' } }), 'a'),
    ).toBeNull();
    expect(readPageVisit(writePageVisit('garbage', visit), visit.userId)).toEqual(visit);
  });
  it('takes the page name from the tab title', () => {
    expect(pageTitleFrom('Step One | SAM')).toBe('Step One');
    expect(pageTitleFrom('SAM')).toBe('SAM');
  });
});
