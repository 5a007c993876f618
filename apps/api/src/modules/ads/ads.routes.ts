// Quick promote and the console's campaigns (business.md §2.1, §3, §7; docs/decisions/102):
//   POST /ads/v4/advertisers/{advertiserId}/pins/{pinId}/quick_promote/  QuickPromotePayload
//                                                        → data: QuickPromoteResult
//   GET  /v3/ads/advertisers/{advertiserId}/campaigns/?bookmark=  → data: CampaignItem[]
//   GET  /v3/ads/advertisers/{advertiserId}/campaigns/{campaignId}/ → data: CampaignDetail
//   PUT  /v3/ads/advertisers/{advertiserId}/campaigns/{campaignId}/status/ { status }
//   GET  /v3/admin/ads/review/?bookmark=            → data: AdReviewItem[] (operators)
//   POST /v3/admin/ads/{adId}/review/ { status, reasons } (operators)
//   GET  /v3/ads/advertisers/{advertiserId}/campaigns/{campaignId}/days/?start_date=&end_date=
//                                                        → data: CampaignDay[] (view_reporting)
//   POST /v3/ads/events/ { tracking_params, event }   → data: { counted } (impression / closeup)
//   PUT | DELETE /v3/ads/{adId}/hide/                  → data: { ad_id, hidden } ('Hide ad')
// and the /offsite/ click hook: paid (docs/decisions/104) and earned (191) outbound clicks.
import { quickPromotePayloadSchema } from '@corkboard/shared/business/quick-promote';
import { z } from 'zod';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import { pageQuerySchema, pageRequest } from '../../core/schemas.ts';
import {
  campaignDayReport,
  campaignDetail,
  campaigns,
  setCampaignActive,
} from './campaigns.service.ts';
import { onPinOutboundClick } from '../offsite/offsite.service.ts';
import {
  AD_EVENT_RATE_LIMIT_MAX,
  AD_VIEWER_DAYS_PURGE_INTERVAL_MS,
  hideAd,
  purgeOldViewerDays,
  recordAdEvent,
  recordOutboundPinClick,
} from './delivery.service.ts';
import { quickPromote } from './quick-promote.service.ts';
import { decideAd, reviewQueue } from './review.service.ts';
import {
  adEventBodySchema,
  adEventOutcomeSchema,
  adHideAnswerSchema,
  campaignDaySchema,
  campaignDaysErrors,
  campaignDaysQuerySchema,
  adParamsSchema,
  adReviewBodySchema,
  adReviewItemSchema,
  adReviewOutcomeSchema,
  advertiserParamsSchema,
  campaignDetailSchema,
  campaignItemSchema,
  campaignParamsSchema,
  campaignStatusBodySchema,
  quickPromoteErrors,
  quickPromoteParamsSchema,
  quickPromoteResultSchema,
} from './ads.schemas.ts';

const tags = ['ads'];

