// App-wide behaviour: the envelope on success and failure, the one error handler, CSRF, security
// headers, request ids, rate limiting, the health check and the resource router.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { AppError } from '@corkboard/shared/app-error';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { CSRF_COOKIE } from './plugins/app/csrf.ts';
import { JSON_BODY_LIMIT_BYTES } from './plugins/app/errors.ts';
import { registerResource, resourceVerb } from './core/resources/resource-registry.ts';
import { createFixtures } from './test/fixtures.ts';
import { buildTestApp, type TestApp } from './test/test-app.ts';
import { as } from './test/test-viewer.ts';

interface FailureBody {
  resource_response: {
    status: string;
    code: number;
    message: string;
    data: null;
    error: {
      api_error_code: number;
      http_status: number;
      message: string;
      message_detail?: string;
      data?: Record<string, unknown>;
    };
  };
}

const TOKEN = 'A'.repeat(43);
const csrf = { cookies: { [CSRF_COOKIE]: TOKEN }, headers: { 'x-csrftoken': TOKEN } };

let handle: DbHandle;
let test: TestApp;
let app: FastifyInstance;
let pinId: string;
let ownerId: string;

beforeAll(async () => {
  handle = await createTestDb();
  const f = createFixtures(handle.db);
  const owner = await f.user();
  ownerId = owner.id;
  const board = await f.board(owner);
  pinId = (await f.pin({ board, title: 'Hello' })).id;

  test = await buildTestApp(handle.db);
  app = test.app;
  registerResource(app, 'TestEchoResource', {
    create: resourceVerb({
      access: 'anyone',
      summary: 'Echoes `text` (tests)',
      options: z.object({ text: z.string().max(5) }),
      response: z.object({ echoed: z.string() }),
      handler: ({ options }) => Promise.resolve({ data: { echoed: options.text } }),
    }),
  });
  app.get('/v3/test/boom/', () => {
    throw new Error('connection string postgres://secret@db/internal');
  });
  app.get('/v3/test/detail/', () => {
    throw new AppError('BOARD_NOT_FOUND', { detail: 'Gone', data: { id: '1' } });
  });
  app.post('/v3/test/echo/', (request) => ({ body: request.body }));
  await app.ready();
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

function failureOf(body: string): FailureBody['resource_response'] {
  return (JSON.parse(body) as FailureBody).resource_response;
}

describe('envelope', () => {
  it('wraps success in resource_response with status, code 0 and data', async () => {
    const response = await app.inject({ method: 'GET', url: `/v3/pins/${pinId}/` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json<{ resource_response: Record<string, unknown> }>();
    expect(body.resource_response).toMatchObject({ status: 'success', code: 0, message: 'ok' });
    expect(body.resource_response.data).toMatchObject({ id: pinId, title: 'Hello' });
  });

  it('wraps failure with the registry code, http status and message', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/pins/999999/' });
    expect(response.statusCode).toBe(404);
    const failure = failureOf(response.body);
    expect(failure).toMatchObject({ status: 'failure', code: 110, data: null });
    expect(failure.error).toMatchObject({ api_error_code: 110, http_status: 404 });
    expect(failure.error.message).toBe(ERROR_CODES.PIN_NOT_FOUND.message);
  });

  it('answers a malformed path parameter with VALIDATION_FAILED and field details', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/pins/abc/' });
    expect(response.statusCode).toBe(400);
    const failure = failureOf(response.body);
    expect(failure.code).toBe(3);
    expect(failure.error.data).toMatchObject({ location: 'params', fields: [{ path: 'id' }] });
  });

  it('accepts paths with or without the trailing slash', async () => {
    const response = await app.inject({ method: 'GET', url: `/v3/pins/${pinId}` });
    expect(response.statusCode).toBe(200);
  });
});

describe('error handler', () => {
  it('answers unknown API routes with ROUTE_NOT_FOUND (404, code 11)', async () => {
    for (const url of ['/v3/nothing/here/', '/resource/', '/media/', '/assets/missing.js']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(failureOf(response.body).code, url).toBe(11);
    }
  });

  it('answers unknown non-GET routes with ROUTE_NOT_FOUND, never HTML', async () => {
    const response = await app.inject({ method: 'POST', url: '/somewhere', ...csrf, payload: {} });
    expect(response.statusCode).toBe(404);
    expect(failureOf(response.body).code).toBe(11);
  });

  it('answers malformed JSON with INVALID_JSON (400, code 2)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v3/test/echo/',
      ...csrf,
      headers: { ...csrf.headers, 'content-type': 'application/json' },
      payload: '{"options": ',
    });
    expect(response.statusCode).toBe(400);
    expect(failureOf(response.body).code).toBe(2);
  });

  it('answers a body over the limit with PAYLOAD_TOO_LARGE (413, code 13)', async () => {
    // Signed in: an anonymous body has a smaller limit of its own (core/http/body-gate.ts).
    const response = await app.inject({
      method: 'POST',
      url: '/v3/test/echo/',
      ...csrf,
      headers: { ...csrf.headers, 'content-type': 'application/json', ...as({ id: ownerId }) },
      payload: JSON.stringify({ text: 'x'.repeat(JSON_BODY_LIMIT_BYTES) }),
    });
    expect(response.statusCode).toBe(413);
    const failure = failureOf(response.body);
    expect(failure.code).toBe(13);
    expect(failure.error.data).toEqual({ max_bytes: JSON_BODY_LIMIT_BYTES });
  });

  it('answers an unsupported content type with UNSUPPORTED_MEDIA_TYPE (415, code 14)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v3/test/echo/',
      ...csrf,
      headers: { ...csrf.headers, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(response.statusCode).toBe(415);
    expect(failureOf(response.body).code).toBe(14);
  });

  it('answers unexpected errors with INTERNAL (500) and leaks no message or stack', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/test/boom/' });
    expect(response.statusCode).toBe(500);
    const failure = failureOf(response.body);
    expect(failure.code).toBe(50);
    expect(failure.error.message).toBe(ERROR_CODES.INTERNAL.message);
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('stack');
    expect(response.body).not.toMatch(/\.ts:\d+/);
  });

  it('passes an AppError detail and data through to the envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/test/detail/' });
    expect(response.statusCode).toBe(404);
    const failure = failureOf(response.body);
    expect(failure.code).toBe(111);
    expect(failure.error).toMatchObject({ message_detail: 'Gone', data: { id: '1' } });
  });
});

