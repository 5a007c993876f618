// An HTTP(S) client for URLs that users hand us (image_url, FindPinImagesResource, the
// bookmarklet's page). Such a URL can point anywhere, including at our own network, the machine
// itself or a cloud metadata service, so every hop is vetted (SSRF):
//
// - only http and https, no credentials in the URL, no port a browser refuses;
// - the host name is resolved here, every address of the answer is checked (ip-ranges.ts), and
//   the socket connects to those vetted addresses only (a pinned `lookup`), so a second DNS
//   answer (rebinding) cannot swap in another address; Host and TLS SNI still carry the name;
// - redirects are followed by hand, each hop vetted the same way, at most `maxRedirects`;
// - one deadline for the whole exchange, a byte cap on the decoded body (streamed, the socket is
//   dropped as soon as the cap is passed), an allow-list of content types;
// - nothing of ours is sent: no cookies, no credentials, no referrer.
//
// Tests and local development reach loopback servers through `allowHosts` (names or IP
// literals as written in the URL) or `allowPrivateNetworks`; cloud metadata stays refused even
// then. The resolver is injectable so tests can give "public" names without real DNS.
import { lookup as dnsLookup } from 'node:dns/promises';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import type { IncomingMessage, RequestOptions } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { MAX_IMAGE_BYTES } from '@corkboard/media/pipeline';
import { classifyAddress, type AddressCategory } from './ip-ranges.ts';

/** Decision: one deadline for DNS, connect, every redirect and the body. */
export const SAFE_FETCH_DEFAULT_TIMEOUT_MS = 10_000;
/** Decision: browsers allow 20; real pages and CDNs need 1–3, so 5 leaves room without loops. */
export const SAFE_FETCH_DEFAULT_MAX_REDIRECTS = 5;
/** The image intake limit (packages/media MAX_IMAGE_BYTES, 32 MiB). */
export const SAFE_FETCH_IMAGE_MAX_BYTES = MAX_IMAGE_BYTES;
/**
 * Decision: 2 MiB of HTML. The metadata and images we look for sit in the head and the first
 * screens of a page; the median page's HTML is ~30 KB and very few exceed 1 MB.
 */
export const SAFE_FETCH_HTML_MAX_BYTES = 2 * 1024 * 1024;
/** When a call names no cap it gets the small one; images ask for SAFE_FETCH_IMAGE_MAX_BYTES. */
export const SAFE_FETCH_DEFAULT_MAX_BYTES = SAFE_FETCH_HTML_MAX_BYTES;
export const SAFE_FETCH_USER_AGENT = 'Corkboard-Fetcher/1.0';

/**
 * Image responses: any image type, plus the generic binary types many object stores serve
 * images with. Safe because the image pipeline decodes and checks the bytes itself.
 */
export const IMAGE_CONTENT_TYPES: readonly string[] = [
  'image/*',
  'application/octet-stream',
  'binary/octet-stream',
];
export const HTML_CONTENT_TYPES: readonly string[] = ['text/html', 'application/xhtml+xml'];

/**
 * Ports browsers refuse to fetch from (the Fetch standard's "bad port" list, plus 0): mail,
 * shell, file-sharing and chat services, where an HTTP request is a cross-protocol attack.
 */
export const BLOCKED_PORTS: ReadonlySet<number> = new Set([
  0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102,
  103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465,
  512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993,
  995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668,
  6669, 6679, 6697, 10080,
]);

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Resolves a host name to every address it has. */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), all addresses. */
export const systemResolver: Resolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, order: 'verbatim' });
  return answers.map((answer) => ({
    address: answer.address,
    family: answer.family === 6 ? 6 : 4,
  }));
};

/** Configuration of a fetcher; set once from server configuration. */
export interface SafeFetchPolicy {
  /**
   * Hosts exempt from the address check, as written in URLs: names (`localhost`,
   * `images.internal`) or IP literals (`127.0.0.1`, `[::1]`), each with the port it opens
   * (decision 097): `images.internal` = the scheme's default port only, `127.0.0.1:8080` = that
   * port, `127.0.0.1:*` = any port. Matching is on the URL's host and port, not on what the host
   * resolves to: allowing `127.0.0.1` does not allow `localhost`.
   */
  readonly allowHosts?: readonly string[];
  /** Skip the address check for every host (local development only). Metadata stays blocked. */
  readonly allowPrivateNetworks?: boolean;
  readonly resolver?: Resolver;
  readonly userAgent?: string;
}

