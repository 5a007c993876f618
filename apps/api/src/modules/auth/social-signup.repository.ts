// The SQL of accounts made from a social or SSO identity (docs/decisions/030): the user row and
// its auth_accounts row in one transaction, and the ways an account can log in.
import { sql, type Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { CREDENTIAL_PROVIDER, FACEBOOK_PROVIDER, GOOGLE_PROVIDER } from './auth.repository.ts';

/**
 * `google` or `facebook` when the account has no password and that provider is how it logs in
 * (Google first when both are connected); undefined when it has a password or neither.
 */
export async function socialOnlyProvider(
  db: Kysely<Database>,
  userId: string,
): Promise<typeof GOOGLE_PROVIDER | typeof FACEBOOK_PROVIDER | undefined> {
  const rows = await db
    .selectFrom('auth_accounts')
    .select(['provider_id', sql<boolean>`password IS NOT NULL`.as('has_password')])
    .where('user_id', '=', userId)
    .execute();
  if (rows.some((row) => row.provider_id === CREDENTIAL_PROVIDER && row.has_password)) {
    return undefined;
  }
  if (rows.some((row) => row.provider_id === GOOGLE_PROVIDER)) return GOOGLE_PROVIDER;
  if (rows.some((row) => row.provider_id === FACEBOOK_PROVIDER)) return FACEBOOK_PROVIDER;
  return undefined;
}

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

/** The account an identity is connected to, if any. */
export async function findUserIdByIdentity(
  db: Kysely<Database>,
  providerId: string,
  accountId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('auth_accounts')
    .select('user_id')
    .where('provider_id', '=', providerId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.user_id;
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
