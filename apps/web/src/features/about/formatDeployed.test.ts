import { describe, expect, it } from 'vitest';
import { formatDeployed } from './formatDeployed.ts';

describe('formatDeployed', () => {
  it('shows DD-Mon-YYYY', () => {
    expect(formatDeployed('2025-03-04T12:00:00.000Z')).toBe('04-Mar-2025');
  });

  it("says 'Unknown' for an empty or broken date", () => {
    expect(formatDeployed('')).toBe('Unknown');
    expect(formatDeployed('not a date')).toBe('Unknown');
  });
});