export type SafeFetchLimitMode = 'error' | 'truncate';

/** One fetch. */
export interface SafeFetchOptions {
  /** Cap on the decoded body. Default SAFE_FETCH_DEFAULT_MAX_BYTES. */
  readonly maxBytes?: number;
  /**
   * Past `maxBytes`: `error` (default) fails with `too_large`; `truncate` stops reading and
   * returns the first `maxBytes` bytes with `truncated: true` (for reading an image header or
   * the start of a page).
   */
  readonly onLimit?: SafeFetchLimitMode;
  readonly timeoutMs?: number;
  readonly maxRedirects?: number;
  /**
   * Content types the final response may have: exact (`text/html`) or `type/*`. A response
   * without one counts as `application/octet-stream` (RFC 9110 §8.3). Absent: any type.
   */
  readonly allowedContentTypes?: readonly string[];
  /** The only request headers a caller may add. */
  readonly headers?: Readonly<{ accept?: string; 'accept-language'?: string; range?: string }>;
  readonly signal?: AbortSignal;
  /**
   * Sends a POST with this form (application/x-www-form-urlencoded) instead of a GET: an OAuth
   * token request to an identity provider an operator registered. Redirects are not followed
   * (a redirected POST is an error), since re-sending a form to another host is never wanted.
   */
  readonly form?: URLSearchParams;
}

export interface SafeFetchResponse {
  /** The final URL, after redirects. */
  readonly url: string;
  readonly status: number;
  /** Lower-cased names; repeated headers joined with ', '; Set-Cookie dropped. */
  readonly headers: Readonly<Record<string, string>>;
  /** The media type without parameters, lower-cased; null when the response had none. */
  readonly contentType: string | null;
  readonly charset: string | null;
  /** Decoded (Content-Encoding undone). */
  readonly body: Buffer;
  readonly truncated: boolean;
  /** Every URL that answered with a redirect, in order. */
  readonly redirects: readonly string[];
  /** The IP address the final response came from. */
  readonly remoteAddress: string;
}

export type SafeFetchErrorReason =
  | 'invalid_url'
  | 'blocked_scheme'
  | 'blocked_port'
  | 'blocked_address'
  | 'dns_failure'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'too_large'
  | 'too_many_redirects'
  | 'bad_content_type'
  | 'http_status';

export interface SafeFetchErrorDetails {
  readonly url: string;
  readonly status?: number;
  readonly address?: string;
  readonly category?: AddressCategory;
  readonly contentType?: string | null;
  readonly maxBytes?: number;
  readonly cause?: unknown;
}

export class SafeFetchError extends Error {
  readonly reason: SafeFetchErrorReason;
  /** The URL of the hop that failed. */
  readonly url: string;
  readonly status: number | undefined;
  readonly address: string | undefined;
  readonly category: AddressCategory | undefined;
  readonly contentType: string | null | undefined;
  readonly maxBytes: number | undefined;

  constructor(reason: SafeFetchErrorReason, message: string, details: SafeFetchErrorDetails) {
    super(message, { cause: details.cause });
    this.name = 'SafeFetchError';
    this.reason = reason;
    this.url = details.url;
    this.status = details.status;
    this.address = details.address;
    this.category = details.category;
    this.contentType = details.contentType;
    this.maxBytes = details.maxBytes;
  }
}

export type SafeFetcher = (url: string, options?: SafeFetchOptions) => Promise<SafeFetchResponse>;

interface VettedTarget {
  readonly url: URL;
  /** Host name without IPv6 brackets. */
  readonly hostname: string;
  readonly port: number;
  readonly addresses: readonly ResolvedAddress[];
}

interface Deadline {
  readonly signal: AbortSignal;
  readonly timedOut: () => boolean;
}

function normalizeHost(host: string): string {
  const unbracketed = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return unbracketed.toLowerCase().replace(/\.$/, '');
}

/** Port part of an allowance: a number, every port, or the URL scheme's default port. */
export type AllowedPort = number | 'any' | 'default';

export interface HostAllowance {
  readonly host: string;
  readonly port: AllowedPort;
}

/**
 * `host`, `host:port`, `host:*`, `[v6]`, `[v6]:port`, `[v6]:*` → an allowance. A bare IPv6
 * literal (`::1`) is a host with no port. Returns null for an entry that is not one of these.
 */