describe('CSRF (double submit)', () => {
  const url = '/resource/TestEchoResource/create/';
  const payload = { options: { text: 'hi' } };

  it('sets a readable csrftoken cookie when the request has none', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    const cookie = response.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.secure).toBeFalsy();
  });

  it('does not replace an existing valid cookie', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/healthz',
      cookies: { [CSRF_COOKIE]: TOKEN },
    });
    expect(response.cookies.find((c) => c.name === CSRF_COOKIE)).toBeUndefined();
  });

  it('refuses a state-changing request without the header (403, code 20)', async () => {
    const response = await app.inject({
      method: 'POST',
      url,
      cookies: { [CSRF_COOKIE]: TOKEN },
      payload,
    });
    expect(response.statusCode).toBe(403);
    expect(failureOf(response.body).code).toBe(20);
  });

  it('refuses a request without the cookie, and issues one for the retry', async () => {
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { 'x-csrftoken': TOKEN },
      payload,
    });
    expect(response.statusCode).toBe(403);
    expect(failureOf(response.body).code).toBe(20);
    expect(response.cookies.find((c) => c.name === CSRF_COOKIE)).toBeDefined();
  });

  it('refuses a header that does not match the cookie', async () => {
    const response = await app.inject({
      method: 'POST',
      url,
      cookies: { [CSRF_COOKIE]: TOKEN },
      headers: { 'x-csrftoken': 'B'.repeat(43) },
      payload,
    });
    expect(response.statusCode).toBe(403);
    expect(failureOf(response.body).code).toBe(20);
  });

  it('guards PUT, PATCH and DELETE too', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/v3/pins/1/' });
      expect(response.statusCode, method).toBe(403);
    }
  });

  it('lets a matching token through to the resource', async () => {
    const response = await app.inject({ method: 'POST', url, ...csrf, payload });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      resource_response: { status: 'success', data: { echoed: 'hi' } },
    });
  });
});

