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
  /** The pinner of the pin this one was saved from, when that pin is visible to the viewer. */
  via_pinner_id: string | null;
  via_pinner_username: string | null;
  via_pinner_first_name: string | null;
  via_pinner_last_name: string | null;
  via_pinner_avatar_variants: StoredVariants | null;
  /** The pin runs as an approved ad now (docs/decisions/104, 132). */
  is_promoted: boolean;
}

/**
 * An ad of the pin `p` that delivery may serve now, whoever the viewer: approved; the ad, its
 * group, campaign and ad account active; within the group's schedule; the pin on a public board.
 * The viewer-independent part of ads/delivery.repository.ts `servableRules` (ADR 104): the pins
 * module may not import the ads module (ads → offsite → pins).
 */
function promotedNow(now: Date): RawBuilder<boolean> {
  return sql<boolean>`(b.privacy = 'public' AND EXISTS (
    SELECT 1 FROM ads a
    JOIN ad_groups g ON g.id = a.ad_group_id
    JOIN ad_campaigns c ON c.id = a.campaign_id
    JOIN ad_accounts acc ON acc.id = a.ad_account_id
    WHERE a.pin_id = p.id AND a.review_status = 'APPROVED' AND a.status = 'ACTIVE'
      AND g.status = 'ACTIVE' AND c.status = 'ACTIVE' AND acc.status = 'ACTIVE'
      AND g.start_time <= ${now} AND (g.end_time IS NULL OR g.end_time > ${now})
  ))`;
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
  now: Date,
): Promise<PinDetailRow | undefined> {
  return (
    pinListQuery(db)
      // "via pinner": the source pin and its pinner, only when the viewer may see its board.
      .leftJoin('pins as vp', 'vp.id', 'p.repin_of_id')
      .leftJoin('boards as vb', (join) =>
        join.onRef('vb.id', '=', 'vp.board_id').on(visibleBoards(viewer, 'vb')),
      )
      .leftJoin('users as vu', (join) =>
        join
          .onRef('vu.id', '=', 'vp.pinner_id')
          .on(sql<boolean>`vb.id IS NOT NULL`)
          .on('vu.deactivated_at', 'is', null)
          .on('vu.suspended_at', 'is', null),
      )
      .leftJoin('images as vua', 'vua.id', 'vu.avatar_image_id')
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
        'vu.id as via_pinner_id',
        'vu.username as via_pinner_username',
        'vu.first_name as via_pinner_first_name',
        'vu.last_name as via_pinner_last_name',
        'vua.variants as via_pinner_avatar_variants',
        promotedNow(now).as('is_promoted'),
      ])
      .where('p.id', '=', pinId)
      .where(visibleBoards(viewer))
      .executeTakeFirst()
  );
}

export interface PinTextChange {
  title?: string | undefined;
  description?: string | undefined;
  alt_text?: string | undefined;
  link?: string | null | undefined;
  domain?: string | null | undefined;
}

/** A pin edit's text fields: only those given change (`updated_at` always). */
export async function updatePinText(
  trx: Kysely<Database>,
  pinId: string,
  change: PinTextChange,
  now: Date,
): Promise<void> {
  const set: PinTextChange & { updated_at: Date } = { updated_at: now };
  if (change.title !== undefined) set.title = change.title;
  if (change.description !== undefined) set.description = change.description;
  if (change.alt_text !== undefined) set.alt_text = change.alt_text;
  if (change.link !== undefined) {
    set.link = change.link;
    set.domain = change.domain ?? null;
  }
  await trx.updateTable('pins').set(set).where('id', '=', pinId).execute();
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
