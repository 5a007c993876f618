import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '@corkboard/shared/app-error';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { encodeResizedVariant, MAX_IMAGE_BYTES, processImage } from './pipeline.ts';

function solid(width: number, height: number, color: string): Sharp {
  return sharp({ create: { width, height, channels: 3, background: color } });
}

async function codeOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error('expected the promise to reject');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A valid-looking PNG of a few dozen bytes whose header declares width × height RGB pixels. */
function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('processImage', () => {
  it('makes 170x, 236x, 474x, 736x and orig as JPEG and WebP, keeping the aspect ratio', async () => {
    const input = await solid(1000, 1500, '#3366cc').png().toBuffer();
    const processed = await processImage(input);

    expect(processed.sha256).toBe(createHash('sha256').update(input).digest('hex'));
    expect(processed.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect([processed.width, processed.height]).toEqual([1000, 1500]);
    const sizes = Object.fromEntries(
      Object.entries(processed.variants).map(([size, variant]) => [
        size,
        [variant.width, variant.height],
      ]),
    );
    expect(sizes).toEqual({
      '170x': [170, 255],
      '236x': [236, 354],
      '474x': [474, 711],
      '736x': [736, 1104],
      orig: [1000, 1500],
    });

    for (const variant of Object.values(processed.variants)) {
      const jpeg = await sharp(variant.jpeg).metadata();
      const webp = await sharp(variant.webp).metadata();
      expect(jpeg.format).toBe('jpeg');
      expect(jpeg.isProgressive).toBe(true);
      expect(webp.format).toBe('webp');
      expect([jpeg.width, jpeg.height]).toEqual([variant.width, variant.height]);
      expect([webp.width, webp.height]).toEqual([variant.width, variant.height]);
    }
  });

  it('never enlarges: variants wider than the original keep the original size', async () => {
    const processed = await processImage(await solid(300, 200, '#00aa00').jpeg().toBuffer());
    expect(processed.variants['170x']).toMatchObject({ width: 170, height: 113 });
    expect(processed.variants['236x']).toMatchObject({ width: 236, height: 157 });
    expect(processed.variants['474x']).toMatchObject({ width: 300, height: 200 });
    expect(processed.variants['736x']).toMatchObject({ width: 300, height: 200 });
    expect(processed.variants.orig).toMatchObject({ width: 300, height: 200 });
  });

  it('finds the dominant colour of a solid red image', async () => {
    const processed = await processImage(await solid(200, 200, '#ff0000').png().toBuffer());
    expect(processed.dominantColor).toMatch(/^#[0-9a-f]{6}$/);
    const [r, g, b] = [1, 3, 5].map((at) =>
      parseInt(processed.dominantColor.slice(at, at + 2), 16),
    );
    expect(r).toBeGreaterThan(0xe0);
    expect(g).toBeLessThan(0x20);
    expect(b).toBeLessThan(0x20);
  });

  it('rotates by EXIF orientation and strips metadata', async () => {
    // Orientation 6 means "rotate 90° clockwise to display": a 40×20 file shows as 20×40.
    const input = await solid(40, 20, '#888888').jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);

    const processed = await processImage(input);
    expect([processed.width, processed.height]).toEqual([20, 40]);
    const orig = await sharp(processed.variants.orig.jpeg).metadata();
    expect([orig.width, orig.height]).toEqual([20, 40]);
    expect(orig.orientation).toBeUndefined();
    expect(orig.exif).toBeUndefined();
  });

  it('accepts webp, the first frame of a gif, and avif', async () => {
    for (const input of [
      await solid(64, 48, '#123456').webp().toBuffer(),
      await solid(64, 48, '#123456').gif().toBuffer(),
      await solid(64, 48, '#123456').avif().toBuffer(),
    ]) {
      const processed = await processImage(input);
      expect([processed.width, processed.height]).toEqual([64, 48]);
    }
  });

  it('takes only the first frame of an animated gif', async () => {
    // Frames differ in colour (a gif encoder merges identical frames); the first is red.
    const frames = await Promise.all(
      ['#ff0000', '#00ff00', '#0000ff'].map((color) => solid(32, 24, color).png().toBuffer()),
    );
    const threeFrames = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(threeFrames).metadata()).pages).toBe(3);

    const processed = await processImage(threeFrames);
    expect([processed.width, processed.height]).toEqual([32, 24]);
    expect(processed.variants.orig).toMatchObject({ width: 32, height: 24 });
    expect(processed.dominantColor.slice(1, 3)).toMatch(/^f/);
  });

  it('rejects bytes that are not an image with MEDIA_NOT_AN_IMAGE', async () => {
    const code = await codeOf(
      processImage(Buffer.from('this is plainly some text, not a picture')),
    );
    expect(code).toBe(ERROR_CODES.MEDIA_NOT_AN_IMAGE.code);
    expect(await codeOf(processImage(Buffer.alloc(0)))).toBe(ERROR_CODES.MEDIA_NOT_AN_IMAGE.code);
  });

  it('rejects formats we do not take (SVG, TIFF) with MEDIA_NOT_AN_IMAGE', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect(await codeOf(processImage(svg))).toBe(ERROR_CODES.MEDIA_NOT_AN_IMAGE.code);
    const tiff = await solid(10, 10, '#000000').tiff().toBuffer();
    expect(await codeOf(processImage(tiff))).toBe(ERROR_CODES.MEDIA_NOT_AN_IMAGE.code);
  });

  it('rejects a truncated image with MEDIA_NOT_AN_IMAGE', async () => {
    const jpeg = await solid(400, 400, '#abcdef').jpeg().toBuffer();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    expect(await codeOf(processImage(truncated))).toBe(ERROR_CODES.MEDIA_NOT_AN_IMAGE.code);
  });

  it('rejects input over MAX_IMAGE_BYTES with MEDIA_TOO_LARGE before decoding it', async () => {
    const tooBig = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    expect(await codeOf(processImage(tooBig))).toBe(ERROR_CODES.MEDIA_TOO_LARGE.code);
  });

  it('rejects a tiny file declaring 30000×30000 pixels with MEDIA_TOO_MANY_PIXELS', async () => {
    const bomb = pngDeclaring(30_000, 30_000);
    expect(bomb.length).toBeLessThan(200);
    expect(await codeOf(processImage(bomb))).toBe(ERROR_CODES.MEDIA_TOO_MANY_PIXELS.code);
  });

  it('applies a caller-given pixel limit', async () => {
    const input = await solid(50, 50, '#ffffff').png().toBuffer();
    expect(await codeOf(processImage(input, { maxInputPixels: 2_000 }))).toBe(
      ERROR_CODES.MEDIA_TOO_MANY_PIXELS.code,
    );
  });
});

describe('encodeResizedVariant (the 170x backfill, decision 143)', () => {
  it('makes the same 170x variant from a stored orig file as processImage makes from the upload', async () => {
    const processed = await processImage(await solid(1000, 1500, '#3366cc').png().toBuffer());
    const variant = await encodeResizedVariant(processed.variants.orig.jpeg, '170x');
    expect([variant.width, variant.height]).toEqual([
      processed.variants['170x'].width,
      processed.variants['170x'].height,
    ]);
    expect((await sharp(variant.jpeg).metadata()).format).toBe('jpeg');
    expect((await sharp(variant.webp).metadata()).format).toBe('webp');
  });

  it('never enlarges a narrow original', async () => {
    const variant = await encodeResizedVariant(
      await solid(120, 90, '#00aa00').jpeg().toBuffer(),
      '170x',
    );
    expect([variant.width, variant.height]).toEqual([120, 90]);
  });

  it('refuses bytes that are not an image (MEDIA_NOT_AN_IMAGE)', async () => {
    await expect(encodeResizedVariant(Buffer.from('not an image'), '170x')).rejects.toMatchObject({
      codeName: 'MEDIA_NOT_AN_IMAGE',
    });
  });
});
