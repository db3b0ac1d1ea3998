import { describe, expect, it } from 'vitest';
import { forgetPendingKeks, keepPendingKek, takePendingKek } from './pendingKeks.ts';

const fakeKey = {} as CryptoKey;

describe('pending keks', () => {
  it('hands a kek out once, whatever the e-mail case and spacing', () => {
    keepPendingKek('  Alex@Example.com ', fakeKey);
    expect(takePendingKek('alex@example.com')).toBe(fakeKey);
    expect(takePendingKek('alex@example.com')).toBeNull();
  });

  it('forgets them all', () => {
    keepPendingKek('a@example.com', fakeKey);
    forgetPendingKeks();
    expect(takePendingKek('a@example.com')).toBeNull();
  });
});
