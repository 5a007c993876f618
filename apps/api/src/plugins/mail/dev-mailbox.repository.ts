// The dev mailbox table: mail stored instead of sent when SMTP_URL is unset (mailer.ts), read
// by the dev mailbox pages (modules/dev-mailbox).
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';

export interface StoredMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

export async function insertDevMail(db: Kysely<Database>, mail: StoredMail): Promise<void> {
  await db
    .insertInto('dev_mailbox')
    .values({
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
    })
    .execute();
}

/** The newest `limit` messages, newest first. */
export async function listDevMail(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('dev_mailbox')
    .select(['id', 'to_address', 'subject', 'text_body', 'html_body', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
