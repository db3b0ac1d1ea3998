import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateOnFirstUse } from './dateFormat.ts';

const OPTIONS = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' } as const;
const AT = new Date('2026-11-23T21:05:00Z');

describe('formatDateOnFirstUse', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes no formatter until it formats, then keeps the one it made', () => {
    const Made = Intl.DateTimeFormat;
    const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function dateTimeFormat(
      ...args: ConstructorParameters<typeof Made>
    ) {
      return new Made(...args);
    });
    const format = formatDateOnFirstUse(OPTIONS);
    expect(made).not.toHaveBeenCalled();
    expect(format(AT)).toBe(format(AT.getTime()));
    expect(made).toHaveBeenCalledTimes(1);
  });

  it("writes what the browser's own formatter writes, for a date or a timestamp", () => {
    const format = formatDateOnFirstUse(OPTIONS);
    const expected = new Intl.DateTimeFormat(undefined, OPTIONS).format(AT);
    expect(format(AT)).toBe(expected);
    expect(format(AT.getTime())).toBe(expected);
  });
});
