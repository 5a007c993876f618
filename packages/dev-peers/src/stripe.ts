// A payment processor with Stripe's API shape: form-encoded bodies with bracketed keys, Bearer
// secret keys, `Idempotency-Key` replay, customers, card PaymentMethods (test card numbers),
// SetupIntents, PaymentIntents (on and off session, declines, 3-D Secure with a test
// authentication page), charges, refunds, events, and webhooks signed with `Stripe-Signature`.
// This module is the server: authentication, parameters, idempotency and routing; the
// resources live in stripe-customers, stripe-payments, stripe-refunds and stripe-events.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import qs from 'qs';
import { assertNotProduction } from './guard.ts';
import {
  hasMediaType,
  listenLoopback,
  PeerHttpError,
  randomToken,
  readBody,
  requestUrl,
  Router,
  sendJson,
} from './http.ts';
import { registerCustomerRoutes } from './stripe-customers.ts';
import { registerEventRoutes } from './stripe-events.ts';
import {
  createLedger,
  type Call,
  type StripeEvent,
  type StripeRouter,
  type WebhookDelivery,
} from './stripe-ledger.ts';
import { invalid, StripeError, type Params } from './stripe-params.ts';
import { registerPaymentRoutes } from './stripe-payments.ts';
import { registerRefundRoutes } from './stripe-refunds.ts';

export interface StripeWebhookEndpointConfig {
  /** Must be on this machine (127.0.0.1 or localhost). */
  readonly url: string;
  /** The endpoint's signing secret (`whsec_…`). */
  readonly secret: string;
  /** Event types to send; default all (`*`). */
  readonly enabledEvents?: readonly string[];
}

export interface StripePeerOptions {
  readonly secretKeys: readonly string[];
  /** Keys a browser may use to create PaymentMethods (as Stripe.js does). */
  readonly publishableKeys?: readonly string[];
  readonly webhookEndpoints?: readonly StripeWebhookEndpointConfig[];
  /** The API version reported when a request names none. */
  readonly apiVersion?: string;
  readonly port?: number;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface StripePeer {
  readonly url: string;
  events(): StripeEvent[];
  webhookDeliveries(): WebhookDelivery[];
  /** Resolves when every queued webhook has been attempted. */
  webhooksSettled(): Promise<void>;
  stop(): Promise<void>;
}

/** The API version the peer answers with when the client does not pin one. */
export const STRIPE_DEFAULT_API_VERSION = '2024-06-20';
type KeyKind = 'secret' | 'publishable';

/** What api.stripe.com answers browsers: any origin, no credentials, the headers Stripe.js sends. */
const CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE',
  'access-control-allow-headers': 'authorization, content-type, stripe-version, idempotency-key',
  'access-control-expose-headers': 'request-id, stripe-version',
};

