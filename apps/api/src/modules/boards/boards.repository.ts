// Board queries. A board row carries its owner and up to BOARD_COVER_COUNT cover images
// (core/board-covers.repository.ts), in the same statement (no per-board round trips).
import { sql, type Kysely } from 'kysely';
import type { BoardPrivacyColumn, Database, StoredVariants } from '@corkboard/db/schema';
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
  covers: { variants: StoredVariants }[];
}

/** Aliases: b boards, o owner, oa owner avatar. */
export function boardQuery(db: Kysely<Database>) {
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
    ]);
}

/** Username matching is case-insensitive (users_username_lower_key); slugs are exact. */
export async function findVisibleBoardBySlug(
  db: Kysely<Database>,
  viewer: Viewer | null,
  username: string,
  slug: string,
): Promise<BoardRowWithOwner | undefined> {
  return boardQuery(db)
    .where(sql<string>`lower(o.username)`, '=', username.toLowerCase())
    .where('b.slug', '=', slug)
    .where(visibleBoards(viewer))
    .executeTakeFirst();
}

/** A user's own boards as their profile lists them, newest first, keyset-paged by id. */
export async function listListedBoardsOfOwner(
  db: Kysely<Database>,
  viewer: Viewer | null,
  ownerId: string,
  beforeId: string | undefined,
  limit: number,
): Promise<BoardRowWithOwner[]> {
  let query = boardQuery(db).where('b.owner_id', '=', ownerId).where(listedBoards(viewer));
  if (beforeId !== undefined) query = query.where('b.id', '<', beforeId);
  return query.orderBy('b.id', 'desc').limit(limit).execute();
}

/** Every pin on the board (including those filed in sections), newest first. */
export async function listBoardPins(
  db: Kysely<Database>,
  boardId: string,
  beforeId: string | undefined,
  limit: number,
): Promise<PinListRow[]> {
  let query = pinListQuery(db).where('p.board_id', '=', boardId);
  if (beforeId !== undefined) query = query.where('p.id', '<', beforeId);
  return query.orderBy('p.id', 'desc').limit(limit).execute();
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
  return boardQuery(db)
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
