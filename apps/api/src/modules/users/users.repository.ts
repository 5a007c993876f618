// User queries. Counts shown with a profile are computed for the viewer with the same
// predicates as the lists they summarise, so nobody can infer a secret board from a count.
import { sql, type Kysely } from 'kysely';
import type { Database, ProfileBoardSort, StoredVariants } from '@corkboard/db/schema';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { pinListQuery, type PinListRow } from '../../core/pin-list.repository.ts';
import { userSummaryQuery } from '../../core/user-summary.repository.ts';
import { listedBoards } from '../../core/visibility.repository.ts';

export interface UserProfileRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  about: string;
  account_type: 'personal' | 'business';
  country: string | null;
  locale: string;
  follower_count: number;
  following_count: number;
  created_at: Date;
  avatar_variants: StoredVariants | null;
  board_count: number;
  pin_count: number;
  followed_by_me: boolean;
  /** Every pin they ever saved (the stored counter; the first-save rule reads it). */
  saved_pin_count: number;
  profile_board_sort: ProfileBoardSort;
  board_order_modified_at: Date | null;
}

/** Whether the viewer follows the user row aliased `u` (false for visitors and oneself). */
function followedByViewer(viewer: Viewer | null) {
  if (viewer === null) return sql<boolean>`false`;
  return sql<boolean>`EXISTS (
    SELECT 1 FROM user_follows vf WHERE vf.follower_id = ${viewer.id} AND vf.followee_id = u.id
  )`;
}

/** Case-insensitive, matching users_username_lower_key. */
export async function findUserByUsername(
  db: Kysely<Database>,
  viewer: Viewer | null,
  username: string,
): Promise<UserProfileRow | undefined> {
  // A deactivated person's profile is hidden until they come back (docs/decisions/150).
  return userProfileQuery(db, viewer)
    .where(sql<string>`lower(u.username)`, '=', username.toLowerCase())
    .where('u.deactivated_at', 'is', null)
    .executeTakeFirst();
}

/** The same profile row by id (UserResource get, saving.md §7). */
export async function findUserById(
  db: Kysely<Database>,
  viewer: Viewer | null,
  userId: string,
): Promise<UserProfileRow | undefined> {
  return userProfileQuery(db, viewer)
    .where('u.id', '=', userId)
    .where('u.deactivated_at', 'is', null)
    .executeTakeFirst();
}

/** A person with the counts this viewer may see; callers add the where clause. */
function userProfileQuery(db: Kysely<Database>, viewer: Viewer | null) {
  return userSummaryQuery(db).select([
    'u.about',
    'u.account_type',
    'u.country',
    'u.locale',
    'u.follower_count',
    'u.following_count',
    'u.created_at',
    'u.profile_board_sort',
    'u.board_order_modified_at',
    'u.pin_count as saved_pin_count',
    followedByViewer(viewer).as('followed_by_me'),
    // Owned and collaborated boards, as the profile lists them (docs/decisions/055).
    sql<number>`(
        SELECT count(*)::int FROM boards b
        WHERE b.id IN (
          SELECT ob.id FROM boards ob WHERE ob.owner_id = u.id
          UNION ALL
          SELECT oc.board_id FROM board_collaborators oc
          WHERE oc.user_id = u.id AND oc.status = 'accepted'
        ) AND ${listedBoards(viewer)}
      )`.as('board_count'),
    sql<number>`(
        SELECT count(*)::int FROM pins p JOIN boards b ON b.id = p.board_id
        WHERE p.pinner_id = u.id AND ${listedBoards(viewer)}
      )`.as('pin_count'),
  ]);
}

/** Pins the user saved, newest first, limited to boards the profile lists for this viewer. */
export async function listUserPins(
  db: Kysely<Database>,
  viewer: Viewer | null,
  userId: string,
  beforeId: string | undefined,
  limit: number,
): Promise<PinListRow[]> {
  let query = pinListQuery(db).where('p.pinner_id', '=', userId).where(listedBoards(viewer));
  if (beforeId !== undefined) query = query.where('p.id', '<', beforeId);
  return query.orderBy('p.id', 'desc').limit(limit).execute();
}

/** The settings GET /v3/users/settings reads; undefined when the account is gone. */
export async function findUserSettings(
  db: Kysely<Database>,
  userId: string,
): Promise<{ listed_website_url: string | null; connected_to_instagram: boolean } | undefined> {
  return db
    .selectFrom('users as u')
    .select([
      'u.listed_website_url',
      // An Instagram account connected on /settings/claim/ (docs/decisions/128).
      sql<boolean>`EXISTS (
        SELECT 1 FROM instagram_connections ic WHERE ic.user_id = u.id
      )`.as('connected_to_instagram'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}
