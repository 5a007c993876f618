// Issue 13 "What testing found": answers the framework and Node's HTTP parser gave themselves,
// outside the envelope and without the security headers, and multipart bodies that broke the
// upload route with a 500. Each is now the failure envelope with a registry code, the security
// headers and a request id.
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { createFixtures, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { answer, csrfHeaders, jpegBytes, multipartPayload } from '../../test/api-client.ts';
import { as } from '../../test/test-viewer.ts';
import { ROUTER_MAX_PARAM_LENGTH } from './framework-errors.ts';

let handle: DbHandle;
let test: TestApp;
let owner: UserFixture;
let origin: string;

/** A short body deadline so the never-ending upload is cut off quickly. */
const UPLOAD_BODY_TIMEOUT_MS = 300;

beforeAll(async () => {
  handle = await createTestDb();
  owner = await createFixtures(handle.db).user();
  test = await buildTestApp(handle.db, { config: { uploadBodyTimeoutMs: UPLOAD_BODY_TIMEOUT_MS } });
  // The HTTP parser's own errors (431, a garbled request line) need a real socket.
  await test.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

function expectSecurityHeaders(headers: Record<string, unknown>): void {
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-request-id']).toEqual(expect.any(String));
  expect(headers['content-type']).toContain('application/json');
}

describe("the router's own errors", () => {
  it('answers a malformed percent-escape with 400 BAD_REQUEST in the envelope', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/v3/boards/a/%E0%A4%A/' });
    const result = answer(response);
    expect(result.status).toBe(400);
    expect(result.code).toBe(ERROR_CODES.BAD_REQUEST.code);
    expectSecurityHeaders(response.headers);
  });

  it('answers a malformed percent-escape in a page path the same way', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/someone/%E0%A4%A/',
      headers: { accept: 'text/html' },
    });
    expect(answer(response).code).toBe(ERROR_CODES.BAD_REQUEST.code);
    expectSecurityHeaders(response.headers);
  });

  it('answers a path segment over the router limit with 414 URI_TOO_LONG in the envelope', async () => {
    const long = 'a'.repeat(ROUTER_MAX_PARAM_LENGTH + 1);
    const response = await test.app.inject({ method: 'GET', url: `/v3/boards/someone/${long}/` });
    const result = answer(response);
    expect(result.status).toBe(414);
    expect(result.code).toBe(ERROR_CODES.URI_TOO_LONG.code);
    expect(result.errorData).toEqual({ max_length: ROUTER_MAX_PARAM_LENGTH });
    expectSecurityHeaders(response.headers);
  });

  it('still routes a segment at the limit', async () => {
    const atLimit = 'a'.repeat(ROUTER_MAX_PARAM_LENGTH);
    const result = answer(
      await test.app.inject({ method: 'GET', url: `/v3/boards/someone/${atLimit}/` }),
    );
    expect(result.code).toBe(ERROR_CODES.BOARD_NOT_FOUND.code);
  });
});

/** Sends raw bytes and reads the whole answer (the server closes the connection after it). */
function rawExchange(
  request: string,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(':');
        headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.write(request);
  });
}

describe("Node's HTTP parser errors", () => {
  it('answers headers over 16 KiB with 431 HEADERS_TOO_LARGE in the envelope', async () => {
    const big = 'x'.repeat(20 * 1024);
    const result = await rawExchange(
      `GET /v3/feeds/home/ HTTP/1.1\r\nHost: localhost\r\nX-Big: ${big}\r\n\r\n`,
    );
    expect(result.status).toBe(431);
    expectSecurityHeaders(result.headers);
    const body = JSON.parse(result.body) as { resource_response: { code: number } };
    expect(body.resource_response.code).toBe(ERROR_CODES.HEADERS_TOO_LARGE.code);
  });

  it('answers a garbled request with 400 BAD_REQUEST in the envelope', async () => {
    const result = await rawExchange('GET /v3/feeds/home/ HTTP/1.1\r\nHost localhost\r\n\r\n');
    expect(result.status).toBe(400);
    expectSecurityHeaders(result.headers);
    const body = JSON.parse(result.body) as { resource_response: { code: number } };
    expect(body.resource_response.code).toBe(ERROR_CODES.BAD_REQUEST.code);
  });
});

describe('malformed multipart uploads', () => {
  const upload = (payload: string | Buffer | PassThrough, contentType: string) =>
    test.app.inject({
      method: 'POST',
      url: '/v3/media/uploads/',
      payload,
      headers: { 'content-type': contentType, ...csrfHeaders(), ...as(owner) },
    });

  it('answers a multipart type without a boundary with 400 MULTIPART_INVALID', async () => {
    const response = await upload('--x\r\n\r\n', 'multipart/form-data');
    const result = answer(response);
    expect(result.status).toBe(400);
    expect(result.code).toBe(ERROR_CODES.MULTIPART_INVALID.code);
  });

  it('answers a truncated multipart body with 400 MULTIPART_INVALID', async () => {
    const { payload, headers } = multipartPayload(await jpegBytes());
    const cut = payload.subarray(0, payload.length - 40);
    const result = answer(await upload(cut, headers['content-type'] ?? ''));
    expect(result.status).toBe(400);
    expect(result.code).toBe(ERROR_CODES.MULTIPART_INVALID.code);
  });

  it('answers a body that never ends with 408 REQUEST_TIMEOUT once the deadline passes', async () => {
    const { payload, headers } = multipartPayload(await jpegBytes());
    const stream = new PassThrough();
    // The first half arrives; the rest never does.
    stream.write(payload.subarray(0, payload.length / 2));
    const result = answer(await upload(stream, headers['content-type'] ?? ''));
    expect(result.status).toBe(408);
    expect(result.code).toBe(ERROR_CODES.REQUEST_TIMEOUT.code);
    stream.destroy();
  });

  it('still takes a well-formed upload', async () => {
    const { payload, headers } = multipartPayload(await jpegBytes());
    const result = answer(await upload(payload, headers['content-type'] ?? ''));
    expect(result.status).toBe(200);
  });
});
