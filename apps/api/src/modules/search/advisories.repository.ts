// Search advisory SQL (docs/decisions/073): the operators' list and the lookup a search makes.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@corkboard/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface AdvisoryRow {
  id: string;
  match_kind: 'term' | 'pattern';
  match_text: string;
  advisory: string;
  severity: number;
  advisory_type: number;
  resource_country: string | null;
  notices: unknown[];
  updated_at: Date;
  updated_by_username: string | null;
}

export interface AdvisoryValues {
  match_kind: 'term' | 'pattern';
  match_text: string;
  match_key: string;
  like_pattern: string | null;
  advisory: string;
  severity: number;
  advisory_type: number;
  resource_country: string | null;
  notices: unknown[];
}

function selectAdvisories(db: Db) {
  return db
    .selectFrom('search_advisories as a')
    .leftJoin('users as u', 'u.id', 'a.updated_by')
    .select([
      'a.id',
      'a.match_kind',
      'a.match_text',
      'a.advisory',
      'a.severity',
      'a.advisory_type',
      'a.resource_country',
      'a.notices',
      'a.updated_at',
      'u.username as updated_by_username',
    ]);
}

/**
 * The one entry a folded query gets (ADR 073 precedence): the most severe (lowest number), then
 * one for the viewer's own country over one for everyone, then a whole term over a pattern, then
 * the longest term or pattern, then the oldest entry.
 */
export async function findMatchingAdvisory(
  db: Db,
  foldedQuery: string,
  country: string | null,
): Promise<AdvisoryRow | undefined> {
  return selectAdvisories(db)
    .where((eb) =>
      eb.and([
        eb.or([
          eb.and([eb('a.match_kind', '=', 'term'), eb('a.match_key', '=', foldedQuery)]),
          eb.and([
            eb('a.match_kind', '=', 'pattern'),
            sql<boolean>`${foldedQuery} LIKE a.like_pattern`,
          ]),
        ]),
        country === null
          ? eb('a.resource_country', 'is', null)
          : eb.or([eb('a.resource_country', 'is', null), eb('a.resource_country', '=', country)]),
      ]),
    )
    .orderBy('a.severity', 'asc')
    .orderBy(sql`a.resource_country IS NULL`, 'asc')
    .orderBy(sql`a.match_kind = 'term'`, 'desc')
    .orderBy(sql`length(a.match_key)`, 'desc')
    .orderBy('a.id', 'asc')
    .limit(1)
    .executeTakeFirst();
}

export async function listAdvisories(
  db: Db,
  search: string | undefined,
  offset: number,
  limit: number,
): Promise<AdvisoryRow[]> {
  let query = selectAdvisories(db);
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, '\\$&')}%`;
    query = query.where((eb) =>
      eb.or([eb('a.match_key', 'like', like), eb('a.advisory', 'ilike', like)]),
    );
  }
  return query.orderBy('a.id', 'asc').offset(offset).limit(limit).execute();
}

export async function findAdvisory(db: Db, id: string): Promise<AdvisoryRow | undefined> {
  return selectAdvisories(db).where('a.id', '=', id).executeTakeFirst();
}

export async function countAdvisories(db: Db): Promise<number> {
  const row = await db
    .selectFrom('search_advisories')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Serialises list writes (the cap holds for concurrent adds). */
export async function lockAdvisoryList(trx: Transaction<Database>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended('search-advisories', 0))`.execute(trx);
}

export async function insertAdvisory(
  db: Db,
  values: AdvisoryValues,
  updatedBy: string,
  now: Date,
): Promise<string> {
  const row = await db
    .insertInto('search_advisories')
    .values({
      ...values,
      notices: JSON.stringify(values.notices),
      updated_by: updatedBy,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAdvisory(
  db: Db,
  id: string,
  values: AdvisoryValues,
  updatedBy: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('search_advisories')
    .set({
      ...values,
      notices: JSON.stringify(values.notices),
      updated_by: updatedBy,
      updated_at: now,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteAdvisory(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('search_advisories').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function userCountry(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('country')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.country ?? null;
}
