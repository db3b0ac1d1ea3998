import { describe, expect, it } from 'vitest';
import { CRISIS_LINES } from './constants.ts';
import { smsHref, telHref } from './crisisLines.ts';

describe('crisis lines as links', () => {
  it('dials letters as a keypad does, and keeps only digits and a leading plus', () => {
    expect(telHref('1-800-662-HELP')).toBe('tel:18006624357');
    expect(telHref('988')).toBe('tel:988');
    expect(telHref('+1 (800) 273-TALK')).toBe('tel:+18002738255');
    expect(smsHref('988')).toBe('sms:988');
    expect(CRISIS_LINES.map(telHref)).toEqual(['tel:988', 'tel:18006624357']);
  });
});
