import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/index.ts';
import { countQueuedMail, enqueueMail } from '../src/db/mailOutbox.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { createOutbox, retryDelay } from '../src/mail/outbox.ts';
import { newUser, post, startTestApp, type TestApp } from './helpers.ts';
import { type MailReceiver, startMailReceiver } from './mailReceiver.ts';

const MINUTE = 60_000;
const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function started<T extends { close(): Promise<unknown> }>(thing: Promise<T>): Promise<T> {
  const value = await thing;
  closers.push(() => value.close());
  return value;
}

describe('the mail outbox with a real SMTP server', () => {
  it('answers while the mail server is down and delivers the queued mail once it is back', async () => {
    let smtp: MailReceiver = await startMailReceiver();
    const t: TestApp = await started(startTestApp({ smtpUrl: smtp.url }));
    await newUser(t, 'owner@example.com').catch(() => undefined);
    const port = smtp.port;
    await smtp.close();

    const res = await post(t, '/api/auth/forgot-password', { email: 'owner@example.com' });
    expect(res.statusCode).toBe(200);
    const queued = await t.db.selectFrom('mail_outbox').select(['attempts', 'last_error']).execute();
    expect(queued).toEqual([{ attempts: 1, last_error: expect.stringContaining('CONN') }]);

    // Before the first retry is due nothing is tried again.
    await t.deps.outbox.deliverDue();
    expect(await countQueuedMail(t.db)).toBe(1);

    smtp = await started(startMailReceiver(port));
    t.advance(retryDelay(1));
    await t.deps.outbox.deliverDue();
    expect(await countQueuedMail(t.db)).toBe(0);
    const code = await smtp.codeFor('owner@example.com', 0, 1000);
    expect(code).toMatch(/^\d{6}$/);
    const reset = await post(t, '/api/auth/reset-password', {
      email: 'owner@example.com',
      code,
      new_password: 'bmV3LWF1dGgtdmFsdWUtYWZ0ZXItcmVzZXQ=',
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('drops a code mail that could not be sent before its code expired', async () => {
    const smtp = await startMailReceiver();
    const t: TestApp = await started(startTestApp({ smtpUrl: smtp.url }));
    await smtp.close();
    await post(t, '/api/auth/forgot-password', { email: 'late@example.com' });
    await enqueueMail(
      t.db,
      {
        kind: 'message',
        recipient: 'late@example.com',
        subject: 's',
        body: 'b',
        expires_at: t.deps.now() + MINUTE,
      },
      t.deps.now(),
    );
    t.advance(11 * MINUTE);
    await t.deps.outbox.deliverDue();
    expect(await countQueuedMail(t.db)).toBe(0);
  });
});

describe('several server instances on one database', () => {
  /**
   * Instances share a PostgreSQL database, each with its own connections; SQLite is served by one process,
   * where a second worker shares the connection.
   */
  async function secondInstanceDb(t: TestApp) {
    if (t.deps.dialect === 'sqlite') return t.db;
    const database = openDatabase(t.databaseUrl);
    closers.push(() => database.close());
    return database.db;
  }

  it('send each queued message exactly once', async () => {
    const t: TestApp = await started(startTestApp());
    const secondMailer = createMailer({ from: 'SAM <no-reply@localhost>', log: { info() {} } });
    const second = createOutbox({
      db: await secondInstanceDb(t),
      dialect: t.deps.dialect,
      mailer: secondMailer,
      now: t.deps.now,
      log: { warn() {}, error() {} },
    });

    const now = t.deps.now();
    const recipients = Array.from({ length: 40 }, (_, i) => `person${i}@example.com`);
    for (const recipient of recipients) {
      await enqueueMail(t.db, { kind: 'message', recipient, subject: 'Hello', body: 'Hello' }, now);
    }
    await Promise.all([
      t.deps.outbox.deliverDue(),
      second.deliverDue(),
      t.deps.outbox.deliverDue(),
      second.deliverDue(),
    ]);
    const sent = [...t.mailbox, ...secondMailer.devMailbox].map((m) => m.to).sort();
    expect(sent).toEqual([...recipients].sort());
    expect(await countQueuedMail(t.db)).toBe(0);
  });
});
