import { afterEach, describe, expect, it } from 'vitest';
import { claimLease } from '../src/db/sweepLease.ts';
import { startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

describe('claimLease: one instance sweeps each period', () => {
  it('lets exactly one of twenty claims at once win, and the next only after the lease ends', async () => {
    t = await startTestApp();
    const now = 1_000_000;
    const claims = await Promise.all(Array.from({ length: 20 }, () => claimLease(t.db, 'sweep', now, 900)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimLease(t.db, 'sweep', now + 899, 900)).toBe(false);
    expect(await claimLease(t.db, 'sweep', now + 900, 900)).toBe(true);
    // Leases on other jobs are their own.
    expect(await claimLease(t.db, 'other', now + 900, 900)).toBe(true);
  });
});
