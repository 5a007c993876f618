// A payment processor with Stripe's API shape: form-encoded bodies with bracketed keys, Bearer
// secret keys, `Idempotency-Key` replay, customers, card PaymentMethods (test card numbers),
// SetupIntents, PaymentIntents (on and off session, declines, 3-D Secure with a test
// authentication page), charges, refunds, events, and webhooks signed with `Stripe-Signature`.
import { createHash, createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import qs from 'qs';
import { assertNotProduction } from './guard.ts';
import { html, renderPage } from './html.ts';
import {
  hasMediaType,
  isLoopbackUrl,
  listenLoopback,
  PeerHttpError,
  readBody,
  readForm,
  redirect,
  randomToken,
  requestUrl,
  sendHtml,
  sendJson,
  Router,
  type PeerRequest,
} from './http.ts';
import { cardFor, luhnValid, TEST_PAYMENT_METHODS, type CardDecline } from './stripe-cards.ts';
import {
  allowOnly,
  bool,
  formatMoney,
  hash,
  int,
  invalid,
  list,
  MAXIMUM_AMOUNT,
  metadata,
  MINIMUM_CHARGE,
  missing,
  noSuch,
  objectId,
  oneOf,
  paginate,
  str,
  StripeError,
  SUPPORTED_CURRENCIES,
  type Params,
} from './stripe-params.ts';

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

export interface StripeEvent {
  readonly id: string;
  readonly object: 'event';
  readonly api_version: string;
  readonly created: number;
  readonly data: {
    readonly object: Record<string, unknown>;
    readonly previous_attributes?: Record<string, unknown>;
  };
  readonly livemode: false;
  pending_webhooks: number;
  readonly request: { readonly id: string | null; readonly idempotency_key: string | null };
  readonly type: string;
}

export interface WebhookDelivery {
  readonly eventId: string;
  readonly type: string;
  readonly url: string;
  readonly responseStatus: number | null;
  readonly error?: string;
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
/** How far a `Stripe-Signature` timestamp may be from now for `verifyStripeSignature` (Stripe's default). */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/** `Stripe-Signature: t=…,v1=…` for a payload, as Stripe signs webhook deliveries. */
export function stripeSignatureHeader(
  secret: string,
  payload: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** Checks a `Stripe-Signature` header the way Stripe's libraries do (any v1 matching, fresh timestamp). */
export function verifyStripeSignature(
  secret: string,
  payload: string,
  header: string,
  toleranceSeconds = STRIPE_SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  const parts = header.split(',').map((part) => part.split('=') as [string, string]);
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds)
    return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return parts.some(([key, value]) => key === 'v1' && value === expected);
}

type StripeObject = Record<string, unknown> & { id: string; object: string; created: number };

interface CardSecret {
  readonly number: string;
  /** Set once a SetupIntent completed authentication: off-session charges then succeed. */
  setUpForOffSession: boolean;
}

interface Handled {
  readonly status?: number;
  readonly body: unknown;
}

interface Call {
  readonly params: Params;
  readonly path: Readonly<Record<string, string>>;
  readonly url: URL;
  readonly requestId: string;
  readonly idempotencyKey: string | null;
}

type KeyKind = 'secret' | 'publishable';

const now = () => Math.floor(Date.now() / 1000);

export async function startStripePeer(options: StripePeerOptions): Promise<StripePeer> {
  assertNotProduction(options.env ?? process.env);
  const secretKeys = new Set(options.secretKeys);
  const publishableKeys = new Set(options.publishableKeys ?? []);
  const defaultVersion = options.apiVersion ?? STRIPE_DEFAULT_API_VERSION;
  const objects = new Map<string, StripeObject>();
  const order: string[] = [];
  const cards = new Map<string, CardSecret>();
  const events: StripeEvent[] = [];
  const deliveries: WebhookDelivery[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const endpoints: StripeObject[] = [];
  let deliveryChain: Promise<void> = Promise.resolve();
  const router = new Router<(call: Call) => Handled>();
  const server = await listenLoopback((req, res) => dispatch(req, res), options.port);

  for (const endpoint of options.webhookEndpoints ?? []) {
    if (!isLoopbackUrl(endpoint.url))
      throw new Error(`webhook endpoint ${endpoint.url} is not on this machine`);
    endpoints.push(
      webhookEndpointObject(endpoint.url, endpoint.secret, endpoint.enabledEvents ?? ['*'], {}),
    );
  }

  function store<T extends StripeObject>(object: T): T {
    if (!objects.has(object.id)) order.push(object.id);
    objects.set(object.id, object);
    return object;
  }

  function find(kind: string, prefix: string, id: string, param = 'id'): StripeObject {
    const object = id.startsWith(prefix) ? objects.get(id) : undefined;
    if (!object || object.object !== kind || object.deleted === true)
      throw noSuch(kindLabel(kind), id, param);
    return object;
  }

  /** How Stripe names each kind in "No such …" messages. */
  function kindLabel(kind: string): string {
    const labels: Record<string, string> = {
      payment_method: 'PaymentMethod',
      setup_intent: 'setupintent',
    };
    return labels[kind] ?? kind;
  }

  function newest(
    kind: string,
    filter: (object: StripeObject) => boolean = () => true,
  ): StripeObject[] {
    return order
      .map((id) => objects.get(id))
      .filter(
        (object): object is StripeObject =>
          object?.object === kind && object.deleted !== true && filter(object),
      )
      .reverse();
  }

  // ---- events and webhooks ----------------------------------------------------------------

  function emit(type: string, object: StripeObject, call: Call | null): void {
    const event: StripeEvent = {
      id: objectId('evt'),
      object: 'event',
      api_version: defaultVersion,
      created: now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 0,
      request: { id: call?.requestId ?? null, idempotency_key: call?.idempotencyKey ?? null },
      type,
    };
    events.push(event);
    const targets = endpoints.filter((endpoint) => {
      const enabled = endpoint.enabled_events as string[];
      return endpoint.status === 'enabled' && (enabled.includes('*') || enabled.includes(type));
    });
    event.pending_webhooks = targets.length;
    for (const endpoint of targets) {
      deliveryChain = deliveryChain.then(() => deliver(event, endpoint));
    }
  }

  async function deliver(event: StripeEvent, endpoint: StripeObject): Promise<void> {
    const url = String(endpoint.url);
    const payload = JSON.stringify(event, null, 2);
    try {
      const response = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': stripeSignatureHeader(String(endpoint.secret), payload),
          'user-agent': 'Stripe/1.0 (development peer)',
        },
        body: payload,
      });
      await response.arrayBuffer();
      deliveries.push({
        eventId: event.id,
        type: event.type,
        url,
        responseStatus: response.status,
      });
      if (response.status >= 200 && response.status < 300) event.pending_webhooks -= 1;
    } catch (error) {
      deliveries.push({
        eventId: event.id,
        type: event.type,
        url,
        responseStatus: null,
        error: String(error),
      });
    }
  }

  function webhookEndpointObject(
    url: string,
    secret: string,
    enabledEvents: readonly string[],
    meta: Record<string, string>,
  ): StripeObject {
    return {
      id: objectId('we'),
      object: 'webhook_endpoint',
      api_version: null,
      application: null,
      created: now(),
      description: null,
      enabled_events: [...enabledEvents],
      livemode: false,
      metadata: meta,
      secret,
      status: 'enabled',
      url,
    };
  }

  // ---- expansion ---------------------------------------------------------------------------

  function expand(object: unknown, paths: readonly string[]): unknown {
    if (!paths.length || typeof object !== 'object' || object === null) return object;
    const copy = structuredClone(object) as Record<string, unknown>;
    for (const path of paths) {
      const [head = '', ...rest] = path.split('.');
      if (head === 'data' && Array.isArray(copy.data)) {
        copy.data = copy.data.map((item) => expand(item, [rest.join('.')]));
        continue;
      }
      const value = copy[head];
      if (typeof value === 'string' && objects.has(value)) {
        copy[head] = expand(objects.get(value), rest.length ? [rest.join('.')] : []);
      } else if (value !== null && typeof value === 'object' && rest.length) {
        copy[head] = expand(value, [rest.join('.')]);
      } else if (value === undefined || (value !== null && typeof value !== 'string')) {
        throw invalid(`This property cannot be expanded (${head}).`, { param: 'expand' });
      }
    }
    return copy;
  }

  // ---- customers ---------------------------------------------------------------------------

  const CUSTOMER_PARAMS = [
    'email',
    'name',
    'description',
    'phone',
    'metadata',
    'payment_method',
    'invoice_settings',
    'preferred_locales',
    'expand',
  ];

  function applyCustomer(customer: StripeObject, params: Params): void {
    for (const field of ['email', 'name', 'description', 'phone'] as const) {
      if (field in params)
        customer[field] = str(params, field, { max: field === 'email' ? 512 : 350 }) ?? null;
    }
    if (typeof customer.email === 'string' && !/^[^\s@]+@[^\s@]+$/.test(customer.email)) {
      throw invalid(`Invalid email address: ${customer.email}`, {
        code: 'email_invalid',
        param: 'email',
      });
    }
    customer.metadata = metadata(params, customer.metadata as Record<string, string>);
    const settings = hash(params, 'invoice_settings');
    if (settings) {
      allowOnly(settings, ['default_payment_method']);
      const pmId = str(settings, 'default_payment_method');
      if (pmId) {
        const pm = find('payment_method', 'pm_', pmId, 'invoice_settings[default_payment_method]');
        if (pm.customer !== customer.id) {
          throw invalid(
            `No such PaymentMethod: '${pmId}'; It's possible this PaymentMethod exists on one of your connected accounts, in which case you should retry this request on that connected account.`,
            { code: 'resource_missing', param: 'invoice_settings[default_payment_method]' },
          );
        }
      }
      customer.invoice_settings = {
        ...(customer.invoice_settings as object),
        default_payment_method: pmId ?? null,
      };
    }
  }

  router.on(
    'POST',
    '/v1/customers',
    ({ params, requestId, idempotencyKey, url }: Call): Handled => {
      allowOnly(params, CUSTOMER_PARAMS);
      const customer: StripeObject = {
        id: objectId('cus', 14),
        object: 'customer',
        address: null,
        balance: 0,
        created: now(),
        currency: null,
        default_source: null,
        delinquent: false,
        description: null,
        email: null,
        invoice_prefix: randomToken(8, 'ABCDEF0123456789'),
        invoice_settings: {
          custom_fields: null,
          default_payment_method: null,
          footer: null,
          rendering_options: null,
        },
        livemode: false,
        metadata: {},
        name: null,
        phone: null,
        preferred_locales: list(params, 'preferred_locales') ?? [],
        shipping: null,
        tax_exempt: 'none',
        test_clock: null,
      };
      const pmId = str(params, 'payment_method');
      const { payment_method: _pm, invoice_settings: settings, ...rest } = params;
      applyCustomer(customer, rest);
      if (pmId) attach(resolvePaymentMethod(pmId, 'payment_method'), customer, null);
      // The default payment method may name the one just attached.
      if (settings !== undefined) applyCustomer(customer, { invoice_settings: settings });
      store(customer);
      emit('customer.created', customer, { params, path: {}, url, requestId, idempotencyKey });
      return { body: customer };
    },
  );

  router.on('GET', '/v1/customers/:id', ({ path }: Call): Handled => ({
    body: find('customer', 'cus_', path.id ?? ''),
  }));

  router.on('POST', '/v1/customers/:id', (call: Call): Handled => {
    allowOnly(
      call.params,
      CUSTOMER_PARAMS.filter((p) => p !== 'payment_method'),
    );
    const customer = find('customer', 'cus_', call.path.id ?? '');
    applyCustomer(customer, call.params);
    emit('customer.updated', customer, call);
    return { body: customer };
  });

  router.on('DELETE', '/v1/customers/:id', (call: Call): Handled => {
    const customer = find('customer', 'cus_', call.path.id ?? '');
    customer.deleted = true;
    emit('customer.deleted', customer, call);
    return { body: { id: customer.id, object: 'customer', deleted: true } };
  });

  router.on('GET', '/v1/customers', ({ params, url }: Call): Handled => {
    allowOnly(params, ['email', 'limit', 'starting_after', 'ending_before', 'expand']);
    const email = str(params, 'email');
    return {
      body: paginate(
        newest('customer', (c) => !email || c.email === email),
        params,
        url.pathname,
      ),
    };
  });

  // ---- payment methods ---------------------------------------------------------------------

  function cardError(decline: CardDecline, extra: Record<string, unknown> = {}): StripeError {
    return new StripeError(402, {
      type: 'card_error',
      code: decline.code,
      decline_code: decline.decline_code,
      message: decline.message,
      ...extra,
    });
  }

  function createCardPaymentMethod(
    number: string,
    expMonth: number,
    expYear: number,
    cvc: string | undefined,
    billing: Params | undefined,
    meta: Record<string, string>,
  ): StripeObject {
    const card = cardFor(number);
    const pm = store<StripeObject>({
      id: objectId('pm'),
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: {
        address: {
          city: null,
          country: null,
          line1: null,
          line2: null,
          postal_code: null,
          state: null,
        },
        email: billing ? (str(billing, 'email') ?? null) : null,
        name: billing ? (str(billing, 'name') ?? null) : null,
        phone: billing ? (str(billing, 'phone') ?? null) : null,
      },
      card: {
        brand: card.brand,
        checks: {
          address_line1_check: null,
          address_postal_code_check: null,
          cvc_check: cvc ? 'unchecked' : null,
        },
        country: card.country,
        display_brand: card.brand,
        exp_month: expMonth,
        exp_year: expYear,
        fingerprint: createHash('sha256').update(number).digest('base64url').slice(0, 16),
        funding: card.funding,
        generated_from: null,
        last4: number.slice(-4),
        networks: { available: [card.brand], preferred: null },
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: now(),
      customer: null,
      livemode: false,
      metadata: meta,
      type: 'card',
    });
    cards.set(pm.id, { number, setUpForOffSession: false });
    return pm;
  }

  /** A PaymentMethod id, or one of Stripe's test ids (`pm_card_visa`, …) made into a new one. */
  function resolvePaymentMethod(id: string, param: string): StripeObject {
    const testNumber = TEST_PAYMENT_METHODS[id];
    if (testNumber) {
      const nextYear = new Date().getUTCFullYear() + 1;
      return createCardPaymentMethod(testNumber, 12, nextYear, undefined, undefined, {});
    }
    return find('payment_method', 'pm_', id, param);
  }

  function attach(pm: StripeObject, customer: StripeObject, call: Call | null): void {
    if (pm.customer && pm.customer !== customer.id) {
      throw invalid('The payment method you provided has already been attached to a customer.', {
        code: 'payment_method_unexpected_state',
        param: 'payment_method',
      });
    }
    const card = cardFor(cards.get(pm.id)?.number ?? '');
    // Attaching runs a card check: cards that decline outright fail here.
    if (card.decline && !card.chargeOnly) throw cardError(card.decline);
    if (pm.customer === customer.id) return;
    pm.customer = customer.id;
    emit('payment_method.attached', pm, call);
  }

  router.on('POST', '/v1/payment_methods', ({ params }: Call): Handled => {
    allowOnly(params, ['type', 'card', 'billing_details', 'metadata', 'expand']);
    const type = str(params, 'type', { required: true });
    if (type !== 'card') {
      throw invalid(`Invalid type: ${String(type)}; this development peer supports card only`, {
        param: 'type',
      });
    }
    const card = hash(params, 'card');
    if (!card) throw missing('card');
    allowOnly(card, ['number', 'exp_month', 'exp_year', 'cvc']);
    const number = (str(card, 'number') ?? '').replace(/\s+/g, '');
    if (!number) throw missing('card[number]');
    if (!luhnValid(number)) {
      throw new StripeError(402, {
        type: 'card_error',
        code: 'incorrect_number',
        message: 'Your card number is incorrect.',
        param: 'number',
      });
    }
    const expMonth = int(card, 'exp_month', { required: true }) ?? 0;
    let expYear = int(card, 'exp_year', { required: true }) ?? 0;
    if (expYear < 100) expYear += 2000;
    if (expMonth < 1 || expMonth > 12) {
      throw new StripeError(402, {
        type: 'card_error',
        code: 'invalid_expiry_month',
        message: "Your card's expiration month is invalid.",
        param: 'exp_month',
      });
    }
    const today = new Date();
    if (
      expYear < today.getUTCFullYear() ||
      (expYear === today.getUTCFullYear() && expMonth < today.getUTCMonth() + 1) ||
      expYear > today.getUTCFullYear() + 50
    ) {
      throw new StripeError(402, {
        type: 'card_error',
        code: 'invalid_expiry_year',
        message: "Your card's expiration year is invalid.",
        param: 'exp_year',
      });
    }
    const cvc = str(card, 'cvc');
    if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) {
      throw new StripeError(402, {
        type: 'card_error',
        code: 'invalid_cvc',
        message: "Your card's security code is invalid.",
        param: 'cvc',
      });
    }
    const billing = hash(params, 'billing_details');
    if (billing) allowOnly(billing, ['name', 'email', 'phone', 'address']);
    return {
      body: createCardPaymentMethod(number, expMonth, expYear, cvc, billing, metadata(params)),
    };
  });

  router.on('GET', '/v1/payment_methods/:id', ({ path }: Call): Handled => ({
    body: find('payment_method', 'pm_', path.id ?? ''),
  }));

  router.on('POST', '/v1/payment_methods/:id/attach', (call: Call): Handled => {
    allowOnly(call.params, ['customer', 'expand']);
    const customerId = str(call.params, 'customer', { required: true }) ?? '';
    const pm = find('payment_method', 'pm_', call.path.id ?? '');
    attach(pm, find('customer', 'cus_', customerId, 'customer'), call);
    return { body: pm };
  });

  router.on('POST', '/v1/payment_methods/:id/detach', (call: Call): Handled => {
    allowOnly(call.params, ['expand']);
    const pm = find('payment_method', 'pm_', call.path.id ?? '');
    if (!pm.customer) {
      throw invalid(
        `The payment method you provided is not attached to a customer so detachment is impossible.`,
        {
          code: 'payment_method_unexpected_state',
        },
      );
    }
    pm.customer = null;
    emit('payment_method.detached', pm, call);
    return { body: pm };
  });

  const listPaymentMethods = (customerId: string, params: Params, url: URL): Handled => {
    find('customer', 'cus_', customerId, 'customer');
    const type = str(params, 'type');
    if (type && type !== 'card')
      return { body: { object: 'list', data: [], has_more: false, url: url.pathname } };
    return {
      body: paginate(
        newest('payment_method', (pm) => pm.customer === customerId),
        params,
        url.pathname,
      ),
    };
  };
  router.on('GET', '/v1/payment_methods', ({ params, url }: Call): Handled => {
    allowOnly(params, ['customer', 'type', 'limit', 'starting_after', 'ending_before', 'expand']);
    return listPaymentMethods(str(params, 'customer', { required: true }) ?? '', params, url);
  });
  router.on('GET', '/v1/customers/:id/payment_methods', ({ params, path, url }: Call): Handled => {
    allowOnly(params, ['type', 'limit', 'starting_after', 'ending_before', 'expand']);
    return listPaymentMethods(path.id ?? '', params, url);
  });

  // ---- charges -----------------------------------------------------------------------------

  function charge(
    intent: StripeObject,
    pm: StripeObject,
    decline: CardDecline | undefined,
    call: Call | null,
  ): StripeObject {
    const amount = Number(intent.amount);
    const charged = store<StripeObject>({
      id: objectId('ch'),
      object: 'charge',
      amount,
      amount_captured: decline ? 0 : amount,
      amount_refunded: 0,
      balance_transaction: decline ? null : objectId('txn'),
      billing_details: pm.billing_details,
      captured: !decline,
      created: now(),
      currency: intent.currency,
      customer: intent.customer,
      description: intent.description,
      failure_code: decline?.code ?? null,
      failure_message: decline?.message ?? null,
      livemode: false,
      metadata: intent.metadata,
      outcome: decline
        ? {
            network_status: 'declined_by_network',
            reason: decline.decline_code,
            risk_level: 'normal',
            seller_message: 'The bank did not return any further details with this decline.',
            type: 'issuer_declined',
          }
        : {
            network_status: 'approved_by_network',
            reason: null,
            risk_level: 'normal',
            seller_message: 'Payment complete.',
            type: 'authorized',
          },
      paid: !decline,
      payment_intent: intent.id,
      payment_method: pm.id,
      payment_method_details: { card: { ...(pm.card as object) }, type: 'card' },
      receipt_email: intent.receipt_email,
      refunded: false,
      status: decline ? 'failed' : 'succeeded',
    });
    emit(decline ? 'charge.failed' : 'charge.succeeded', charged, call);
    return charged;
  }

  router.on('GET', '/v1/charges/:id', ({ path, params }: Call): Handled => ({
    body: expand(find('charge', 'ch_', path.id ?? ''), list(params, 'expand') ?? []),
  }));
  router.on('GET', '/v1/charges', ({ params, url }: Call): Handled => {
    allowOnly(params, [
      'customer',
      'payment_intent',
      'limit',
      'starting_after',
      'ending_before',
      'expand',
    ]);
    const customer = str(params, 'customer');
    const intent = str(params, 'payment_intent');
    return {
      body: paginate(
        newest(
          'charge',
          (c) => (!customer || c.customer === customer) && (!intent || c.payment_intent === intent),
        ),
        params,
        url.pathname,
      ),
    };
  });

  // ---- payment intents ---------------------------------------------------------------------

  const PI_PARAMS = [
    'amount',
    'currency',
    'customer',
    'payment_method',
    'payment_method_types',
    'automatic_payment_methods',
    'confirm',
    'off_session',
    'description',
    'metadata',
    'receipt_email',
    'setup_future_usage',
    'capture_method',
    'return_url',
    'statement_descriptor',
    'statement_descriptor_suffix',
    'expand',
    'confirmation_method',
    'error_on_requires_action',
  ];

  function checkAmount(amount: number, currency: string): void {
    if (amount < 1)
      throw invalid('This value must be greater than or equal to 1.', {
        code: 'parameter_invalid_integer',
        param: 'amount',
      });
    const minimum = MINIMUM_CHARGE[currency] ?? 50;
    if (amount < minimum) {
      throw invalid(`Amount must be at least ${formatMoney(minimum, currency)} ${currency}`, {
        code: 'amount_too_small',
        param: 'amount',
      });
    }
    if (amount > MAXIMUM_AMOUNT) {
      throw invalid(
        `Amount must be no more than ${formatMoney(MAXIMUM_AMOUNT, currency)} ${currency}`,
        { code: 'amount_too_large', param: 'amount' },
      );
    }
  }

  function unexpectedState(
    intent: StripeObject,
    action: string,
    allowed: readonly string[],
  ): StripeError {
    return invalid(
      `You cannot ${action} this ${intent.object === 'setup_intent' ? 'SetupIntent' : 'PaymentIntent'} because it has a status of ${String(intent.status)}. Only a ${intent.object === 'setup_intent' ? 'SetupIntent' : 'PaymentIntent'} with one of the following statuses may be ${action === 'cancel' ? 'canceled' : 'confirmed'}: ${allowed.join(', ')}.`,
      { code: `${String(intent.object)}_unexpected_state`, [String(intent.object)]: intent },
    );
  }

  /**
   * Confirms a PaymentIntent: charges the card, or asks for 3-D Secure on session, or declines.
   * A decline answers 402 with the error (carrying the intent), the intent itself keeps
   * `requires_payment_method` and `last_payment_error`.
   */
  function confirmPaymentIntent(
    intent: StripeObject,
    offSession: boolean,
    returnUrl: string | undefined,
    call: Call,
  ): Handled {
    const pmId = intent.payment_method;
    if (typeof pmId !== 'string') {
      throw invalid(
        "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
        { code: 'payment_intent_unexpected_state', payment_intent: intent },
      );
    }
    const pm = find('payment_method', 'pm_', pmId, 'payment_method');
    if (offSession && intent.customer && pm.customer !== intent.customer) {
      throw invalid(
        'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
        { param: 'payment_method' },
      );
    }
    const secret = cards.get(pm.id);
    const card = cardFor(secret?.number ?? '');
    intent.last_payment_error = null;
    intent.next_action = null;
    if (card.requiresAuthentication && !(offSession && secret?.setUpForOffSession)) {
      if (offSession) {
        return decline(
          intent,
          pm,
          {
            code: 'authentication_required',
            decline_code: 'authentication_required',
            message: 'Your card was declined. This transaction requires authentication.',
          },
          call,
        );
      }
      intent.status = 'requires_action';
      intent.next_action = authenticationAction(intent, returnUrl);
      emit('payment_intent.requires_action', intent, call);
      return { body: intent };
    }
    return settleCharge(intent, pm, card.decline, call);
  }

  function settleCharge(
    intent: StripeObject,
    pm: StripeObject,
    declined: CardDecline | undefined,
    call: Call | null,
  ): Handled {
    if (declined) return decline(intent, pm, declined, call);
    const charged = charge(intent, pm, undefined, call);
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = charged.id;
    const customerId = intent.customer;
    if (intent.setup_future_usage && typeof customerId === 'string' && !pm.customer) {
      pm.customer = customerId;
      emit('payment_method.attached', pm, call);
    }
    emit('payment_intent.succeeded', intent, call);
    return { body: intent };
  }

  function decline(
    intent: StripeObject,
    pm: StripeObject,
    declined: CardDecline,
    call: Call | null,
  ): Handled {
    const failed = charge(intent, pm, declined, call);
    intent.status = 'requires_payment_method';
    intent.latest_charge = failed.id;
    intent.last_payment_error = {
      charge: failed.id,
      code: declined.code,
      decline_code: declined.decline_code,
      message: declined.message,
      payment_method: structuredClone(pm),
      type: 'card_error',
    };
    emit('payment_intent.payment_failed', intent, call);
    throw cardError(declined, {
      charge: failed.id,
      payment_intent: structuredClone(intent),
      payment_method: structuredClone(pm),
    });
  }

  function authenticationAction(
    intent: StripeObject,
    returnUrl: string | undefined,
  ): Record<string, unknown> {
    const page = `${server.url}/__peer/3ds/${intent.id}`;
    if (returnUrl) {
      return { type: 'redirect_to_url', redirect_to_url: { return_url: returnUrl, url: page } };
    }
    return {
      type: 'use_stripe_sdk',
      use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: page, source: null },
    };
  }

  function paymentIntentFrom(params: Params, call: Call): StripeObject {
    const amount = int(params, 'amount', { required: true }) ?? 0;
    const currency = (str(params, 'currency', { required: true }) ?? '').toLowerCase();
    if (!SUPPORTED_CURRENCIES.has(currency))
      throw invalid(`Invalid currency: ${currency}.`, { param: 'currency' });
    checkAmount(amount, currency);
    const customerId = str(params, 'customer');
    if (customerId) find('customer', 'cus_', customerId, 'customer');
    const pmId = str(params, 'payment_method');
    const pm = pmId ? resolvePaymentMethod(pmId, 'payment_method') : undefined;
    const types = list(params, 'payment_method_types') ?? ['card'];
    if (types.some((type) => type !== 'card')) {
      throw invalid(
        `The payment method type provided: ${types.join(', ')} is invalid. This development peer supports card only.`,
        { param: 'payment_method_types' },
      );
    }
    const capture =
      oneOf(params, 'capture_method', ['automatic', 'automatic_async'] as const) ??
      'automatic_async';
    const id = objectId('pi');
    const intent = store<StripeObject>({
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_details: { tip: {} },
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: hash(params, 'automatic_payment_methods')
        ? { allow_redirects: 'always', enabled: true }
        : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: capture,
      client_secret: `${id}_secret_${randomToken(25)}`,
      confirmation_method: 'automatic',
      created: now(),
      currency,
      customer: customerId ?? null,
      description: str(params, 'description') ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: metadata(params),
      next_action: null,
      on_behalf_of: null,
      payment_method: pm?.id ?? null,
      payment_method_configuration_details: null,
      payment_method_options: {
        card: {
          installments: null,
          mandate_options: null,
          network: null,
          request_three_d_secure: 'automatic',
        },
      },
      payment_method_types: types,
      processing: null,
      receipt_email: str(params, 'receipt_email') ?? null,
      review: null,
      setup_future_usage:
        oneOf(params, 'setup_future_usage', ['on_session', 'off_session'] as const) ?? null,
      shipping: null,
      source: null,
      statement_descriptor: str(params, 'statement_descriptor', { max: 22 }) ?? null,
      statement_descriptor_suffix: str(params, 'statement_descriptor_suffix', { max: 22 }) ?? null,
      status: pm ? 'requires_confirmation' : 'requires_payment_method',
      transfer_data: null,
      transfer_group: null,
    });
    emit('payment_intent.created', intent, call);
    return intent;
  }

  router.on('POST', '/v1/payment_intents', (call: Call): Handled => {
    const { params } = call;
    allowOnly(params, PI_PARAMS);
    const confirm = bool(params, 'confirm') ?? false;
    const offSession = bool(params, 'off_session') ?? false;
    if (offSession && !confirm) {
      throw invalid('You can only set `off_session` when `confirm` is set to true.', {
        param: 'off_session',
      });
    }
    const intent = paymentIntentFrom(params, call);
    if (!confirm) return { body: expand(intent, list(params, 'expand') ?? []) };
    const handled = confirmPaymentIntent(intent, offSession, str(params, 'return_url'), call);
    return { body: expand(handled.body, list(params, 'expand') ?? []) };
  });

  router.on('GET', '/v1/payment_intents/:id', ({ path, params }: Call): Handled => ({
    body: expand(find('payment_intent', 'pi_', path.id ?? ''), list(params, 'expand') ?? []),
  }));

  router.on('GET', '/v1/payment_intents', ({ params, url }: Call): Handled => {
    allowOnly(params, ['customer', 'limit', 'starting_after', 'ending_before', 'expand']);
    const customer = str(params, 'customer');
    return {
      body: paginate(
        newest('payment_intent', (pi) => !customer || pi.customer === customer),
        params,
        url.pathname,
      ),
    };
  });

  router.on('POST', '/v1/payment_intents/:id', (call: Call): Handled => {
    allowOnly(call.params, [
      'amount',
      'currency',
      'customer',
      'payment_method',
      'description',
      'metadata',
      'receipt_email',
      'setup_future_usage',
      'expand',
    ]);
    const intent = find('payment_intent', 'pi_', call.path.id ?? '');
    const updatable = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
    if (!updatable.includes(String(intent.status))) {
      throw invalid(
        `This PaymentIntent's properties could not be updated because it has a status of ${String(intent.status)}.`,
        {
          code: 'payment_intent_unexpected_state',
        },
      );
    }
    const amount = int(call.params, 'amount');
    const currency = str(call.params, 'currency')?.toLowerCase();
    if (currency !== undefined && !SUPPORTED_CURRENCIES.has(currency))
      throw invalid(`Invalid currency: ${currency}.`, { param: 'currency' });
    if (amount !== undefined || currency !== undefined)
      checkAmount(amount ?? Number(intent.amount), currency ?? String(intent.currency));
    if (amount !== undefined) intent.amount = amount;
    if (currency !== undefined) intent.currency = currency;
    const customerId = str(call.params, 'customer');
    if (customerId) intent.customer = find('customer', 'cus_', customerId, 'customer').id;
    const pmId = str(call.params, 'payment_method');
    if (pmId) {
      intent.payment_method = resolvePaymentMethod(pmId, 'payment_method').id;
      intent.status = 'requires_confirmation';
    }
    for (const field of ['description', 'receipt_email'] as const)
      if (field in call.params) intent[field] = str(call.params, field) ?? null;
    if ('setup_future_usage' in call.params)
      intent.setup_future_usage =
        oneOf(call.params, 'setup_future_usage', ['on_session', 'off_session'] as const) ?? null;
    intent.metadata = metadata(call.params, intent.metadata as Record<string, string>);
    return { body: expand(intent, list(call.params, 'expand') ?? []) };
  });

  router.on('POST', '/v1/payment_intents/:id/confirm', (call: Call): Handled => {
    allowOnly(call.params, [
      'payment_method',
      'off_session',
      'return_url',
      'setup_future_usage',
      'receipt_email',
      'expand',
      'error_on_requires_action',
    ]);
    const intent = find('payment_intent', 'pi_', call.path.id ?? '');
    const confirmable = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
    if (!confirmable.includes(String(intent.status))) {
      if (intent.status === 'succeeded') {
        throw invalid(
          'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
          {
            code: 'payment_intent_unexpected_state',
            payment_intent: intent,
          },
        );
      }
      throw unexpectedState(intent, 'confirm', confirmable);
    }
    const pmId = str(call.params, 'payment_method');
    if (pmId) intent.payment_method = resolvePaymentMethod(pmId, 'payment_method').id;
    if ('setup_future_usage' in call.params)
      intent.setup_future_usage =
        oneOf(call.params, 'setup_future_usage', ['on_session', 'off_session'] as const) ?? null;
    const handled = confirmPaymentIntent(
      intent,
      bool(call.params, 'off_session') ?? false,
      str(call.params, 'return_url'),
      call,
    );
    return { body: expand(handled.body, list(call.params, 'expand') ?? []) };
  });

  router.on('POST', '/v1/payment_intents/:id/cancel', (call: Call): Handled => {
    allowOnly(call.params, ['cancellation_reason', 'expand']);
    const intent = find('payment_intent', 'pi_', call.path.id ?? '');
    const cancelable = [
      'requires_payment_method',
      'requires_capture',
      'requires_confirmation',
      'requires_action',
      'processing',
    ];
    if (!cancelable.includes(String(intent.status)))
      throw unexpectedState(intent, 'cancel', cancelable);
    intent.status = 'canceled';
    intent.canceled_at = now();
    intent.cancellation_reason =
      oneOf(call.params, 'cancellation_reason', [
        'duplicate',
        'fraudulent',
        'requested_by_customer',
        'abandoned',
      ] as const) ?? null;
    intent.next_action = null;
    emit('payment_intent.canceled', intent, call);
    return { body: intent };
  });

  // ---- setup intents -----------------------------------------------------------------------

  function confirmSetupIntent(
    intent: StripeObject,
    returnUrl: string | undefined,
    call: Call,
  ): Handled {
    const pmId = intent.payment_method;
    if (typeof pmId !== 'string') {
      throw invalid("You cannot confirm this SetupIntent because it's missing a payment method.", {
        code: 'setup_intent_unexpected_state',
        setup_intent: intent,
      });
    }
    const pm = find('payment_method', 'pm_', pmId, 'payment_method');
    const card = cardFor(cards.get(pm.id)?.number ?? '');
    intent.last_setup_error = null;
    intent.next_action = null;
    if (card.decline && !card.chargeOnly) {
      intent.status = 'requires_payment_method';
      intent.last_setup_error = {
        code: card.decline.code,
        decline_code: card.decline.decline_code,
        message: card.decline.message,
        payment_method: structuredClone(pm),
        type: 'card_error',
      };
      emit('setup_intent.setup_failed', intent, call);
      throw cardError(card.decline, {
        setup_intent: structuredClone(intent),
        payment_method: structuredClone(pm),
      });
    }
    if (card.requiresAuthentication) {
      intent.status = 'requires_action';
      intent.next_action = authenticationAction(intent, returnUrl);
      emit('setup_intent.requires_action', intent, call);
      return { body: intent };
    }
    completeSetup(intent, pm, call);
    return { body: intent };
  }

  function completeSetup(intent: StripeObject, pm: StripeObject, call: Call | null): void {
    intent.status = 'succeeded';
    const secret = cards.get(pm.id);
    if (secret && intent.usage === 'off_session') secret.setUpForOffSession = true;
    const customerId = intent.customer;
    if (typeof customerId === 'string' && pm.customer !== customerId) {
      pm.customer = customerId;
      emit('payment_method.attached', pm, call);
    }
    emit('setup_intent.succeeded', intent, call);
  }

  router.on('POST', '/v1/setup_intents', (call: Call): Handled => {
    const { params } = call;
    allowOnly(params, [
      'customer',
      'payment_method',
      'payment_method_types',
      'automatic_payment_methods',
      'confirm',
      'usage',
      'description',
      'metadata',
      'return_url',
      'expand',
    ]);
    const customerId = str(params, 'customer');
    if (customerId) find('customer', 'cus_', customerId, 'customer');
    const pmId = str(params, 'payment_method');
    const pm = pmId ? resolvePaymentMethod(pmId, 'payment_method') : undefined;
    const id = objectId('seti');
    const intent = store<StripeObject>({
      id,
      object: 'setup_intent',
      application: null,
      automatic_payment_methods: null,
      cancellation_reason: null,
      client_secret: `${id}_secret_${randomToken(25)}`,
      created: now(),
      customer: customerId ?? null,
      description: str(params, 'description') ?? null,
      last_setup_error: null,
      latest_attempt: null,
      livemode: false,
      metadata: metadata(params),
      next_action: null,
      payment_method: pm?.id ?? null,
      payment_method_types: list(params, 'payment_method_types') ?? ['card'],
      status: pm ? 'requires_confirmation' : 'requires_payment_method',
      usage: oneOf(params, 'usage', ['on_session', 'off_session'] as const) ?? 'off_session',
    });
    emit('setup_intent.created', intent, call);
    if (!bool(params, 'confirm')) return { body: intent };
    return confirmSetupIntent(intent, str(params, 'return_url'), call);
  });

  router.on('GET', '/v1/setup_intents/:id', ({ path }: Call): Handled => ({
    body: find('setup_intent', 'seti_', path.id ?? ''),
  }));

  router.on('POST', '/v1/setup_intents/:id/confirm', (call: Call): Handled => {
    allowOnly(call.params, ['payment_method', 'return_url', 'expand']);
    const intent = find('setup_intent', 'seti_', call.path.id ?? '');
    const confirmable = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
    if (!confirmable.includes(String(intent.status)))
      throw unexpectedState(intent, 'confirm', confirmable);
    const pmId = str(call.params, 'payment_method');
    if (pmId) intent.payment_method = resolvePaymentMethod(pmId, 'payment_method').id;
    return confirmSetupIntent(intent, str(call.params, 'return_url'), call);
  });

  // ---- refunds -----------------------------------------------------------------------------

  router.on('POST', '/v1/refunds', (call: Call): Handled => {
    const { params } = call;
    allowOnly(params, ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand']);
    const intentId = str(params, 'payment_intent');
    const chargeId = str(params, 'charge');
    if (!intentId && !chargeId) {
      throw invalid(
        'One of the following params should be provided for this request: payment_intent or charge.',
        {
          code: 'parameter_missing',
        },
      );
    }
    let charged: StripeObject;
    if (intentId) {
      const intent = find('payment_intent', 'pi_', intentId, 'payment_intent');
      const latest =
        typeof intent.latest_charge === 'string' ? objects.get(intent.latest_charge) : undefined;
      if (intent.status !== 'succeeded' || !latest) {
        throw invalid('This PaymentIntent does not have a successful charge to refund.', {
          param: 'payment_intent',
        });
      }
      charged = latest;
    } else {
      charged = find('charge', 'ch_', chargeId ?? '', 'charge');
      if (charged.status !== 'succeeded')
        throw invalid(`Charge ${charged.id} has not been captured.`, { param: 'charge' });
    }
    const currency = String(charged.currency);
    const remaining = Number(charged.amount_captured) - Number(charged.amount_refunded);
    if (remaining <= 0) {
      throw invalid(`Charge ${charged.id} has already been refunded.`, {
        code: 'charge_already_refunded',
        charge: charged.id,
      });
    }
    const amount = int(params, 'amount') ?? remaining;
    if (amount < 1)
      throw invalid('This value must be greater than or equal to 1.', {
        code: 'parameter_invalid_integer',
        param: 'amount',
      });
    if (amount > remaining) {
      throw invalid(
        `Refund amount (${formatMoney(amount, currency)}) is greater than unrefunded amount on charge (${formatMoney(remaining, currency)})`,
        { code: 'amount_too_large', param: 'amount' },
      );
    }
    const refund = store<StripeObject>({
      id: objectId('re'),
      object: 'refund',
      amount,
      balance_transaction: objectId('txn'),
      charge: charged.id,
      created: now(),
      currency,
      destination_details: {
        card: {
          reference_status: 'pending',
          reference_type: 'acquirer_reference_number',
          type: 'refund',
        },
        type: 'card',
      },
      metadata: metadata(params),
      payment_intent: charged.payment_intent,
      reason:
        oneOf(params, 'reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ??
        null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    });
    charged.amount_refunded = Number(charged.amount_refunded) + amount;
    charged.refunded = charged.amount_refunded === charged.amount_captured;
    emit('refund.created', refund, call);
    emit('charge.refunded', charged, call);
    return { body: expand(refund, list(params, 'expand') ?? []) };
  });

  router.on('GET', '/v1/refunds/:id', ({ path }: Call): Handled => ({
    body: find('refund', 're_', path.id ?? ''),
  }));
  router.on('GET', '/v1/refunds', ({ params, url }: Call): Handled => {
    allowOnly(params, [
      'payment_intent',
      'charge',
      'limit',
      'starting_after',
      'ending_before',
      'expand',
    ]);
    const intent = str(params, 'payment_intent');
    const chargeId = str(params, 'charge');
    return {
      body: paginate(
        newest(
          'refund',
          (r) => (!intent || r.payment_intent === intent) && (!chargeId || r.charge === chargeId),
        ),
        params,
        url.pathname,
      ),
    };
  });

  // ---- events and webhook endpoints ----------------------------------------------------------

  router.on('GET', '/v1/events', ({ params, url }: Call): Handled => {
    allowOnly(params, ['type', 'limit', 'starting_after', 'ending_before']);
    const type = str(params, 'type');
    const matching = [...events]
      .reverse()
      .filter(
        (e) =>
          !type || e.type === type || (type.endsWith('.*') && e.type.startsWith(type.slice(0, -1))),
      );
    return { body: paginate(matching, params, url.pathname) };
  });
  router.on('GET', '/v1/events/:id', ({ path }: Call): Handled => {
    const event = events.find((e) => e.id === path.id);
    if (!event) throw noSuch('event', path.id ?? '');
    return { body: event };
  });

  router.on('POST', '/v1/webhook_endpoints', ({ params }: Call): Handled => {
    allowOnly(params, ['url', 'enabled_events', 'description', 'metadata', 'api_version']);
    const url = str(params, 'url', { required: true }) ?? '';
    if (!isLoopbackUrl(url)) {
      throw invalid(
        `Invalid URL: ${url}. This development peer only delivers to 127.0.0.1 or localhost.`,
        { param: 'url' },
      );
    }
    const enabled = list(params, 'enabled_events');
    if (!enabled?.length) throw missing('enabled_events');
    const endpoint = webhookEndpointObject(
      url,
      `whsec_${randomToken(32)}`,
      enabled,
      metadata(params),
    );
    endpoint.description = str(params, 'description') ?? null;
    endpoints.push(endpoint);
    return { body: endpoint };
  });
  router.on('GET', '/v1/webhook_endpoints', ({ params, url }: Call): Handled => {
    const hidden = [...endpoints]
      .reverse()
      .map(({ secret: _secret, ...rest }) => rest as StripeObject);
    return { body: paginate(hidden, params, url.pathname) };
  });
  router.on('DELETE', '/v1/webhook_endpoints/:id', ({ path }: Call): Handled => {
    const index = endpoints.findIndex((e) => e.id === path.id);
    if (index < 0) throw noSuch('webhook endpoint', path.id ?? '');
    endpoints.splice(index, 1);
    return { body: { id: path.id, object: 'webhook_endpoint', deleted: true } };
  });

  // ---- the test 3-D Secure page (Stripe shows a similar one in test mode) -------------------

  const pages = new Router();
  pages.on('GET', '/__peer/3ds/:id', ({ res, params }: PeerRequest) => {
    const intent = objects.get(params.id ?? '');
    if (!intent || intent.status !== 'requires_action') {
      return sendHtml(
        res,
        404,
        renderPage({
          title: 'Nothing to authenticate',
          banner: threeDsBanner,
          body: html`<h1>Nothing to authenticate</h1>
            <p>This payment does not need authentication (any more).</p>`,
        }),
      );
    }
    const amount =
      intent.object === 'payment_intent'
        ? formatMoney(Number(intent.amount), String(intent.currency))
        : 'future payments';
    sendHtml(
      res,
      200,
      renderPage({
        title: '3D Secure test authentication',
        banner: threeDsBanner,
        body: html`<h1>3D Secure test authentication</h1>
          <p>
            The bank asks you to confirm
            ${intent.object === 'payment_intent' ? html`a payment of <strong>${amount}</strong>` : html`that the card may be charged for ${amount}`}.
          </p>
          <form method="post" action="/__peer/3ds/${intent.id}">
            <div class="actions">
              <button type="submit" name="result" value="complete">Complete authentication</button>
              <button type="submit" name="result" value="fail" class="secondary">
                Fail authentication
              </button>
            </div>
          </form>`,
      }),
    );
  });
  pages.on('POST', '/__peer/3ds/:id', async ({ req, res, params }: PeerRequest) => {
    const form = await readForm(req);
    const intent = objects.get(params.id ?? '');
    if (!intent || intent.status !== 'requires_action') {
      return sendHtml(
        res,
        409,
        renderPage({
          title: 'Already handled',
          banner: threeDsBanner,
          body: html`<h1>Already handled</h1>
            <p>This authentication was completed or cancelled already.</p>`,
        }),
      );
    }
    const action = intent.next_action as { redirect_to_url?: { return_url: string } } | null;
    const returnUrl = action?.redirect_to_url?.return_url;
    const pm = find('payment_method', 'pm_', String(intent.payment_method));
    const passed = form.get('result') === 'complete';
    intent.next_action = null;
    const failure = {
      code:
        intent.object === 'payment_intent'
          ? 'payment_intent_authentication_failure'
          : 'setup_intent_authentication_failure',
      message: `The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this ${intent.object === 'payment_intent' ? 'PaymentIntent' : 'SetupIntent'} again.`,
      payment_method: structuredClone(pm),
      type: 'invalid_request_error',
    };
    if (intent.object === 'payment_intent') {
      if (passed) {
        try {
          settleCharge(intent, pm, cardFor(cards.get(pm.id)?.number ?? '').decline, null);
        } catch (error) {
          if (!(error instanceof StripeError)) throw error;
        }
      } else {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = failure;
        emit('payment_intent.payment_failed', intent, null);
      }
    } else if (passed) {
      completeSetup(intent, pm, null);
    } else {
      intent.status = 'requires_payment_method';
      intent.last_setup_error = failure;
      emit('setup_intent.setup_failed', intent, null);
    }
    if (returnUrl) {
      const back = new URL(returnUrl);
      const kind = intent.object === 'payment_intent' ? 'payment_intent' : 'setup_intent';
      back.searchParams.set(kind, intent.id);
      back.searchParams.set(`${kind}_client_secret`, String(intent.client_secret));
      back.searchParams.set(
        'redirect_status',
        intent.status === 'succeeded' ? 'succeeded' : 'failed',
      );
      return redirect(res, back.href, 303);
    }
    sendHtml(
      res,
      200,
      renderPage({
        title: 'Authentication finished',
        banner: threeDsBanner,
        body: html`<h1>Authentication ${passed ? 'completed' : 'failed'}</h1>
          <p>You can close this window.</p>`,
      }),
    );
  });
  const threeDsBanner = 'Development payment processor — not Stripe; no real card is charged';

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
    events: () => [...events],
    webhookDeliveries: () => [...deliveries],
    webhooksSettled: () => deliveryChain,
    stop: () => server.stop(),
  };
}
