import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string; subject: string; raw: string };

function header(raw: string, name: string): string {
  const unfolded = raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

/**
 * A real SMTP server on loopback that keeps what it receives, for tests to read codes from. `port` starts it
 * again where an earlier one listened (a mail server coming back after an outage).
 */
export async function startMailReceiver(port = 0) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        for (const rcpt of session.envelope.rcptTo) {
          received.push({ to: rcpt.address.toLowerCase(), subject: header(raw, 'Subject'), raw });
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.server.address() as AddressInfo).port;

  return {
    port: listening,
    url: `smtp://127.0.0.1:${listening}`,
    received,
    /** Waits for a mail to `to` whose subject ends in a 6-digit code and returns the code. */
    async codeFor(to: string, after = 0, timeoutMs = 10_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = received
          .slice(after)
          .reverse()
          .find((m) => m.to === to.toLowerCase() && /\d{6}$/.test(m.subject));
        if (mail) return mail.subject.slice(-6);
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`No code mailed to ${to} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailReceiver = Awaited<ReturnType<typeof startMailReceiver>>;
