// Single-pin queries: a visible pin with its link domain's official user.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, StoredVariants } from '@corkboard/db/schema';
import { pinListQuery, type PinListRow } from '../../core/pin-list.repository.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { visibleBoards } from '../../core/visibility.repository.ts';
import { canWriteBoard } from '../../core/board-access.repository.ts';

/** A single pin with its link domain's official user (saving.md §3 "linkDomain with officialUser"). */
export interface PinDetailRow extends PinListRow {
  official_user_id: string | null;
  official_user_username: string | null;
  official_user_first_name: string | null;
  official_user_last_name: string | null;
  official_user_avatar_variants: StoredVariants | null;
  /** Whether the viewer follows the official user; false for visitors and when there is none. */
  official_user_followed_by_me: boolean;
  /** Whether the viewer may change the pin (its board's owner or accepted collaborators). */
  board_writable: boolean;
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
      canWriteBoard(viewer).as('board_writable'),
    ])
    .where('p.id', '=', pinId)
    .where(visibleBoards(viewer))
    .executeTakeFirst();
}

/**
 * Saves of a pin's image over all its pins (business.md §6 "aggregate-save counts", ADR 122):
 * every pin of the same stored image, the first one included, wherever it was saved.
 */
export async function countPinsOfImage(db: Kysely<Database>, pinId: string): Promise<number> {
  const row = await db
    .selectFrom('pins as p')
    .innerJoin('pins as same', 'same.image_id', 'p.image_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('p.id', '=', pinId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
