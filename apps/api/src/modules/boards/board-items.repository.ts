// The board row behind every saving answer about a board (picker rows, the create-board answer,
// BoardResource get): owner, up to three collaborators and three pin thumbnails, the viewer's
// last save to it and whether they may save to it, in one statement (no per-board round trips).
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database, StoredVariants } from '@corkboard/db/schema';
import { boardQuery, type BoardRowWithOwner } from './boards.repository.ts';
import { canWriteBoard } from '../../core/board-access.repository.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';

/** saving.md §2.4, §9: "Collaborator labels name up to three collaborator avatars". */
export const PICKER_COLLABORATORS_SHOWN = 3;

interface PersonJson {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  avatar_variants: StoredVariants | null;
}

/** A board row (boards.repository's boardQuery: board, owner, covers) plus the picker's fields. */
export interface BoardItemRow extends BoardRowWithOwner {
  collaborators: PersonJson[];
  last_saved_at: Date | null;
  writable: boolean;
}

/**
 * When `viewerId` last saved to the board aliased `alias` (a constant of our code): the creation
 * time of their newest pin on it (highest id), or NULL. One probe of pins_pinner_board_idx.
 */
export function lastSavedAt(viewerId: string, alias = 'b'): RawBuilder<Date | null> {
  return sql<Date | null>`(
    SELECT lp.created_at FROM pins lp
    WHERE lp.pinner_id = ${viewerId} AND lp.board_id = ${sql.ref(`${alias}.id`)}
    ORDER BY lp.id DESC LIMIT 1
  )`;
}

/** ` AND <alias>.privacy = 'protected'` for the protected filter, nothing for 'all'. */
export function privacyFilter(filter: 'all' | 'protected', alias: string): RawBuilder<unknown> {
  return filter === 'protected' ? sql` AND ${sql.ref(`${alias}.privacy`)} = ${'protected'}` : sql``;
}

/**
 * boardQuery's row (aliases: b boards, o owner, oa owner avatar; up to BOARD_COVER_COUNT covers,
 * the chosen cover first) plus collaborators, the viewer's last save and write access. Callers
 * add the where clauses.
 */
export function boardItemQuery(db: Kysely<Database>, viewer: Viewer | null) {
  const lastSaved =
    viewer === null ? sql<Date | null>`NULL::timestamptz` : lastSavedAt(viewer.id, 'b');
  return boardQuery(db, viewer).select((eb) => [
    jsonArrayFrom(
      eb
        .selectFrom('board_collaborators as bc')
        .innerJoin('users as cu', 'cu.id', 'bc.user_id')
        .leftJoin('images as ca', 'ca.id', 'cu.avatar_image_id')
        .select([
          // Ids travel as strings; inside JSON a bigint would become a lossy number.
          sql<string>`cu.id::text`.as('id'),
          'cu.username',
          'cu.first_name',
          'cu.last_name',
          'ca.variants as avatar_variants',
        ])
        .whereRef('bc.board_id', '=', 'b.id')
        .where('bc.status', '=', 'accepted')
        .orderBy('bc.accepted_at')
        .orderBy('bc.user_id')
        .limit(PICKER_COLLABORATORS_SHOWN),
    ).as('collaborators'),
    lastSaved.as('last_saved_at'),
    canWriteBoard(viewer).as('writable'),
  ]);
}

/**
 * One page of the boards the viewer can save to, newest (highest id) first, below `beforeId`.
 * The page's ids are chosen first from the owner index and the viewer's accepted collaborations
 * (each side stops after `limit` ids), and only those rows are joined to owners, thumbnails and
 * collaborators — a person with 5,000 boards costs a page, not 5,000 joined rows. Writability is
 * decided here, in SQL: owned and accepted-collaborator boards only.
 */
export function writableBoardPage(
  db: Kysely<Database>,
  viewer: Viewer,
  filter: 'all' | 'protected',
  page: { beforeId?: string | undefined; limit: number },
) {
  const below = (alias: string) =>
    page.beforeId === undefined ? sql`` : sql` AND ${sql.ref(alias)} < ${page.beforeId}`;
  const limit = Math.max(0, Math.trunc(page.limit));
  let query = boardItemQuery(db, viewer).where(
    sql<SqlBool>`b.id IN (
      (SELECT ob.id FROM boards ob
       WHERE ob.owner_id = ${viewer.id}${privacyFilter(filter, 'ob')}${below('ob.id')}
       ORDER BY ob.id DESC LIMIT ${limit})
      UNION ALL
      (SELECT cc.board_id FROM board_collaborators cc JOIN boards cb ON cb.id = cc.board_id
       WHERE cc.user_id = ${viewer.id} AND cc.status = 'accepted'${privacyFilter(filter, 'cb')}${below('cc.board_id')}
       ORDER BY cc.board_id DESC LIMIT ${limit})
    )`,
  );
  if (filter === 'protected') query = query.where('b.privacy', '=', 'protected');
  if (page.beforeId !== undefined) query = query.where('b.id', '<', page.beforeId);
  return query.orderBy('b.id', 'desc').limit(limit);
}

/** The boards among `ids` the viewer can save to (owned or accepted collaborator), any order. */
export async function writableBoardItemsByIds(
  db: Kysely<Database>,
  viewer: Viewer,
  filter: 'all' | 'protected',
  ids: readonly string[],
): Promise<BoardItemRow[]> {
  if (ids.length === 0) return [];
  let query = boardItemQuery(db, viewer)
    .where('b.id', 'in', [...ids])
    .where(canWriteBoard(viewer));
  if (filter === 'protected') query = query.where('b.privacy', '=', 'protected');
  return query.execute();
}

export async function findBoardItem(
  db: Kysely<Database>,
  viewer: Viewer | null,
  boardId: string,
): Promise<BoardItemRow | undefined> {
  return boardItemQuery(db, viewer).where('b.id', '=', boardId).executeTakeFirst();
}

/** The user's own username, for the picker's `username` option (only their boards are listed). */
export async function findUsername(
  db: Kysely<Database>,
  userId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('username')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.username;
}