export async function startStripePeer(options: StripePeerOptions): Promise<StripePeer> {
  assertNotProduction(options.env ?? process.env);
  const secretKeys = new Set(options.secretKeys);
  const publishableKeys = new Set(options.publishableKeys ?? []);
  const defaultVersion = options.apiVersion ?? STRIPE_DEFAULT_API_VERSION;
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const router: StripeRouter = new Router();
  const pages = new Router();
  const server = await listenLoopback((req, res) => dispatch(req, res), options.port);
  const ledger = createLedger({
    baseUrl: server.url,
    apiVersion: defaultVersion,
    webhookEndpoints: options.webhookEndpoints ?? [],
  });
  registerCustomerRoutes(router, ledger);
  registerPaymentRoutes(router, pages, ledger);
  registerRefundRoutes(router, ledger);
  registerEventRoutes(router, ledger);

  // ---- dispatch ------------------------------------------------------------------------------

  function stripeError(
    res: ServerResponse,
    error: StripeError,
    headers: Record<string, string>,
  ): void {
    sendJson(res, error.status, { error: error.body }, headers);
  }

  async function readParams(
    req: IncomingMessage,
    url: URL,
    method: string,
  ): Promise<{ params: Params; raw: string }> {
    if (method === 'GET' || method === 'DELETE') {
      return {
        params: qs.parse(url.search.slice(1), { depth: 5, arrayLimit: 100, parameterLimit: 1000 }),
        raw: url.search,
      };
    }
    const body = (await readBody(req)).toString('utf8');
    if (body && !hasMediaType(req, 'application/x-www-form-urlencoded')) {
      throw invalid('Invalid request: the body must be application/x-www-form-urlencoded.');
    }
    return {
      params: qs.parse(body, { depth: 5, arrayLimit: 100, parameterLimit: 1000 }),
      raw: body,
    };
  }

  function authenticate(req: IncomingMessage): { key: string; kind: KeyKind } {
    const header = req.headers.authorization ?? '';
    let key: string | undefined;
    const bearer = /^Bearer\s+(\S+)$/i.exec(header);
    if (bearer) key = bearer[1];
    const basicAuth = /^Basic\s+(\S+)$/i.exec(header);
    if (basicAuth?.[1]) key = Buffer.from(basicAuth[1], 'base64').toString('utf8').split(':')[0];
    if (!key) {
      throw new StripeError(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    if (secretKeys.has(key)) return { key, kind: 'secret' };
    if (publishableKeys.has(key)) return { key, kind: 'publishable' };
    throw new StripeError(401, {
      type: 'invalid_request_error',
      message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
    });
  }

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = requestUrl(req);
    const method = req.method ?? 'GET';
    // Browsers call the API themselves with a publishable key (Stripe.js creating a payment
    // method), so like api.stripe.com the peer answers CORS preflights for any origin; no
    // cookies are involved, and a publishable key can do nothing else (checked below).
    if (method === 'OPTIONS' && url.pathname.startsWith('/v1/')) {
      res.writeHead(204, { ...CORS_HEADERS, 'access-control-max-age': '300' });
      res.end();
      return;
    }
    const page = pages.match(method, url.pathname);
    if (page.kind === 'found') {
      await page.handler({ req, res, method, url, params: page.params });
      return;
    }
    const requestId = `req_${randomToken(14)}`;
    const version =
      typeof req.headers['stripe-version'] === 'string'
        ? req.headers['stripe-version']
        : defaultVersion;
    const idempotencyKey =
      typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    const headers: Record<string, string> = {
      ...CORS_HEADERS,
      'request-id': requestId,
      'stripe-version': version,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    };
    try {
      const { params, raw } = await readParams(req, url, method);
      const { key, kind } = authenticate(req);
      const match = router.match(method, url.pathname);
      if (match.kind !== 'found') {
        throw new StripeError(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${url.pathname}).`,
        });
      }
      if (
        kind === 'publishable' &&
        !(method === 'POST' && url.pathname === '/v1/payment_methods')
      ) {
        throw new StripeError(401, {
          type: 'invalid_request_error',
          message:
            'This API call cannot be made with a publishable API key. Please use a secret API key.',
        });
      }
      let replayKey: string | undefined;
      const fingerprint = createHash('sha256')
        .update(`${method} ${url.pathname} ${raw}`)
        .digest('hex');
      if (idempotencyKey && method === 'POST') {
        if (idempotencyKey.length > 255) {
          throw invalid('Idempotency-Key must be at most 255 characters long.');
        }
        replayKey = `${key} ${idempotencyKey}`;
        const saved = idempotent.get(replayKey);
        if (saved) {
          if (saved.fingerprint !== fingerprint) {
            throw new StripeError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            });
          }
          sendJson(res, saved.status, saved.body, { ...headers, 'idempotent-replayed': 'true' });
          return;
        }
      }
      const call: Call = { params, path: match.params, url, requestId, idempotencyKey };
      const handler = match.handler;
      let status: number;
      let body: unknown;
      try {
        const handled = handler(call);
        status = handled.status ?? 200;
        body = handled.body;
      } catch (error) {
        // Stripe saves the outcome of a request that started executing — a card decline is
        // replayed as the same 402 — but not a request refused while validating parameters.
        if (!(error instanceof StripeError) || error.status !== 402) throw error;
        status = error.status;
        body = { error: error.body };
      }
      if (replayKey)
        idempotent.set(replayKey, { fingerprint, status, body: structuredClone(body) });
      sendJson(res, status, body, headers);
    } catch (error) {
      if (error instanceof StripeError) return stripeError(res, error, headers);
      if (error instanceof PeerHttpError) {
        return stripeError(
          res,
          new StripeError(error.status, { type: 'invalid_request_error', message: error.message }),
          headers,
        );
      }
      throw error;
    }
  }

  return {
    url: server.url,
    events: () => [...ledger.events],
    webhookDeliveries: () => [...ledger.deliveries],
    webhooksSettled: () => ledger.settled(),
    stop: () => server.stop(),
  };
}
