// All SQL of /settings/claim/: the person's verification token, their claimed domains
// (verified_domains, one owner per domain), the started Instagram connections and the
// connected accounts.
import type { Kysely } from 'kysely';
import type { Database, SiteClaimMethod } from '@corkboard/db/schema';

type Db = Kysely<Database>;

export async function findToken(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('site_verification_tokens')
    .select('token')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.token;
}

/** Stores a token unless the person already has one; answers the one that is stored. */
export async function insertTokenOnce(db: Db, userId: string, token: string): Promise<string> {
  await db
    .insertInto('site_verification_tokens')
    .values({ user_id: userId, token })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const stored = await findToken(db, userId);
  if (stored === undefined) throw new Error('verification token vanished');
  return stored;
}

export interface ClaimedDomainRow {
  domain: string;
  user_id: string;
  site_url: string | null;
  method: SiteClaimMethod | null;
  verified_at: Date;
}

export async function listClaimedDomains(
  db: Db,
  userId: string,
  limit: number,
): Promise<ClaimedDomainRow[]> {
  return db
    .selectFrom('verified_domains')
    .select(['domain', 'user_id', 'site_url', 'method', 'verified_at'])
    .where('user_id', '=', userId)
    .orderBy('verified_at', 'desc')
    .orderBy('domain')
    .limit(limit)
    .execute();
}

export async function countClaimedDomains(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('verified_domains')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findDomainOwner(db: Db, domain: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('verified_domains')
    .select('user_id')
    .where('domain', '=', domain)
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Records the claim: a new row, or the person's own row re-verified. Someone else's row is left
 * alone (answers false), so two people racing for a domain never both win.
 */
export async function upsertOwnClaim(
  db: Db,
  claim: { domain: string; userId: string; siteUrl: string; method: SiteClaimMethod; now: Date },
): Promise<boolean> {
  const row = await db
    .insertInto('verified_domains')
    .values({
      domain: claim.domain,
      user_id: claim.userId,
      site_url: claim.siteUrl,
      method: claim.method,
      verified_at: claim.now,
    })
    .onConflict((oc) =>
      oc
        .column('domain')
        .doUpdateSet({ site_url: claim.siteUrl, method: claim.method, verified_at: claim.now })
        .where('verified_domains.user_id', '=', claim.userId),
    )
    .returning('domain')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteClaim(db: Db, userId: string, domain: string): Promise<boolean> {
  const result = await db
    .deleteFrom('verified_domains')
    .where('domain', '=', domain)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function setListedWebsite(db: Db, userId: string, url: string | null): Promise<void> {
  await db.updateTable('users').set({ listed_website_url: url }).where('id', '=', userId).execute();
}

export async function findListedWebsite(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('listed_website_url')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.listed_website_url ?? null;
}

// ---- Instagram ----------------------------------------------------------------------------

export async function insertOauthState(
  db: Db,
  state: { hash: string; userId: string; expiresAt: Date; now: Date },
): Promise<void> {
  // Old starts of this person are dropped: only the newest connection attempt can finish.
  await db
    .deleteFrom('instagram_oauth_states')
    .where((eb) => eb.or([eb('user_id', '=', state.userId), eb('expires_at', '<=', state.now)]))
    .execute();
  await db
    .insertInto('instagram_oauth_states')
    .values({ state_hash: state.hash, user_id: state.userId, expires_at: state.expiresAt })
    .execute();
}

/** Removes the state (single use) and answers whether it was this person's and still live. */
export async function takeOauthState(
  db: Db,
  hash: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const row = await db
    .deleteFrom('instagram_oauth_states')
    .where('state_hash', '=', hash)
    .where('user_id', '=', userId)
    .returning('expires_at')
    .executeTakeFirst();
  return row !== undefined && row.expires_at.getTime() > now.getTime();
}

export interface InstagramConnectionRow {
  user_id: string;
  instagram_user_id: string;
  username: string;
  connected_at: Date;
}

export async function findConnection(
  db: Db,
  userId: string,
): Promise<InstagramConnectionRow | undefined> {
  return db
    .selectFrom('instagram_connections')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Stores the person's connection (replacing an earlier one of theirs). False when the Instagram
 * account is connected to someone else.
 */
export async function upsertConnection(
  db: Db,
  connection: { userId: string; instagramUserId: string; username: string; now: Date },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const holder = await trx
      .selectFrom('instagram_connections')
      .select('user_id')
      .where('instagram_user_id', '=', connection.instagramUserId)
      .executeTakeFirst();
    if (holder && holder.user_id !== connection.userId) return false;
    await trx
      .deleteFrom('instagram_connections')
      .where('user_id', '=', connection.userId)
      .execute();
    await trx
      .insertInto('instagram_connections')
      .values({
        user_id: connection.userId,
        instagram_user_id: connection.instagramUserId,
        username: connection.username,
        connected_at: connection.now,
      })
      .execute();
    return true;
  });
}

export async function deleteConnection(db: Db, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('instagram_connections')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
