// Security headers on every answer (helmet), with a Content-Security-Policy written out in full
// rather than helmet's defaults so every allowance is deliberate.
//
// Helmet decides the headers; it is run once, at start, and its answer is replayed on every
// request (docs/decisions/196). @fastify/helmet ran helmet afresh per request — re-parsing the
// policy's directives, in two async hooks — which cost more than the cached home page itself.
// The options do not depend on the request, so the headers cannot differ.
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export interface SecurityHeaderOptions {
  /** HSTS and upgrade-insecure-requests only make sense when the site is served over https. */
  https: boolean;
  /** Origin of the S3 public URL when media is served from a bucket/CDN (e.g. https://cdn.x). */
  mediaOrigin: string | undefined;
  /**
   * CAPTCHA_PROVIDER=recaptcha: the page loads Google's reCAPTCHA Enterprise script, which
   * renders its checkbox in a frame. Only then are Google's origins allowed.
   */
  recaptcha?: boolean | undefined;
  /**
   * The Google Identity Services script URL when Google sign-in is configured: its directory is
   * allowed for the script, its one-tap frame, its calls and its stylesheet, as Google documents
   * for a CSP (docs/decisions/031).
   */
  googleSignIn?: string | undefined;
  /**
   * Facebook Login when configured (docs/decisions/135): the SDK's host for the script, the
   * dialog's host for the SDK's frames, the Graph host for its calls.
   */
  facebookLogin?: { sdkBaseUrl: string; dialogUrl: string; graphUrl: string } | undefined;
  /**
   * Stripe's API base when a publishable key is configured: the console's card form creates the
   * payment method there itself (docs/decisions/172), so its origin is allowed for calls only.
   */
  cardEntryApiUrl?: string | undefined;
}

/** The sources Google Identity Services needs: the directory of its client script. */
export function googleSignInSources(gsiClientUrl: string): string {
  return new URL('.', gsiClientUrl).href;
}

/** Google's documented sources for reCAPTCHA (script and challenge frame). */
export const RECAPTCHA_SCRIPT_SOURCES = [
  'https://www.google.com/recaptcha/',
  'https://www.gstatic.com/recaptcha/',
];
export const RECAPTCHA_FRAME_SOURCES = [
  'https://www.google.com/recaptcha/',
  'https://recaptcha.google.com/recaptcha/',
];

/** HSTS lifetime: one year, the usual preload-list minimum. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function contentSecurityPolicyDirectives(
  options: SecurityHeaderOptions,
): Record<string, string[]> {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // Gestalt and React set inline style attributes; scripts stay strictly same-origin.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(options.mediaOrigin ? [options.mediaOrigin] : [])],
    'connect-src': ["'self'"],
    'font-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
  if (options.recaptcha) {
    directives['script-src'] = ["'self'", ...RECAPTCHA_SCRIPT_SOURCES];
    directives['frame-src'] = RECAPTCHA_FRAME_SOURCES;
  }
  if (options.googleSignIn) {
    const gsi = googleSignInSources(options.googleSignIn);
    for (const name of ['script-src', 'style-src', 'connect-src']) {
      directives[name] = [...(directives[name] ?? []), gsi];
    }
    directives['frame-src'] = [...(directives['frame-src'] ?? []), gsi];
  }
  if (options.facebookLogin) {
    const { sdkBaseUrl, dialogUrl, graphUrl } = options.facebookLogin;
    const sdk = new URL(sdkBaseUrl).origin;
    directives['script-src'] = [...(directives['script-src'] ?? []), sdk];
    directives['frame-src'] = [...(directives['frame-src'] ?? []), new URL(dialogUrl).origin];
    directives['connect-src'] = [...(directives['connect-src'] ?? []), new URL(graphUrl).origin];
  }
  if (options.cardEntryApiUrl) {
    const api = new URL(options.cardEntryApiUrl).origin;
    directives['connect-src'] = [...(directives['connect-src'] ?? []), api];
  }
  if (options.https) directives['upgrade-insecure-requests'] = [];
  return directives;
}

export function helmetOptions(options: SecurityHeaderOptions) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicyDirectives(options),
    },
    hsts: options.https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    frameguard: { action: 'deny' as const },
    // Sign-in pop-ups (Google Identity Services, the SSO pop-up) answer their opener with
    // postMessage: 'same-origin' would cut the pop-up off from this page (docs/decisions/031).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const },
    // Outbound pin links tell the destination which site sent the visit, never the full path.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  };
}

/** A header as helmet sets it: its name as helmet spells it, and its value. */
export type SecurityHeader = readonly [name: string, value: string];

/**
 * What helmet sets for these options, in its order and spelling: its middleware is run once
 * against a recorder. A header helmet removes (X-Powered-By) is not in the list; nothing before
 * this hook sets one.
 */
export function securityHeaderList(options: SecurityHeaderOptions): readonly SecurityHeader[] {
  const headers = new Map<string, SecurityHeader>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), [
        name,
        Array.isArray(value) ? value.join(', ') : String(value),
      ]);
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  const middleware = helmet(helmetOptions(options)) as unknown as (
    request: object,
    response: typeof recorder,
    next: (error?: unknown) => void,
  ) => void;
  middleware({ headers: {} }, recorder, (error) => {
    if (error) throw error instanceof Error ? error : new Error('helmet failed', { cause: error });
  });
  return [...headers.values()];
}

/**
 * Sets the recorded headers on every answer, first thing on arrival, in Fastify's record of the
 * reply's headers (docs/decisions/208): every answer Fastify writes — a route's, an error's, a 404,
 * a file — writes that record in its one `writeHead`, and a visitor page hit written on arrival
 * (public-caching.ts) writes it too. Before ADR 208 they were set on the raw response
 * (`setHeader`, as @fastify/helmet did): Node then stored each one and, at `writeHead`, merged
 * the reply's headers into that store one by one (its "slow case") — about a tenth of a cached
 * page's CPU. Names are lower-cased, as Fastify stores every header; the answers Fastify never
 * writes (the router's own errors, Node's parser errors) get the same headers from
 * `securityHeaderValues` (framework-errors.ts).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): void {
  const headers = securityHeaderList(options).map(([name, value]): SecurityHeader => [
    name.toLowerCase(),
    value,
  ]);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
}

/**
 * The same headers as a fixed record (lower-case names), for answers written before any hook
 * runs: the router's own errors and Node's HTTP parser errors (framework-errors.ts).
 */
export function securityHeaderValues(options: SecurityHeaderOptions): Record<string, string> {
  return Object.fromEntries(
    securityHeaderList(options).map(([name, value]) => [name.toLowerCase(), value]),
  );
}
