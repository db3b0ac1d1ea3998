import { describe, expect, it } from 'vitest';
import { FIELD_LIMITS } from '../fieldLimits.ts';
import { checkInContentSchema, emptyCheckIn, MAX_MOODS, toggleMood } from './checkIn.ts';
import { CHECK_INS_CSV_HEADER, checkInsCsv } from './csv.ts';
import { checkInRun, checkInsWithin, checkInWeeks, circleCounts, rhythmWords } from './rhythm.ts';

const TODAY = '2026-11-26';
const days = (...list: string[]) => new Set(list);

describe('a check-in', () => {
  it('needs a circle; everything else is optional and bounded', () => {
    expect(checkInContentSchema.safeParse(emptyCheckIn()).success).toBe(true);
    expect(checkInContentSchema.safeParse({ ...emptyCheckIn(), circle: 'somewhere' }).success).toBe(false);
    const long = { ...emptyCheckIn(), gratitude: 'x'.repeat(FIELD_LIMITS.checkInGratitude + 1) };
    expect(checkInContentSchema.safeParse(long).success).toBe(false);
    const tooMany = { ...emptyCheckIn(), moods: ['okay', 'sad', 'angry', 'hopeful'] };
    expect(checkInContentSchema.safeParse(tooMany).success).toBe(false);
  });

  it('keeps at most three moods, the oldest giving way, and toggles one off', () => {
    let moods = toggleMood([], 'okay');
    moods = toggleMood(moods, 'sad');
    moods = toggleMood(moods, 'angry');
    moods = toggleMood(moods, 'hopeful');
    expect(moods).toEqual(['sad', 'angry', 'hopeful']);
    expect(moods.length).toBe(MAX_MOODS);
    expect(toggleMood(moods, 'sad')).toEqual(['angry', 'hopeful']);
  });
});

describe('the rhythm, in words that never shame', () => {
  it('counts days in a row ending today, or yesterday while tonight is still to come', () => {
    expect(checkInRun(days(TODAY, '2026-11-25', '2026-11-24', '2026-11-22'), TODAY)).toBe(3);
    expect(checkInRun(days('2026-11-25', '2026-11-24'), TODAY)).toBe(2);
    expect(checkInRun(days('2026-11-23'), TODAY)).toBe(0);
    expect(checkInsWithin(days(TODAY, '2026-11-20', '2026-11-19', '2026-11-27'), TODAY, 7)).toBe(2);
  });

  it('welcomes rather than scolds', () => {
    expect(rhythmWords(days(), TODAY)).toBe('Your first check-in takes about a minute.');
    expect(rhythmWords(days(TODAY, '2026-11-25'), TODAY)).toBe('2 days in a row. Every check-in counts.');
    expect(rhythmWords(days('2026-11-22'), TODAY)).toBe(
      '1 of the last 7 days checked in. Every check-in counts.',
    );
    expect(rhythmWords(days('2026-10-01'), TODAY)).toBe('Welcome back. Today is a good day to check in.');
    for (const words of [rhythmWords(days('2026-10-01'), TODAY), rhythmWords(days('2026-11-22'), TODAY)]) {
      expect(words).not.toMatch(/broke|lost|missed|fail/i);
    }
  });
});

describe('the calendar', () => {
  const outer = { day: '2026-11-24', content: emptyCheckIn('outer') };
  const middle = { day: '2026-11-26', content: { ...emptyCheckIn('middle'), moods: ['anxious' as const] } };

  it('lays out whole weeks from Monday, each day with its check-in, days after today marked', () => {
    const weeks = checkInWeeks([outer, middle], '2026-11-18', TODAY);
    expect(weeks.map((w) => w[0]?.day)).toEqual(['2026-11-16', '2026-11-23']);
    const thisWeek = weeks[1] ?? [];
    expect(thisWeek.map((d) => d.checkIn?.circle ?? null)).toEqual([
      null,
      'outer',
      null,
      'middle',
      null,
      null,
      null,
    ]);
    expect(thisWeek.map((d) => d.future)).toEqual([false, false, false, false, true, true, true]);
  });

  it('counts check-ins by circle', () => {
    expect(circleCounts([outer, middle, { ...outer, day: '2026-11-25' }])).toEqual({
      outer: 2,
      middle: 1,
      inner: 0,
    });
  });
});

describe('the CSV export', () => {
  it('writes a row a day, oldest first, with labels and spreadsheet-safe cells', () => {
    const csv = checkInsCsv([
      {
        day: '2026-11-26',
        content: {
          ...emptyCheckIn('middle'),
          moods: ['anxious', 'hopeful'],
          halt: ['tired'],
          gratitude: '=a friend, who called',
          stepTen: { afraid: 'Of the meeting' },
        },
      },
      { day: '2026-11-25', content: emptyCheckIn('outer') },
    ]);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(CHECK_INS_CSV_HEADER.join(','));
    expect(lines[1]).toBe('2026-11-25,outer,,,,,,,,');
    expect(lines[2]).toBe(
      `2026-11-26,middle,Anxious; Hopeful,Tired,"'=a friend, who called",,,,Of the meeting,`,
    );
  });
});
