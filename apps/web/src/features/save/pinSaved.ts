// Rules of the pin-saved dialog (saving.md §2.9, §9) as pure functions.
import type { FollowableUser, LinkDomain } from '@corkboard/shared/api-types';
import type { PinSavedDialogMetric } from '@corkboard/shared/saving/api';

/** §2.9, §9 "dialog minimum width 500". */
export const PIN_SAVED_DIALOG_MIN_WIDTH = 500;
/** §9 "Pin image width 236". */
export const SAVED_PIN_IMAGE_WIDTH = 236;
/** §2.9 website images: "column width 160, at least 3 columns, max height 540". */
export const WEBSITE_IMAGE_COLUMN_WIDTH = 160;
export const WEBSITE_IMAGE_MIN_COLUMNS = 3;
export const WEBSITE_IMAGES_MAX_HEIGHT = 540;

/** §2.9: the grid of website images replaces the pin image "when more than one … exists". */
export function showsWebsiteImages(websiteImages: readonly string[] | undefined): boolean {
  return (websiteImages?.length ?? 0) > 1;
}

/**
 * §2.9 'See it now': "grey if the user is a partner or promote is offered, otherwise red".
 */
export function seeItNowTone(
  viewer: { is_partner: boolean },
  promoteOffered: boolean,
): 'grey' | 'red' {
  return viewer.is_partner || promoteOffered ? 'grey' : 'red';
}

/**
 * §2.9 "The creator card of the link domain's official user shows only when the viewer is
 * signed in, that user is not the viewer, and the viewer does not follow them." Answers the
 * person the card shows, or null when there is no card.
 */
export function creatorCardUser(
  viewerId: string | null,
  linkDomain: LinkDomain | null | undefined,
): FollowableUser | null {
  const official = linkDomain?.official_user ?? null;
  if (viewerId === null || official === null) return null;
  if (official.id === viewerId || official.followed_by_me) return null;
  return official;
}

/**
 * §2.9 "On show, the dialog logs a render and a 'promote' or 'send' metric": 'promote' when the
 * dialog offers 'Promote your Pin', else 'send' (the button shown instead, §2.9 Buttons).
 */
export function dialogMetric(promoteOffered: boolean): PinSavedDialogMetric {
  return promoteOffered ? 'promote' : 'send';
}

/** What the media area shows (§2.9: "The pin preview shows only when the related-board result
 * is loaded and empty"; while it loads, a spinner labelled 'See suggested board'). */
export type SavedMedia = 'loadingRelated' | 'relatedBoard' | 'pinPreview';

export function savedMedia(related: { isPending: boolean; hasBoard: boolean }): SavedMedia {
  if (related.isPending) return 'loadingRelated';
  return related.hasBoard ? 'relatedBoard' : 'pinPreview';
}
