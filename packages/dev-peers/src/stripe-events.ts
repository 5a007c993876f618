// Events and webhook endpoints: `/v1/events` (list, filter by type, retrieve) and
// `/v1/webhook_endpoints` (register on this machine, list without secrets, delete).
import { isLoopbackUrl, randomToken } from './http.ts';
import type { Call, Handled, StripeLedger, StripeObject, StripeRouter } from './stripe-ledger.ts';
import {
  allowOnly,
  invalid,
  list,
  metadata,
  missing,
  noSuch,
  paginate,
  str,
} from './stripe-params.ts';

export function registerEventRoutes(router: StripeRouter, ledger: StripeLedger): void {
  router.on('GET', '/v1/events', ({ params, url }: Call): Handled => {
    allowOnly(params, ['type', 'limit', 'starting_after', 'ending_before']);
    const type = str(params, 'type');
    const matching = [...ledger.events]
      .reverse()
      .filter(
        (e) =>
          !type || e.type === type || (type.endsWith('.*') && e.type.startsWith(type.slice(0, -1))),
      );
    return { body: paginate(matching, params, url.pathname) };
  });
  router.on('GET', '/v1/events/:id', ({ path }: Call): Handled => {
    const event = ledger.events.find((e) => e.id === path.id);
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
    const endpoint = ledger.webhookEndpointObject(
      url,
      `whsec_${randomToken(32)}`,
      enabled,
      metadata(params),
    );
    endpoint.description = str(params, 'description') ?? null;
    ledger.endpoints.push(endpoint);
    return { body: endpoint };
  });
  router.on('GET', '/v1/webhook_endpoints', ({ params, url }: Call): Handled => {
    const hidden = [...ledger.endpoints]
      .reverse()
      .map(({ secret: _secret, ...rest }) => rest as StripeObject);
    return { body: paginate(hidden, params, url.pathname) };
  });
  router.on('DELETE', '/v1/webhook_endpoints/:id', ({ path }: Call): Handled => {
    const index = ledger.endpoints.findIndex((e) => e.id === path.id);
    if (index < 0) throw noSuch('webhook endpoint', path.id ?? '');
    ledger.endpoints.splice(index, 1);
    return { body: { id: path.id, object: 'webhook_endpoint', deleted: true } };
  });
}
