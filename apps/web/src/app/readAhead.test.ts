// @vitest-environment jsdom
import { STORAGE_KEYS } from '@sam/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_USER } from '../testing/testUser.ts';
import { readAhead } from './readAhead.ts';
import { queryClient, READ_AHEAD_FRESH_MS, readIntoCache, takeReadAhead } from './serverState.tsx';

describe('readAhead', () => {
  afterEach(() => localStorage.clear());

  it("starts the page's reads for the user whose session this browser keeps, and waits for none", () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 't1');
    localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(TEST_USER));
    const start = vi.fn();
    expect(readAhead(start).loader({ params: { relationshipId: 'r1' } })).toBeNull();
    expect(start).toHaveBeenCalledExactlyOnceWith(TEST_USER.id, { relationshipId: 'r1' });
  });

  it('reads again on arrival from another page, not when only the search changes', () => {
    const { shouldRevalidate } = readAhead(vi.fn());
    const at = (url: string) => new URL(url, 'https://sam.example');
    expect(shouldRevalidate({ currentUrl: at('/notes'), nextUrl: at('/programs/saa/check-in') })).toBe(true);
    expect(
      shouldRevalidate({
        currentUrl: at('/programs/saa/check-in'),
        nextUrl: at('/programs/saa/check-in?day=2'),
      }),
    ).toBe(false);
  });

  it('starts nothing for a visitor, nor for a token saved without its user', () => {
    const start = vi.fn();
    readAhead(start).loader({ params: {} });
    localStorage.setItem(STORAGE_KEYS.authToken, 't1');
    readAhead(start).loader({ params: {} });
    expect(start).not.toHaveBeenCalled();
  });
});

describe('takeReadAhead', () => {
  const options = (read: () => Promise<string>) => ({ queryKey: ['read-ahead-test'], queryFn: read });

  it('takes the answer of the read made ahead once, then asks the server again', async () => {
    const read = vi.fn().mockResolvedValueOnce('ahead').mockResolvedValueOnce('again');
    readIntoCache(options(read));
    expect(await takeReadAhead(options(read))).toBe('ahead');
    expect(read).toHaveBeenCalledTimes(1);
    expect(await takeReadAhead(options(read))).toBe('again');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('waits for a read still on its way rather than making a second', async () => {
    let answer: (value: string) => void = () => undefined;
    const read = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    readIntoCache(options(read));
    const taken = takeReadAhead(options(read));
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    answer('ahead');
    expect(await taken).toBe('ahead');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('asks again when the read ahead is older than READ_AHEAD_FRESH_MS', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const read = vi.fn().mockResolvedValueOnce('old').mockResolvedValueOnce('new');
      readIntoCache(options(read));
      await vi.waitFor(() => expect(queryClient.getQueryData(['read-ahead-test'])).toBe('old'));
      vi.setSystemTime(Date.now() + READ_AHEAD_FRESH_MS + 1);
      expect(await takeReadAhead(options(read))).toBe('new');
    } finally {
      vi.useRealTimers();
    }
  });

  it('passes a failed read on to the page, and leaves nothing behind', async () => {
    const read = vi.fn().mockRejectedValue(new Error('offline'));
    readIntoCache({ ...options(read), retry: false });
    await expect(takeReadAhead({ ...options(read), retry: false })).rejects.toThrow('offline');
    expect(queryClient.getQueryState(['read-ahead-test'])).toBeUndefined();
  });
});
