// Board and section queries. A board row carries its owner and up to BOARD_COVER_COUNT cover
// images, gathered by a correlated subquery in the same statement (no per-board round trips).
import { sql, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { BoardPrivacyColumn, Database, StoredVariants } from '@corkboard/db/schema';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { pinListQuery, type PinListRow } from '../pins/pins.repository.ts';
import { listedBoards, visibleBoards } from '../../core/visibility.repository.ts';

/** Board cards show up to three images (api-types Board.cover_images). */
export const BOARD_COVER_COUNT = 3;
/** Section cards show up to three preview images. */
export const SECTION_PREVIEW_COUNT = 3;

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

export interface SectionRowWithPreviews {
  id: string;
  title: string;
  slug: string;
  pin_count: number;
  previews: { variants: StoredVariants }[];
}

/** Aliases: b boards, o owner, oa owner avatar. */
export function boardQuery(db: Kysely<Database>) {
  return db
    .selectFrom('boards as b')
    .innerJoin('users as o', 'o.id', 'b.owner_id')
    .leftJoin('images as oa', 'oa.id', 'o.avatar_image_id')
    .select((eb) => [
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
      jsonArrayFrom(
        eb
          .selectFrom('pins as cp')
          .innerJoin('images as ci', 'ci.id', 'cp.image_id')
          .select('ci.variants')
          .whereRef('cp.board_id', '=', 'b.id')
          // The chosen cover pin first, then the newest pins.
          .orderBy(sql`coalesce(cp.id = b.cover_pin_id, false)`, 'desc')
          .orderBy('cp.id', 'desc')
          .limit(BOARD_COVER_COUNT),
      ).as('covers'),
    ]);
}

/** Just the visibility check, for lists that need the board to exist but not its details. */
export async function isBoardVisible(
  db: Kysely<Database>,
  viewer: Viewer | null,
  boardId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('boards as b')
    .select('b.id')
    .where('b.id', '=', boardId)
    .where(visibleBoards(viewer))
    .executeTakeFirst();
  return row !== undefined;
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

export async function listSectionsOfBoard(
  db: Kysely<Database>,
  boardId: string,
): Promise<SectionRowWithPreviews[]> {
  return db
    .selectFrom('board_sections as s')
    .where('s.board_id', '=', boardId)
    .select((eb) => [
      's.id',
      's.title',
      's.slug',
      's.pin_count',
      jsonArrayFrom(
        eb
          .selectFrom('pins as sp')
          .innerJoin('images as si', 'si.id', 'sp.image_id')
          .select('si.variants')
          .whereRef('sp.section_id', '=', 's.id')
          .orderBy('sp.id', 'desc')
          .limit(SECTION_PREVIEW_COUNT),
      ).as('previews'),
    ])
    .orderBy('s.position')
    .orderBy('s.id')
    .execute();
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
