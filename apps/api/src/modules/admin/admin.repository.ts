// Admin queries: the overview's counts and the operator list. `db | trx` first.
import { sql, type Kysely } from 'kysely';
import type { AdminOverview } from '@corkboard/shared/admin/api';
import type { Database, StoredVariants } from '@corkboard/db/schema';
import { userSummaryQuery } from '../../core/user-summary.repository.ts';

export type OverviewCounts = AdminOverview;

/** Whole-table counts. Fine at demo and small-deployment size; each is one index-only scan. */
export async function overviewCounts(db: Kysely<Database>, since: Date): Promise<OverviewCounts> {
  const result = await sql<OverviewCounts>`
    SELECT
      (SELECT count(*)::int FROM users) AS people,
      (SELECT count(*)::int FROM users WHERE created_at >= ${since}) AS people_last_7_days,
      (SELECT count(*)::int FROM pins) AS pins,
      (SELECT count(*)::int FROM pins WHERE created_at >= ${since}) AS pins_last_7_days,
      (SELECT count(*)::int FROM boards) AS boards,
      (SELECT count(*)::int FROM boards WHERE privacy = 'secret') AS secret_boards,
      (SELECT count(*)::int FROM images) AS images,
      (SELECT count(*)::int FROM users WHERE is_admin) AS operators`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('overview counts returned no row');
  return row;
}

export interface OperatorRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  avatar_variants: StoredVariants | null;
}

/** Operators by id, one more than `limit` (keyset paging). */
export async function listOperators(
  db: Kysely<Database>,
  afterId: string | undefined,
  limit: number,
): Promise<OperatorRow[]> {
  let query = userSummaryQuery(db).where('u.is_admin', '=', true);
  if (afterId !== undefined) query = query.where('u.id', '>', afterId);
  return query
    .orderBy('u.id')
    .limit(limit + 1)
    .execute();
}

export interface PersonRow {
  id: string;
  is_admin: boolean;
  active: boolean;
}

/** Locks the person's row (grant/revoke race with each other and with the last-operator rule). */
export async function lockPersonByUsername(
  trx: Kysely<Database>,
  username: string,
): Promise<PersonRow | undefined> {
  return trx
    .selectFrom('users')
    .select([
      'id',
      'is_admin',
      sql<boolean>`deactivated_at IS NULL AND suspended_at IS NULL`.as('active'),
    ])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .forUpdate()
    .executeTakeFirst();
}

/** Locks every operator row, so two revokes cannot each see the other as "another operator". */
export async function lockOperatorIds(trx: Kysely<Database>): Promise<string[]> {
  const rows = await trx
    .selectFrom('users')
    .select('id')
    .where('is_admin', '=', true)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

export async function setAdmin(
  trx: Kysely<Database>,
  userId: string,
  isAdmin: boolean,
): Promise<void> {
  await trx.updateTable('users').set({ is_admin: isAdmin }).where('id', '=', userId).execute();
}
