import type { Config } from './config.ts';
import type { Db, Dialect } from './db/index.ts';
import type { RateLimiter } from './http/rateLimit.ts';
import type { Mailer } from './mail/mailer.ts';

/** What every feature service needs; built once in app.ts. */
export type AppDeps = {
  db: Db;
  dialect: Dialect;
  config: Config;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Server secret for HMACs (codes, decoy salts). */
  secret: string;
  /** Epoch milliseconds; tests move it to reach expiries. */
  now: () => number;
};
