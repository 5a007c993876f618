// Profiles: the user, their board grid and their saved pins, as this viewer may see them; the
// profile page's meta; the viewer's settings (GET /v3/users/settings).
import type { MediaStorage } from '@corkboard/media/storage';
import { AppError } from '@corkboard/shared/app-error';
import type { Board, Pin, User } from '@corkboard/shared/api-types';
import type {
  SaveBehaviorUser,
  UserResourceOptions,
  UserSettingsData,
} from '@corkboard/shared/saving/api';
import type { ProfileBoardSort } from '@corkboard/shared/saving/organise';
import type { AppDeps } from '../../core/app-deps.ts';
import {
  decodeIdBookmark,
  decodeOffsetBookmark,
  keysetPage,
  type Page,
} from '../../core/bookmarks.ts';
import { thumbnail } from '../../core/media-urls.ts';
import type { PageRequest } from '../../core/schemas.ts';
import { avatarUrl, fullName, serializeFor, serializePin } from '../../core/serializers.ts';
import {
  absoluteUrl,
  OG_DESCRIPTION_MAX_LENGTH,
  PAGE_USERNAME,
  SITE_NAME,
  TITLE_MAX_LENGTH,
  truncate,
  type PageMetaResolver,
} from '../../plugins/app/page-meta.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { PROFILE_BOARDS_MAX_OFFSET, profileBoardsOf } from '../boards/boards.service.ts';
import { instagramSiteDomains } from '../claims/claims.service.ts';
import {
  findUserById,
  findUserByUsername,
  findUserSettings,
  listUserPins,
  type UserProfileRow,
} from './users.repository.ts';

function serializeUser(storage: MediaStorage, row: UserProfileRow): User {
  return {
    id: row.id,
    username: row.username,
    full_name: fullName(row.first_name, row.last_name, row.username),
    image_medium_url: avatarUrl(storage, row.avatar_variants),
    first_name: row.first_name,
    last_name: row.last_name,
    about: row.about,
    account_type: row.account_type,
    country: row.country,
    locale: row.locale,
    board_count: row.board_count,
    pin_count: row.pin_count,
    follower_count: row.follower_count,
    following_count: row.following_count,
    created_at: row.created_at.toISOString(),
    followed_by_me: row.followed_by_me,
    board_sort: row.profile_board_sort,
    board_order_modified_at: row.board_order_modified_at?.toISOString() ?? null,
  };
}

async function requireUser(
  deps: AppDeps,
  viewer: Viewer | null,
  username: string,
): Promise<UserProfileRow> {
  const user = await findUserByUsername(deps.db, viewer, username);
  if (!user) throw new AppError('USER_NOT_FOUND');
  return user;
}

export async function getUser(
  deps: AppDeps,
  viewer: Viewer | null,
  username: string,
): Promise<User> {
  return serializeUser(deps.storage, await requireUser(deps, viewer, username));
}

/** The person behind a profile URL (USER_NOT_FOUND when unknown or gone). */
export async function profileUserId(
  deps: AppDeps,
  viewer: Viewer | null,
  username: string,
): Promise<string> {
  return (await requireUser(deps, viewer, username)).id;
}

/**
 * A profile's boards: in the person's own sort unless `sort` asks for another, archived ones
 * only with `archived` (docs/decisions/055).
 */
export async function userBoards(
  deps: AppDeps,
  viewer: Viewer | null,
  username: string,
  options: { page: PageRequest; sort?: ProfileBoardSort | undefined; archived: boolean },
): Promise<Page<Board>> {
  // Checked before the user lookup, as every list does: a bad cursor is INVALID_BOOKMARK.
  decodeOffsetBookmark(options.page.bookmark, PROFILE_BOARDS_MAX_OFFSET);
  const user = await requireUser(deps, viewer, username);
  return profileBoardsOf(deps, viewer, user.id, {
    sort: options.sort ?? user.profile_board_sort,
    archived: options.archived,
    page: options.page,
  });
}

