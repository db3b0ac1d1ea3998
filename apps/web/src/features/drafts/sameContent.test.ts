import { describe, expect, it } from 'vitest';
import { sameContent } from './sameContent.ts';

describe('sameContent', () => {
  it('compares working values by content, not identity', () => {
    expect(sameContent({ a: 1, b: [1, { c: 'x' }] }, { a: 1, b: [1, { c: 'x' }] })).toBe(true);
    expect(sameContent({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameContent({ entries: [] }, { entries: [''] })).toBe(false);
  });
});
