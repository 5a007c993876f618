// Database rows → the API shapes several modules answer with (people, pins, board URLs). Pure
// functions: no queries here. Module-specific shapes are serialised by their module.
import type { StoredVariants } from '@corkboard/db/schema';
import type { MediaStorage } from '@corkboard/media/storage';
import type { Pin, UserSummary } from '@corkboard/shared/api-types';
import { imageVariants, thumbnail } from './media-urls.ts';
import type { PinListRow } from './pin-list.repository.ts';

/** "First Last", or the username when a person has not given a name. */
export function fullName(firstName: string, lastName: string, username: string): string {
  const name = `${firstName} ${lastName}`.trim();
  return name === '' ? username : name;
}

/**
 * Site-relative board page URL, e.g. `/alice/summer-recipes/`. saving.md §2.10 "A board's link
 * is its own url, lower-cased when the viewer is signed out" (`signedIn` false): one canonical
 * link per board for visitors and crawlers. Both halves resolve either way (usernames match
 * case-insensitively, slugs are lower case).
 */
export function boardUrl(ownerUsername: string, slug: string, signedIn = true): string {
  const url = `/${encodeURIComponent(ownerUsername)}/${encodeURIComponent(slug)}/`;
  return signedIn ? url : url.toLowerCase();
}

/** How answers are written for this viewer (board links lower-cased for visitors). */
export interface SerializeFor {
  signedIn: boolean;
}

export function serializeFor(viewer: { id: string } | null): SerializeFor {
  return { signedIn: viewer !== null };
}

export function avatarUrl(storage: MediaStorage, variants: StoredVariants | null): string | null {
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

export function serializePin(
  storage: MediaStorage,
  row: PinListRow,
  as: SerializeFor = { signedIn: true },
): Pin {
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
      url: boardUrl(row.board_owner_username, row.board_slug, as.signedIn),
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
    alt_text: row.alt_text,
  };
}
