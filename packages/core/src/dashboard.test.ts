import { describe, expect, it } from 'vitest';
import {
  dashboardState,
  isTrackedPage,
  onboardingSave,
  pageTitleFrom,
  rankedRecommendations,
  readPageVisit,
  writePageVisit,
} from './dashboard.ts';

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
  it('skips the save for Not sure yet', () => {
    expect(onboardingSave(null, 'not-sure', ['saa'])).toBeNull();
  });
  it('creates preferences with the choice as primary and the recommendations selected', () => {
    expect(onboardingSave(null, 'saa', ['aa', 'saa'])).toEqual({
      method: 'POST',
      body: { selectedPrograms: ['saa', 'aa'], primaryProgram: 'saa' },
    });
    expect(onboardingSave(null, 'na')).toEqual({
      method: 'POST',
      body: { selectedPrograms: ['na'], primaryProgram: 'na' },
    });
  });
  it('updates existing preferences, keeping the programs already worked', () => {
    expect(onboardingSave({ selectedPrograms: ['aa', 'na'], primaryProgram: 'aa' }, 'saa')).toEqual({
      method: 'PUT',
      body: { selectedPrograms: ['aa', 'na', 'saa'], primaryProgram: 'saa' },
    });
    expect(onboardingSave({ selectedPrograms: ['aa', 'na'], primaryProgram: 'aa' }, 'na')).toEqual({
      method: 'PUT',
      body: { selectedPrograms: ['aa', 'na'], primaryProgram: 'na' },
    });
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
