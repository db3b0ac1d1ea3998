import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

export type MailMessage = { to: string; subject: string; text: string };

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Messages kept when no SMTP server is configured (development mailbox), newest last. */
  readonly devMailbox: readonly MailMessage[];
}

const DEV_MAILBOX_SIZE = 50;

/** Real SMTP when a URL is given; otherwise every message is logged and kept in a small mailbox. */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  log: { info(message: string): void };
}): Mailer {
  const devMailbox: MailMessage[] = [];
  if (!options.smtpUrl) {
    return {
      devMailbox,
      async send(message) {
        devMailbox.push(message);
        if (devMailbox.length > DEV_MAILBOX_SIZE) devMailbox.shift();
        options.log.info(`development mail to ${message.to}: ${message.subject}\n${message.text}`);
      },
    };
  }
  // A mail server that accepts a connection and then says nothing must not hold a delivery round for long.
  const transport = nodemailer.createTransport(
    new SMTPTransport({
      url: options.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    }),
  );
  return {
    devMailbox,
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}
