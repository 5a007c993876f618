// Storage keys are derived from the image's sha256 alone, so one image is stored once however
// many pins, avatars or uploads point at it, and a key never contains user input.
import type { ImageVariant } from '@corkboard/shared/api-types';
import {
  BOARD_IMAGE_SIZE,
  PIN_IMAGE_SIZES,
  type ImageVariantSize,
  type PinImageSize,
} from '@corkboard/shared/layout';
import type { MediaStorage } from './storage.ts';

export type VariantFormat = 'jpeg' | 'webp';

/** What the database keeps per variant (mirrors `StoredVariant` in @corkboard/db's schema). */
export interface StoredVariantKeys {
  key: string;
  webp_key: string;
  width: number;
  height: number;
}
/**
 * Every image has the pin sizes; `170x` (decision 143) only once the pipeline made it — images
 * stored before it existed get it from the backfill job, and until then answers fall back to 236x.
 */
export type StoredVariantsJson = Record<PinImageSize, StoredVariantKeys> & {
  [BOARD_IMAGE_SIZE]?: StoredVariantKeys;
};

const EXTENSION: Record<VariantFormat, string> = { jpeg: 'jpg', webp: 'webp' };

/** Allowed characters; isValidMediaKey also refuses empty, `.` and `..` segments (so `/x`, `a//b`). */
const KEY_PATTERN = /^[a-z0-9/._-]+$/;
const SHA256_PATTERN = /^[0-9a-f]{64}$/;

export function isValidMediaKey(key: string): boolean {
  if (!KEY_PATTERN.test(key) || key.length > 512) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** `pins/<sha[0..2]>/<sha>/<size>.<jpg|webp>`; the two-character fan-out keeps folders small. */
export function mediaKey(sha256: string, size: ImageVariantSize, format: VariantFormat): string {
  if (!SHA256_PATTERN.test(sha256)) throw new Error(`not a hex sha256: ${sha256}`);
  return `pins/${sha256.slice(0, 2)}/${sha256}/${size}.${EXTENSION[format]}`;
}

export function variantUrls(
  storage: Pick<MediaStorage, 'publicUrl'>,
  stored: StoredVariantsJson,
): Record<PinImageSize, ImageVariant> {
  const urls = {} as Record<PinImageSize, ImageVariant>;
  for (const size of PIN_IMAGE_SIZES) {
    const variant = stored[size];
    urls[size] = {
      url: storage.publicUrl(variant.key),
      webp_url: storage.publicUrl(variant.webp_key),
      width: variant.width,
      height: variant.height,
    };
  }
  return urls;
}

/**
 * The board-card image (saving.md §3 Board "images170x"): the 170x variant, or — for an image
 * the backfill has not reached yet — the nearest larger size that exists (236x), so an answer
 * never names a file that is not there.
 */
export function boardImageUrl(
  storage: Pick<MediaStorage, 'publicUrl'>,
  stored: StoredVariantsJson,
): ImageVariant {
  const variant = stored[BOARD_IMAGE_SIZE] ?? stored['236x'];
  return {
    url: storage.publicUrl(variant.key),
    webp_url: storage.publicUrl(variant.webp_key),
    width: variant.width,
    height: variant.height,
  };
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
};

export function contentTypeForKey(key: string): string {
  const dot = key.lastIndexOf('.');
  const extension = dot === -1 ? '' : key.slice(dot + 1);
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
