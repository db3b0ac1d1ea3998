/**
 * A write refused by a unique constraint: another request wrote the same thing a moment earlier (the
 * database keeps the "only one" rules, so the loser of a race lands here). Answered 409, never 500.
 */
export const CHANGED_MEANWHILE = 'That was changed by another request just now. Please reload and try again.';

/** PostgreSQL's unique_violation, SQLite's UNIQUE and PRIMARY KEY constraint codes. */
const CODES = new Set(['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  return (typeof code === 'string' && CODES.has(code)) || (cause !== undefined && isUniqueViolation(cause));
}
