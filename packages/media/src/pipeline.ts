// The pin image pipeline: one upload in, the four sizes the grid and closeup use plus the 170 px
// board-card size (decision 143) out, each as a JPEG (every browser) and a WebP (smaller,
// preferred via <picture>). Pure: no storage, no DB.
import { createHash } from 'node:crypto';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError } from '@corkboard/shared/app-error';
import { IMAGE_VARIANT_WIDTHS, type ImageVariantSize } from '@corkboard/shared/layout';

/** Uploads above this are refused before any decoding (MEDIA_TOO_LARGE). */
export const MAX_IMAGE_BYTES = 32 * 1024 * 1024;

/**
 * Decompression-bomb guard (MEDIA_TOO_MANY_PIXELS). 50 megapixels admits every ordinary camera
 * and phone photo (24–45 MP full-frame, 12–50 MP phones) while capping a decoded frame at about
 * 200 MB RGBA; sharp's own default (~268 MP, >1 GB decoded) is far too generous for a server
 * that processes several uploads at once. A tiny PNG can declare 20000×20000 and expand to
 * 1.6 GB, which is exactly what this stops.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** JPEG quality for every variant: visually clean at pin sizes, ~30 % smaller than q90. */
export const JPEG_QUALITY = 82;
export const WEBP_QUALITY = 80;
/** sharp's default WebP effort; the seed lowers it because it encodes hundreds of images. */
export const DEFAULT_WEBP_EFFORT = 4;

/** Decoders we accept. sharp also reads SVG, TIFF, PDF… which we refuse (script, size, surprise). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

/** JPEG has no alpha channel: transparent areas become white, as on a pin card. */
const JPEG_BACKGROUND = '#ffffff';

export interface EncodedVariant {
  jpeg: Buffer;
  webp: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  /** Hex sha256 of the uploaded bytes: the content address and dedup key. */
  sha256: string;
  /** Dimensions after EXIF auto-rotation. */
  width: number;
  height: number;
  /** '#rrggbb', shown as the pin's placeholder while the image loads. */
  dominantColor: string;
  variants: Record<ImageVariantSize, EncodedVariant>;
}

export interface ProcessImageOptions {
  maxBytes?: number;
  maxInputPixels?: number;
  /** WebP encoder effort 0–6 (CPU versus bytes). */
  webpEffort?: number;
  /**
   * mozjpeg trellis quantisation (default on): about 10 % smaller JPEGs for about three times
   * the encode time. The demo seed turns it off to generate 300 pins quickly.
   */
  jpegTrellis?: boolean;
}

export async function processImage(
  input: Buffer,
  options: ProcessImageOptions = {},
): Promise<ProcessedImage> {
  const maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES;
  const maxInputPixels = options.maxInputPixels ?? MAX_INPUT_PIXELS;
  const webpEffort = options.webpEffort ?? DEFAULT_WEBP_EFFORT;
  const jpegTrellis = options.jpegTrellis ?? true;

  if (input.length > maxBytes) {
    throw new AppError('MEDIA_TOO_LARGE', {
      data: { max_bytes: maxBytes, size_bytes: input.length },
    });
  }
  const metadata = await readMetadata(input);
  const { width, height } = orientedSize(metadata);
  if (width * height > maxInputPixels) {
    throw new AppError('MEDIA_TOO_MANY_PIXELS', {
      data: { max_pixels: maxInputPixels, width, height },
    });
  }

  const open = (): Sharp =>
    // Only the first frame of an animation (pages: 1); metadata is dropped by sharp unless asked
    // to keep it, so EXIF/GPS never reaches a variant.
    sharp(input, { limitInputPixels: maxInputPixels, pages: 1, failOn: 'error' }).autoOrient();

  try {
    const encode = (image: Sharp) => encodeVariant(image, webpEffort, jpegTrellis);
    const [board, small, medium, large, orig] = await Promise.all([
      encode(resized(open(), IMAGE_VARIANT_WIDTHS['170x'])),
      encode(resized(open(), IMAGE_VARIANT_WIDTHS['236x'])),
      encode(resized(open(), IMAGE_VARIANT_WIDTHS['474x'])),
      encode(resized(open(), IMAGE_VARIANT_WIDTHS['736x'])),
      encode(open()),
    ]);
    // The smallest variant has the same dominant colour as the original at a fraction of the
    // histogram cost; it is flattened like the JPEG so transparency does not read as black.
    const { dominant } = await sharp(small.jpeg).stats();
    return {
      sha256: createHash('sha256').update(input).digest('hex'),
      width,
      height,
      dominantColor: toHex(dominant),
      variants: { '170x': board, '236x': small, '474x': medium, '736x': large, orig },
    };
  } catch (error) {
    throw mapSharpError(error, maxInputPixels);
  }
}

