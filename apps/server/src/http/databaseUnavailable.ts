/**
 * Recognises the errors that mean "the database cannot be reached right now" (an outage, a restart, a
 * locked SQLite file), as opposed to a bug: those are answered 503 with Retry-After instead of 500.
 */

export const DATABASE_UNAVAILABLE = 'SAM cannot reach its database right now. Please try again in a moment.';

/** Socket errors on the way to PostgreSQL (ENOENT only when connecting to a Unix socket that is gone). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01 admin shutdown, 57P02 crash shutdown,
 * 57P03 cannot connect now (starting up or shutting down).
 */
const POSTGRES_CODE = /^(08[0-9A-Z]{3}|57P0[123])$/;

/** SQLite result codes, extended ones included (SQLITE_BUSY_SNAPSHOT, SQLITE_IOERR_FSYNC, ...). */
const SQLITE_CODE = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR)(_[A-Z_]+)?$/;

/** Messages of node-postgres, pg-pool, Kysely and better-sqlite3 errors that carry no code. */
const MESSAGES = [
  'Connection terminated', // pg: "Connection terminated unexpectedly", "... due to connection timeout"
  'timeout exceeded when trying to connect', // pg-pool: no connection within connectionTimeoutMillis
  'is not queryable', // pg: "Client has encountered a connection error and is not queryable"
  'Cannot use a pool after calling end on the pool', // pg-pool
  'driver has already been destroyed', // Kysely, after db.destroy()
  'The database connection is not open', // better-sqlite3, after close()
];

function matches(error: object): boolean {
  const { code, syscall, message, command } = error as Record<string, unknown>;
  // Nodemailer tags its errors with the SMTP command (ETIMEDOUT on 'CONN'): the mail server, not the database.
  if (typeof command === 'string') return false;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || POSTGRES_CODE.test(code) || SQLITE_CODE.test(code)) return true;
    if (code === 'ENOENT' && syscall === 'connect') return true;
  }
  return typeof message === 'string' && MESSAGES.some((known) => message.includes(known));
}

/** True when the error, or one it wraps (cause, AggregateError), says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  if (matches(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (cause !== undefined && isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}
