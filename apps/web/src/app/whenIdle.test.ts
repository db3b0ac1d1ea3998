import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './whenIdle.ts';

describe('whenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('hands the chore to requestIdleCallback, to run within two seconds at the latest', () => {
    const requestIdle = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdle);
    const chore = vi.fn();
    whenIdle(chore);
    expect(requestIdle).toHaveBeenCalledWith(chore, { timeout: 2000 });
    expect(chore).not.toHaveBeenCalled();
  });

  it('runs the chore in a later task where the browser has no requestIdleCallback', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const chore = vi.fn();
    whenIdle(chore);
    expect(chore).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(chore).toHaveBeenCalledOnce();
  });
});
