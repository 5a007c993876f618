// Billing in the advertiser console (business.md §2.1 /billing/ …; issue 11; docs/decisions/
// 171–173). view_billing reads, manage_billing changes; the status answers quick promote.
//   GET  /v3/ads/advertisers/{id}/billing/                          → BillingOverview (view_billing)
//   GET  /v3/ads/advertisers/{id}/billing/status/                   → { has_billing } (view_billing or manage_campaigns)
//   PUT  /v3/ads/advertisers/{id}/billing/profile/ {profile}        → BillingOverview (manage_billing)
//   PUT  /v3/ads/advertisers/{id}/billing/payment_method/ {card | payment_method_id}
//                                                                   → BillingOverview (manage_billing)
//   GET  /v3/ads/advertisers/{id}/billing/history/?bookmark=        → BillingCharge[] (view_billing)
//   GET  /v3/ads/advertisers/{id}/billing/order_lines/?start_date=&end_date=&bookmark=
//                                                                   → OrderLine[] (view_billing)
//   GET  /v3/ads/advertisers/{id}/billing/documents/?bookmark=      → Invoice[] (view_billing)
//   GET  /v3/ads/advertisers/{id}/billing/documents/{invoiceId}/pdf/ → application/pdf (view_billing)
//   POST /v3/ads/advertisers/{id}/billing/documents/{invoiceId}/pay/ → Invoice (manage_billing)
import {
  billingProfileInputSchema,
  paymentMethodInputSchema,
} from '@corkboard/shared/business/billing';
import { z } from 'zod';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRawRoute, registerRoute } from '../../core/http/route.ts';
import { pageQuerySchema, pageRequest } from '../../core/schemas.ts';
import { defineBillingJobs } from './billing.jobs.ts';
import {
  advertiserParamsSchema,
  chargeSchema,
  invoiceParamsSchema,
  invoiceSchema,
  orderLineSchema,
  orderLinesQuerySchema,
  overviewSchema,
  rangeErrors,
  statusSchema,
} from './billing.schemas.ts';
import {
  billingOrderLines,
  billingOverview,
  billingStatus,
  charges,
  invoiceDocument,
  invoices,
  payInvoice,
  saveBillingProfile,
  savePaymentMethod,
} from './billing.service.ts';
import { createPaymentProvider } from './provider-factory.ts';

const tags = ['ads-billing'];
const base = '/v3/ads/advertisers/:advertiserId/billing';
/** Decision (172): card set-ups and manual charges per client address per minute (card testing). */
export const BILLING_PAYMENT_RATE_LIMIT_MAX = 10;

export const billingRoutes: ModuleRoutes = (app, { deps }, pluginDone) => {
  const provider = createPaymentProvider(deps.config.providers.stripe);
  defineBillingJobs(deps, provider);

  registerRoute(app, {
    method: 'GET',
    url: `${base}/`,
    summary: "The ad account's billing profile, payment method and unbilled spend (view_billing)",
    tags,
    access: 'viewer',
    params: advertiserParamsSchema,
    response: overviewSchema,
    handler: async ({ viewer, params }) => ({
      data: await billingOverview(deps, provider, viewer, params.advertiserId),
    }),
  });

  registerRoute(app, {
    method: 'GET',
    url: `${base}/status/`,
    summary: 'Whether the ad account has billing set up (view_billing or manage_campaigns)',
    tags,
    access: 'viewer',
    params: advertiserParamsSchema,
    response: statusSchema,
    handler: async ({ viewer, params }) => ({
      data: await billingStatus(deps, viewer, params.advertiserId),
    }),
  });

  registerRoute(app, {
    method: 'PUT',
    url: `${base}/profile/`,
    summary: 'Creates or replaces the billing profile (manage_billing)',
    tags,
    access: 'viewer',
    params: advertiserParamsSchema,
    body: billingProfileInputSchema,
    response: overviewSchema,
    handler: async ({ viewer, params, body }) => ({
      data: await saveBillingProfile(deps, provider, viewer, params.advertiserId, body),
    }),
  });

  registerRoute(app, {
    method: 'PUT',
    url: `${base}/payment_method/`,
    summary: 'Sets up a card with the payment provider as the one charged (manage_billing)',
    tags,
    access: 'viewer',
    rateLimit: { max: BILLING_PAYMENT_RATE_LIMIT_MAX, timeWindow: '1 minute' },
    params: advertiserParamsSchema,
    body: paymentMethodInputSchema,
    response: overviewSchema,
    handler: async ({ viewer, params, body }) => ({
      data: await savePaymentMethod(deps, provider, viewer, params.advertiserId, body),
    }),
  });

  registerRoute(app, {
    method: 'GET',
    url: `${base}/history/`,
    summary: 'Charges, newest first, failed ones included (view_billing)',
    tags,
    access: 'viewer',
    params: advertiserParamsSchema,
    query: pageQuerySchema,
    response: z.array(chargeSchema),
    handler: async ({ viewer, params, query }) => {
      const page = await charges(deps, viewer, params.advertiserId, pageRequest(query));
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerRoute(app, {
    method: 'GET',
    url: `${base}/order_lines/`,
    summary: 'Recorded spend per campaign per day for a date range (view_billing)',
    tags,
    access: 'viewer',
    params: advertiserParamsSchema,
    query: pageQuerySchema.extend(orderLinesQuerySchema.shape),
    inputErrors: rangeErrors,
    response: z.array(orderLineSchema),
    handler: async ({ viewer, params, query }) => {
      const page = await billingOrderLines(
        deps,
        viewer,
        params.advertiserId,
        { startDate: query.start_date, endDate: query.end_date },
        pageRequest(query),
      );
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerRoute(app, {
    method: 'GET',
    url: `${base}/documents/`,
    summary: 'Monthly invoices, newest first (view_billing)',
    tags,
    access: 'viewer',
    params: advertiserParamsSchema,
    query: pageQuerySchema,
    response: z.array(invoiceSchema),
    handler: async ({ viewer, params, query }) => {
      const page = await invoices(deps, viewer, params.advertiserId, pageRequest(query));
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerRawRoute(app, {
    method: 'GET',
    url: `${base}/documents/:invoiceId/pdf/`,
    summary: 'One invoice as a PDF download (view_billing)',
    tags,
    access: 'viewer',
    params: invoiceParamsSchema,
    produces: { 'application/pdf': z.string() },
    handler: async ({ viewer, params, reply }) => {
      const document = await invoiceDocument(deps, viewer, params.advertiserId, params.invoiceId);
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `attachment; filename="${document.filename}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .type('application/pdf')
        .send(Buffer.from(document.body));
    },
  });

  registerRoute(app, {
    method: 'POST',
    url: `${base}/documents/:invoiceId/pay/`,
    summary: 'Charges an unpaid invoice now with the payment method on file (manage_billing)',
    tags,
    access: 'viewer',
    rateLimit: { max: BILLING_PAYMENT_RATE_LIMIT_MAX, timeWindow: '1 minute' },
    params: invoiceParamsSchema,
    response: invoiceSchema,
    handler: async ({ viewer, params }) => ({
      data: await payInvoice(deps, provider, viewer, params.advertiserId, params.invoiceId),
    }),
  });
  pluginDone();
};
