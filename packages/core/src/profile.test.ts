import { describe, expect, it } from 'vitest';
import {
  changePasswordFormError,
  deleteConfirmationMatches,
  PROFILE_UI_MESSAGES,
  profileChanges,
  profileFormErrors,
  profileSaveChanges,
  progressHistory,
} from './profile.ts';
import type { StepRecord } from './schemas/progress.ts';
import { SAA_PROGRAM } from './steps/saa.ts';

const steps = SAA_PROGRAM.tracks[0]?.steps ?? [];

function record(step: number, actions: [number, boolean][], extra: Partial<StepRecord> = {}): StepRecord {
  return {
    program: 'SAA',
    track: '12-steps',
    step_number: step,
    step_title: `Step ${step}`,
    completed: false,
    data: { actions: actions.map(([id, completed]) => ({ id, completed })), encrypted: true },
    started_at: null,
    completed_at: null,
    updated_at: '2026-03-04T10:00:00.000Z',
    sk: `SAA#12-steps#${step}`,
    ...extra,
  };
}

const form = { display_name: 'Ada', bio: '', location: '', phone: '' };

describe('profile form', () => {
  it('accepts ordinary values and names each field that breaks a limit', () => {
    expect(profileFormErrors({ ...form, phone: '+1 (555) 010-2000' })).toEqual({});
    const errors = profileFormErrors({
      display_name: 'x'.repeat(101),
      bio: 'b'.repeat(2001),
      location: 'l'.repeat(101),
      phone: 'call me',
    });
    expect(errors.display_name).toBe('Display name must be at most 100 characters');
    expect(errors.bio).toBe('Bio must be at most 2000 characters');
    expect(errors.location).toBe('Location must be at most 100 characters');
    expect(errors.phone).toMatch(/digits/);
  });

  it('sends only the fields that changed, trimmed', () => {
    expect(profileChanges(form, { ...form, bio: '  Grateful today  ' })).toEqual({ bio: 'Grateful today' });
    expect(profileChanges(form, { ...form, display_name: ' Ada ' })).toEqual({});
  });
});

describe('account deletion confirmation', () => {
  it('matches the e-mail trimmed and in any case, never an empty text', () => {
    expect(deleteConfirmationMatches('  Ada@Example.com ', 'ada@example.com')).toBe(true);
    expect(deleteConfirmationMatches('ada@example.co', 'ada@example.com')).toBe(false);
    expect(deleteConfirmationMatches('   ', '')).toBe(false);
  });
});

describe('change password form', () => {
  const ok = { current: 'old password 1', password: 'a new password', confirm: 'a new password' };
  it('checks current, length, confirmation and difference in turn', () => {
    expect(changePasswordFormError(ok)).toBeNull();
    expect(changePasswordFormError({ ...ok, current: '' })).toBe(PROFILE_UI_MESSAGES.currentPasswordRequired);
    expect(changePasswordFormError({ ...ok, password: 'short', confirm: 'short' })).toBe(
      'Password must be at least 8 characters long',
    );
    expect(changePasswordFormError({ ...ok, confirm: 'another one' })).toBe('Passwords do not match');
    expect(changePasswordFormError({ ...ok, password: ok.current, confirm: ok.current })).toBe(
      PROFILE_UI_MESSAGES.passwordSame,
    );
  });
});

describe('progress history', () => {
  it('lists steps with work done, in order, with their count and last date', () => {
    const rows = progressHistory(steps, [
      record(2, [[1, true]]),
      record(
        1,
        [1, 2, 3, 4, 5, 6].map((id) => [id, true] as [number, boolean]),
        {
          completed: true,
          completed_at: '2026-02-01',
        },
      ),
      record(3, [[1, false]]),
    ]);
    expect(rows.map((r) => r.stepNumber)).toEqual([1, 2]);
    expect(rows[0]).toMatchObject({
      title: 'Step One',
      completed: true,
      completedActions: 6,
      totalActions: 6,
    });
    expect(rows[0]?.lastDate).toBe('2026-02-01');
    expect(rows[1]).toMatchObject({
      completed: false,
      completedActions: 1,
      lastDate: '2026-03-04T10:00:00.000Z',
    });
  });

  it('counts only known actions once and is empty without records', () => {
    expect(progressHistory(steps, [])).toEqual([]);
    const [row] = progressHistory(steps, [
      record(2, [
        [1, true],
        [1, true],
        [99, true],
      ]),
    ]);
    expect(row?.completedActions).toBe(1);
  });
});

describe('profileSaveChanges', () => {
  const form = { display_name: 'Ada', bio: ' Grateful ', location: 'Leeds', phone: '' };
  it('sends the name alone when only it changed', () => {
    expect(profileSaveChanges({ display_name: 'Ada' }, form)).toEqual({ display_name: 'Ada' });
  });
  it('sends all three details, trimmed, when any of them changed', () => {
    expect(profileSaveChanges({ bio: 'Grateful' }, form)).toEqual({
      details: { bio: 'Grateful', location: 'Leeds', phone: '' },
    });
  });
  it('sends nothing for no changes', () => {
    expect(profileSaveChanges({}, form)).toEqual({});
  });
});
