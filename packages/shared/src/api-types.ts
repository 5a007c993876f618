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
  /** Describes the image for people who cannot see it; '' when the pinner gave none. */
  alt_text: string;
  /**
   * business.md §3 Pin feed item `is_promoted`: present (true) only on a promoted pin placed in
   * the home feed or search results (docs/decisions/104).
   */
  is_promoted?: boolean;
  /** business.md §3 `promoter`: the business that pays for the placement. */
  promoter?: UserSummary;
  /** business.md §3 `promotedIsRemovable`: whether the viewer may hide it (not yet: false). */
  promoted_is_removable?: boolean;
  /** business.md §3 `trackingParams`: what the impression and click beacons send back. */
  tracking_params?: string;
  /**
   * Not in the spec (ADR 184): on an organic pin (not in a paid slot) that is a running ad's pin
   * or a save of it, the ad id its earned-impression beacon sends back.
   */
  earned_tracking_params?: string;
  /**
   * business.md §6: how often this image was saved, over every pin of it. Only on a pin's own
   * answer, for signed-out visitors in the web_unauth_aggregate_save_counts experiment (ADR 122).
   */
  aggregated_pin_data?: AggregatedPinData;
}

export interface AggregatedPinData {
  aggregated_stats: { saves: number };
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
  /** What the viewer may do with the pin: 'write' (edit, delete) for its board's writers. */
  board_access: ('read' | 'write')[];
  /**
   * saving.md §3 Pin "isPromoted": the pin runs as an approved ad now (docs/decisions/104, 132).
   * On a pin's own answer it is always present.
   */
  is_promoted: boolean;
  /**
   * saving.md §3 "promotedIsRemovable": a promoted pin this viewer can make go away (its board's
   * writers may delete it, which ends its ads); false when not promoted (docs/decisions/132).
   */
  promoted_is_removable: boolean;
  /** saving.md §3 Pin "via pinner": who saved the pin this one was saved from, if visible. */
  via_pinner: UserSummary | null;
  /** saving.md §3 Pin "embed (src, type)": a video player for the link, or null (ADR 132). */
  embed: PinEmbed | null;
}

export type PinEmbedType = 'youtube' | 'vimeo';

export interface PinEmbed {
  /** The player page to frame. */
  src: string;
  type: PinEmbedType;
}

export interface Board extends BoardSummary, BoardViewerFields {
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

export type BoardLayoutName = 'default' | 'grid' | 'thumbnail';

/** saving.md §3 Board "coverPin (crop, size)": the pin whose image is the board's cover. */
export interface BoardCoverPin {
  id: string;
  /** The cover image as cards show it (236 wide). */
  image: ImageVariant;
  /** Its pixel size. */
  size: { width: number; height: number };
  /** The part of `image` a square cover shows: the centred square. */
  crop: { x: number; y: number; width: number; height: number };
}

/** saving.md §3 Board "sensitivityScreen (reason, showWarning)". */
export interface SensitivityScreen {
  reason: 'graphic' | 'self_harm' | 'adult' | null;
  show_warning: boolean;
}

/** The §3 Board fields issue 10 added (docs/decisions/050, 053, 055, 056). */
export interface BoardViewerFields {
  /** Whether the viewer follows the board; false for visitors and for its owner. */
  followed_by_me: boolean;
  /** When the viewer archived the board for themself; null when not archived (or a visitor). */
  archived_by_me_at: string | null;
  /** When the board's pins were last arranged by hand; null while newest first. */
  board_order_modified_at: string | null;
  /** The cover pin (chosen, else the newest); null for an empty board. */
  cover_pin: BoardCoverPin | null;
  layout: BoardLayoutName;
  sensitivity_screen: SensitivityScreen;
  /**
   * saving.md §3 Board "images170x" (docs/decisions/143): the 170-wide images of the same pins
   * as the board's cover images (the cover pin first, then the newest; up to 3), for small
   * board covers. An image stored before the size existed answers its 236x until backfilled.
   */
  images_170x: ImageVariant[];
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

/** A profile person with the viewer's follow state (followers and following lists). */
export interface FollowListUser extends FollowableUser {
  follower_count: number;
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
  /** saving.md §3 User "followedByMe": whether the viewer follows them (false for visitors). */
  followed_by_me: boolean;
  /** How the profile sorts its boards (ADR 055). */
  board_sort: 'last_saved' | 'alphabetical' | 'custom';
  /** When the person last arranged their boards by hand; null when never. */
  board_order_modified_at: string | null;
}
