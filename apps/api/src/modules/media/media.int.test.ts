// GET /media/<key> over real local storage in a temp folder.
import { rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { mediaKey } from '@corkboard/media/media-keys';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { MediaStorage } from '@corkboard/media/storage';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { MEDIA_CACHE_CONTROL } from './media.routes.ts';

const SHA = 'ab'.repeat(32);
const JPEG_KEY = mediaKey(SHA, '236x', 'jpeg');
const WEBP_KEY = mediaKey(SHA, '236x', 'webp');
const JPEG_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);
const WEBP_BYTES = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', 'latin1');

function rawGet(port: string, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: Number(port) }, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

let handle: DbHandle;
let test: TestApp;
let app: FastifyInstance;
let secretPath: string;

beforeAll(async () => {
  handle = await createTestDb();
  test = await buildTestApp(handle.db);
  app = test.app;
  await test.storage.put(JPEG_KEY, JPEG_BYTES, 'image/jpeg');
  await test.storage.put(WEBP_KEY, WEBP_BYTES, 'image/webp');
  // A file beside (outside) the media root that no URL may reach.
  secretPath = `${test.mediaRoot}-secret.txt`;
  writeFileSync(secretPath, 'secret');
  await app.ready();
});

afterAll(async () => {
  rmSync(secretPath, { force: true });
  await test.close();
  await handle.close();
});

describe('GET /media/<key>', () => {
  it('serves the bytes with the right type and year-long immutable caching', async () => {
    const response = await app.inject({ method: 'GET', url: `/media/${JPEG_KEY}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-length']).toBe(String(JPEG_BYTES.length));
    expect(response.rawPayload.equals(JPEG_BYTES)).toBe(true);
  });

  it('serves WebP as image/webp', async () => {
    const response = await app.inject({ method: 'GET', url: `/media/${WEBP_KEY}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.rawPayload.equals(WEBP_BYTES)).toBe(true);
  });

  it('answers MEDIA_NOT_FOUND (404, code 203) for a missing key', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/media/${mediaKey('cd'.repeat(32), '474x', 'jpeg')}`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ resource_response: { code: number } }>().resource_response.code).toBe(
      203,
    );
  });

  it.each([
    '/media/pins%2f..%2f..%2fsecret.txt',
    '/media/..%5c..%5csecret.txt',
    `/media/${JPEG_KEY.toUpperCase()}`,
    '/media/pins//x.jpg',
    `/media/${'x'.repeat(600)}.jpg`,
  ])('refuses %s without touching the file system outside the media root', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('secret');
    const code = response.json<{ resource_response: { code: number } }>().resource_response.code;
    // Either the media route refused the key or the router found no such path; never a file.
    expect([203, 11]).toContain(code);
  });

  it('refuses /media/%00 as unstorable text before touching the file system', async () => {
    const response = await app.inject({ method: 'GET', url: '/media/%00' });
    expect(response.statusCode).toBe(400);
    const code = response.json<{ resource_response: { code: number } }>().resource_response.code;
    expect(code).toBe(ERROR_CODES.TEXT_INVALID_CHARACTERS.code);
  });

  it('refuses raw dot-dot paths sent over a real socket (no client-side normalisation)', async () => {
    // app.inject and fetch both normalise `..` away; a hostile client need not, so speak HTTP/1.1.
    const served = await buildTestApp(handle.db);
    try {
      const address = await served.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = new URL(address);
      for (const path of [
        '/media/../package.json',
        '/media/pins/../../../etc/passwd',
        '/media/%2e%2e/%2e%2e/package.json',
        '/media/pins/..%2f..%2fx',
      ]) {
        const raw = await rawGet(port, path);
        expect(raw.split('\r\n')[0], path).toBe('HTTP/1.1 404 Not Found');
        expect(raw, path).toContain('"code":203');
      }
    } finally {
      await served.close();
    }
  });

  it('refuses to serve a stored object that is not an image', async () => {
    const key = mediaKey('ef'.repeat(32), 'orig', 'jpeg');
    const htmlStorage: MediaStorage = {
      kind: 'local',
      put: () => Promise.resolve(),
      exists: () => Promise.resolve(true),
      delete: () => Promise.resolve(),
      publicUrl: (k) => `/media/${k}`,
      get: () =>
        Promise.resolve({ body: Readable.from(['<script>']), contentType: 'text/html', size: 8 }),
    };
    const other = await buildTestApp(handle.db, { storage: htmlStorage });
    try {
      const response = await other.app.inject({ method: 'GET', url: `/media/${key}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('<script>');
    } finally {
      await other.close();
    }
  });

  it('redirects to the public URL when media lives in S3', async () => {
    const s3Storage: MediaStorage = {
      kind: 's3',
      put: () => Promise.resolve(),
      exists: () => Promise.resolve(true),
      delete: () => Promise.resolve(),
      publicUrl: (k) => `https://cdn.example.com/media/${k}`,
      get: () => Promise.resolve(null),
    };
    const other = await buildTestApp(handle.db, { storage: s3Storage });
    try {
      const response = await other.app.inject({ method: 'GET', url: `/media/${JPEG_KEY}` });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`https://cdn.example.com/media/${JPEG_KEY}`);
    } finally {
      await other.close();
    }
  });
});
