// A board's cover images, as the one correlated subquery every board card uses (board pages,
// profile grids, the picker, related boards, invitations): up to BOARD_COVER_COUNT pin images of
// the board row aliased `b` (aliases inside: cp pins, ci images), in the same statement as the
// board (no per-board round trips).
import { sql, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database } from '@corkboard/db/schema';

/** Board cards show up to three images (api-types Board.cover_images). */
export const BOARD_COVER_COUNT = 3;

export interface BoardCoversOptions {
  /** The board's chosen cover pin first, then the newest pins (board cards); else newest only. */
  coverFirst: boolean;
  /** No images of a secret board (for people who are not members yet: invitations). */
  exceptSecret: boolean;
}

/**
 * `{ variants, pin_id }[]`, JSON-aggregated; the outer query must have `boards as b` in scope.
 * `pin_id` (text: a bigint inside JSON would lose digits) names the pin of each image.
 */
export function boardCovers(db: Kysely<Database>, options: BoardCoversOptions) {
  let covers = db
    .selectFrom('pins as cp')
    .innerJoin('images as ci', 'ci.id', 'cp.image_id')
    .select(['ci.variants', sql<string>`cp.id::text`.as('pin_id')])
    .where(sql<boolean>`cp.board_id = b.id`);
  if (options.exceptSecret) covers = covers.where(sql<boolean>`b.privacy <> 'secret'`);
  if (options.coverFirst)
    covers = covers.orderBy(sql`coalesce(cp.id = b.cover_pin_id, false)`, 'desc');
  return jsonArrayFrom(covers.orderBy('cp.id', 'desc').limit(BOARD_COVER_COUNT));
}
