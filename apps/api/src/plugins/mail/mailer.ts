// Outgoing mail behind one interface: SMTP (nodemailer) when SMTP_URL is set, otherwise the dev
// mailbox: messages stored in the database, shown at /dev/mailbox outside production, and
// logged, so a password reset works end to end on a laptop with no mail server.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '@corkboard/db/schema';
import { insertDevMail } from './dev-mailbox.repository.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'dev-mailbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** A mail server that does not answer within this time fails the send instead of hanging. */
export const SMTP_TIMEOUT_MS = 10_000;

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transporter = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    transport: 'smtp',
    async send(message) {
      await transporter.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
      });
    },
    close() {
      transporter.close();
    },
  };
}

export function createDevMailbox(options: {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
}): Mailer {
  return {
    transport: 'dev-mailbox',
    async send(message) {
      await insertDevMail(options.db, {
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
      // Never the text: it carries reset and invitation links, and whoever reads the log
      // (a shared terminal, a log shipper) must not be able to use them (issue 9). The page
      // shows the whole mail to whoever runs the server.
      options.log.info(
        { mail: { subject: message.subject } },
        'dev mailbox: mail stored (no SMTP_URL); read it at /dev/mailbox',
      );
    },
    close() {},
  };
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
}): Mailer {
  return options.smtpUrl === undefined
    ? createDevMailbox({ db: options.db, log: options.log })
    : createSmtpMailer({ url: options.smtpUrl, from: options.from });
}
