// The SQL of accounts made from a social or SSO identity (docs/decisions/030): the user row and
// its auth_accounts row in one transaction. (Which way a password-less account logs in is
// socialOnlyProvider in auth-rules.ts, over the providers the log-in state read answers.)
import { sql, type Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';

export interface NewSocialUser {
  username: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  birthday: string;
  country: string | null;
  imageUrl: string | null;
  accountType: 'personal' | 'business';
  marketingNotifsOptOut: boolean;
  krPrivacyConsentAt: Date | null;
  providerId: string;
  accountId: string;
  now: Date;
}

/** Creates the person and connects the identity; both or neither. Answers the new user id. */
export async function insertSocialUser(db: Kysely<Database>, user: NewSocialUser): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('users')
      .values({
        username: user.username,
        email: user.email,
        email_verified: user.emailVerified,
        first_name: user.firstName,
        last_name: user.lastName,
        birthday: user.birthday,
        country: user.country,
        image_url: user.imageUrl,
        account_type: user.accountType,
        marketing_notifs_opt_out: user.marketingNotifsOptOut,
        kr_privacy_consent_at: user.krPrivacyConsentAt,
        created_at: user.now,
        updated_at: user.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('auth_accounts')
      .values({
        user_id: row.id,
        provider_id: user.providerId,
        account_id: user.accountId,
        created_at: user.now,
        updated_at: user.now,
      })
      .execute();
    return row.id;
  });
}

/** Lifts a soft ban without restoring the cleared password (a social login proved the person). */
export async function liftSoftBan(db: Kysely<Database>, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ soft_banned_at: null, updated_at: now })
    .where('id', '=', userId)
    .where(sql<boolean>`soft_banned_at IS NOT NULL`)
    .execute();
}