export function parseHostAllowance(entry: string): HostAllowance | null {
  const text = entry.trim().toLowerCase();
  const bracketed = /^\[([0-9a-f:.]+)\](?::(\*|\d{1,5}))?$/.exec(text);
  const plain = /^([^:[\]\s/]+)(?::(\*|\d{1,5}))?$/.exec(text);
  let host: string;
  let portText: string | undefined;
  if (bracketed) {
    [, host = '', portText] = bracketed;
  } else if (isIP(text) === 6) {
    host = text;
  } else if (plain) {
    [, host = '', portText] = plain;
  } else {
    return null;
  }
  if (host === '') return null;
  if (portText === undefined) return { host: normalizeHost(host), port: 'default' };
  if (portText === '*') return { host: normalizeHost(host), port: 'any' };
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) return null;
  return { host: normalizeHost(host), port };
}

function defaultPort(protocol: string): number {
  return protocol === 'https:' ? 443 : 80;
}

function parseUrl(raw: string | URL, base?: URL): URL {
  const text = String(raw);
  let url: URL;
  try {
    url = base ? new URL(text, base) : new URL(text);
  } catch (cause) {
    throw new SafeFetchError('invalid_url', 'not an absolute URL', { url: text, cause });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('blocked_scheme', `scheme ${url.protocol} is not allowed`, {
      url: url.href,
    });
  }
  if (url.username !== '' || url.password !== '') {
    throw new SafeFetchError('invalid_url', 'credentials in URLs are not sent', { url: url.href });
  }
  return url;
}

/** Rejects when `signal` aborts, so a slow DNS answer cannot outlive the deadline. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function contentTypeAllowed(contentType: string, allowed: readonly string[] | undefined): boolean {
  if (!allowed) return true;
  return allowed.some((pattern) => {
    const lower = pattern.toLowerCase();
    if (lower === '*/*') return true;
    if (lower.endsWith('/*')) return contentType.startsWith(lower.slice(0, -1));
    return contentType === lower;
  });
}

function parseContentType(header: string | undefined): {
  type: string | null;
  charset: string | null;
} {
  if (!header) return { type: null, charset: null };
  const [type = '', ...params] = header.split(';');
  let charset: string | null = null;
  for (const param of params) {
    const [name = '', value = ''] = param.split('=');
    if (name.trim().toLowerCase() === 'charset') {
      charset = value.trim().replace(/^"|"$/g, '').toLowerCase() || null;
    }
  }
  return { type: type.trim().toLowerCase() || null, charset };
}

function flattenHeaders(res: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined || name === 'set-cookie') continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function decoderFor(encoding: string | undefined, url: string): Transform | null {
  const value = (encoding ?? '').trim().toLowerCase();
  if (value === '' || value === 'identity') return null;
  if (value === 'gzip' || value === 'x-gzip') return createGunzip();
  if (value === 'deflate') return createInflate();
  if (value === 'br') return createBrotliDecompress();
  throw new SafeFetchError('bad_content_type', `unsupported content encoding ${value}`, { url });
}

/** A lookup that answers only with the vetted addresses: no second DNS query, no rebinding. */
function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    const family =
      options.family === 4 || options.family === 'IPv4'
        ? 4
        : options.family === 6 || options.family === 'IPv6'
          ? 6
          : null;
    const usable = family ? addresses.filter((a) => a.family === family) : addresses;
    const first = usable[0];
    if (!first) {
      const error: NodeJS.ErrnoException = new Error(`no vetted address for ${hostname}`);
      error.code = 'ENOTFOUND';
      callback(error, '', 0);
      return;
    }
    if (options.all) {
      callback(
        null,
        usable.map((a) => ({ address: a.address, family: a.family })),
      );
    } else {
      callback(null, first.address, first.family);
    }
  };
}

