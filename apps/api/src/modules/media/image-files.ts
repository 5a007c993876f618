// Image files in object storage (docs/decisions/010): every variant of a processed image under
// its content-addressed key. Storage writes live here, in the API's media module, never in
// packages/db (which records only the `images` row). Also the seed's image store: the demo
// pictures go through the same pipeline and the same keys.
import { mediaKey, type StoredVariantsJson } from '@corkboard/media/media-keys';
import { processImage, type ProcessedImage } from '@corkboard/media/pipeline';
import type { MediaStorage } from '@corkboard/media/storage';
import type { StoredImage } from '@corkboard/db/images-repository';
import type { DemoImageStore } from '@corkboard/db/seed/seed-demo';
import { IMAGE_VARIANT_SIZES } from '@corkboard/shared/layout';

/**
 * Puts every variant (JPEG and WebP, 170x to orig) into storage under its content-addressed key. Safe to
 * repeat: the same image always lands on the same keys with the same bytes.
 */
export async function storeImageVariants(
  storage: MediaStorage,
  processed: ProcessedImage,
): Promise<StoredImage> {
  const variants = {} as StoredVariantsJson;
  const puts: Promise<void>[] = [];
  let bytes = 0;
  for (const size of IMAGE_VARIANT_SIZES) {
    const variant = processed.variants[size];
    bytes += variant.jpeg.length + variant.webp.length;
    const key = mediaKey(processed.sha256, size, 'jpeg');
    const webpKey = mediaKey(processed.sha256, size, 'webp');
    puts.push(
      storage.put(key, variant.jpeg, 'image/jpeg'),
      storage.put(webpKey, variant.webp, 'image/webp'),
    );
    variants[size] = { key, webp_key: webpKey, width: variant.width, height: variant.height };
  }
  await Promise.all(puts);
  return {
    sha256: processed.sha256,
    width: processed.width,
    height: processed.height,
    dominantColor: processed.dominantColor,
    variants,
    bytes,
  };
}

/**
 * Cheaper encoder settings for demo pictures: 300 pins must process in seconds on two cores,
 * and flat generated shapes compress well anyway. WebP effort 2 encodes about three times
 * faster than the default 4, and JPEG without trellis quantisation about three times faster,
 * for files roughly 10 % larger.
 */
export const DEMO_ENCODING = { webpEffort: 2, jpegTrellis: false } as const;

/** The seed's image store: the media pipeline (demo encoding) into `storage`. */
export function demoImageStore(storage: MediaStorage): DemoImageStore {
  return {
    store: async (upload) => storeImageVariants(storage, await processImage(upload, DEMO_ENCODING)),
  };
}
