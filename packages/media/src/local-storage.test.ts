import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from './create-storage.ts';
import { LocalMediaStorage } from './local-storage.ts';

let dataDir: string;
let storage: LocalMediaStorage;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'corkboard-media-'));
  storage = new LocalMediaStorage(join(dataDir, 'media'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function bytes(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('LocalMediaStorage', () => {
  it('round-trips bytes with a content type from the extension and the size', async () => {
    const key = 'pins/ab/abc123/236x.jpg';
    const body = Buffer.from('not really a jpeg, but bytes are bytes');
    expect(await storage.exists(key)).toBe(false);
    await storage.put(key, body, 'image/jpeg');

    expect(await storage.exists(key)).toBe(true);
    const object = await storage.get(key);
    expect(object).not.toBeNull();
    expect(object?.contentType).toBe('image/jpeg');
    expect(object?.size).toBe(body.length);
    expect(object && (await bytes(object.body))).toEqual(body);
    expect(await readFile(join(dataDir, 'media', key))).toEqual(body);
  });

  it('answers webp content type and overwrites atomically without leaving temp files', async () => {
    const key = 'pins/cd/cdef/orig.webp';
    await storage.put(key, Buffer.from('first'), 'image/webp');
    await storage.put(key, Buffer.from('second'), 'image/webp');
    const object = await storage.get(key);
    expect(object?.contentType).toBe('image/webp');
    expect(object && (await text(object.body))).toBe('second');
    expect(await readdir(join(dataDir, 'media', 'pins/cd/cdef'))).toEqual(['orig.webp']);
  });

  it('answers null / false for a missing key', async () => {
    expect(await storage.get('pins/00/missing/236x.jpg')).toBeNull();
    expect(await storage.exists('pins/00/missing/236x.jpg')).toBe(false);
  });

  it('deletes a file; deleting a missing one is not an error; a foreign key is refused', async () => {
    const key = 'pins/ef/ef01/736x.jpg';
    await storage.put(key, Buffer.from('gone soon'), 'image/jpeg');
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.delete(key)).resolves.toBeUndefined();
    await expect(storage.delete('../secret.txt')).rejects.toThrow(/invalid media key/);
  });

  it('names local URLs /media/<key>', () => {
    expect(storage.publicUrl('pins/ab/abc/474x.webp')).toBe('/media/pins/ab/abc/474x.webp');
  });

  it('refuses keys that could leave the media folder or are not ours', async () => {
    // A file next to the media folder that a traversal would reach.
    await writeFile(join(dataDir, 'secret.txt'), 'do not serve me');
    const bad = [
      '../secret.txt',
      'pins/../../secret.txt',
      '/etc/passwd',
      'pins//x.jpg',
      './pins/x.jpg',
      'pins/./x.jpg',
      'PINS/X.JPG',
      'pins/x.jpg?download',
      'pins\\..\\secret.txt',
      'pins/%2e%2e/secret.txt',
      '',
    ];
    for (const key of bad) {
      expect(await storage.get(key), key).toBeNull();
      expect(await storage.exists(key), key).toBe(false);
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg'), key).rejects.toThrow(
        /invalid media key/,
      );
      expect(() => storage.publicUrl(key), key).toThrow(/invalid media key/);
    }
    expect(await readFile(join(dataDir, 'secret.txt'), 'utf8')).toBe('do not serve me');
  });

  it('is what createStorage answers without S3 configuration, rooted at DATA_DIR/media', async () => {
    const created = createStorage({ dataDir });
    expect(created.kind).toBe('local');
    await created.put('pins/ee/eeee/736x.jpg', Buffer.from('via factory'), 'image/jpeg');
    expect(await readFile(join(dataDir, 'media', 'pins/ee/eeee/736x.jpg'), 'utf8')).toBe(
      'via factory',
    );
  });
});
