import type { ImageVariant, PinImages } from '@corkboard/shared/api-types';
import type { PinImageSize } from '@corkboard/shared/layout';

/** Neutral placeholder when a pin's dominant colour is missing or not a plain hex colour. */
export const FALLBACK_PLACEHOLDER = '#efefef';
const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

export function placeholderColour(dominantColor: string | null | undefined): string {
  return dominantColor && HEX_COLOUR.test(dominantColor) ? dominantColor : FALLBACK_PLACEHOLDER;
}

/** `srcset` from the given variants, one entry per distinct width (small originals repeat). */
export function srcSetFor(variants: ImageVariant[], format: 'jpeg' | 'webp'): string {
  const seen = new Set<number>();
  const entries: string[] = [];
  for (const variant of variants) {
    if (seen.has(variant.width)) continue;
    seen.add(variant.width);
    entries.push(`${format === 'webp' ? variant.webp_url : variant.url} ${variant.width}w`);
  }
  return entries.join(', ');
}

interface PinImageProps {
  images: PinImages;
  /** Variants offered to the browser, smallest first; the first is the `src` fallback. */
  sizes: readonly [PinImageSize, ...PinImageSize[]];
  /** The `sizes` attribute: how wide the image is drawn. */
  displayWidth: string;
  alt: string;
  dominantColor: string;
  /** The closeup image is the page's main content: fetch it first instead of lazily. */
  priority?: boolean;
}

/**
 * A pin image inside a box of the image's aspect ratio, painted in the pin's dominant colour
 * until the pixels arrive, so the grid never jumps while images load. WebP first, JPEG fallback.
 */
export function PinImage({
  images,
  sizes,
  displayWidth,
  alt,
  dominantColor,
  priority = false,
}: PinImageProps) {
  const variants = sizes.map((size) => images[size]);
  const [fallback] = sizes;
  const src = images[fallback];
  return (
    <div
      className="pin-image"
      style={{
        backgroundColor: placeholderColour(dominantColor),
        aspectRatio: `${src.width} / ${src.height}`,
      }}
    >
      <picture>
        <source type="image/webp" srcSet={srcSetFor(variants, 'webp')} sizes={displayWidth} />
        <img
          src={src.url}
          srcSet={srcSetFor(variants, 'jpeg')}
          sizes={displayWidth}
          width={src.width}
          height={src.height}
          alt={alt}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={priority ? 'high' : 'auto'}
        />
      </picture>
    </div>
  );
}
