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
  if (!options.coverFirst) {
    let newest = db
      .selectFrom('pins as cp')
      .innerJoin('images as ci', 'ci.id', 'cp.image_id')
      .select(['ci.variants', sql<string>`cp.id::text`.as('pin_id')])
      .where(sql<boolean>`cp.board_id = b.id`);
    if (options.exceptSecret) newest = newest.where(sql<boolean>`b.privacy <> 'secret'`);
    return jsonArrayFrom(newest.orderBy('cp.id', 'desc').limit(BOARD_COVER_COUNT));
  }
  // The chosen cover (when it is a pin of this board) and the newest other pins, each read from
  // an index, then ordered: ordering every pin of the board by "is it the cover" made each card
  // sort all of a board's pins (0.5 s a board of 55,000 pins at 1M).
  const candidates = sql<{ id: string; image_id: string; chosen: boolean }>`(
    (SELECT cc.id, cc.image_id, true AS chosen FROM pins cc
     WHERE cc.id = b.cover_pin_id AND cc.board_id = b.id)
    UNION ALL
    (SELECT cn.id, cn.image_id, false AS chosen FROM pins cn
     WHERE cn.board_id = b.id AND cn.id IS DISTINCT FROM b.cover_pin_id
     ORDER BY cn.id DESC LIMIT ${BOARD_COVER_COUNT})
  )`;
  let covers = db
    .selectFrom(candidates.as('cp'))
    .innerJoin('images as ci', 'ci.id', 'cp.image_id')
    .select(['ci.variants', sql<string>`cp.id::text`.as('pin_id')]);
  if (options.exceptSecret) covers = covers.where(sql<boolean>`b.privacy <> 'secret'`);
  return jsonArrayFrom(
    covers.orderBy('cp.chosen', 'desc').orderBy('cp.id', 'desc').limit(BOARD_COVER_COUNT),
  );
}
