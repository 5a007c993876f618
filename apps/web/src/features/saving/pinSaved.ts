// Rules of the pin-saved dialog (saving.md §2.9, §9) as pure functions.

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
 * signed in, that user is not the viewer, and the viewer does not follow them."
 */
export function showsCreatorCard(input: {
  viewerId: string | null;
  creatorId: string;
  viewerFollowsCreator: boolean;
}): boolean {
  return (
    input.viewerId !== null && input.creatorId !== input.viewerId && !input.viewerFollowsCreator
  );
}

/** What the media area shows (§2.9: "The pin preview shows only when the related-board result
 * is loaded and empty"; while it loads, a spinner labelled 'See suggested board'). */
export type SavedMedia = 'loadingRelated' | 'relatedBoard' | 'pinPreview';

export function savedMedia(related: { isPending: boolean; hasBoard: boolean }): SavedMedia {
  if (related.isPending) return 'loadingRelated';
  return related.hasBoard ? 'relatedBoard' : 'pinPreview';
}
