import { describe, expect, it } from 'vitest';
import { defaultRestartDay, emptyAbstinence, recordSlip, setAbstinenceStart } from './periods.ts';

const TODAY = '2026-11-26';

describe('the day a new count starts, unless the person chooses another', () => {
  it('is the day after the slip', () => {
    expect(defaultRestartDay('2026-11-20', TODAY)).toBe('2026-11-21');
    expect(defaultRestartDay('2026-11-25', TODAY)).toBe(TODAY);
    expect(defaultRestartDay('2026-02-28', TODAY)).toBe('2026-03-01');
  });

  it('is today for a slip today, never a day still to come', () => {
    expect(defaultRestartDay(TODAY, TODAY)).toBe(TODAY);
  });

  it('is a day a slip can be recorded with', () => {
    const record = setAbstinenceStart(emptyAbstinence(), '2026-10-01', 'p1');
    for (const on of ['2026-10-01', '2026-11-20', TODAY]) {
      const result = recordSlip(record, { on, restartOn: defaultRestartDay(on, TODAY) }, 'p2', TODAY);
      expect(result).toHaveProperty('record');
    }
  });
});
