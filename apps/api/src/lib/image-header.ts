// Image dimensions from the first bytes of a file, for sizing images found on a page without
// downloading them whole. sharp reads JPEG, HEIF/AVIF and TIFF headers from a prefix, but its
// GIF and WebP loaders want the complete file, so those (and PNG, trivially) are read here.
import sharp from 'sharp';

export interface ImageHeader {
  /** sharp's format names: jpeg, png, webp, gif, heif, svg, tiff, … */
  readonly format: string;
  readonly width: number;
  readonly height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function readPng(bytes: Buffer): ImageHeader | null {
  // Signature, then the IHDR chunk: length (4), type (4), width (4), height (4).
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { format: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function readGif(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 10) return null;
  const signature = bytes.toString('latin1', 0, 6);
  if (signature !== 'GIF87a' && signature !== 'GIF89a') return null;
  return { format: 'gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
}

function readWebp(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 30) return null;
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') {
    return null;
  }
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X') {
    // Extended: 24-bit canvas width-1 and height-1 at 24 and 27.
    return {
      format: 'webp',
      width: bytes.readUIntLE(24, 3) + 1,
      height: bytes.readUIntLE(27, 3) + 1,
    };
  }
  if (chunk === 'VP8 ') {
    // Lossy: key frame start code 9d 01 2a at 23, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return {
      format: 'webp',
      width: bytes.readUInt16LE(26) & 0x3fff,
      height: bytes.readUInt16LE(28) & 0x3fff,
    };
  }
  if (chunk === 'VP8L') {
    // Lossless: signature 0x2f at 20, then width-1 (14 bits) and height-1 (14 bits) packed.
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return null;
}

/**
 * The format and size of an image from its first bytes (a prefix is enough), or null when they
 * cannot be read. Width and height are as stored: EXIF rotation may swap them for display,
 * which changes neither the area nor whether both sides are large enough.
 */
export async function readImageHeader(bytes: Buffer): Promise<ImageHeader | null> {
  const own = readPng(bytes) ?? readGif(bytes) ?? readWebp(bytes);
  if (own) return own;
  // Markup (SVG, or an HTML error page served as an image) is never handed to a decoder.
  if (/^\s*</.test(bytes.toString('latin1', 0, 64))) return null;
  try {
    const metadata = await sharp(bytes).metadata();
    if (!metadata.width || !metadata.height) return null;
    return { format: metadata.format, width: metadata.width, height: metadata.height };
  } catch {
    return null;
  }
}
