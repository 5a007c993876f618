// Offsite link checks (docs/decisions/080):
//   GET    /v3/offsite/?url=&pin_id=&check_only=true&…   → data: OffsiteCheckAnswer (anyone)
//   GET    /v3/admin/offsite/?q=&bookmark=&page_size=     → data: AdminOffsiteDomain[]
//   PUT    /v3/admin/offsite/{domain}/ { status, note }    → data: { domain }
//   DELETE /v3/admin/offsite/{domain}/                     → data: { domain }
//   GET    /v3/admin/offsite/check/?url=                   → data: AdminOffsiteCheck
//   GET    /v3/admin/offsite/clicks/?days=                 → data: { days, by_status }
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import { pageQuerySchema, pageRequest } from '../../core/schemas.ts';
import {
  adminCheckQuerySchema,
  adminCheckSchema,
  adminDomainSchema,
  clickSummaryQuerySchema,
  clickSummarySchema,
  domainBodySchema,
  domainListQuerySchema,
  domainParamsSchema,
  offsiteCheckAnswerSchema,
  offsiteCheckQuerySchema,
} from './offsite.schemas.ts';
import {
  checkOffsiteClick,
  clickSummary,
  explainOutboundUrl,
  listOffsiteDomains,
  removeOffsiteDomain,
  setOffsiteDomain,
} from './offsite.service.ts';

const adminTags = ['admin', 'offsite'];
const domainAnswer = z.object({ domain: z.string() });

/**
 * Clicks are counted only from our own pages (or clients that send no fetch metadata): another
 * site embedding the check must not inflate a pin's clicks.
 */
function fromOwnPage(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

export const offsiteRoutes: ModuleRoutes = (app, { deps }, done) => {
  registerRoute(app, {
    method: 'GET',
    url: '/v3/offsite/',
    summary: 'Checks an outbound link (redirect_status, url) and counts the click',
    tags: ['offsite'],
    access: 'anyone',
    query: offsiteCheckQuerySchema,
    response: offsiteCheckAnswerSchema,
    handler: async ({ request, reply, viewer, query }) => {
      const result = await checkOffsiteClick(deps, viewer, request.visitorId, {
        url: query.url ?? '',
        pinId: query.pin_id ?? query.pin,
        isThirdPartyAd: query.third_party_ad || query.isThirdPartyAd,
        token: query.token,
        countClick: fromOwnPage(request),
        trackingParams: query.client_tracking_params,
      });
      reply.header('Cache-Control', 'no-store');
      return {
        data: {
          redirect_status: result.verdict.status,
          url: result.verdict.url,
          direct: result.direct,
        },
      };
    },
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/admin/offsite/',
    summary: "The operators' outbound-link domain list, by domain (operators only)",
    tags: adminTags,
    access: 'admin',
    query: pageQuerySchema.extend(domainListQuerySchema.shape),
    response: z.array(adminDomainSchema),
    handler: async ({ query }) => {
      const page = await listOffsiteDomains(deps, query.q, pageRequest(query));
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/admin/offsite/check/',
    summary: 'What the offsite check says about a URL, and why (operators only)',
    tags: adminTags,
    access: 'admin',
    query: adminCheckQuerySchema,
    response: adminCheckSchema,
    handler: async ({ query }) => ({ data: await explainOutboundUrl(deps, query.url ?? '') }),
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/admin/offsite/clicks/',
    summary: 'Outbound clicks per status over the last days (operators only)',
    tags: adminTags,
    access: 'admin',
    query: clickSummaryQuerySchema,
    response: clickSummarySchema,
    handler: async ({ query }) => ({
      data: { days: query.days, by_status: await clickSummary(deps, query.days) },
    }),
  });

  registerRoute(app, {
    method: 'PUT',
    url: '/v3/admin/offsite/:domain/',
    summary: 'Lists a domain as blocked, suspicious, porn or allowed (operators only)',
    tags: adminTags,
    access: 'admin',
    params: domainParamsSchema,
    body: domainBodySchema,
    response: domainAnswer,
    handler: async ({ viewer, params, body }) => ({
      data: { domain: await setOffsiteDomain(deps, viewer, params.domain, body) },
    }),
  });

  registerRoute(app, {
    method: 'DELETE',
    url: '/v3/admin/offsite/:domain/',
    summary: 'Takes a domain off the list (operators only)',
    tags: adminTags,
    access: 'admin',
    params: domainParamsSchema,
    response: domainAnswer,
    handler: async ({ viewer, params }) => ({
      data: { domain: await removeOffsiteDomain(deps, viewer, params.domain) },
    }),
  });
  done();
};
