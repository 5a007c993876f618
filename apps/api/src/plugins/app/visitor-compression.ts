// Visitor answers of the public pages compressed (issue 13 "Speed", docs/decisions/204). The
// first answers a page asks for (the home feed's first page, a board's or a closeup's pins) are
// ~40 kB of JSON; on a phone's connection they took as long as the app's whole script. Brotli or
// gzip, as the browser accepts, takes them to ~8 kB.
//
// Only visitor answers (no viewer) of `visitorCache` routes: they hold what any visitor may see
// and no secret, so the size of a compressed answer can reveal nothing (BREACH needs a secret and
// attacker-chosen text in one compressed body). They carry a content-hash ETag
// (public-caching.ts), so each distinct page is compressed once and its bytes are reused.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Not in the spec. Smaller answers gain less than the compression's own cost (ADR 204). */
export const COMPRESS_MIN_BYTES = 1024;
/** Not in the spec. Brotli quality: ~1 ms for a 40 kB page, within ~10 % of the best size. */
export const BROTLI_QUALITY = 5;
/** Not in the spec. gzip level for browsers without brotli. */
export const GZIP_LEVEL = 6;
/** Not in the spec. Compressed pages kept by ETag (~8 kB each): at most ~2 MB. */
export const COMPRESSED_PAGES_MAX_ENTRIES = 256;

export type ContentEncoding = 'br' | 'gzip';

/**
 * The encoding to answer in for an Accept-Encoding header: brotli, else gzip, each only when
 * accepted with a q-value above zero (RFC 9110 §12.5.3); `*` accepts both.
 */
export function negotiateEncoding(header: string | undefined): ContentEncoding | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') q = Number(value);
    }
    accepted.set(name, Number.isFinite(q) ? q : 0);
  }
  const quality = (name: ContentEncoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return undefined;
}

function compress(body: Buffer, encoding: ContentEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: GZIP_LEVEL });
}

function appendVary(current: unknown, field: string): string {
  const existing = typeof current === 'string' ? current : '';
  return existing ? `${existing}, ${field}` : field;
}

/**
 * The compressed bytes of visitor pages, one per page (ETag) and encoding, oldest forgotten
 * first. Shared by the onSend hook below and by a hit written on arrival (public-caching.ts,
 * ADR 202), so both send the same bytes and each page is compressed once.
 */
export interface VisitorCompressor {
  /**
   * How `body`, the 200 of a visitor page with `etag`, goes out to a browser that sent
   * `acceptEncoding`: the encoding and its bytes, or undefined to send it as it is.
   */
  encode(
    body: Buffer,
    etag: string | undefined,
    acceptEncoding: string | undefined,
  ): { encoding: ContentEncoding; bytes: Buffer } | undefined;
}

export function createVisitorCompressor(): VisitorCompressor {
  const compressed = new Map<string, Buffer>();
  const remember = (key: string, bytes: Buffer) => {
    if (compressed.size >= COMPRESSED_PAGES_MAX_ENTRIES) {
      // Oldest first (a Map keeps insertion order).
      const oldest = compressed.keys().next().value;
      if (oldest !== undefined) compressed.delete(oldest);
    }
    compressed.set(key, bytes);
  };
  return {
    encode(body, etag, acceptEncoding) {
      if (body.length < COMPRESS_MIN_BYTES) return undefined;
      const encoding = negotiateEncoding(acceptEncoding);
      if (encoding === undefined) return undefined;
      const key = etag === undefined ? undefined : `${encoding}:${etag}`;
      let bytes = key === undefined ? undefined : compressed.get(key);
      if (bytes === undefined) {
        bytes = compress(body, encoding);
        if (key !== undefined) remember(key, bytes);
      }
      return { encoding, bytes };
    },
  };
}

/** The Vary of every answer of a visitor-cached address: public-caching's, then the encoding. */
export const VISITOR_VARY = 'Cookie, Accept-Encoding';

/** One ETag for every encoding of the same page, so it is weak (RFC 9110 §8.8.3). */
export function weakEtag(etag: string): string {
  return etag.startsWith('W/') ? etag : `W/${etag}`;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Compressed visitor pages (ADR 204), also used by a hit written on arrival (ADR 202). */
    visitorCompressor: VisitorCompressor;
  }
}

export function registerVisitorCompression(app: FastifyInstance): void {
  const compressor = createVisitorCompressor();
  app.decorate('visitorCompressor', compressor);

  // After public-caching.ts's hook (registered later, runs later): the ETag is set and a 304
  // already has no body. A callback hook: nothing waits (docs/decisions/196).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.routeOptions.config.visitorCache === undefined || request.method !== 'GET') {
      done(null, payload);
      return;
    }
    // Every answer of these addresses varies by encoding, the signed-in ones too.
    void reply.header('vary', appendVary(reply.getHeader('vary'), 'Accept-Encoding'));
    if (
      request.viewer !== null ||
      reply.statusCode !== 200 ||
      reply.hasHeader('content-encoding')
    ) {
      done(null, payload);
      return;
    }
    const body =
      typeof payload === 'string'
        ? Buffer.from(payload)
        : Buffer.isBuffer(payload)
          ? payload
          : null;
    const etag = reply.getHeader('etag');
    const encoded =
      body === null
        ? undefined
        : compressor.encode(
            body,
            typeof etag === 'string' ? etag : undefined,
            request.headers['accept-encoding'],
          );
    if (encoded === undefined) {
      done(null, payload);
      return;
    }
    // If-None-Match compares weakly (public-caching.ts), so a 304 still answers it.
    if (typeof etag === 'string') void reply.header('etag', weakEtag(etag));
    void reply.header('content-encoding', encoded.encoding);
    void reply.removeHeader('content-length');
    done(null, encoded.bytes);
  });
}
