// Shapes the read API answers. The server maps rows to these; the web client reads them.

import type { PinImageSize } from './layout.ts';

export type BoardPrivacy = 'public' | 'secret' | 'protected';
export type AccountType = 'personal' | 'business';

export interface ImageVariant {
  /** JPEG URL (the fallback every browser can show). */
  url: string;
  /** WebP URL of the same variant. */
  webp_url: string;
  width: number;
  height: number;
}

export type PinImages = Record<PinImageSize, ImageVariant>;

export interface UserSummary {
  id: string;
  username: string;
  full_name: string;
  image_medium_url: string | null;
}

export interface BoardSummary {
  id: string;
  name: string;
  /** Site-relative URL of the board page, e.g. `/alice/summer-recipes/`. */
  url: string;
  privacy: BoardPrivacy;
}

export interface Pin {
  id: string;
  title: string;
  description: string;
  link: string | null;
  domain: string | null;
  dominant_color: string;
  created_at: string;
  images: PinImages;
  board: BoardSummary;
  section: { id: string; title: string; slug: string } | null;
  pinner: UserSummary;
}

/** A person with the viewer's follow state (saving.md §3 User "followedByMe"). */
export interface FollowableUser extends UserSummary {
  /** Whether the viewer follows them; always false for visitors. */
  followed_by_me: boolean;
}

/**
 * saving.md §3 Pin (read) "linkDomain with officialUser": the pin link's domain (as `domain`,
 * lower case without `www.`) and the person verified for it, if any (docs/decisions/013).
 */
export interface LinkDomain {
  domain: string;
  official_user: FollowableUser | null;
}

/** GET /v3/pins/{id}/ and PinResource get: one pin with its link domain. */
export interface PinDetail extends Pin {
  /** Null when the pin has no link. */
  link_domain: LinkDomain | null;
}

export interface Board extends BoardSummary {
  slug: string;
  description: string;
  owner: UserSummary;
  pin_count: number;
  section_count: number;
  follower_count: number;
  collaborator_count: number;
  /** Up to 3 small images for the board card / cover. */
  cover_images: ImageVariant[];
  created_at: string;
}

export interface BoardSection {
  id: string;
  title: string;
  slug: string;
  pin_count: number;
  preview_images: ImageVariant[];
}

export interface BoardDetail extends Board {
  sections: BoardSection[];
  /** What the viewer may do here: 'write' for the owner and accepted collaborators. */
  board_access: ('read' | 'write')[];
}

export interface User extends UserSummary {
  first_name: string;
  last_name: string;
  about: string;
  account_type: AccountType;
  country: string | null;
  locale: string;
  board_count: number;
  pin_count: number;
  follower_count: number;
  following_count: number;
  created_at: string;
}
