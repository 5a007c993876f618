// Database rows → the API shapes in @corkboard/shared/api-types. Pure functions: no queries here.
import type { StoredVariants } from '@corkboard/db/schema';
import type { MediaStorage } from '@corkboard/media/storage';
import type {
  Board,
  BoardDetail,
  BoardSection,
  LinkDomain,
  Pin,
  PinDetail,
  User,
  UserSummary,
} from '@corkboard/shared/api-types';
import type { BoardRowWithOwner, SectionRowWithPreviews } from '../modules/boards/boards.repository.ts';
import { imageVariants, thumbnail } from './media-urls.ts';
import type { PinDetailRow, PinListRow } from '../modules/pins/pins.repository.ts';
import type { UserProfileRow } from '../modules/users/users.repository.ts';

/** "First Last", or the username when a person has not given a name. */
export function fullName(firstName: string, lastName: string, username: string): string {
  const name = `${firstName} ${lastName}`.trim();
  return name === '' ? username : name;
}

/** Site-relative board page URL, e.g. `/alice/summer-recipes/`. */
export function boardUrl(ownerUsername: string, slug: string): string {
  return `/${encodeURIComponent(ownerUsername)}/${encodeURIComponent(slug)}/`;
}

function avatarUrl(storage: MediaStorage, variants: StoredVariants | null): string | null {
  return variants === null ? null : thumbnail(storage, variants).url;
}

/** A person's name fields and avatar as read by most queries (`ua.variants as avatar_variants`). */
export interface PersonSummaryRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  avatar_variants: StoredVariants | null;
}

export function serializeUserSummary(storage: MediaStorage, row: PersonSummaryRow): UserSummary {
  return {
    id: row.id,
    username: row.username,
    full_name: fullName(row.first_name, row.last_name, row.username),
    image_medium_url: avatarUrl(storage, row.avatar_variants),
  };
}

export function serializePin(storage: MediaStorage, row: PinListRow): Pin {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    link: row.link,
    domain: row.domain,
    dominant_color: row.dominant_color,
    created_at: row.created_at.toISOString(),
    images: imageVariants(storage, row.image_variants),
    board: {
      id: row.board_id,
      name: row.board_name,
      url: boardUrl(row.board_owner_username, row.board_slug),
      privacy: row.board_privacy,
    },
    section:
      row.section_id !== null && row.section_title !== null && row.section_slug !== null
        ? { id: row.section_id, title: row.section_title, slug: row.section_slug }
        : null,
    pinner: {
      id: row.pinner_id,
      username: row.pinner_username,
      full_name: fullName(row.pinner_first_name, row.pinner_last_name, row.pinner_username),
      image_medium_url: avatarUrl(storage, row.pinner_avatar_variants),
    },
  };
}

function linkDomain(storage: MediaStorage, row: PinDetailRow): LinkDomain | null {
  if (row.domain === null) return null;
  const username = row.official_user_username;
  return {
    domain: row.domain,
    official_user:
      row.official_user_id === null || username === null
        ? null
        : {
            id: row.official_user_id,
            username,
            full_name: fullName(
              row.official_user_first_name ?? '',
              row.official_user_last_name ?? '',
              username,
            ),
            image_medium_url: avatarUrl(storage, row.official_user_avatar_variants),
            followed_by_me: row.official_user_followed_by_me,
          },
  };
}

/** GET /v3/pins/{id}/ and PinResource get: the pin plus its link domain's official user. */
export function serializePinDetail(storage: MediaStorage, row: PinDetailRow): PinDetail {
  return { ...serializePin(storage, row), link_domain: linkDomain(storage, row) };
}

/** The owner columns boardQuery selects (owner_*), as the API's person. */
export function boardOwnerSummary(storage: MediaStorage, row: BoardRowWithOwner): UserSummary {
  return serializeUserSummary(storage, {
    id: row.owner_id,
    username: row.owner_username,
    first_name: row.owner_first_name,
    last_name: row.owner_last_name,
    avatar_variants: row.owner_avatar_variants,
  });
}

export function serializeBoard(storage: MediaStorage, row: BoardRowWithOwner): Board {
  const owner = boardOwnerSummary(storage, row);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    url: boardUrl(row.owner_username, row.slug),
    privacy: row.privacy,
    description: row.description,
    owner,
    pin_count: row.pin_count,
    section_count: row.section_count,
    follower_count: row.follower_count,
    collaborator_count: row.collaborator_count,
    cover_images: row.covers.map((cover) => thumbnail(storage, cover.variants)),
    created_at: row.created_at.toISOString(),
  };
}

export function serializeSection(storage: MediaStorage, row: SectionRowWithPreviews): BoardSection {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    pin_count: row.pin_count,
    preview_images: row.previews.map((preview) => thumbnail(storage, preview.variants)),
  };
}

export function serializeBoardDetail(
  storage: MediaStorage,
  board: BoardRowWithOwner,
  sections: SectionRowWithPreviews[],
  access: BoardDetail['board_access'],
): BoardDetail {
  return {
    ...serializeBoard(storage, board),
    sections: sections.map((row) => serializeSection(storage, row)),
    board_access: access,
  };
}

export function serializeUser(storage: MediaStorage, row: UserProfileRow): User {
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
  };
}
