// Custom order queries (docs/decisions/053, 055, 123): the hand-arranged lists as (id, position)
// pairs in their current order, and the writes of a move. `trx` is the service's transaction;
// the caller locks the list's owner row (the person or the board) first, so moves of one list
// never interleave.
import { sql, type Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import type { ProfileBoardSort } from '@corkboard/shared/saving/organise';
import type { OrderedItem } from './custom-order.ts';

function toItem(row: { id: string; position: string | number | null }): OrderedItem {
  return { id: row.id, position: row.position === null ? null : Number(row.position) };
}

/** Locks the person's row (their profile order and sort); false when they are gone. */
export async function lockPerson(trx: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** Locks the board's row (its pin order). */
export async function lockBoardRow(trx: Kysely<Database>, boardId: string): Promise<void> {
  await trx.selectFrom('boards').select('id').where('id', '=', boardId).forUpdate().execute();
}

/**
 * The boards on the person's profile that they have not archived (owned and accepted), in the
 * profile's custom order, at most `limit`.
 */
export async function profileOrderItems(
  trx: Kysely<Database>,
  personId: string,
  limit: number,
): Promise<OrderedItem[]> {
  const rows = await trx
    .selectFrom('boards as b')
    .leftJoin('board_member_states as s', (join) =>
      join.onRef('s.board_id', '=', 'b.id').on('s.user_id', '=', personId),
    )
    .select(['b.id', 's.profile_position as position'])
    .where(
      sql<boolean>`b.id IN (
        SELECT pb.id FROM boards pb WHERE pb.owner_id = ${personId}
        UNION ALL
        SELECT pc.board_id FROM board_collaborators pc
        WHERE pc.user_id = ${personId} AND pc.status = 'accepted'
      )`,
    )
    .where('s.archived_at', 'is', null)
    .orderBy(sql`s.profile_position IS NOT NULL`)
    .orderBy('s.profile_position')
    .orderBy('b.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toItem);
}

/** Rows per statement when a renumbering writes many positions. */
const WRITE_CHUNK = 500;

function chunks(updates: ReadonlyMap<string, number>): [string, number][][] {
  const entries = [...updates];
  const out: [string, number][][] = [];
  for (let start = 0; start < entries.length; start += WRITE_CHUNK) {
    out.push(entries.slice(start, start + WRITE_CHUNK));
  }
  return out;
}

export async function setProfilePositions(
  trx: Kysely<Database>,
  personId: string,
  updates: ReadonlyMap<string, number>,
): Promise<void> {
  for (const chunk of chunks(updates)) {
    await trx
      .insertInto('board_member_states')
      .values(
        chunk.map(([boardId, position]) => ({
          user_id: personId,
          board_id: boardId,
          profile_position: position,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['user_id', 'board_id'])
          .doUpdateSet((eb) => ({ profile_position: eb.ref('excluded.profile_position') })),
      )
      .execute();
  }
}

/** The person's profile sort, and when they arranged it by hand (when `modifiedAt` is given). */
export async function setProfileSort(
  trx: Kysely<Database>,
  personId: string,
  sort: ProfileBoardSort,
  modifiedAt: Date | undefined,
): Promise<{ profile_board_sort: ProfileBoardSort; board_order_modified_at: Date | null }> {
  return trx
    .updateTable('users')
    .set(
      modifiedAt === undefined
        ? { profile_board_sort: sort }
        : { profile_board_sort: sort, board_order_modified_at: modifiedAt },
    )
    .where('id', '=', personId)
    .returning(['profile_board_sort', 'board_order_modified_at'])
    .executeTakeFirstOrThrow();
}

/**
 * The board's pins (or the section's, with `sectionId`) in their custom order, at most `limit`.
 */
export async function pinOrderItems(
  trx: Kysely<Database>,
  boardId: string,
  sectionId: string | null,
  limit: number,
): Promise<OrderedItem[]> {
  const column = sectionId === null ? 'board_position' : 'section_position';
  let query = trx
    .selectFrom('pins')
    .select(['id', `${column} as position`])
    .where('board_id', '=', boardId);
  if (sectionId !== null) query = query.where('section_id', '=', sectionId);
  const rows = await query
    .orderBy(sql`${sql.ref(column)} IS NOT NULL`)
    .orderBy(column)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toItem);
}

export async function setPinPositions(
  trx: Kysely<Database>,
  inSection: boolean,
  updates: ReadonlyMap<string, number>,
): Promise<void> {
  const column = sql.ref(inSection ? 'section_position' : 'board_position');
  for (const chunk of chunks(updates)) {
    const values = sql.join(
      chunk.map(([id, position]) => sql`(${id}::bigint, ${position}::bigint)`),
    );
    await sql`UPDATE pins SET ${column} = v.position FROM (VALUES ${values}) AS v(id, position)
      WHERE pins.id = v.id`.execute(trx);
  }
}

/** When the board's pins were last arranged by hand; null puts them back to newest first. */
export async function setBoardOrderModifiedAt(
  trx: Kysely<Database>,
  boardId: string,
  at: Date | null,
): Promise<Date | null> {
  const row = await trx
    .updateTable('boards')
    .set({ board_order_modified_at: at })
    .where('id', '=', boardId)
    .returning('board_order_modified_at')
    .executeTakeFirstOrThrow();
  return row.board_order_modified_at;
}
