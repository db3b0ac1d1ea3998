import type { Db, Dialect } from '../db/index.ts';
import {
  claimDueMail,
  deleteMail,
  fillMessage,
  type OutboxKind,
  type OutboxRow,
  retryMailLater,
} from '../db/mailOutbox.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/** What a request row turns into: a message (a code mail expires with its code), or nothing to send. */
export type ResolvedMail = (MailMessage & { expiresAt?: number }) | null;
/** Decides a request row inside a transaction, writing what it needs (an account, a code) there. */
export type RequestHandler = (row: OutboxRow, trx: Db) => Promise<ResolvedMail>;
type RequestKind = Exclude<OutboxKind, 'message'>;

type Log = { warn(details: object, message: string): void; error(details: object, message: string): void };

const LEASE_MS = 60_000;
const BATCH = 20;
const MAX_ATTEMPTS = 10;
const POLL_MS = 5_000;

/** 30 s after the first failure, doubling, at most 30 minutes apart. */
export function retryDelay(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);
}

/** What a log may say of a failure: the error's kind, never the address or the text it was about. */
function failureOf(error: unknown): string {
  const { code, responseCode, command } = (error ?? {}) as Record<string, unknown>;
  const parts = [code, responseCode, command].filter((part) => part !== undefined).map(String);
  return parts.length > 0 ? parts.join(' ') : error instanceof Error ? error.name : 'unknown';
}

/**
 * The mail outbox's worker. Requests only write rows (so an answer never waits for, or depends on, the
 * mail server); this sends them, retries failures with backoff, and deletes each row once handled: a row
 * may hold a live code, so nothing is kept after sending.
 */
export function createOutbox(options: {
  db: Db;
  dialect: Dialect;
  mailer: Mailer;
  now: () => number;
  log: Log;
}) {
  const { db, dialect, mailer, now, log } = options;
  const handlers = new Map<RequestKind, RequestHandler>();
  let running: Promise<void> = Promise.resolve();
  let kickScheduled = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function resolve(row: OutboxRow): Promise<OutboxRow | null> {
    const handler = handlers.get(row.kind as RequestKind);
    if (!handler) throw new Error(`no handler for outbox rows of kind ${row.kind}`);
    return db.transaction().execute(async (trx) => {
      const mail = await handler(row, trx);
      if (!mail) {
        await deleteMail(trx, row.id);
        return null;
      }
      const message = {
        recipient: mail.to,
        subject: mail.subject,
        body: mail.text,
        expires_at: mail.expiresAt ?? null,
      };
      await fillMessage(trx, row.id, message);
      return { ...row, ...message, kind: 'message' as const, payload: null };
    });
  }

  async function handle(row: OutboxRow): Promise<void> {
    try {
      const message = row.kind === 'message' ? row : await resolve(row);
      if (!message) return;
      if (message.expires_at !== null && message.expires_at <= now()) {
        await deleteMail(db, row.id);
        log.warn({ mailId: row.id, attempts: row.attempts }, 'mail expired before it could be sent');
        return;
      }
      await mailer.send({ to: message.recipient, subject: message.subject, text: message.body });
      await deleteMail(db, row.id);
    } catch (error) {
      const failure = failureOf(error);
      if (row.attempts >= MAX_ATTEMPTS) {
        await deleteMail(db, row.id);
        log.error({ mailId: row.id, attempts: row.attempts, failure }, 'mail could not be sent; gave up');
        return;
      }
      await retryMailLater(db, row.id, now() + retryDelay(row.attempts), failure);
      log.warn({ mailId: row.id, attempts: row.attempts, failure }, 'mail could not be sent; will retry');
    }
  }

  async function deliverRound(): Promise<void> {
    for (;;) {
      const rows = await claimDueMail(db, dialect, now(), LEASE_MS, BATCH);
      for (const row of rows) await handle(row);
      if (rows.length < BATCH) return;
    }
  }

  /** Runs one delivery round after any round already running; resolves when it is done. */
  function deliverDue(): Promise<void> {
    running = running
      .then(deliverRound)
      .catch((error: unknown) => log.warn({ failure: failureOf(error) }, 'mail delivery round failed'));
    return running;
  }

  return {
    handle(kind: RequestKind, handler: RequestHandler): void {
      handlers.set(kind, handler);
    },
    deliverDue,
    /** Asks for a delivery round soon (after a request queued mail), without waiting for it. */
    kick(): void {
      if (kickScheduled || stopped) return;
      kickScheduled = true;
      setImmediate(() => {
        kickScheduled = false;
        void deliverDue();
      });
    },
    start(pollMs = POLL_MS): void {
      timer ??= setInterval(() => void deliverDue(), pollMs);
      timer.unref();
    },
    /** Stops polling and waits for the round in progress, but not longer than `graceMs`. */
    async stop(graceMs = 5_000): Promise<void> {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise((resolve) => (grace = setTimeout(resolve, graceMs)))]);
      clearTimeout(grace);
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