describe('resource router', () => {
  it('serves UserHomefeedResource get with options in the query string', async () => {
    const options = encodeURIComponent(JSON.stringify({ page_size: 1, bookmark: null }));
    const response = await app.inject({
      method: 'GET',
      url: `/resource/UserHomefeedResource/get/?options=${options}`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ resource_response: { data: { id: string }[] } }>();
    expect(body.resource_response.data.map((pin) => pin.id)).toEqual([pinId]);
  });

  it('answers an unknown resource with UNKNOWN_RESOURCE (code 100)', async () => {
    const response = await app.inject({ method: 'GET', url: '/resource/NopeResource/get/' });
    expect(response.statusCode).toBe(404);
    expect(failureOf(response.body).code).toBe(100);
  });

  it('answers an unsupported verb with UNKNOWN_RESOURCE_VERB (code 101)', async () => {
    const unknownVerb = await app.inject({
      method: 'GET',
      url: '/resource/UserHomefeedResource/fetch/',
    });
    expect(failureOf(unknownVerb.body).code).toBe(101);
    const missingVerb = await app.inject({
      method: 'POST',
      url: '/resource/UserHomefeedResource/create/',
      ...csrf,
    });
    expect(missingVerb.statusCode).toBe(405);
    expect(failureOf(missingVerb.body).code).toBe(101);
  });

  it('refuses a read verb over POST and a write verb over GET (METHOD_NOT_ALLOWED)', async () => {
    const postGet = await app.inject({
      method: 'POST',
      url: '/resource/UserHomefeedResource/get/',
      ...csrf,
    });
    expect(failureOf(postGet.body).code).toBe(12);
    const getCreate = await app.inject({
      method: 'GET',
      url: '/resource/TestEchoResource/create/',
    });
    expect(failureOf(getCreate.body).code).toBe(12);
  });

  it('answers options that are not JSON with INVALID_JSON and invalid options with VALIDATION_FAILED', async () => {
    const notJson = await app.inject({
      method: 'GET',
      url: '/resource/UserHomefeedResource/get/?options=%7Bnope',
    });
    expect(notJson.statusCode).toBe(400);
    expect(failureOf(notJson.body).code).toBe(2);

    const invalid = await app.inject({
      method: 'POST',
      url: '/resource/TestEchoResource/create/',
      ...csrf,
      payload: { options: { text: 'far too long' } },
    });
    expect(invalid.statusCode).toBe(400);
    const failure = failureOf(invalid.body);
    expect(failure.code).toBe(3);
    expect(failure.error.data).toMatchObject({ fields: [{ path: 'options.text' }] });
  });

  it('rejects a bad bookmark in resource options with INVALID_BOOKMARK', async () => {
    const options = encodeURIComponent(JSON.stringify({ bookmark: 'not-a-bookmark' }));
    const response = await app.inject({
      method: 'GET',
      url: `/resource/UserHomefeedResource/get/?options=${options}`,
    });
    expect(response.statusCode).toBe(400);
    expect(failureOf(response.body).code).toBe(4);
  });
});

describe('security headers', () => {
  it('sends a Content-Security-Policy and the helmet headers on API answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "connect-src 'self'",
      "font-src 'self' data:",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // PUBLIC_URL is http in tests: no HSTS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends the headers on failures too', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/nothing/' });
    expect(response.headers['content-security-policy']).toBeDefined();
  });
});

