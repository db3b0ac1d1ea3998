import { describe, expect, it } from 'vitest';
import { ASSESSMENT_MODULES } from './assessment/index.ts';
import { ONBOARDING_OPTIONS } from './dashboard.ts';
import { FELLOWSHIPS, fellowshipById, PROGRAM_CODES, PROGRAM_IDS, WORKBOOK_PROGRAM } from './fellowships.ts';
import { createPreferencesBodySchema } from './schemas/preferences.ts';
import { progressProgramSchema } from './schemas/progress.ts';
import { SPONSORSHIP_PROGRAMS } from './sponsorship.ts';
import { SAA_PROGRAM } from './steps/saa.ts';

describe('the fellowship registry', () => {
  it('lists eight fellowships, each with its own id and code', () => {
    expect(PROGRAM_IDS).toEqual(['saa', 'aa', 'na', 'oa', 'ga', 'da', 'coda', 'ca']);
    expect(new Set(PROGRAM_CODES).size).toBe(FELLOWSHIPS.length);
    for (const f of FELLOWSHIPS) expect(f.code).toBe(f.id.toUpperCase());
  });

  it('is what the schemas accept: every code (or id) in progress, every id in preferences, nothing else', () => {
    for (const f of FELLOWSHIPS) {
      expect(progressProgramSchema.parse(f.code)).toBe(f.code);
      expect(progressProgramSchema.parse(f.id)).toBe(f.code);
    }
    expect(progressProgramSchema.safeParse('XA').success).toBe(false);
    expect(
      createPreferencesBodySchema.safeParse({ selectedPrograms: [...PROGRAM_IDS], primaryProgram: 'coda' })
        .success,
    ).toBe(true);
    expect(
      createPreferencesBodySchema.safeParse({ selectedPrograms: ['xa'], primaryProgram: 'xa' }).success,
    ).toBe(false);
  });

  it('names the workbook program, the assessment fellowships and the sponsorship list', () => {
    expect(WORKBOOK_PROGRAM).toBe('SAA');
    expect(SAA_PROGRAM).toMatchObject({ id: 'saa', code: 'SAA', name: 'SAA - Sex Addicts Anonymous' });
    const sex = ASSESSMENT_MODULES.find((m) => m.id === 'sex');
    expect(sex).toMatchObject({
      program_name: 'Sex Addicts Anonymous (SAA)',
      program_initials: 'SAA',
      program_slug: 'saa',
    });
    expect(ASSESSMENT_MODULES.find((m) => m.program_slug === 'coda')?.program_initials).toBe(
      fellowshipById('coda').initials,
    );
    expect(ONBOARDING_OPTIONS.filter((o) => o !== 'not-sure').sort()).toEqual([...PROGRAM_IDS].sort());
    // The sponsorship list's own order, labels from the registry, and Al-Anon, which SAM does not list.
    expect(SPONSORSHIP_PROGRAMS.map((p) => `${p.value}:${p.label}`).join(' ')).toBe(
      'SAA:SAA AA:AA NA:NA GA:GA OA:OA DA:DA AL-ANON:Al-Anon',
    );
  });
});
