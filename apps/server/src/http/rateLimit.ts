import type { Db } from '../db/index.ts';
import { deleteWindowsBefore, hitWindow, windowCount } from '../db/rateLimits.ts';
import { tooManyRequests } from './errors.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/**
 * Fixed-window counters kept in the database, so every instance behind a load balancer counts together.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  private windowStart(windowMs: number): number {
    return Math.floor(this.now() / windowMs) * windowMs;
  }

  /** Counts a hit; throws 429 once the window holds more than `limit` hits. */
  async hit(bucket: string, limit: number, windowMs: number): Promise<void> {
    const hits = await hitWindow(this.db, `${bucket}:${windowMs}`, this.windowStart(windowMs));
    if (hits > limit) throw tooManyRequests();
  }

  /** Throws 429 when the window is already full, without counting. */
  async check(bucket: string, limit: number, windowMs: number): Promise<void> {
    const hits = await windowCount(this.db, `${bucket}:${windowMs}`, this.windowStart(windowMs));
    if (hits >= limit) throw tooManyRequests();
  }

  async record(bucket: string, windowMs: number): Promise<void> {
    await hitWindow(this.db, `${bucket}:${windowMs}`, this.windowStart(windowMs));
  }

  async sweep(): Promise<void> {
    await deleteWindowsBefore(this.db, this.now() - 2 * 24 * HOUR);
  }
}
