// What the Stripe peer holds — objects, card numbers behind PaymentMethods, events, webhook
// endpoints — and the operations every resource module shares: store, find, list newest
// first, emit an event (and deliver it to the webhook endpoints), expand ids into objects.
import { isLoopbackUrl, type Router } from './http.ts';
import { stripeSignatureHeader } from './stripe-signature.ts';
import { invalid, noSuch, objectId, type Params } from './stripe-params.ts';

export type StripeObject = Record<string, unknown> & {
  id: string;
  object: string;
  created: number;
};

export interface CardSecret {
  readonly number: string;
  /** Set once a SetupIntent completed authentication: off-session charges then succeed. */
  setUpForOffSession: boolean;
}

/** What a resource handler answers (errors are thrown as StripeError). */
export interface Handled {
  readonly status?: number;
  readonly body: unknown;
}

/** One API request, as a handler sees it. */
export interface Call {
  readonly params: Params;
  readonly path: Readonly<Record<string, string>>;
  readonly url: URL;
  readonly requestId: string;
  readonly idempotencyKey: string | null;
}

export type StripeRouter = Router<(call: Call) => Handled>;

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

export const now = (): number => Math.floor(Date.now() / 1000);

export interface StripeLedger {
  /** The peer's own URL (for pages it links to, such as the 3-D Secure test page). */
  readonly baseUrl: string;
  readonly apiVersion: string;
  readonly objects: Map<string, StripeObject>;
  readonly cards: Map<string, CardSecret>;
  readonly events: StripeEvent[];
  readonly deliveries: WebhookDelivery[];
  readonly endpoints: StripeObject[];
  store<T extends StripeObject>(object: T): T;
  find(kind: string, prefix: string, id: string, param?: string): StripeObject;
  newest(kind: string, filter?: (object: StripeObject) => boolean): StripeObject[];
  emit(type: string, object: StripeObject, call: Call | null): void;
  expand(object: unknown, paths: readonly string[]): unknown;
  webhookEndpointObject(
    url: string,
    secret: string,
    enabledEvents: readonly string[],
    meta: Record<string, string>,
  ): StripeObject;
  /** Resolves when every queued webhook delivery has been attempted. */
  settled(): Promise<void>;
}

export interface LedgerOptions {
  readonly baseUrl: string;
  readonly apiVersion: string;
  readonly webhookEndpoints: readonly {
    url: string;
    secret: string;
    enabledEvents?: readonly string[];
  }[];
}

export function createLedger({
  baseUrl,
  apiVersion,
  webhookEndpoints,
}: LedgerOptions): StripeLedger {
  const defaultVersion = apiVersion;
  const objects = new Map<string, StripeObject>();
  const order: string[] = [];
  const cards = new Map<string, CardSecret>();
  const events: StripeEvent[] = [];
  const deliveries: WebhookDelivery[] = [];
  const endpoints: StripeObject[] = [];
  let deliveryChain: Promise<void> = Promise.resolve();

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

  for (const endpoint of webhookEndpoints) {
    if (!isLoopbackUrl(endpoint.url))
      throw new Error(`webhook endpoint ${endpoint.url} is not on this machine`);
    endpoints.push(
      webhookEndpointObject(endpoint.url, endpoint.secret, endpoint.enabledEvents ?? ['*'], {}),
    );
  }

  return {
    baseUrl,
    apiVersion,
    objects,
    cards,
    events,
    deliveries,
    endpoints,
    store,
    find,
    newest,
    emit,
    expand,
    webhookEndpointObject,
    settled: () => deliveryChain,
  };
}