export async function userPins(
  deps: AppDeps,
  viewer: Viewer | null,
  username: string,
  page: PageRequest,
): Promise<Page<Pin>> {
  const beforeId = decodeIdBookmark(page.bookmark);
  const user = await requireUser(deps, viewer, username);
  const rows = await listUserPins(deps.db, viewer, user.id, beforeId, page.pageSize + 1);
  return keysetPage(rows, page.pageSize, (row) =>
    serializePin(deps.storage, row, serializeFor(viewer)),
  );
}

/**
 * GET /v3/users/settings (saving.md §7 "reads connected_to_instagram, listed_website_url"): both
 * are set on /settings/claim/ (an Instagram account connected there; the website last claimed
 * there; docs/decisions/127, 128). The Instagram upsell rule reads them, with the photo site's
 * domains (docs/decisions/129).
 */
export async function userSettings(deps: AppDeps, viewer: Viewer): Promise<UserSettingsData> {
  const user = await findUserSettings(deps.db, viewer.id);
  if (!user) throw new AppError('UNAUTHORIZED');
  return {
    connected_to_instagram: user.connected_to_instagram,
    listed_website_url: user.listed_website_url,
    instagram_site_domains: instagramSiteDomains(deps.config.providers),
  };
}

/**
 * `/<username>/`, and `/<username>/_profile/…` (saving.md §2.10 "A path segment _profile marks
 * the viewer's own profile pages"; docs/decisions/055). Slugs never contain `_`, so no board
 * page looks like this.
 */
const PROFILE_PATH = new RegExp(`^/(${PAGE_USERNAME})/(?:_profile/(?:[a-z_]{1,30}/)?)?$`);

/** `/<username>/`: the person's name, about text and avatar. */
export function profilePageMeta(deps: AppDeps): PageMetaResolver {
  return async (pathname, viewer) => {
    const username = PROFILE_PATH.exec(pathname)?.[1];
    if (username === undefined) return undefined;
    const user = await findUserByUsername(deps.db, viewer, username);
    if (!user) return null;
    const { publicUrl } = deps;
    const name = fullName(user.first_name, user.last_name, user.username);
    return {
      title: `${truncate(name, TITLE_MAX_LENGTH)} (@${user.username}) · ${SITE_NAME}`,
      heading: `${truncate(name, TITLE_MAX_LENGTH)} (@${user.username})`,
      description: truncate(
        user.about || `See what ${name} saves on ${SITE_NAME}.`,
        OG_DESCRIPTION_MAX_LENGTH,
      ),
      url: `${publicUrl}/${encodeURIComponent(user.username)}/`,
      image: user.avatar_variants
        ? absoluteUrl(publicUrl, thumbnail(deps.storage, user.avatar_variants).url)
        : undefined,
      type: 'profile',
      page: 'profile',
    };
  };
}

/**
 * UserResource get, field set save_behavior (saving.md §3 User, §7; docs/decisions/131): anyone
 * may read a person's public fields; `next_save_is_first` is answered only to the person.
 */
export async function userForSaving(
  deps: AppDeps,
  viewer: Viewer | null,
  options: Omit<UserResourceOptions, 'user_id'> & { user_id?: string | undefined },
): Promise<SaveBehaviorUser> {
  const row =
    options.user_id !== undefined
      ? await findUserById(deps.db, viewer, options.user_id)
      : await findUserByUsername(deps.db, viewer, options.username ?? '');
  if (!row) throw new AppError('USER_NOT_FOUND');
  const isAuth = viewer?.id === row.id;
  return {
    id: row.id,
    username: row.username,
    full_name: fullName(row.first_name, row.last_name, row.username),
    first_name: row.first_name,
    image_medium_url: avatarUrl(deps.storage, row.avatar_variants),
    followed_by_me: row.followed_by_me,
    is_auth: isAuth,
    is_partner: row.account_type === 'business',
    created_at: row.created_at.toISOString(),
    pin_count: row.pin_count,
    next_save_is_first: isAuth ? row.saved_pin_count === 0 : null,
  };
}
