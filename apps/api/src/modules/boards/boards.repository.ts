// Board queries. A board row carries its owner and up to BOARD_COVER_COUNT cover images
// (core/board-covers.repository.ts), in the same statement (no per-board round trips).
import { sql, type Kysely } from 'kysely';
import type { ProfileBoardSort } from '@corkboard/shared/saving/organise';
import type {
  BoardLayout,
  BoardPrivacyColumn,
  BoardSensitivityReason,
  Database,
  StoredVariants,
} from '@corkboard/db/schema';
import { boardCovers } from '../../core/board-covers.repository.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { pinListQuery, type PinListRow } from '../../core/pin-list.repository.ts';
import { writableBoards } from '../../core/board-access.repository.ts';
import {
  discoverableBoards,
  listedBoards,
  visibleBoards,
} from '../../core/visibility.repository.ts';

export interface BoardRowWithOwner {
  id: string;
  name: string;
  slug: string;
  description: string;
  privacy: BoardPrivacyColumn;
  pin_count: number;
  section_count: number;
  follower_count: number;
  collaborator_count: number;
  created_at: Date;
  owner_id: string;
  owner_username: string;
  owner_first_name: string;
  owner_last_name: string;
  owner_avatar_variants: StoredVariants | null;
  covers: { variants: StoredVariants; pin_id: string }[];
  cover_pin_id: string | null;
  layout: BoardLayout;
  sensitivity_reason: BoardSensitivityReason | null;
  board_order_modified_at: Date | null;
  followed_by_me: boolean;
  archived_by_me_at: Date | null;
}

/** Whether the viewer follows the board row aliased `b` (false for visitors). */
function followedByViewer(viewer: Viewer | null) {
  if (viewer === null) return sql<boolean>`false`;
  return sql<boolean>`EXISTS (
    SELECT 1 FROM board_follows vf WHERE vf.user_id = ${viewer.id} AND vf.board_id = b.id
  )`;
}

/** When the viewer archived the board row aliased `b` for themself (null for visitors). */
function archivedByViewer(viewer: Viewer | null) {
  if (viewer === null) return sql<Date | null>`NULL::timestamptz`;
  return sql<Date | null>`(
    SELECT va.archived_at FROM board_member_states va
    WHERE va.user_id = ${viewer.id} AND va.board_id = b.id
  )`;
}

/**
 * Aliases: b boards, o owner, oa owner avatar. `viewer` decides the viewer's own fields
 * (followed_by_me, archived_by_me_at).
 */
export function boardQuery(db: Kysely<Database>, viewer: Viewer | null) {
  return db
    .selectFrom('boards as b')
    .innerJoin('users as o', 'o.id', 'b.owner_id')
    .leftJoin('images as oa', 'oa.id', 'o.avatar_image_id')
    .select([
      'b.id',
      'b.name',
      'b.slug',
      'b.description',
      'b.privacy',
      'b.pin_count',
      'b.section_count',
      'b.follower_count',
      'b.collaborator_count',
      'b.created_at',
      'o.id as owner_id',
      'o.username as owner_username',
      'o.first_name as owner_first_name',
      'o.last_name as owner_last_name',
      'oa.variants as owner_avatar_variants',
      boardCovers(db, { coverFirst: true, exceptSecret: false }).as('covers'),
      'b.cover_pin_id',
      'b.layout',
      'b.sensitivity_reason',
      'b.board_order_modified_at',
      followedByViewer(viewer).as('followed_by_me'),
      archivedByViewer(viewer).as('archived_by_me_at'),
    ]);
}

/** Username matching is case-insensitive (users_username_lower_key); slugs are exact. */
export async function findVisibleBoardBySlug(
  db: Kysely<Database>,
  viewer: Viewer | null,
  username: string,
  slug: string,
): Promise<BoardRowWithOwner | undefined> {
  return boardQuery(db, viewer)
    .where(sql<string>`lower(o.username)`, '=', username.toLowerCase())
    .where('b.slug', '=', slug)
    .where(visibleBoards(viewer))
    .executeTakeFirst();
}

/**
 * Boards a person's profile lists (docs/decisions/055): those they own and those they accepted
 * to collaborate on, as far as the viewer may see them (listedBoards), without the ones the
 * person archived — or only those, with `archived`. Sorted as asked; paged by offset.
 */
