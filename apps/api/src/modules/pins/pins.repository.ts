// Pin queries. `pinListQuery` is the one SELECT every pin list is built from (home feed, board,
// section, user, search, single pin): a pin with its image, board, board owner, section and
// pinner in one round trip, so lists are never N+1.
import {
  sql,
  type AliasedSelectQueryBuilder,
  type Kysely,
  type RawBuilder,
  type Selectable,
} from 'kysely';
import type { BoardPrivacyColumn, Database, PinsTable, StoredVariants } from '@corkboard/db/schema';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { visibleBoards } from '../../core/visibility.repository.ts';

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
  return db
    .selectFrom(source)
    .innerJoin('boards as b', 'b.id', 'p.board_id')
    .innerJoin('users as bo', 'bo.id', 'b.owner_id')
    .innerJoin('images as i', 'i.id', 'p.image_id')
    .innerJoin('users as u', 'u.id', 'p.pinner_id')
    .leftJoin('board_sections as s', 's.id', 'p.section_id')
    .leftJoin('images as ua', 'ua.id', 'u.avatar_image_id')
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
    ]);
}

/** A single pin with its link domain's official user (saving.md §3 "linkDomain with officialUser"). */
export interface PinDetailRow extends PinListRow {
  official_user_id: string | null;
  official_user_username: string | null;
  official_user_first_name: string | null;
  official_user_last_name: string | null;
  official_user_avatar_variants: StoredVariants | null;
  /** Whether the viewer follows the official user; false for visitors and when there is none. */
  official_user_followed_by_me: boolean;
}

/** True (as SQL) when the viewer follows the user row aliased `ou`; false for visitors. */
function viewerFollowsOfficialUser(viewer: Viewer | null): RawBuilder<boolean> {
  if (viewer === null) return sql<boolean>`false`;
  return sql<boolean>`EXISTS (
    SELECT 1 FROM user_follows uf WHERE uf.follower_id = ${viewer.id} AND uf.followee_id = ou.id
  )`;
}

/**
 * One visible pin, with the official user of its link domain in the same query (aliases: vd
 * verified_domains, ou the official user, oua their avatar). pins.domain is written the way
 * verified_domains.domain is (lower case, no `www.`), so the domain join is one primary-key
 * probe. Deactivated and suspended accounts are nobody's official user.
 */
export async function findVisiblePin(
  db: Kysely<Database>,
  viewer: Viewer | null,
  pinId: string,
): Promise<PinDetailRow | undefined> {
  return pinListQuery(db)
    .leftJoin('verified_domains as vd', 'vd.domain', 'p.domain')
    .leftJoin('users as ou', (join) =>
      join
        .onRef('ou.id', '=', 'vd.user_id')
        .on('ou.deactivated_at', 'is', null)
        .on('ou.suspended_at', 'is', null),
    )
    .leftJoin('images as oua', 'oua.id', 'ou.avatar_image_id')
    .select([
      'ou.id as official_user_id',
      'ou.username as official_user_username',
      'ou.first_name as official_user_first_name',
      'ou.last_name as official_user_last_name',
      'oua.variants as official_user_avatar_variants',
      viewerFollowsOfficialUser(viewer).as('official_user_followed_by_me'),
    ])
    .where('p.id', '=', pinId)
    .where(visibleBoards(viewer))
    .executeTakeFirst();
}
