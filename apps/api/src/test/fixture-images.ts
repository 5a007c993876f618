// Test images made on the fly with sharp. Pixels are pseudo-random so encoders cannot shrink
// the files to a few bytes: a prefix of one is really a partial file.
import sharp, { type Sharp } from 'sharp';

function noise(width: number, height: number, channels: 3 | 4): Buffer {
  const raw = Buffer.alloc(width * height * channels);
  // xorshift32: deterministic, and random enough that no encoder can compress it away.
  let state = 0x2545f491;
  for (let i = 0; i < raw.length; i += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    raw[i] = state & 0xff;
  }
  return raw;
}

/** A sharp pipeline over a noise image of this size; call .jpeg()/.png()/… then .toBuffer(). */
export function noiseImage(width: number, height: number, channels: 3 | 4 = 3): Sharp {
  return sharp(noise(width, height, channels), { raw: { width, height, channels } });
}
