// All SQL of advertiser audiences and ad-group exclusions (docs/decisions/183).
import { sql, type Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';

export interface AudienceRow {
  id: string;
  name: string;
  audience_type: 'CUSTOMER_LIST' | 'ENGAGEMENT';
  size: number;
  created_at: Date;
}

const AUDIENCE_COLUMNS = ['id', 'name', 'audience_type', 'size', 'created_at'] as const;

/** Locks the ad account row: audience creates of one account queue behind each other. */
export async function lockAdAccount(trx: Kysely<Database>, adAccountId: string): Promise<void> {
  await sql`SELECT id FROM ad_accounts WHERE id = ${adAccountId} FOR UPDATE`.execute(trx);
}

export async function countAudiences(trx: Kysely<Database>, adAccountId: string): Promise<number> {
  const row = await trx
    .selectFrom('ad_audiences')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('ad_account_id', '=', adAccountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts an audience and its members (distinct hashes) in the caller's transaction. */
export async function insertAudience(
  trx: Kysely<Database>,
  audience: {
    adAccountId: string;
    name: string;
    type: 'CUSTOMER_LIST' | 'ENGAGEMENT';
    hashes: readonly string[];
  },
): Promise<AudienceRow> {
  const row = await trx
    .insertInto('ad_audiences')
    .values({
      ad_account_id: audience.adAccountId,
      name: audience.name,
      audience_type: audience.type,
      size: audience.hashes.length,
    })
    .returning([...AUDIENCE_COLUMNS])
    .executeTakeFirstOrThrow();
  // In chunks: one statement's parameters are capped (65,535 in PostgreSQL).
  for (let start = 0; start < audience.hashes.length; start += 5000) {
    const chunk = audience.hashes.slice(start, start + 5000);
    await trx
      .insertInto('ad_audience_members')
      .values(chunk.map((hash) => ({ audience_id: row.id, email_sha256: hash })))
      .onConflict((oc) => oc.columns(['audience_id', 'email_sha256']).doNothing())
      .execute();
  }
  return row;
}

export async function listAudiences(
  db: Kysely<Database>,
  adAccountId: string,
  beforeId: string | undefined,
  limit: number,
): Promise<AudienceRow[]> {
  let q = db
    .selectFrom('ad_audiences')
    .select([...AUDIENCE_COLUMNS])
    .where('ad_account_id', '=', adAccountId);
  if (beforeId !== undefined) q = q.where('id', '<', beforeId);
  return q.orderBy('id', 'desc').limit(limit).execute();
}

/** The ids among `ids` that are audiences of the ad account. */
export async function ownAudienceIds(
  db: Kysely<Database>,
  adAccountId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('ad_audiences')
    .select('id')
    .where('ad_account_id', '=', adAccountId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((row) => row.id);
}

/**
 * People who saved one of the business's pins — the profile's own or one its ads promote (the
 * engagement audience; the same rule as delivery's excludedRule).
 */
export async function countEngagedPeople(
  db: Kysely<Database>,
  account: { id: string; profileId: string },
): Promise<number> {
  const result = await sql<{ n: string }>`
    SELECT count(DISTINCT vp.pinner_id) AS n
    FROM pins src JOIN pins vp ON vp.repin_of_id = src.id
    WHERE (src.pinner_id = ${account.profileId}
           OR EXISTS (SELECT 1 FROM ads pa WHERE pa.pin_id = src.id AND pa.ad_account_id = ${account.id}))
      AND vp.pinner_id <> ${account.profileId}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** Whether an ad group of the account excludes the audience. */
export async function audienceInUse(
  db: Kysely<Database>,
  adAccountId: string,
  audienceId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('ad_groups')
    .select('id')
    .where('ad_account_id', '=', adAccountId)
    .where(
      sql<boolean>`coalesce(targeting_spec->'AUDIENCE_EXCLUDE', '[]'::jsonb) @> jsonb_build_array(${audienceId}::text)`,
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteAudience(
  trx: Kysely<Database>,
  adAccountId: string,
  audienceId: string,
): Promise<boolean> {
  const result = await trx
    .deleteFrom('ad_audiences')
    .where('ad_account_id', '=', adAccountId)
    .where('id', '=', audienceId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Sets an ad group's AUDIENCE_EXCLUDE; false when the group is not the account's. */
export async function setAudienceExclusions(
  trx: Kysely<Database>,
  adAccountId: string,
  adGroupId: string,
  ids: readonly string[],
): Promise<boolean> {
  const result = await trx
    .updateTable('ad_groups')
    .set({
      targeting_spec: sql`jsonb_set(targeting_spec, '{AUDIENCE_EXCLUDE}', ${JSON.stringify(ids)}::jsonb, true)`,
      updated_at: sql`now()`,
    })
    .where('ad_account_id', '=', adAccountId)
    .where('id', '=', adGroupId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
