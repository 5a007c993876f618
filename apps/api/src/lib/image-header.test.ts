import { beforeAll, describe, expect, it } from 'vitest';
import { readImageHeader } from './image-header.ts';
import { noiseImage } from '../test/fixture-images.ts';

const files: Record<string, Buffer> = {};

beforeAll(async () => {
  files['jpeg'] = await noiseImage(800, 600).jpeg().toBuffer();
  files['png'] = await noiseImage(300, 200).png().toBuffer();
  files['gif'] = await noiseImage(320, 240).gif().toBuffer();
  files['webp-lossy'] = await noiseImage(500, 400).webp().toBuffer();
  files['webp-lossless'] = await noiseImage(333, 222).webp({ lossless: true }).toBuffer();
  files['webp-alpha'] = await noiseImage(250, 150, 4).webp().toBuffer();
  files['avif'] = await noiseImage(160, 128).avif({ effort: 0 }).toBuffer();
});

describe('readImageHeader', () => {
  it.each([
    ['jpeg', 'jpeg', 800, 600],
    ['png', 'png', 300, 200],
    ['gif', 'gif', 320, 240],
    ['webp-lossy', 'webp', 500, 400],
    ['webp-lossless', 'webp', 333, 222],
    ['webp-alpha', 'webp', 250, 150],
    ['avif', 'heif', 160, 128],
  ])('reads %s from its first 4 KiB', async (name, format, width, height) => {
    const file = files[name];
    if (!file) throw new Error(`fixture ${name} missing`);
    expect(file.length).toBeGreaterThan(4096);
    expect(await readImageHeader(file.subarray(0, 4096))).toEqual({ format, width, height });
  });

  it('reads whole files too', async () => {
    expect(await readImageHeader(files['png'] ?? Buffer.alloc(0))).toEqual({
      format: 'png',
      width: 300,
      height: 200,
    });
  });

  it('gives up on unreadable input', async () => {
    expect(await readImageHeader(Buffer.alloc(0))).toBeNull();
    expect(await readImageHeader(Buffer.from('just some text, not an image'))).toBeNull();
    expect(await readImageHeader((files['jpeg'] ?? Buffer.alloc(0)).subarray(0, 20))).toBeNull();
  });

  it('never hands markup to a decoder', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500"><rect width="500" height="500"/></svg>',
    );
    expect(await readImageHeader(svg)).toBeNull();
    expect(await readImageHeader(Buffer.from('  <!doctype html><title>404</title>'))).toBeNull();
  });
});
