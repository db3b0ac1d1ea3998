import type { Config } from './config.ts';
import type { Db, Dialect } from './db/index.ts';
import type { RateLimiter } from './http/rateLimit.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Outbox } from './mail/outbox.ts';

/** What every feature service needs; built once in app.ts. */
export type AppDeps = {
  db: Db;
  dialect: Dialect;
  config: Config;
  mailer: Mailer;
  /** Every mail leaves through the outbox: queue it in the request's writes, the worker sends it. */
  outbox: Outbox;
  limiter: RateLimiter;
  /** Server secret for HMACs (codes, decoy salts). */
  secret: string;
  /** Epoch milliseconds; tests move it to reach expiries. */
  now: () => number;
};
