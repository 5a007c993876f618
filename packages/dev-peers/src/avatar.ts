// Profile pictures for test accounts, served by the peers themselves so that no picture URL ever
// points off this machine: a 5×5 mirrored pattern in a colour derived from a seed, or a grey
// head-and-shoulders silhouette (Facebook's `is_silhouette: true`).
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

export const AVATAR_SIZE = 100;

type Rgb = readonly [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

function encodePng(size: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const rows = Buffer.alloc(size * (size * 3 + 1));
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    rows[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const [r, g, b] = pixel(x, y);
      rows.writeUInt8(r, row + 1 + x * 3);
      rows.writeUInt8(g, row + 2 + x * 3);
      rows.writeUInt8(b, row + 3 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A deterministic pattern avatar (PNG) for `seed`. */
export function patternAvatarPng(seed: string, size = AVATAR_SIZE): Buffer {
  const digest = createHash('sha256').update(seed).digest();
  const hue = ((digest[0] ?? 0) / 255) * 360;
  const foreground = hslToRgb(hue, 0.55, 0.42);
  const background: Rgb = [240, 240, 243];
  const cell = size / 5;
  return encodePng(size, (x, y) => {
    const column = Math.min(4, Math.floor(x / cell));
    const row = Math.min(4, Math.floor(y / cell));
    const mirrored = column > 2 ? 4 - column : column;
    const bit = ((digest[1 + row] ?? 0) >> mirrored) & 1;
    return bit ? foreground : background;
  });
}

/** A grey silhouette (PNG), the picture a profile without a photo gets. */
export function silhouettePng(size = AVATAR_SIZE): Buffer {
  const background: Rgb = [200, 204, 212];
  const figure: Rgb = [255, 255, 255];
  return encodePng(size, (x, y) => {
    const u = x / size;
    const v = y / size;
    const head = (u - 0.5) ** 2 + (v - 0.36) ** 2 < 0.18 ** 2;
    const shoulders = v > 0.62 && ((u - 0.5) / 0.36) ** 2 + ((v - 1.02) / 0.4) ** 2 < 1;
    return head || shoulders ? figure : background;
  });
}

function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const k = (n: number) => (n + hue / 30) % 12;
  const a = saturation * Math.min(lightness, 1 - lightness);
  const f = (n: number) =>
    Math.round(255 * (lightness - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)))));
  return [f(0), f(8), f(4)];
}
