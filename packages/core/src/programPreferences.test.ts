import { describe, expect, it } from 'vitest';
import {
  addProgram,
  mergePreferences,
  preferencesError,
  removeProgram,
  setPrimaryBody,
  toggleSelectedProgram,
} from './programPreferences.ts';
import { createPreferencesBodySchema, updatePreferencesBodySchema } from './schemas/preferences.ts';

const none = { selectedPrograms: [], primaryProgram: null };

describe('program preference rules', () => {
  it('makes the first selected program primary automatically', () => {
    const one = toggleSelectedProgram(none, 'saa');
    expect(one).toEqual({ selectedPrograms: ['saa'], primaryProgram: 'saa' });
    expect(toggleSelectedProgram(one, 'aa')).toEqual({
      selectedPrograms: ['saa', 'aa'],
      primaryProgram: 'saa',
    });
  });

  it('passes primary to the first remaining program when the primary is unchecked, or to none', () => {
    const three = { selectedPrograms: ['saa', 'aa', 'na'] as const, primaryProgram: 'saa' as const };
    const prefs = { selectedPrograms: [...three.selectedPrograms], primaryProgram: three.primaryProgram };
    expect(removeProgram(prefs, 'saa')).toEqual({ selectedPrograms: ['aa', 'na'], primaryProgram: 'aa' });
    expect(removeProgram(prefs, 'na')).toEqual({ selectedPrograms: ['saa', 'aa'], primaryProgram: 'saa' });
    expect(removeProgram({ selectedPrograms: ['aa'], primaryProgram: 'aa' }, 'aa')).toEqual(none);
  });

  it('adding appends and sets primary only when there is none; adding twice changes nothing', () => {
    const prefs = addProgram({ selectedPrograms: ['na'], primaryProgram: 'na' }, 'ga');
    expect(prefs).toEqual({ selectedPrograms: ['na', 'ga'], primaryProgram: 'na' });
    expect(addProgram(prefs, 'ga')).toBe(prefs);
  });

  it('set-primary sends only primaryProgram', () => {
    expect(setPrimaryBody('coda')).toEqual({ primaryProgram: 'coda' });
  });

  it('validates the setup screen in order', () => {
    expect(preferencesError(none)).toBe('Please select at least one program');
    expect(preferencesError({ selectedPrograms: ['aa'], primaryProgram: null })).toBe(
      'Please select a primary program',
    );
    expect(preferencesError({ selectedPrograms: ['aa'], primaryProgram: 'aa' })).toBeNull();
  });
});

describe('mergePreferences', () => {
  const current = {
    selectedPrograms: ['saa', 'aa'] as Array<'saa' | 'aa' | 'na'>,
    primaryProgram: 'saa' as const,
  };
  it('keeps a primary that is still selected and reassigns one that was removed', () => {
    expect(mergePreferences(current, { selectedPrograms: ['saa', 'aa', 'na'] })).toEqual({
      preferences: { selectedPrograms: ['saa', 'aa', 'na'], primaryProgram: 'saa' },
    });
    expect(mergePreferences(current, { selectedPrograms: ['aa'] })).toEqual({
      preferences: { selectedPrograms: ['aa'], primaryProgram: 'aa' },
    });
  });
  it('refuses a primary that is not selected', () => {
    expect(mergePreferences(current, { primaryProgram: 'na' })).toEqual({
      error: 'The primary program must be one of the selected programs',
    });
  });
});

describe('preference bodies', () => {
  it('accepts upper-case ids and refuses unknown, repeated or missing programs', () => {
    expect(createPreferencesBodySchema.parse({ selectedPrograms: ['SAA'], primaryProgram: 'saa' })).toEqual({
      selectedPrograms: ['saa'],
      primaryProgram: 'saa',
    });
    expect(
      createPreferencesBodySchema.safeParse({ selectedPrograms: ['xyz'], primaryProgram: 'xyz' }).success,
    ).toBe(false);
    expect(
      createPreferencesBodySchema.safeParse({ selectedPrograms: ['aa', 'aa'], primaryProgram: 'aa' }).success,
    ).toBe(false);
    expect(
      createPreferencesBodySchema.safeParse({ selectedPrograms: [], primaryProgram: 'aa' }).success,
    ).toBe(false);
    expect(
      createPreferencesBodySchema.safeParse({ selectedPrograms: ['aa'], primaryProgram: 'na' }).success,
    ).toBe(false);
    expect(updatePreferencesBodySchema.safeParse({}).success).toBe(false);
  });
});
