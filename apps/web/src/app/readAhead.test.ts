// @vitest-environment jsdom
import { STORAGE_KEYS } from '@sam/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_USER } from '../testing/testUser.ts';
import { readAhead } from './readAhead.ts';

describe('readAhead', () => {
  afterEach(() => localStorage.clear());

  it("starts the page's reads for the user whose session this browser keeps, and waits for none", () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 't1');
    localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(TEST_USER));
    const start = vi.fn();
    expect(readAhead(start)()).toBeNull();
    expect(start).toHaveBeenCalledExactlyOnceWith(TEST_USER.id);
  });

  it('starts nothing for a visitor, nor for a token saved without its user', () => {
    const start = vi.fn();
    readAhead(start)();
    localStorage.setItem(STORAGE_KEYS.authToken, 't1');
    readAhead(start)();
    expect(start).not.toHaveBeenCalled();
  });
});
