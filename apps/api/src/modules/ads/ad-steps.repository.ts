// All SQL of the quick-promote steps (docs/decisions/181, 182, 185): the ad-terms acceptance of
// an ad account (the GDPR step), the pins an ad account may promote (the pin selection step) and
// its conversion tags (the tag modal).
import { sql, type Kysely } from 'kysely';
import type { Database, StoredVariants } from '@corkboard/db/schema';

export async function findTermsAcceptance(
  db: Kysely<Database>,
  adAccountId: string,
  version: string,
): Promise<{ accepted_at: Date } | undefined> {
  return db
    .selectFrom('ad_terms_acceptances')
    .select('accepted_at')
    .where('ad_account_id', '=', adAccountId)
    .where('terms_version', '=', version)
    .executeTakeFirst();
}

/** Records the acceptance once; a second acceptance keeps the first one's time and person. */
export async function insertTermsAcceptance(
  db: Kysely<Database>,
  row: { adAccountId: string; version: string; acceptedById: string; now: Date },
): Promise<void> {
  await db
    .insertInto('ad_terms_acceptances')
    .values({
      ad_account_id: row.adAccountId,
      terms_version: row.version,
      accepted_by_id: row.acceptedById,
      accepted_at: row.now,
    })
    .onConflict((oc) => oc.columns(['ad_account_id', 'terms_version']).doNothing())
    .execute();
}

export interface PromotablePinRow {
  id: string;
  title: string;
  link: string;
  image_variants: StoredVariants;
  board_name: string;
}

/**
 * Pins pinned by one of `pinnerIds`, on a board that is not secret, linking to a website other
 * than `ownHost` (site type ≠ 3): newest first, `limit` rows below `beforeId`. Uses
 * pins_pinner_idx per pinner.
 */
export async function listPromotablePins(
  db: Kysely<Database>,
  query: {
    pinnerIds: readonly string[];
    ownHost: string;
    beforeId: string | undefined;
    limit: number;
  },
): Promise<PromotablePinRow[]> {
  let q = db
    .selectFrom('pins')
    .innerJoin('boards', 'boards.id', 'pins.board_id')
    .innerJoin('images', 'images.id', 'pins.image_id')
    .select([
      'pins.id',
      'pins.title',
      sql<string>`pins.link`.as('link'),
      'images.variants as image_variants',
      'boards.name as board_name',
    ])
    .where('pins.pinner_id', 'in', [...query.pinnerIds])
    .where('boards.privacy', '<>', 'secret')
    .where(sql<boolean>`pins.link ~* '^https?://[^/]'`)
    .where(
      sql<boolean>`lower(substring(pins.link from '^[A-Za-z]+://([^/:?#]+)')) <> ${query.ownHost}`,
    );
  if (query.beforeId !== undefined) q = q.where('pins.id', '<', query.beforeId);
  return q.orderBy('pins.id', 'desc').limit(query.limit).execute();
}

export interface ConversionTagRow {
  id: string;
  name: string;
  created_at: Date;
}

/** An ad account's conversion tags, newest first, `limit` rows below `beforeId`. */
export async function listConversionTags(
  db: Kysely<Database>,
  adAccountId: string,
  beforeId: string | undefined,
  limit: number,
): Promise<ConversionTagRow[]> {
  let q = db
    .selectFrom('ad_conversion_tags')
    .select(['id', 'name', 'created_at'])
    .where('ad_account_id', '=', adAccountId);
  if (beforeId !== undefined) q = q.where('id', '<', beforeId);
  return q.orderBy('id', 'desc').limit(limit).execute();
}

export async function countConversionTags(
  db: Kysely<Database>,
  adAccountId: string,
): Promise<number> {
  const row = await db
    .selectFrom('ad_conversion_tags')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('ad_account_id', '=', adAccountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertConversionTag(
  db: Kysely<Database>,
  adAccountId: string,
  name: string,
): Promise<ConversionTagRow> {
  return db
    .insertInto('ad_conversion_tags')
    .values({ ad_account_id: adAccountId, name })
    .returning(['id', 'name', 'created_at'])
    .executeTakeFirstOrThrow();
}
