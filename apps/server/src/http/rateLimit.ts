import { createHmac } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { deleteWindowsBefore, hitWindow, unhitWindow, windowCount } from '../db/rateLimits.ts';
import { type HttpError, tooManyRequests } from './errors.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** The refusal once a window is full; `retryAfterSeconds` is how long until the window ends. */
export type Refusal = (retryAfterSeconds: number) => HttpError;

/**
 * Fixed-window counters kept in the database, so every instance behind a load balancer counts together.
 * Every limit counts first and checks the count it got back, in one statement: parallel requests cannot all
 * pass a check before any of them is counted. A bucket is stored as a keyed hash of its name, so the table
 * holds no address, e-mail or account id.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly secret: string,
  ) {}

  private window(bucket: string, windowMs: number) {
    const hashed = createHmac('sha256', this.secret).update(bucket).digest('base64url').slice(0, 32);
    const start = Math.floor(this.now() / windowMs) * windowMs;
    const retryAfterSeconds = Math.max(1, Math.ceil((start + windowMs - this.now()) / 1000));
    return { key: `${hashed}:${windowMs}`, start, retryAfterSeconds };
  }

  /** Counts a hit; throws 429 once the window holds more than `limit` hits. */
  async hit(
    bucket: string,
    limit: number,
    windowMs: number,
    refusal: Refusal = tooManyRequests,
  ): Promise<void> {
    const { key, start, retryAfterSeconds } = this.window(bucket, windowMs);
    if ((await hitWindow(this.db, key, start)) > limit) throw refusal(retryAfterSeconds);
  }

  /**
   * Counts an attempt that may turn out not to count (a sign-in that succeeds, a restore that ends): like
   * `hit`, but a refused attempt is not counted, and it returns a function that takes the attempt back.
   */
  async reserve(
    bucket: string,
    limit: number,
    windowMs: number,
    refusal: Refusal = tooManyRequests,
  ): Promise<() => Promise<void>> {
    const { key, start, retryAfterSeconds } = this.window(bucket, windowMs);
    const takeBack = () => unhitWindow(this.db, key, start);
    if ((await hitWindow(this.db, key, start)) > limit) {
      await takeBack();
      throw refusal(retryAfterSeconds);
    }
    return takeBack;
  }

  /** Throws 429 when the window is already full, without counting. */
  async check(bucket: string, limit: number, windowMs: number): Promise<void> {
    const { key, start, retryAfterSeconds } = this.window(bucket, windowMs);
    if ((await windowCount(this.db, key, start)) >= limit) throw tooManyRequests(retryAfterSeconds);
  }

  async sweep(): Promise<void> {
    await deleteWindowsBefore(this.db, this.now() - 2 * 24 * HOUR);
  }
}
