import { describe, expect, it } from 'vitest';
import { recoveryCodeGroups, recoveryCodeText } from './recoveryCodeFile.ts';

describe('recovery code file', () => {
  it('splits a code into its groups', () => {
    expect(recoveryCodeGroups('ABCD-EFGH-IJ')).toEqual(['ABCD', 'EFGH', 'IJ']);
    expect(recoveryCodeGroups(' ABCD EFGH ')).toEqual(['ABCD', 'EFGH']);
  });

  it('writes the code, the account and why it matters', () => {
    const text = recoveryCodeText('ABCD-EFGH', 'a@example.com', new Date('2025-03-04T10:00:00Z'));
    expect(text).toContain('\nABCD-EFGH\n');
    expect(text).toContain('Account: a@example.com');
    expect(text).toContain('Created: 2025-03-04');
    expect(text).toMatch(/only way back to your saved writing/);
  });
});
