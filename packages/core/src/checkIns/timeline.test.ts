import { describe, expect, it } from 'vitest';
import { emptyCheckIn } from './checkIn.ts';
import { checkInDayChoices, checkInWeeks, timelineDayLabel } from './rhythm.ts';

const TODAY = '2026-11-26';

describe('the days the check-in form offers', () => {
  it('are today and the six days before it, today first', () => {
    expect(checkInDayChoices(TODAY)).toEqual([
      '2026-11-26',
      '2026-11-25',
      '2026-11-24',
      '2026-11-23',
      '2026-11-22',
      '2026-11-21',
      '2026-11-20',
    ]);
  });
});

describe('a calendar day as a screen reader hears it', () => {
  const week = (content = emptyCheckIn('outer')) =>
    checkInWeeks([{ day: '2026-11-23', content }], '2026-11-23', TODAY)[0] ?? [];

  it('names the date, the circle and the moods', () => {
    const [monday] = week({ ...emptyCheckIn('outer'), moods: ['hopeful', 'okay'] });
    expect(monday && timelineDayLabel(monday, 'en-US')).toBe(
      'Monday, November 23, 2026: outer circle, hopeful, okay',
    );
  });

  it('names the circle alone when no mood was chosen', () => {
    const [monday] = week(emptyCheckIn('middle'));
    expect(monday && timelineDayLabel(monday, 'en-US')).toBe('Monday, November 23, 2026: middle circle');
  });

  it('says plainly when a day has no check-in, and when it is still to come', () => {
    const days = week();
    const tuesday = days[1];
    const friday = days[4];
    expect(tuesday && timelineDayLabel(tuesday, 'en-US')).toBe('Tuesday, November 24, 2026: no check-in');
    expect(friday && timelineDayLabel(friday, 'en-US')).toBe('Friday, November 27, 2026: still to come');
  });
});
