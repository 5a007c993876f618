// Visitor answers of the public pages compressed (docs/decisions/204): brotli or gzip as the
// browser accepts, a weak ETag that still revalidates to 304, Vary: Accept-Encoding, and nothing
// compressed for signed-in people or for clients that accept no encoding.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { VISITOR_ID_COOKIE } from '@corkboard/shared/auth/api';
import { csrfHeaders } from '../../test/api-client.ts';
import { createFixtures, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { as } from '../../test/test-viewer.ts';
import { COMPRESS_MIN_BYTES, negotiateEncoding } from './visitor-compression.ts';

let handle: DbHandle;
let test: TestApp;
let owner: UserFixture;

/** A returning visitor's cookies (no cookie is set in the answer). */
const VISITOR_COOKIES = `${csrfHeaders().cookie}; ${VISITOR_ID_COOKIE}=${'v'.repeat(22)}`;
const FEED = '/v3/feeds/home/?page_size=25';

function visit(url: string, headers: Record<string, string> = {}) {
  return test.app.inject({
    method: 'GET',
    url,
    headers: { accept: 'application/json', cookie: VISITOR_COOKIES, ...headers },
  });
}

beforeAll(async () => {
  handle = await createTestDb();
  const f = createFixtures(handle.db);
  owner = await f.user();
  const board = await f.board(owner, { name: 'Compressed board' });
  // Enough pins that the first page is well over the compression threshold.
  for (let i = 0; i < 12; i++) await f.pin({ board, title: `A pin with a long title ${i}` });
  test = await buildTestApp(handle.db);
  await test.app.ready();
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('negotiateEncoding', () => {
  it('prefers brotli, falls back to gzip, and honours q=0 and *', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0')).toBeUndefined();
    expect(negotiateEncoding('BR;Q=1')).toBe('br');
    expect(negotiateEncoding(undefined)).toBeUndefined();
    expect(negotiateEncoding('')).toBeUndefined();
  });
});

describe('visitor answers of public pages', () => {
  it('are sent in brotli to a browser that accepts it, the same page once decoded', async () => {
    const plain = await visit(FEED);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(String(plain.headers['vary'])).toContain('Accept-Encoding');

    const br = await visit(FEED, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['vary'])).toMatch(/Cookie.*Accept-Encoding/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    // Served from the kept bytes the second time: the same answer.
    const again = await visit(FEED, { 'accept-encoding': 'br' });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
  });

  it('are sent in gzip to a browser without brotli', async () => {
    const plain = await visit(FEED);
    const gz = await visit(FEED, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('carry a weak ETag for the compressed copy that still revalidates to 304', async () => {
    const plain = await visit(FEED);
    const strong = String(plain.headers['etag']);
    expect(strong).toMatch(/^"/);
    const br = await visit(FEED, { 'accept-encoding': 'br' });
    expect(br.headers['etag']).toBe(`W/${strong}`);
    const revalidated = await visit(FEED, {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers['etag']),
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect(revalidated.headers['content-encoding']).toBeUndefined();
  });

  it('are not compressed for a signed-in person (their answers may hold what is theirs)', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: FEED,
      headers: { accept: 'application/json', 'accept-encoding': 'br, gzip', ...as(owner) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(String(response.headers['vary'])).toContain('Accept-Encoding');
    expect(
      response.json<{ resource_response: { data: unknown[] } }>().resource_response.data,
    ).not.toHaveLength(0);
  });

  it('leave other routes and small answers alone', async () => {
    const me = await visit('/v3/users/me/', { 'accept-encoding': 'br' });
    expect(me.headers['content-encoding']).toBeUndefined();
    // A profile answer is a cacheable visitor page under the threshold.
    const profile = `/v3/users/${owner.username}/`;
    const plain = await visit(profile);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    const small = await visit(profile, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe(plain.body);
  });
});
