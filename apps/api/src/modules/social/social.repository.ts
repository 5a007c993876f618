// The SQL of social sign-in (docs/decisions/030): used tokens and nonces, connected identities
// (auth_accounts rows other than the password's), and the lookups a sign-in needs.
import { sql, type Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';

/** Whether any of these keys (token or nonce hashes) was already used. */
export async function anyTokenUsed(
  db: Kysely<Database>,
  keys: readonly string[],
): Promise<boolean> {
  if (keys.length === 0) return false;
  const row = await db
    .selectFrom('social_token_uses')
    .select('token_hash')
    .where('token_hash', 'in', keys)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records the keys as used until `expiresAt`; false when one already was (a concurrent or
 * repeated use), in which case nothing is recorded.
 */
export async function recordTokenUses(
  db: Kysely<Database>,
  keys: readonly string[],
  expiresAt: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('social_token_uses')
      .values(keys.map((key) => ({ token_hash: key, expires_at: expiresAt })))
      .onConflict((oc) => oc.column('token_hash').doNothing())
      .returning('token_hash')
      .execute();
    if (inserted.length === keys.length) return true;
    // Undo the keys this call did insert: the use is refused as a whole.
    if (inserted.length > 0) {
      await trx
        .deleteFrom('social_token_uses')
        .where(
          'token_hash',
          'in',
          inserted.map((row) => row.token_hash),
        )
        .execute();
    }
    return false;
  });
}

export async function purgeExpiredTokenUses(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('social_token_uses')
    .where('expires_at', '<', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether an account (not gone past the resurrection window) has this e-mail. */
export async function emailHasAccount(
  db: Kysely<Database>,
  email: string,
  resurrectionCutoff: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .where((eb) =>
      eb.or([eb('deactivated_at', 'is', null), eb('deactivated_at', '>=', resurrectionCutoff)]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** The account with this e-mail (compared as the unique index does, in lower case). */
export async function findUserIdByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

/** Whether the user has an identity of this provider connected. */
export async function hasIdentityOf(
  db: Kysely<Database>,
  userId: string,
  providerId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('auth_accounts')
    .select('id')
    .where('user_id', '=', userId)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Connects an identity to the user; false when that identity is connected already. */
export async function connectIdentity(
  db: Kysely<Database>,
  userId: string,
  providerId: string,
  accountId: string,
  now: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('auth_accounts')
    .values({
      user_id: userId,
      provider_id: providerId,
      account_id: accountId,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['provider_id', 'account_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