export const adsRoutes: ModuleRoutes = (app, { deps }, pluginDone) => {
  onPinOutboundClick(deps, (click) => recordOutboundPinClick(deps, click));

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', (hookDone) => {
    timer = setInterval(() => {
      purgeOldViewerDays(deps)
        .then((count) => deps.log.debug({ count }, 'ads: old viewer days purged'))
        .catch((error: unknown) => deps.log.error({ err: error }, 'ads: viewer-day purge failed'));
    }, AD_VIEWER_DAYS_PURGE_INTERVAL_MS);
    timer.unref();
    hookDone();
  });
  app.addHook('onClose', (_instance, hookDone) => {
    if (timer) clearInterval(timer);
    hookDone();
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/ads/advertisers/:advertiserId/campaigns/:campaignId/days/',
    summary:
      "A campaign's spend, impressions, clicks and CTR per day, newest first (view_reporting)",
    tags,
    access: 'viewer',
    params: campaignParamsSchema,
    query: pageQuerySchema.extend(campaignDaysQuerySchema.shape),
    inputErrors: campaignDaysErrors,
    response: z.array(campaignDaySchema),
    handler: async ({ viewer, params, query }) => {
      const page = await campaignDayReport(
        deps,
        viewer,
        params.advertiserId,
        params.campaignId,
        { startDate: query.start_date, endDate: query.end_date },
        pageRequest(query),
      );
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/ads/events/',
    summary: 'Counts a promoted pin shown or opened (once per viewer and ad within a window)',
    tags,
    access: 'viewer',
    rateLimit: { max: AD_EVENT_RATE_LIMIT_MAX, timeWindow: '1 minute' },
    body: adEventBodySchema,
    response: adEventOutcomeSchema,
    handler: async ({ viewer, body }) => {
      const outcome = await recordAdEvent(deps, viewer, body.tracking_params, body.event);
      return { data: { counted: outcome.counted } };
    },
  });

  for (const [method, hidden] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    registerRoute(app, {
      method,
      url: '/v3/ads/:adId/hide/',
      summary: hidden
        ? "Hides a promoted pin's ad from the viewer for good ('Hide ad')"
        : 'Undoes hiding an ad',
      tags,
      access: 'viewer',
      params: adParamsSchema,
      response: adHideAnswerSchema,
      handler: async ({ viewer, params }) => ({
        data: await hideAd(deps, viewer, params.adId, hidden),
      }),
    });
  }

  registerRoute(app, {
    method: 'POST',
    url: '/ads/v4/advertisers/:advertiserId/pins/:pinId/quick_promote/',
    summary: 'Creates campaign, ad group and ad for a pin in one transaction (manage_campaigns)',
    tags,
    access: 'viewer',
    params: quickPromoteParamsSchema,
    body: quickPromotePayloadSchema,
    inputErrors: quickPromoteErrors,
    response: quickPromoteResultSchema,
    handler: async ({ viewer, params, body }) => ({
      data: await quickPromote(deps, viewer, params.advertiserId, params.pinId, body),
    }),
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/ads/advertisers/:advertiserId/campaigns/',
    summary: "An ad account's campaigns, newest first (view_reporting)",
    tags,
    access: 'viewer',
    params: advertiserParamsSchema,
    query: pageQuerySchema,
    response: z.array(campaignItemSchema),
    handler: async ({ viewer, params, query }) => {
      const page = await campaigns(deps, viewer, params.advertiserId, pageRequest(query));
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/ads/advertisers/:advertiserId/campaigns/:campaignId/',
    summary: 'One campaign with its ads (view_reporting)',
    tags,
    access: 'viewer',
    params: campaignParamsSchema,
    response: campaignDetailSchema,
    handler: async ({ viewer, params }) => ({
      data: await campaignDetail(deps, viewer, params.advertiserId, params.campaignId),
    }),
  });

  registerRoute(app, {
    method: 'PUT',
    url: '/v3/ads/advertisers/:advertiserId/campaigns/:campaignId/status/',
    summary: 'Pauses or resumes a campaign (manage_campaigns)',
    tags,
    access: 'viewer',
    params: campaignParamsSchema,
    body: campaignStatusBodySchema,
    response: campaignDetailSchema,
    handler: async ({ viewer, params, body }) => ({
      data: await setCampaignActive(
        deps,
        viewer,
        params.advertiserId,
        params.campaignId,
        body.status,
      ),
    }),
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/admin/ads/review/',
    summary: 'Ads waiting for review, oldest first (operators only)',
    tags,
    access: 'admin',
    query: pageQuerySchema,
    response: z.array(adReviewItemSchema),
    handler: async ({ query }) => {
      const page = await reviewQueue(deps, pageRequest(query));
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/admin/ads/:adId/review/',
    summary: 'Approves or rejects a pending ad with reasons (operators only)',
    tags,
    access: 'admin',
    params: adParamsSchema,
    body: adReviewBodySchema,
    response: adReviewOutcomeSchema,
    handler: async ({ viewer, params, body }) => ({
      data: await decideAd(deps, viewer, params.adId, body),
    }),
  });
  pluginDone();
};
