// The one SELECT every pin list is built from (home feed, board, section, user, search, single
// pin, a saved pin's answer): a pin with its image, board, board owner, section and pinner in one
// round trip, so lists are never N+1.
import { type AliasedSelectQueryBuilder, type Kysely, type Selectable } from 'kysely';
import type { BoardPrivacyColumn, Database, PinsTable, StoredVariants } from '@corkboard/db/schema';

export interface PinListRow {
  id: string;
  title: string;
  description: string;
  link: string | null;
  domain: string | null;
  dominant_color: string;
  created_at: Date;
  image_variants: StoredVariants;
  board_id: string;
  board_name: string;
  board_slug: string;
  board_privacy: BoardPrivacyColumn;
  board_owner_id: string;
  board_owner_username: string;
  section_id: string | null;
  section_title: string | null;
  section_slug: string | null;
  pinner_id: string;
  pinner_username: string;
  pinner_first_name: string;
  pinner_last_name: string;
  pinner_avatar_variants: StoredVariants | null;
  alt_text: string;
  board_position: string | null;
  section_position: string | null;
}

/** The rows a pin list draws its pins from, aliased `p` (see `pinListQuery`). */
export type PinSource = AliasedSelectQueryBuilder<Selectable<PinsTable>, 'p'>;

/**
 * Aliases: p pins, b boards, bo board owner, s section, i image, u pinner, ua pinner avatar.
 *
 * By default `p` is the whole `pins` table: `(SELECT * FROM pins) AS p`, which the planner
 * flattens into a plain scan of `pins` (same plan as before), so callers filter, order and
 * limit as usual. A list that can pick its page without the other joins (the home feed) passes
 * that page, already ordered and limited, as `source`: it is then planned on its own and the
 * six joins below run for the page's rows only. Planning the seven-table join in one piece was
 * about half of the feed query's time.
 */
export function pinListQuery(
  db: Kysely<Database>,
  source: PinSource = db.selectFrom('pins').selectAll().as('p'),
) {
  return (
    db
      .selectFrom(source)
      .innerJoin('boards as b', 'b.id', 'p.board_id')
      .innerJoin('users as bo', 'bo.id', 'b.owner_id')
      .innerJoin('images as i', 'i.id', 'p.image_id')
      .innerJoin('users as u', 'u.id', 'p.pinner_id')
      .leftJoin('board_sections as s', 's.id', 'p.section_id')
      .leftJoin('images as ua', 'ua.id', 'u.avatar_image_id')
      // A deactivated person's pins are hidden everywhere, on others' boards too (decision 150).
      .where('u.deactivated_at', 'is', null)
      .select([
        'p.id',
        'p.title',
        'p.description',
        'p.link',
        'p.domain',
        'p.dominant_color',
        'p.created_at',
        'i.variants as image_variants',
        'b.id as board_id',
        'b.name as board_name',
        'b.slug as board_slug',
        'b.privacy as board_privacy',
        'bo.id as board_owner_id',
        'bo.username as board_owner_username',
        's.id as section_id',
        's.title as section_title',
        's.slug as section_slug',
        'u.id as pinner_id',
        'u.username as pinner_username',
        'u.first_name as pinner_first_name',
        'u.last_name as pinner_last_name',
        'ua.variants as pinner_avatar_variants',
        'p.alt_text',
        'p.board_position',
        'p.section_position',
      ])
  );
}
