// Storage keys → browser URLs for image variants, delegating to packages/media so the key → URL
// rule lives in one place.
import type { StoredVariants } from '@corkboard/db/schema';
import { boardImageUrl, variantUrls } from '@corkboard/media/media-keys';
import type { MediaStorage } from '@corkboard/media/storage';
import type { ImageVariant, PinImages } from '@corkboard/shared/api-types';
import type { PinImageSize } from '@corkboard/shared/layout';

/** Avatars, board covers and section previews use the smallest pin variant. */
export const THUMBNAIL_SIZE: PinImageSize = '236x';

export function imageVariants(storage: MediaStorage, variants: StoredVariants): PinImages {
  return variantUrls(storage, variants);
}

/** Board cards' small covers: 170x, or 236x until the backfill made it (decision 143). */
export function boardImage(storage: MediaStorage, variants: StoredVariants): ImageVariant {
  return boardImageUrl(storage, variants);
}

export function thumbnail(storage: MediaStorage, variants: StoredVariants): ImageVariant {
  return variantUrls(storage, variants)[THUMBNAIL_SIZE];
}
