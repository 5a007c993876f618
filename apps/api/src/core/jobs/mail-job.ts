// Outgoing mail as durable jobs (decision 143, amending 139). A module defines one mail job per
// kind of mail; the request accepts a job that carries only row ids, and the worker composes the
// mail — minting the one-time token there, storing only its hash — and hands it to the mailer.
// So no raw token and no mail body ever rests in the queue, its dead letters or the logs. A mail
// the server refuses is retried with backoff; after the last retry `giveUp` runs (e.g. an
// invitation nobody received is taken back) and the job lands in the dead letters.
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Mailer, MailMessage } from '../../plugins/mail/mailer.ts';
import type { JobQueue } from './job-queue.ts';

/** Decision 143: 5 retries, from MAIL_RETRY_DELAY_SECONDS (30 s) doubling, at most 10 min apart. */
export const MAIL_RETRY_LIMIT = 5;
export const MAIL_RETRY_DELAY_MAX_SECONDS = 10 * 60;
/** Three SMTP timeouts (connect, greeting, socket: 10 s each) and room to compose. */
export const MAIL_EXPIRE_SECONDS = 5 * 60;
/** Mails one process hands to the mail server at once. */
export const MAIL_CONCURRENCY = 2;

export interface MailJobDefinition<T> {
  name: string;
  /** Ids only: never a token, an address typed by a visitor, or a body. */
  data: z.ZodType<T>;
  /** The mail to send now, or null when there is nothing to send any more (row gone, …). */
  compose(data: T): Promise<MailMessage | null>;
  /** After the last retry failed (before the dead letter). */
  giveUp?(data: T): Promise<void>;
}

/** What a mail job needs of the app's deps (AppDeps has it; not imported: core/ is above jobs/). */
export interface MailJobDeps {
  jobs: JobQueue;
  mailer: Mailer;
  log: FastifyBaseLogger;
  config: { mailRetryDelaySeconds: number };
}

export function defineMailJob<T>(deps: MailJobDeps, definition: MailJobDefinition<T>): void {
  deps.jobs.define<T>({
    name: definition.name,
    data: definition.data,
    retryLimit: MAIL_RETRY_LIMIT,
    retryDelaySeconds: deps.config.mailRetryDelaySeconds,
    retryDelayMaxSeconds: MAIL_RETRY_DELAY_MAX_SECONDS,
    expireInSeconds: MAIL_EXPIRE_SECONDS,
    concurrency: MAIL_CONCURRENCY,
    run: async (data, context) => {
      const message = await definition.compose(data);
      if (message === null) return;
      try {
        await deps.mailer.send(message);
      } catch (error) {
        if (context.retryCount >= MAIL_RETRY_LIMIT) {
          deps.log.warn({ job: definition.name, job_id: context.id }, 'mail given up');
          await definition.giveUp?.(data);
        }
        // The SMTP error says what the server answered; it carries no body or link.
        throw error;
      }
    },
  });
}
