// Experience SQL: the operators' definitions and each person's status (docs/decisions/081).
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type {
  Database,
  ExperienceStatusColumn,
  ExperiencesTable,
  UserExperiencesTable,
} from '@corkboard/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export type ExperienceRow = Selectable<ExperiencesTable>;
export type UserExperienceRow = Selectable<UserExperiencesTable>;

/** Experiences of these placements whose dates include `now`, best first. */
export async function findLiveExperiences(
  db: Db,
  placementIds: readonly number[],
  now: Date,
): Promise<ExperienceRow[]> {
  if (placementIds.length === 0) return [];
  return db
    .selectFrom('experiences')
    .selectAll()
    .where('placement_id', 'in', placementIds)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('priority', 'desc')
    .orderBy('id')
    .execute();
}

export async function findExperience(
  db: Db,
  placementId: number,
  experienceId: string,
): Promise<ExperienceRow | undefined> {
  return db
    .selectFrom('experiences')
    .selectAll()
    .where('id', '=', experienceId)
    .where('placement_id', '=', placementId)
    .executeTakeFirst();
}

/** Locks the experience row: the max_people cap holds for concurrent first views. */
export async function lockExperience(trx: Transaction<Database>, id: string): Promise<void> {
  await trx.selectFrom('experiences').select('id').where('id', '=', id).forUpdate().execute();
}

export async function findUserExperiences(
  db: Db,
  userId: string,
  experienceIds: readonly string[],
): Promise<UserExperienceRow[]> {
  if (experienceIds.length === 0) return [];
  return db
    .selectFrom('user_experiences')
    .selectAll()
    .where('user_id', '=', userId)
    .where('experience_id', 'in', experienceIds)
    .execute();
}

/** How many people have seen each experience at least once (the max_people cap). */
export async function countPeopleWhoSaw(
  db: Db,
  experienceIds: readonly string[],
): Promise<Map<string, number>> {
  if (experienceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_experiences')
    .select(['experience_id', (eb) => eb.fn.countAll<string>().as('people')])
    .where('experience_id', 'in', experienceIds)
    .where('first_viewed_at', 'is not', null)
    .groupBy('experience_id')
    .execute();
  return new Map(rows.map((row) => [row.experience_id, Number(row.people)]));
}

export interface PersonFacts {
  created_at: Date;
  country: string | null;
  locale: string;
}

export async function findPersonFacts(db: Db, userId: string): Promise<PersonFacts | undefined> {
  return db
    .selectFrom('users')
    .select(['created_at', 'country', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** A view: first one sets first_viewed_at; an ended status is kept as it is. */
export async function recordView(
  db: Db,
  userId: string,
  experienceId: string,
  now: Date,
): Promise<UserExperienceRow> {
  return db
    .insertInto('user_experiences')
    .values({
      user_id: userId,
      experience_id: experienceId,
      status: 'viewed',
      view_count: 1,
      first_viewed_at: now,
      last_viewed_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'experience_id']).doUpdateSet({
        status: sql<ExperienceStatusColumn>`CASE WHEN user_experiences.status IN ('completed', 'completed_without_homefeed', 'dismissed') THEN user_experiences.status ELSE 'viewed' END`,
        view_count: sql<number>`user_experiences.view_count + 1`,
        first_viewed_at: sql<Date>`coalesce(user_experiences.first_viewed_at, ${now})`,
        last_viewed_at: now,
        updated_at: now,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Ends the experience for the person (completed, completed without homefeed, dismissed). */
export async function recordEnd(
  db: Db,
  userId: string,
  experienceId: string,
  status: 'completed' | 'completed_without_homefeed' | 'dismissed',
  now: Date,
): Promise<UserExperienceRow> {
  return db
    .insertInto('user_experiences')
    .values({
      user_id: userId,
      experience_id: experienceId,
      status,
      ended_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'experience_id'])
        .doUpdateSet({ status, ended_at: now, updated_at: now }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A trigger: only a person without a status gets `triggered`; anything else is kept. */
export async function recordTrigger(
  db: Db,
  userId: string,
  experienceId: string,
  now: Date,
): Promise<UserExperienceRow> {
  await db
    .insertInto('user_experiences')
    .values({
      user_id: userId,
      experience_id: experienceId,
      status: 'triggered',
      triggered_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'experience_id']).doNothing())
    .execute();
  return db
    .selectFrom('user_experiences')
    .selectAll()
    .where('user_id', '=', userId)
    .where('experience_id', '=', experienceId)
    .executeTakeFirstOrThrow();
}

// ---- the admin side ----

export async function listExperiences(
  db: Db,
  offset: number,
  limit: number,
): Promise<ExperienceRow[]> {
  return db
    .selectFrom('experiences')
    .selectAll()
    .orderBy('placement_id')
    .orderBy('priority', 'desc')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countStatuses(
  db: Db,
  experienceIds: readonly string[],
): Promise<{ experience_id: string; status: ExperienceStatusColumn; people: string }[]> {
  if (experienceIds.length === 0) return [];
  return db
    .selectFrom('user_experiences')
    .select(['experience_id', 'status', (eb) => eb.fn.countAll<string>().as('people')])
    .where('experience_id', 'in', experienceIds)
    .groupBy(['experience_id', 'status'])
    .execute();
}

export interface ExperienceValues {
  placement_id: number;
  name: string;
  priority: number;
  triggerable: boolean;
  display_data: string;
  audience: string;
  starts_at: Date | null;
  ends_at: Date | null;
  max_views_per_person: number | null;
  max_people: number | null;
}

export async function insertExperience(
  db: Db,
  values: ExperienceValues,
  createdBy: string,
  now: Date,
): Promise<ExperienceRow> {
  return db
    .insertInto('experiences')
    .values({ ...values, created_by: createdBy, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateExperience(
  db: Db,
  id: string,
  values: ExperienceValues,
  now: Date,
): Promise<ExperienceRow | undefined> {
  return db
    .updateTable('experiences')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Ends an experience for everyone now (keeps an earlier end). */
export async function endExperienceNow(
  db: Db,
  id: string,
  now: Date,
): Promise<ExperienceRow | undefined> {
  return db
    .updateTable('experiences')
    .set({
      ends_at: sql<Date>`CASE WHEN ends_at IS NOT NULL AND ends_at <= ${now} THEN ends_at ELSE ${now}::timestamptz END`,
      // A start after the new end would break the table's CHECK: the start moves to it.
      starts_at: sql<Date | null>`CASE WHEN starts_at IS NOT NULL AND starts_at >= ${now} THEN NULL ELSE starts_at END`,
      updated_at: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes a definition; the people's statuses go with it (ON DELETE CASCADE). */
export async function deleteExperience(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('experiences').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
