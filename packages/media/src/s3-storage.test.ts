// The S3 adapter against a small S3 peer on loopback: real HTTP, real SDK signing and parsing,
// path-style requests, objects kept in a Map.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from './create-storage.ts';
import { MEDIA_CACHE_CONTROL, S3MediaStorage } from './s3-storage.ts';

interface StoredS3Object {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

interface SeenRequest {
  method: string;
  path: string;
  authorization: string | undefined;
}

const BUCKET = 'corkboard-media';
const objects = new Map<string, StoredS3Object>();
const seen: SeenRequest[] = [];
let server: Server;
let endpoint: string;
let storage: S3MediaStorage;

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function notFound(response: ServerResponse, method: string, key: string): void {
  response.statusCode = 404;
  if (method === 'HEAD') {
    response.end();
    return;
  }
  response.setHeader('Content-Type', 'application/xml');
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${key}</Key></Error>`,
  );
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const method = request.method ?? 'GET';
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  seen.push({ method, path: url.pathname, authorization: request.headers.authorization });
  const prefix = `/${BUCKET}/`;
  if (!url.pathname.startsWith(prefix)) {
    response.statusCode = 400;
    response.end();
    return;
  }
  const key = decodeURIComponent(url.pathname.slice(prefix.length));

  if (method === 'PUT') {
    objects.set(key, {
      body: await readBody(request),
      contentType: request.headers['content-type'],
      cacheControl: request.headers['cache-control'],
    });
    response.setHeader('ETag', '"etag"');
    response.end();
    return;
  }
  if (method === 'DELETE') {
    // S3 answers 204 whether or not the key existed.
    objects.delete(key);
    response.statusCode = 204;
    response.end();
    return;
  }
  const object = objects.get(key);
  if (!object) {
    notFound(response, method, key);
    return;
  }
  response.setHeader('Content-Type', object.contentType ?? 'binary/octet-stream');
  response.setHeader('Content-Length', object.body.length);
  response.setHeader('ETag', '"etag"');
  response.end(method === 'HEAD' ? undefined : object.body);
}

beforeAll(async () => {
  server = createServer((request, response) => {
    handle(request, response).catch(() => {
      response.statusCode = 500;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  endpoint = `http://127.0.0.1:${port}`;
  storage = new S3MediaStorage({
    endpoint,
    region: 'us-east-1',
    bucket: BUCKET,
    accessKeyId: 'test-access-key',
    secretAccessKey: 'test-secret-key',
    publicUrl: 'https://cdn.example.test/media/',
    forcePathStyle: true,
  });
});

afterAll(async () => {
  storage.destroy();
  await new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
});

async function bytes(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('S3MediaStorage', () => {
  it('PUTs path-style with the content type and an immutable cache header, signed', async () => {
    const key = 'pins/ab/abcdef/236x.jpg';
    const body = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    await storage.put(key, body, 'image/jpeg');

    const stored = objects.get(key);
    expect(stored?.body).toEqual(body);
    expect(stored?.contentType).toBe('image/jpeg');
    expect(stored?.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(stored?.cacheControl).toBe(MEDIA_CACHE_CONTROL);
    const put = seen.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/${BUCKET}/${key}`);
    expect(put?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test-access-key\//);
  });

  it('gets the bytes back with type and size, and checks existence with HEAD', async () => {
    const key = 'pins/cd/cdef01/orig.webp';
    const body = Buffer.from('RIFF....WEBPVP8 pretend');
    await storage.put(key, body, 'image/webp');

    expect(await storage.exists(key)).toBe(true);
    expect(seen.at(-1)?.method).toBe('HEAD');
    const object = await storage.get(key);
    expect(object?.contentType).toBe('image/webp');
    expect(object?.size).toBe(body.length);
    expect(object && (await bytes(object.body))).toEqual(body);
  });

  it('answers null / false for a missing object', async () => {
    expect(await storage.get('pins/00/nothing/236x.jpg')).toBeNull();
    expect(await storage.exists('pins/00/nothing/236x.jpg')).toBe(false);
  });

  it('DELETEs an object, signed; a missing one is no error', async () => {
    const key = 'pins/ef/ef0123/736x.jpg';
    await storage.put(key, Buffer.from('bytes'), 'image/jpeg');
    await storage.delete(key);
    expect(objects.has(key)).toBe(false);
    const deleted = seen.at(-1);
    expect(deleted?.method).toBe('DELETE');
    expect(deleted?.path).toBe(`/${BUCKET}/${key}`);
    expect(deleted?.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
    await expect(storage.delete(key)).resolves.toBeUndefined();
    await expect(storage.delete('../escape.jpg')).rejects.toThrow(/invalid media key/);
  });

  it('builds public URLs from the configured base and refuses invalid keys', async () => {
    expect(storage.publicUrl('pins/ab/abcdef/474x.jpg')).toBe(
      'https://cdn.example.test/media/pins/ab/abcdef/474x.jpg',
    );
    expect(() => storage.publicUrl('../etc/passwd')).toThrow(/invalid media key/);
    await expect(storage.put('../escape.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(
      /invalid media key/,
    );
    expect(await storage.get('../escape.jpg')).toBeNull();
  });

  it('is what createStorage answers when S3 is configured', () => {
    const created = createStorage({
      dataDir: '/nonexistent',
      s3: {
        endpoint,
        region: 'us-east-1',
        bucket: BUCKET,
        publicUrl: 'https://cdn.example.test',
        forcePathStyle: true,
      },
    });
    expect(created.kind).toBe('s3');
    expect(created.publicUrl('pins/a.jpg')).toBe('https://cdn.example.test/pins/a.jpg');
    if (created instanceof S3MediaStorage) created.destroy();
  });
});
