import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/http/databaseUnavailable.ts';
import { HttpError } from '../src/http/errors.ts';
import { freePort } from './freePort.ts';

const dir = mkdtempSync(join(tmpdir(), 'sam-unavailable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

function postgresError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
}

function systemError(code: string, syscall: string): Error {
  return Object.assign(new Error(`${syscall} ${code} 127.0.0.1:5432`), { code, syscall });
}

describe('isDatabaseUnavailable', () => {
  it('recognises a PostgreSQL server that refuses connections', async () => {
    const port = await freePort(); // nothing listens there
    const pool = new pg.Pool({ connectionString: `postgres://sam@127.0.0.1:${port}/sam`, max: 1 });
    try {
      const error = await rejection(pool.query('SELECT 1'));
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it('recognises a server that never answers: connection and pool timeouts', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket)); // accepts, never speaks
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const pool = new pg.Pool({
      connectionString: `postgres://sam@127.0.0.1:${port}/sam`,
      max: 1,
      connectionTimeoutMillis: 100,
    });
    try {
      // The first query waits for a connection that never completes, the second for a free pool slot.
      const errors = await Promise.all([
        rejection(pool.query('SELECT 1')),
        rejection(pool.query('SELECT 2')),
      ]);
      const messages = errors.map((error) => (error as Error).message);
      expect(messages).toContain('timeout exceeded when trying to connect');
      for (const error of errors) expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    } finally {
      await pool.end();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('recognises socket errors on the way to the database', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']) {
      expect(isDatabaseUnavailable(systemError(code, 'connect')), code).toBe(true);
    }
    // A Unix socket that is gone while PostgreSQL is down.
    expect(isDatabaseUnavailable(systemError('ENOENT', 'connect'))).toBe(true);
    // Node's happy-eyeballs connect wraps one error per address.
    const both = new AggregateError([systemError('ECONNREFUSED', 'connect')], 'connect failed');
    expect(isDatabaseUnavailable(both)).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: systemError('EPIPE', 'write') }))).toBe(
      true,
    );
  });

  it('recognises PostgreSQL shutting down, crashing, starting up and connection exceptions', () => {
    for (const [code, message] of [
      ['57P01', 'terminating connection due to administrator command'],
      ['57P02', 'terminating connection due to crash of another server process'],
      ['57P03', 'the database system is starting up'],
      ['08006', 'connection failure'],
      ['08001', 'sqlclient unable to establish sqlconnection'],
    ] as const) {
      expect(isDatabaseUnavailable(postgresError(code, message)), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated due to connection timeout'))).toBe(true);
  });

  it('recognises a destroyed Kysely instance and a closed SQLite file', async () => {
    const db = new Kysely<{ t: { id: number } }>({
      dialect: new SqliteDialect({ database: new SQLite(join(dir, 'destroyed.db')) }),
    });
    await db.schema.createTable('t').addColumn('id', 'integer').execute();
    await db.destroy();
    const error = await rejection(db.selectFrom('t').selectAll().execute());
    expect((error as Error).message).toContain('driver has already been destroyed');
    expect(isDatabaseUnavailable(error)).toBe(true);

    const closed = new SQLite(join(dir, 'closed.db'));
    closed.close();
    let closedError: unknown;
    try {
      closed.prepare('SELECT 1');
    } catch (caught) {
      closedError = caught;
    }
    expect(isDatabaseUnavailable(closedError)).toBe(true);
  });

  it('recognises a busy SQLite file and the other unavailable SQLite codes', () => {
    const file = join(dir, 'busy.db');
    const holder = new SQLite(file);
    const waiter = new SQLite(file, { timeout: 0 });
    try {
      holder.exec('CREATE TABLE t (id INTEGER); BEGIN EXCLUSIVE; INSERT INTO t VALUES (1);');
      let busy: unknown;
      try {
        waiter.prepare('INSERT INTO t VALUES (2)').run();
      } catch (caught) {
        busy = caught;
      }
      expect((busy as { code?: string }).code).toBe('SQLITE_BUSY');
      expect(isDatabaseUnavailable(busy)).toBe(true);
    } finally {
      holder.close();
      waiter.close();
    }
    for (const code of ['SQLITE_LOCKED', 'SQLITE_CANTOPEN', 'SQLITE_IOERR', 'SQLITE_IOERR_FSYNC']) {
      expect(isDatabaseUnavailable(new SQLite.SqliteError('unavailable', code)), code).toBe(true);
    }
  });

  it('leaves bugs, bad data and other services alone', () => {
    for (const error of [
      new Error('boom'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      postgresError('23505', 'duplicate key value violates unique constraint "users_email_key"'),
      postgresError('42P01', 'relation "nowhere" does not exist'),
      postgresError('57014', 'canceling statement due to statement timeout'),
      new SQLite.SqliteError('UNIQUE constraint failed: users.email', 'SQLITE_CONSTRAINT_UNIQUE'),
      new SQLite.SqliteError('no such table: nowhere', 'SQLITE_ERROR'),
      new HttpError(404, 'not_found', 'No such step.'),
      systemError('ENOENT', 'open'),
      // Nodemailer: the mail server timed out, not the database.
      Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT', command: 'CONN' }),
      null,
      undefined,
      'ECONNREFUSED',
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });
});
