// Who a provider identity lets in: the Better Auth account row (auth_accounts) for a provider
// and its subject. Log-in and sign-up (social) and connecting a provider in the settings (auth)
// both ask it, and those modules do not import each other.
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';

/** The user an identity is connected to, if any. */
export async function findUserByIdentity(
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
