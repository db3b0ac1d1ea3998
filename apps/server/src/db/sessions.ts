import { changesNothingCached, exactCaches } from './exactCache.ts';
import type { Db } from './index.ts';
import { prepared } from './preparedQueries.ts';
import type { Database } from './schema.ts';
import type { UserRow } from './users.ts';

export type SessionRow = Database['sessions'];

export async function insertSession(
  db: Db,
  session: Pick<SessionRow, 'token_hash' | 'user_id' | 'created_at' | 'expires_at' | 'public_id' | 'device'>,
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ ...session, revoked_at: null, last_used_at: session.created_at })
    .execute();
}

export type SessionOfUser = { user: UserRow; publicId: string; lastUsedAt: number | null; expiresAt: number };

const liveSessionUser = prepared((db, v: { tokenHash: string; now: number }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.public_id as session_public_id',
      'sessions.last_used_at as session_last_used_at',
      'sessions.expires_at as session_expires_at',
    ])
    .where('sessions.token_hash', '=', v.tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', v.now),
);

/**
 * Every signed-in request looks its session up: on SQLite the answer is kept while neither table changes
 * (a sign-out, a revoked session, an edited or removed account each write one), so it is never stale.
 */
const sessionCache = exactCaches<SessionOfUser>(['users', 'sessions'], { maxEntries: 10_000 });

async function readSessionUser(db: Db, tokenHash: string, now: number): Promise<SessionOfUser | undefined> {
  const row = (await liveSessionUser(db, { tokenHash, now })).rows[0];
  if (!row) return undefined;
  const { session_public_id, session_last_used_at, session_expires_at, ...user } = row;
  // Shared by the requests that find it in the cache: none may change the user (touchSession keeps the
  // last use up to date, which no cached answer depends on).
  return {
    user: Object.freeze(user),
    publicId: session_public_id ?? '',
    lastUsedAt: session_last_used_at,
    expiresAt: session_expires_at,
  };
}

/** The user of a live session (not revoked, not expired), with the session's public id and last use. */
export async function findSessionUser(
  db: Db,
  tokenHash: string,
  now: number,
): Promise<SessionOfUser | undefined> {
  const cache = sessionCache(db);
  const found = cache
    ? await cache.get(tokenHash, () => readSessionUser(db, tokenHash, now))
    : await readSessionUser(db, tokenHash, now);
  return found && found.expiresAt > now ? found : undefined;
}

const touch = prepared((db, v: { tokenHash: string; now: number }) =>
  db.updateTable('sessions').set({ last_used_at: v.now }).where('token_hash', '=', v.tokenHash),
);

/** Tells the exact caches of `db` (SQLite) that no cached answer reads a session's last use. */
export function declareSessionTouches(db: Db): void {
  changesNothingCached(db, touch.sqlOn(db));
}

/** Records a session's last use (at most once a minute: authenticate.ts). */
export async function touchSession(
  db: Db,
  session: SessionOfUser,
  tokenHash: string,
  now: number,
): Promise<void> {
  await touch(db, { tokenHash, now });
  session.lastUsedAt = now;
}

/** A user's live sessions, most recently used first. */
export function listLiveSessions(db: Db, userId: string, now: number): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('last_used_at', 'desc')
    .execute();
}

/** Ends one live session of a user by its public id; false when there is no such session of theirs. */
export async function revokeSessionById(
  db: Db,
  userId: string,
  publicId: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('public_id', '=', publicId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Whether a token that is no longer live was ended rather than left to expire: its device is told it was
 * signed out elsewhere. Read only on the way to a 401.
 */
export async function wasRevoked(db: Db, tokenHash: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('sessions.revoked_at')
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is not', null)
    .where('sessions.expires_at', '>', now)
    .where('users.status', '!=', 'inactive')
    .executeTakeFirst();
  return row !== undefined;
}

/** A logout: ended by its own device, so it also expires now and never reads as signed out elsewhere. */
export async function revokeSession(db: Db, tokenHash: string, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now, expires_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserSessions(db: Db, userId: string, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserSessionsExcept(db: Db, userId: string, keepTokenHash: string, now: number) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('token_hash', '!=', keepTokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}