export async function listProfileBoards(
  db: Kysely<Database>,
  viewer: Viewer | null,
  personId: string,
  options: { sort: ProfileBoardSort; archived: boolean; offset: number; limit: number },
): Promise<BoardRowWithOwner[]> {
  const archivedByPerson = sql<boolean>`EXISTS (
    SELECT 1 FROM board_member_states pa
    WHERE pa.user_id = ${personId} AND pa.board_id = b.id AND pa.archived_at IS NOT NULL
  )`;
  let query = boardQuery(db, viewer)
    .where(
      sql<boolean>`b.id IN (
        SELECT pb.id FROM boards pb WHERE pb.owner_id = ${personId}
        UNION ALL
        SELECT pc.board_id FROM board_collaborators pc
        WHERE pc.user_id = ${personId} AND pc.status = 'accepted'
      )`,
    )
    .where(listedBoards(viewer))
    .where(options.archived ? archivedByPerson : sql<boolean>`NOT ${archivedByPerson}`);
  if (options.sort === 'alphabetical') {
    // Names starting with a digit after the others, as the picker sorts (saving.md §2.4).
    query = query
      .orderBy(sql`b.name ~ '^\s*[0-9]'`)
      .orderBy(sql`lower(b.name)`)
      .orderBy('b.id');
  } else if (options.sort === 'custom') {
    // Boards not placed yet (new ones) first, newest first; then the person's order.
    const position = sql`(
      SELECT pp.profile_position FROM board_member_states pp
      WHERE pp.user_id = ${personId} AND pp.board_id = b.id
    )`;
    query = query
      .orderBy(sql`${position} IS NOT NULL`)
      .orderBy(position)
      .orderBy('b.id', 'desc');
  } else {
    // Last saved to: the board's newest pin, else when it was made.
    query = query
      .orderBy(
        sql`coalesce((SELECT max(lp.created_at) FROM pins lp WHERE lp.board_id = b.id), b.created_at)`,
        'desc',
      )
      .orderBy('b.id', 'desc');
  }
  return query.offset(options.offset).limit(options.limit).execute();
}

/**
 * Every pin on the board (including those filed in sections): newest first (keyset below
 * `beforeId`), or in the board's custom order (ADR 053: not placed yet first, newest first, then
 * by position; paged by offset).
 */
export async function listBoardPins(
  db: Kysely<Database>,
  boardId: string,
  page:
    | { custom: false; beforeId: string | undefined; limit: number }
    | {
        custom: true;
        offset: number;
        limit: number;
      },
): Promise<PinListRow[]> {
  let query = pinListQuery(db).where('p.board_id', '=', boardId);
  if (page.custom) {
    query = query
      .orderBy(sql`p.board_position IS NOT NULL`)
      .orderBy('p.board_position')
      .orderBy('p.id', 'desc')
      .offset(page.offset);
  } else {
    if (page.beforeId !== undefined) query = query.where('p.id', '<', page.beforeId);
    query = query.orderBy('p.id', 'desc');
  }
  return query.limit(page.limit).execute();
}

/** The board's sort, when the viewer may see it (null `board_order_modified_at`: newest first). */
export async function findVisibleBoardOrder(
  db: Kysely<Database>,
  viewer: Viewer | null,
  boardId: string,
): Promise<{ id: string; board_order_modified_at: Date | null } | undefined> {
  return db
    .selectFrom('boards as b')
    .select(['b.id', 'b.board_order_modified_at'])
    .where('b.id', '=', boardId)
    .where(visibleBoards(viewer))
    .executeTakeFirst();
}

/** Names of the boards the viewer can save to, newest first, at most `limit`. */
export async function writableBoardNames(
  db: Kysely<Database>,
  viewerId: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('boards as b')
    .select('b.name')
    .where(writableBoards(viewerId))
    .orderBy('b.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.name);
}

/**
 * Public boards with pins, not the viewer's and not `exceptBoardId`, whose lower-cased names are
 * LIKE one of `namePatterns`: most followed, most pins, oldest first, at most `limit`.
 */
export async function relatedBoardCandidates(
  db: Kysely<Database>,
  values: {
    viewerId: string;
    exceptBoardId: string;
    namePatterns: readonly string[];
    limit: number;
  },
): Promise<BoardRowWithOwner[]> {
  return boardQuery(db, { id: values.viewerId })
    .where(discoverableBoards())
    .where('b.owner_id', '<>', values.viewerId)
    .where('b.id', '<>', values.exceptBoardId)
    .where('b.pin_count', '>', 0)
    .where(
      sql<boolean>`(${sql.join(
        values.namePatterns.map((pattern) => sql`lower(b.name) LIKE ${pattern}`),
        sql` OR `,
      )})`,
    )
    .orderBy('b.follower_count', 'desc')
    .orderBy('b.pin_count', 'desc')
    .orderBy('b.id')
    .limit(values.limit)
    .execute();
}
