// Topic SQL (docs/decisions/082): which pins are in a topic, how many anyone may see, and each
// person's chosen topics.
import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { TOPICS } from '@corkboard/shared/topics/topics';
import { discoverableBoards } from '../../core/visibility.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The pin `pinAlias` is in one of `topics` (an SQL array of topic ids): its board is filed under
 * one, or its description carries the topic's hashtag.
 */
export function pinInTopics(pinAlias: string, topics: Expression<string[]>): Expression<SqlBool> {
  const pin = sql.ref(`${pinAlias}.id`);
  const board = sql.ref(`${pinAlias}.board_id`);
  return sql<SqlBool>`(
    EXISTS (SELECT 1 FROM board_topics bt WHERE bt.board_id = ${board} AND bt.topic = ANY(${topics}))
    OR EXISTS (SELECT 1 FROM pin_hashtags ph JOIN hashtags h ON h.id = ph.hashtag_id
               WHERE ph.pin_id = ${pin} AND h.tag = ANY(${topics}))
  )`;
}

/** A person's chosen topics as an SQL array (empty when none). */
export function chosenTopicsOf(userId: string): Expression<string[]> {
  return sql<
    string[]
  >`ARRAY(SELECT ut.topic FROM user_topics ut WHERE ut.user_id = ${userId} ORDER BY ut.topic)`;
}

/** Pins on public boards per topic of the shared list (topics without any are left out). */
export async function countDiscoverablePinsByTopic(
  db: Db,
): Promise<{ topic: string; pins: string }[]> {
  const result = await sql<{ topic: string; pins: string }>`
    SELECT t.topic, count(*) AS pins
    FROM unnest(${sql.val([...TOPICS])}::text[]) AS t(topic)
    JOIN pins p ON ${pinInTopics('p', sql<string[]>`ARRAY[t.topic]`)}
    JOIN boards b ON b.id = p.board_id
    WHERE ${discoverableBoards('b')}
    GROUP BY t.topic
  `.execute(db);
  return result.rows;
}

export async function findChosenTopics(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_topics')
    .select('topic')
    .where('user_id', '=', userId)
    .orderBy('topic')
    .execute();
  return rows.map((row) => row.topic);
}

/** Replaces the person's topics with `topics` (in the caller's transaction). */
export async function replaceChosenTopics(
  trx: Transaction<Database>,
  userId: string,
  topics: readonly string[],
  now: Date,
): Promise<void> {
  await trx.deleteFrom('user_topics').where('user_id', '=', userId).execute();
  if (topics.length === 0) return;
  await trx
    .insertInto('user_topics')
    .values(topics.map((topic) => ({ user_id: userId, topic, created_at: now })))
    .execute();
}