/**
 * One resized variant from an image's stored `orig` file (the 170x backfill, decision 143):
 * the same resize and encoders as `processImage`, for images stored before that size existed.
 * The stored original is already auto-rotated and stripped, and was checked when it came in.
 */
export async function encodeResizedVariant(
  stored: Buffer,
  size: Exclude<ImageVariantSize, 'orig'>,
  options: Pick<ProcessImageOptions, 'webpEffort' | 'jpegTrellis' | 'maxInputPixels'> = {},
): Promise<EncodedVariant> {
  const maxInputPixels = options.maxInputPixels ?? MAX_INPUT_PIXELS;
  try {
    const image = sharp(stored, { limitInputPixels: maxInputPixels, pages: 1, failOn: 'error' });
    return await encodeVariant(
      resized(image, IMAGE_VARIANT_WIDTHS[size]),
      options.webpEffort ?? DEFAULT_WEBP_EFFORT,
      options.jpegTrellis ?? true,
    );
  } catch (error) {
    throw mapSharpError(error, maxInputPixels);
  }
}

async function readMetadata(input: Buffer): Promise<Metadata> {
  let metadata: Metadata;
  try {
    // Header only: cheap, and it must not trip the pixel limit before we can name the problem.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new AppError('MEDIA_NOT_AN_IMAGE', { cause: error });
  }
  const format = metadata.format;
  // HEIF covers HEIC too; only its AV1 flavour (AVIF) is a format browsers and we support.
  const accepted =
    format !== undefined &&
    ACCEPTED_FORMATS.has(format) &&
    (format !== 'heif' || metadata.compression === 'av1');
  if (!accepted || !metadata.width || !metadata.height) {
    throw new AppError('MEDIA_NOT_AN_IMAGE', { data: { format: format ?? null } });
  }
  return metadata;
}

function orientedSize(metadata: Metadata): { width: number; height: number } {
  return { width: metadata.autoOrient.width, height: metadata.autoOrient.height };
}

/** Resize to a column width, never enlarging: a narrow original stays at its own size. */
function resized(image: Sharp, width: number): Sharp {
  return image.resize({ width, withoutEnlargement: true });
}

async function encodeVariant(
  image: Sharp,
  webpEffort: number,
  jpegTrellis: boolean,
): Promise<EncodedVariant> {
  // Decode and resize once into raw pixels, then encode both formats from those pixels.
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const [jpeg, webp] = await Promise.all([
    sharp(data, raw)
      .flatten({ background: JPEG_BACKGROUND })
      .jpeg({
        quality: JPEG_QUALITY,
        progressive: true,
        mozjpeg: true,
        trellisQuantisation: jpegTrellis,
      })
      .toBuffer(),
    sharp(data, raw).webp({ quality: WEBP_QUALITY, effort: webpEffort }).toBuffer(),
  ]);
  return { jpeg, webp, width: info.width, height: info.height };
}

function toHex({ r, g, b }: { r: number; g: number; b: number }): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function mapSharpError(error: unknown, maxInputPixels: number): unknown {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) {
    return new AppError('MEDIA_TOO_MANY_PIXELS', {
      data: { max_pixels: maxInputPixels },
      cause: error,
    });
  }
  // The header parsed but the body did not decode (truncated or corrupt file).
  return new AppError('MEDIA_NOT_AN_IMAGE', { cause: error });
}
