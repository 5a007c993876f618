// The only fetch wrapper in the app. Components never call fetch; feature hooks call these.
// Every answer is the shared envelope (ARCHITECTURE.md "API shape"): success carries `data` and,
// for lists, the next-page `bookmark`; failure carries an `error` that becomes an ApiError.
import type { Envelope } from '@corkboard/shared/envelope';
import { isFailure } from '@corkboard/shared/envelope';
import { ERROR_CODES } from '@corkboard/shared/error-codes';

/** Client-side code for "the request never got an answer" (offline, DNS, aborted proxy). */
export const NETWORK_ERROR_CODE = 0;

export class ApiError extends Error {
  readonly code: number;
  /** 0 when no HTTP answer arrived. */
  readonly httpStatus: number;
  readonly detail: string | undefined;
  readonly data: Record<string, unknown> | undefined;

  constructor(fields: {
    code: number;
    httpStatus: number;
    message: string;
    detail?: string | undefined;
    data?: Record<string, unknown> | undefined;
  }) {
    super(fields.message);
    this.name = 'ApiError';
    this.code = fields.code;
    this.httpStatus = fields.httpStatus;
    this.detail = fields.detail;
    this.data = fields.data;
  }

  /** A 4xx answer: asking again gives the same result, so callers should not retry. */
  get isClientError(): boolean {
    return this.httpStatus >= 400 && this.httpStatus < 500;
  }
}

export interface Page<T> {
  data: T[];
  /** Cursor for the next page; undefined at the end of the list. */
  bookmark: string | undefined;
}

type Query = Record<string, string | number | undefined>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function readCookie(
  name: string,
  cookieHeader: string = document.cookie,
): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === name) {
      return decodeURIComponent(part.slice(separator + 1).trim());
    }
  }
  return undefined;
}

export function buildUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Lets the request outlive the page (reports sent as the page hides). */
  keepalive?: boolean;
}

async function request<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ data: T; bookmark: string | undefined }> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ Accept: 'application/json' });
  const form = options.body instanceof FormData ? options.body : null;
  // A form is multipart: the browser writes the Content-Type with its boundary.
  if (options.body !== undefined && !form) headers.set('Content-Type', 'application/json');
  if (!SAFE_METHODS.has(method)) {
    // The server's CSRF check compares this header with the csrftoken cookie (double submit).
    const token = readCookie('csrftoken');
    if (token) headers.set('X-CSRFToken', token);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      body: form ?? (options.body === undefined ? null : JSON.stringify(options.body)),
      signal: options.signal ?? null,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch (cause) {
    // An abort is TanStack Query cancelling a request nobody needs any more: let it through as is.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({
      code: NETWORK_ERROR_CODE,
      httpStatus: 0,
      message: cause instanceof Error ? cause.message : 'Network request failed',
    });
  }

  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // Not our envelope (e.g. a proxy's HTML error page): keep the HTTP status for retry rules.
    throw new ApiError({
      code: response.ok ? ERROR_CODES.INTERNAL.code : httpStatusToCode(response.status),
      httpStatus: response.ok ? 500 : response.status,
      message: `Unexpected response from ${path}`,
    });
  }

  if (!isEnvelope<T>(body)) {
    throw new ApiError({
      code: ERROR_CODES.INTERNAL.code,
      httpStatus: response.ok ? 500 : response.status,
      message: `Unexpected response from ${path}`,
    });
  }
  const envelope = body;
  if (isFailure(envelope)) {
    const { error } = envelope.resource_response;
    throw new ApiError({
      code: error.api_error_code,
      httpStatus: error.http_status || response.status,
      message: error.message,
      detail: error.message_detail,
      data: error.data,
    });
  }
  return { data: envelope.resource_response.data, bookmark: envelope.resource_response.bookmark };
}

export function isEnvelope<T>(body: unknown): body is Envelope<T> {
  if (typeof body !== 'object' || body === null || !('resource_response' in body)) return false;
  const inner = body.resource_response;
  return (
    typeof inner === 'object' &&
    inner !== null &&
    'status' in inner &&
    (inner.status === 'success' || (inner.status === 'failure' && 'error' in inner))
  );
}

function httpStatusToCode(status: number): number {
  if (status === 404) return ERROR_CODES.NOT_FOUND.code;
  if (status === 429) return ERROR_CODES.RATE_LIMITED.code;
  if (status === 503) return ERROR_CODES.SERVICE_UNAVAILABLE.code;
  if (status >= 400 && status < 500) return ERROR_CODES.BAD_REQUEST.code;
  return ERROR_CODES.INTERNAL.code;
}

export async function apiGet<T>(
  path: string,
  options: { query?: Query; signal?: AbortSignal | undefined } = {},
): Promise<T> {
  const { data } = await request<T>(path, options);
  return data;
}

/** One page of a cursor-paginated list (`?bookmark=&page_size=`). */
export async function apiGetPage<T>(
  path: string,
  options: {
    bookmark?: string | undefined;
    pageSize?: number;
    query?: Query;
    signal?: AbortSignal | undefined;
  } = {},
): Promise<Page<T>> {
  const { data, bookmark } = await request<T[]>(path, {
    query: { ...options.query, bookmark: options.bookmark, page_size: options.pageSize },
    signal: options.signal,
  });
  return { data, bookmark: bookmark || undefined };
}

/**
 * One page of a paged answer whose `data` is not a bare list (a search answer carries its results
 * with the scope and 'Did you mean'): the data and the next page's bookmark.
 */
export async function apiGetPaged<T>(
  path: string,
  options: {
    bookmark?: string | undefined;
    pageSize?: number;
    query?: Query;
    signal?: AbortSignal | undefined;
  } = {},
): Promise<{ data: T; bookmark: string | undefined }> {
  const { data, bookmark } = await request<T>(path, {
    query: { ...options.query, bookmark: options.bookmark, page_size: options.pageSize },
    signal: options.signal,
  });
  return { data, bookmark: bookmark || undefined };
}

/**
 * A resource read (`GET /resource/<Name>/get/?options=<JSON>`) with the envelope's next-page
 * bookmark: resources page through `options.bookmark`, not the query string.
 */
export async function apiResourceGet<T>(
  name: string,
  options: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<{ data: T; bookmark: string | undefined }> {
  const { data, bookmark } = await request<T>(`/resource/${name}/get/`, {
    query: { options: JSON.stringify(options) },
    signal,
  });
  return { data, bookmark: bookmark || undefined };
}

/** State-changing request; carries the CSRF header. */
export async function apiSend<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  options: { keepalive?: boolean } = {},
): Promise<T> {
  const { data } = await request<T>(path, { method, body, ...options });
  return data;
}

/** A multipart upload (one `file` part), with the CSRF header, e.g. /v3/media/uploads/. */
export async function apiUpload<T>(path: string, file: Blob): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  const { data } = await request<T>(path, { method: 'POST', body: form });
  return data;
}