/** Creates a fetcher with a fixed policy (see the file comment). */
export function createSafeFetcher(policy: SafeFetchPolicy = {}): SafeFetcher {
  const allowances = (policy.allowHosts ?? []).map((entry) => {
    const allowance = parseHostAllowance(entry);
    // A typo here would silently open or close a door: refuse to build the fetcher instead.
    if (allowance === null) throw new Error(`not a host allowance: ${JSON.stringify(entry)}`);
    return allowance;
  });

  function hostAllowed(url: URL, hostname: string, port: number): boolean {
    return allowances.some(
      (allowance) =>
        allowance.host === hostname &&
        (allowance.port === 'any' ||
          (allowance.port === 'default'
            ? port === defaultPort(url.protocol)
            : allowance.port === port)),
    );
  }
  const resolver = policy.resolver ?? systemResolver;
  const userAgent = policy.userAgent ?? SAFE_FETCH_USER_AGENT;

  /** Throws unless `address` may be connected to for a URL naming `hostname`. */
  function checkAddress(target: URL, hostname: string, port: number, address: string): void {
    const url = target.href;
    const category = classifyAddress(address);
    if (category === 'public') return;
    // Metadata endpoints hand out cloud credentials: never reachable, whatever the allowances.
    const allowed =
      category !== 'metadata' &&
      (hostAllowed(target, hostname, port) || policy.allowPrivateNetworks === true);
    if (!allowed) {
      throw new SafeFetchError('blocked_address', `${address} (${category}) is not allowed`, {
        url,
        address,
        category,
      });
    }
  }

  async function vet(url: URL, deadline: Deadline): Promise<VettedTarget> {
    const hostname = normalizeHost(url.hostname);
    const port = url.port === '' ? defaultPort(url.protocol) : Number(url.port);
    if (BLOCKED_PORTS.has(port)) {
      throw new SafeFetchError('blocked_port', `port ${port} is not allowed`, { url: url.href });
    }
    let addresses: readonly ResolvedAddress[];
    const literal = isIP(hostname);
    if (literal !== 0) {
      addresses = [{ address: hostname, family: literal === 6 ? 6 : 4 }];
    } else {
      try {
        addresses = await raceAbort(resolver(hostname), deadline.signal);
      } catch (cause) {
        if (deadline.signal.aborted) throw cause;
        throw new SafeFetchError('dns_failure', `could not resolve ${hostname}`, {
          url: url.href,
          cause,
        });
      }
      if (addresses.length === 0) {
        throw new SafeFetchError('dns_failure', `no address for ${hostname}`, { url: url.href });
      }
    }
    // Every address, not just the first: the socket may fall back to any of them.
    for (const { address } of addresses) checkAddress(url, hostname, port, address);
    return { url, hostname, port, addresses };
  }

  function send(
    target: VettedTarget,
    options: SafeFetchOptions,
    deadline: Deadline,
  ): Promise<IncomingMessage> {
    const { url } = target;
    const secure = url.protocol === 'https:';
    const accept = options.headers?.accept ?? (options.allowedContentTypes ?? ['*/*']).join(', ');
    const headers: Record<string, string> = {
      'user-agent': userAgent,
      accept,
      'accept-encoding': 'gzip, deflate, br',
      connection: 'close',
    };
    if (options.headers?.['accept-language']) {
      headers['accept-language'] = options.headers['accept-language'];
    }
    if (options.headers?.range) headers['range'] = options.headers.range;
    const form = options.form ? Buffer.from(options.form.toString()) : undefined;
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['content-length'] = String(form.length);
    }
    const requestOptions: RequestOptions & { servername?: string } = {
      protocol: url.protocol,
      hostname: target.hostname,
      port: target.port,
      path: `${url.pathname}${url.search}`,
      method: form ? 'POST' : 'GET',
      headers,
      // A fresh agent per hop: no pooled socket from another host or policy is reused, and no
      // environment proxy (NODE_USE_ENV_PROXY) applies to it.
      agent: secure ? new HttpsAgent({ keepAlive: false }) : new HttpAgent({ keepAlive: false }),
      lookup: pinnedLookup(target.addresses),
      signal: deadline.signal,
    };
    if (secure && isIP(target.hostname) === 0) requestOptions.servername = target.hostname;
    return new Promise<IncomingMessage>((resolve, reject) => {
      const req = (secure ? httpsRequest : httpRequest)(requestOptions, resolve);
      req.on('error', reject);
      req.end(form);
    });
  }

  async function readBody(
    res: IncomingMessage,
    url: string,
    maxBytes: number,
    mode: SafeFetchLimitMode,
  ): Promise<{ body: Buffer; truncated: boolean }> {
    const decoder = decoderFor(res.headers['content-encoding'], url);
    if (decoder) res.on('error', (error) => decoder.destroy(error));
    const source: AsyncIterable<Buffer> = decoder ? res.pipe(decoder) : res;
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    try {
      for await (const chunk of source) {
        if (size + chunk.length > maxBytes) {
          if (mode === 'error') {
            throw new SafeFetchError('too_large', `response exceeds ${maxBytes} bytes`, {
              url,
              maxBytes,
            });
          }
          chunks.push(chunk.subarray(0, maxBytes - size));
          size = maxBytes;
          truncated = true;
          break;
        }
        chunks.push(chunk);
        size += chunk.length;
      }
    } finally {
      // Stops the download at once when we leave early (limit reached or failure).
      decoder?.destroy();
      res.destroy();
    }
    return { body: Buffer.concat(chunks, size), truncated };
  }

  async function run(
    input: string,
    options: SafeFetchOptions,
    deadline: Deadline,
  ): Promise<SafeFetchResponse> {
    const maxBytes = options.maxBytes ?? SAFE_FETCH_DEFAULT_MAX_BYTES;
    const maxRedirects = options.maxRedirects ?? SAFE_FETCH_DEFAULT_MAX_REDIRECTS;
    const mode = options.onLimit ?? 'error';
    const redirects: string[] = [];
    let url = parseUrl(input);
    for (;;) {
      const target = await vet(url, deadline);
      let res: IncomingMessage;
      try {
        res = await send(target, options, deadline);
      } catch (cause) {
        if (deadline.signal.aborted) throw cause;
        throw new SafeFetchError('network', `request to ${url.host} failed`, {
          url: url.href,
          cause,
        });
      }
      const remoteAddress = res.socket.remoteAddress ?? '';
      const status = res.statusCode ?? 0;
      try {
        // Belt and braces: the pinned lookup means this is a vetted address; check anyway.
        checkAddress(url, target.hostname, target.port, remoteAddress);
        const location = res.headers.location;
        if (REDIRECT_STATUSES.has(status) && location && options.form) {
          throw new SafeFetchError('http_status', `a POST answered with HTTP ${status}`, {
            url: url.href,
            status,
          });
        }
        if (REDIRECT_STATUSES.has(status) && location) {
          if (redirects.length >= maxRedirects) {
            throw new SafeFetchError('too_many_redirects', `more than ${maxRedirects} redirects`, {
              url: url.href,
              status,
            });
          }
          const next = parseUrl(location, url);
          redirects.push(url.href);
          res.destroy();
          url = next;
          continue;
        }
        if (status < 200 || status > 299) {
          throw new SafeFetchError('http_status', `HTTP ${status}`, { url: url.href, status });
        }
        const { type, charset } = parseContentType(res.headers['content-type']);
        if (!contentTypeAllowed(type ?? 'application/octet-stream', options.allowedContentTypes)) {
          throw new SafeFetchError('bad_content_type', `content type ${type ?? 'none'}`, {
            url: url.href,
            status,
            contentType: type,
          });
        }
        const declared = Number(res.headers['content-length']);
        if (mode === 'error' && Number.isFinite(declared) && declared > maxBytes) {
          throw new SafeFetchError('too_large', `response declares ${declared} bytes`, {
            url: url.href,
            maxBytes,
          });
        }
        const { body, truncated } = await readBody(res, url.href, maxBytes, mode);
        return {
          url: url.href,
          status,
          headers: flattenHeaders(res),
          contentType: type,
          charset,
          body,
          truncated,
          redirects,
          remoteAddress,
        };
      } catch (error) {
        res.destroy();
        if (error instanceof SafeFetchError || deadline.signal.aborted) throw error;
        throw new SafeFetchError('network', `reading ${url.host} failed`, {
          url: url.href,
          cause: error,
        });
      }
    }
  }

  return async function safeFetch(input, options = {}) {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? SAFE_FETCH_DEFAULT_TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    const deadline: Deadline = { signal, timedOut: () => timeout.aborted };
    try {
      return await run(input, options, deadline);
    } catch (error) {
      if (error instanceof SafeFetchError) throw error;
      if (deadline.timedOut()) {
        throw new SafeFetchError('timeout', 'the fetch took too long', {
          url: input,
          cause: error,
        });
      }
      if (signal.aborted) {
        throw new SafeFetchError('aborted', 'the fetch was aborted', { url: input, cause: error });
      }
      throw new SafeFetchError('network', 'the fetch failed', { url: input, cause: error });
    }
  };
}
