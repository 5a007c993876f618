// experiments, experiment_groups, experiment_overrides and experiment_exposures (all SQL of the
// experiments module; experiments.service.ts).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, ExperimentExposureSource } from '@corkboard/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface GroupRow {
  experiment: string;
  name: string;
  basis_points: number;
}

export interface ExperimentRow {
  name: string;
  description: string;
  updated_at: Date;
  updated_by_username: string | null;
}

export async function listExperimentRows(db: Db): Promise<ExperimentRow[]> {
  return db
    .selectFrom('experiments as e')
    .leftJoin('users as u', 'u.id', 'e.updated_by')
    .select(['e.name', 'e.description', 'e.updated_at', 'u.username as updated_by_username'])
    .orderBy('e.name')
    .execute();
}

export async function findExperiment(db: Db, name: string): Promise<ExperimentRow | undefined> {
  return db
    .selectFrom('experiments as e')
    .leftJoin('users as u', 'u.id', 'e.updated_by')
    .select(['e.name', 'e.description', 'e.updated_at', 'u.username as updated_by_username'])
    .where('e.name', '=', name)
    .executeTakeFirst();
}

/** Every group, in hand-out order within each experiment. */
export async function listGroupRows(db: Db, experiment?: string): Promise<GroupRow[]> {
  let query = db
    .selectFrom('experiment_groups')
    .select(['experiment', 'name', 'basis_points'])
    .orderBy('experiment')
    .orderBy('position');
  if (experiment !== undefined) query = query.where('experiment', '=', experiment);
  return query.execute();
}

export async function listAllOverrides(
  db: Db,
): Promise<{ experiment: string; user_id: string; group_name: string }[]> {
  return db
    .selectFrom('experiment_overrides')
    .select(['experiment', 'user_id', 'group_name'])
    .execute();
}

export async function updateGroupShare(
  trx: Transaction<Database>,
  experiment: string,
  group: string,
  basisPoints: number,
): Promise<void> {
  await trx
    .updateTable('experiment_groups')
    .set({ basis_points: basisPoints })
    .where('experiment', '=', experiment)
    .where('name', '=', group)
    .execute();
}

export async function touchExperiment(
  trx: Transaction<Database>,
  experiment: string,
  userId: string,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('experiments')
    .set({ updated_at: now, updated_by: userId })
    .where('name', '=', experiment)
    .execute();
}

/** One writer per experiment at a time: the override cap holds for concurrent adds. */
export async function lockExperiment(
  trx: Transaction<Database>,
  experiment: string,
): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`experiment:${experiment}`}, 0))`.execute(
    trx,
  );
}

export async function countOverrides(db: Db, experiment: string): Promise<number> {
  const row = await db
    .selectFrom('experiment_overrides')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('experiment', '=', experiment)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function overrideCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('experiment_overrides')
    .select(['experiment', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('experiment')
    .execute();
  return new Map(rows.map((row) => [row.experiment, Number(row.n)]));
}

export async function exposureCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('experiment_exposures')
    .select(['experiment', 'group_name', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy(['experiment', 'group_name'])
    .execute();
  return new Map(rows.map((row) => [`${row.experiment}\u0000${row.group_name}`, Number(row.n)]));
}

export async function findOverride(
  db: Db,
  experiment: string,
  userId: string,
): Promise<{ group_name: string } | undefined> {
  return db
    .selectFrom('experiment_overrides')
    .select('group_name')
    .where('experiment', '=', experiment)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function upsertOverride(
  trx: Transaction<Database>,
  row: { experiment: string; userId: string; group: string; by: string },
  now: Date,
): Promise<void> {
  await trx
    .insertInto('experiment_overrides')
    .values({
      experiment: row.experiment,
      user_id: row.userId,
      group_name: row.group,
      created_by: row.by,
      created_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['experiment', 'user_id']).doUpdateSet({
        group_name: row.group,
        created_by: row.by,
      }),
    )
    .execute();
}

export async function deleteOverride(db: Db, experiment: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('experiment_overrides')
    .where('experiment', '=', experiment)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function listOverrideRows(
  db: Db,
  experiment: string,
  offset: number,
  limit: number,
): Promise<
  { username: string; group_name: string; created_at: Date; created_by_username: string | null }[]
> {
  return db
    .selectFrom('experiment_overrides as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('users as b', 'b.id', 'o.created_by')
    .select(['u.username', 'o.group_name', 'o.created_at', 'b.username as created_by_username'])
    .where('o.experiment', '=', experiment)
    .orderBy('u.username')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function insertExposures(
  db: Db,
  rows: readonly {
    experiment: string;
    subject: string;
    user_id: string | null;
    group_name: string;
    source: ExperimentExposureSource;
    exposed_at: Date;
  }[],
): Promise<void> {
  await db
    .insertInto('experiment_exposures')
    .values([...rows])
    .onConflict((oc) => oc.columns(['experiment', 'subject', 'group_name']).doNothing())
    .execute();
}

export async function listExposureRows(
  db: Db,
  experiment: string,
  group: string | undefined,
  offset: number,
  limit: number,
): Promise<
  {
    id: string;
    subject: string;
    username: string | null;
    group_name: string;
    source: ExperimentExposureSource;
    exposed_at: Date;
  }[]
> {
  let query = db
    .selectFrom('experiment_exposures as x')
    .leftJoin('users as u', 'u.id', 'x.user_id')
    .select(['x.id', 'x.subject', 'u.username', 'x.group_name', 'x.source', 'x.exposed_at'])
    .where('x.experiment', '=', experiment);
  if (group !== undefined) query = query.where('x.group_name', '=', group);
  return query.orderBy('x.id', 'desc').offset(offset).limit(limit).execute();
}

export async function findActiveUserId(db: Db, username: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  return row?.id;
}