describe('request ids', () => {
  it('echoes a sane incoming X-Request-Id', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123-def' },
    });
    expect(response.headers['x-request-id']).toBe('abc-123-def');
  });

  it('replaces an unsafe incoming id with a fresh UUID', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'evil\tlog line injection that is long enough' },
    });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sets an id when none was sent, also on failures', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/pins/999/' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /healthz', () => {
  it('answers ok when the database answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('answers 503 SERVICE_UNAVAILABLE when the database fails', async () => {
    // Every query on this handle fails as if the server were gone.
    const unreachable = handle.db.withPlugin({
      transformQuery: () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    const brokenApp = await buildTestApp(unreachable);
    try {
      const response = await brokenApp.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(failureOf(response.body).code).toBe(53);
    } finally {
      await brokenApp.close();
    }
  });
});

describe('rate limit', () => {
  it('answers RATE_LIMITED (429, code 29) over the budget, with Retry-After', async () => {
    const limited = await buildTestApp(handle.db, { config: { rateLimitMax: 2 } });
    try {
      const statuses: number[] = [];
      let last = '';
      let retryAfter: unknown;
      for (let i = 0; i < 3; i += 1) {
        const response = await limited.app.inject({ method: 'GET', url: '/healthz' });
        statuses.push(response.statusCode);
        last = response.body;
        retryAfter = response.headers['retry-after'];
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(failureOf(last).code).toBe(29);
      expect(retryAfter).toBeDefined();
    } finally {
      await limited.close();
    }
  });
  it('counts page loads served by the not-found handler against the same budget (issue 13)', async () => {
    // A visitor's pin page spends two: the HTML and the pin's answer inlined in it, which it asks
    // for as that visitor's own request would (docs/decisions/207).
    const limited = await buildTestApp(handle.db, { config: { rateLimitMax: 3 } });
    try {
      const page = () =>
        limited.app.inject({ method: 'GET', url: '/pin/1/', headers: { accept: 'text/html' } });
      const first = await page();
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toContain('text/html');
      expect(first.body).toContain('id="page-data"');
      // An API call and a page load spend one budget.
      expect((await limited.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const over = await page();
      expect(over.statusCode).toBe(429);
      expect(failureOf(over.body).code).toBe(29);
      expect(over.headers['retry-after']).toBeDefined();
      expect(over.headers['x-frame-options']).toBe('DENY');
    } finally {
      await limited.close();
    }
  });

  it('counts unknown API paths against the budget too', async () => {
    const limited = await buildTestApp(handle.db, { config: { rateLimitMax: 1 } });
    try {
      const unknown = () => limited.app.inject({ method: 'GET', url: '/v3/no-such-thing/' });
      expect(failureOf((await unknown()).body).code).toBe(ERROR_CODES.ROUTE_NOT_FOUND.code);
      const over = await unknown();
      expect(over.statusCode).toBe(429);
      expect(failureOf(over.body).code).toBe(29);
    } finally {
      await limited.close();
    }
  });
});

describe('https deployments', () => {
  it('adds HSTS, upgrade-insecure-requests and a Secure cookie under an https PUBLIC_URL', async () => {
    const secure = await buildTestApp(handle.db, {
      config: { publicUrl: 'https://corkboard.example' },
    });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(String(response.headers['content-security-policy'])).toContain(
        'upgrade-insecure-requests',
      );
      expect(response.cookies.find((c) => c.name === CSRF_COOKIE)?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it('allows images from the S3 public origin when S3 is configured', async () => {
    const withS3 = await buildTestApp(handle.db, {
      config: {
        s3: {
          endpoint: undefined,
          region: 'us-east-1',
          bucket: 'b',
          accessKeyId: 'k',
          secretAccessKey: 's',
          publicUrl: 'https://cdn.example.com/media',
          forcePathStyle: false,
        },
      },
    });
    try {
      const response = await withS3.app.inject({ method: 'GET', url: '/healthz' });
      expect(String(response.headers['content-security-policy'])).toContain(
        "img-src 'self' data: blob: https://cdn.example.com",
      );
    } finally {
      await withS3.close();
    }
  });
});
