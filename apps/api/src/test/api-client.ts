// A client for API tests of apps built with `viewer: 'header'` (buildTestApp's default): it calls
// resources and endpoints acting as anyone (X-Test-Viewer), with the CSRF cookie and header the
// web app sends, and reads the envelope; plus real images and multipart bodies for uploads.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { noiseImage } from './fixture-images.ts';
import { as } from './test-viewer.ts';

/** Any well-formed token works: the double submit only compares cookie and header. */
export const TEST_CSRF_TOKEN = 'c'.repeat(43);

export type Who = { id: string } | null;

export interface Answer<T = unknown> {
  status: number;
  code: number;
  data: T;
  bookmark: string | undefined;
  detail: string | undefined;
  errorData: Record<string, unknown>;
  response: LightMyRequestResponse;
}

interface EnvelopeJson {
  resource_response: {
    code: number;
    data: unknown;
    bookmark?: string;
    error?: { message_detail?: string; data?: Record<string, unknown> };
  };
}

export function answer<T>(response: LightMyRequestResponse): Answer<T> {
  const body = response.json<EnvelopeJson>();
  return {
    status: response.statusCode,
    code: body.resource_response.code,
    data: body.resource_response.data as T,
    bookmark: body.resource_response.bookmark,
    detail: body.resource_response.error?.message_detail,
    errorData: body.resource_response.error?.data ?? {},
    response,
  };
}

export function csrfHeaders(): Record<string, string> {
  return { cookie: `csrftoken=${TEST_CSRF_TOKEN}`, 'x-csrftoken': TEST_CSRF_TOKEN };
}

export class ApiClient {
  readonly #app: FastifyInstance;
  constructor(app: FastifyInstance) {
    this.#app = app;
  }

  async resourceGet<T>(name: string, options: unknown, who: Who): Promise<Answer<T>> {
    const query = encodeURIComponent(JSON.stringify(options));
    return answer<T>(
      await this.#app.inject({
        method: 'GET',
        url: `/resource/${name}/get/?options=${query}`,
        headers: { accept: 'application/json', ...as(who) },
      }),
    );
  }

  async resourceCreate<T>(name: string, options: unknown, who: Who): Promise<Answer<T>> {
    return this.send<T>('POST', `/resource/${name}/create/`, { options }, who);
  }

  /** POST /resource/{name}/{update|delete}/; `headers` override the CSRF ones (CSRF tests). */
  async resourceWrite<T>(
    name: string,
    verb: 'update' | 'delete',
    options: unknown,
    who: Who,
    headers?: Record<string, string>,
  ): Promise<Answer<T>> {
    return this.send<T>('POST', `/resource/${name}/${verb}/`, { options }, who, headers);
  }

  async get<T>(url: string, who: Who): Promise<Answer<T>> {
    return answer<T>(
      await this.#app.inject({
        method: 'GET',
        url,
        headers: { accept: 'application/json', ...as(who) },
      }),
    );
  }

  /** POST /v3/media/uploads/ with one multipart file part. */
  async upload<T>(bytes: Buffer, who: Who, contentType = 'image/jpeg'): Promise<Answer<T>> {
    const { payload, headers } = multipartPayload(bytes, contentType);
    return answer<T>(
      await this.#app.inject({
        method: 'POST',
        url: '/v3/media/uploads/',
        payload,
        headers: { accept: 'application/json', ...headers, ...csrfHeaders(), ...as(who) },
      }),
    );
  }

  /** A write (CSRF headers included); `body` undefined sends no body at all. */
  async send<T>(
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    body: unknown,
    who: Who,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const hasBody = body !== undefined;
    return answer<T>(
      await this.#app.inject({
        method,
        url,
        ...(hasBody ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
        headers: {
          accept: 'application/json',
          ...(hasBody ? { 'content-type': 'application/json' } : {}),
          ...csrfHeaders(),
          ...as(who),
          ...headers,
        },
      }),
    );
  }
}

/**
 * A real JPEG (noise, so it cannot compress to nothing). The noise is the same for every call,
 * so `n` changes the width to make a different image (a different sha256) per n.
 */
export async function jpegBytes(n = 0, height = 240): Promise<Buffer> {
  return noiseImage(200 + n, height)
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A multipart/form-data body with one file part named `file`. */
export function multipartPayload(
  bytes: Buffer,
  contentType = 'image/jpeg',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----corkboard-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upload"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
