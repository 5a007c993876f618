// The advertiser console's overview, reporting, export, column preferences and change history
// (business.md §2.1; issue 11; docs/decisions/151–153). Every route reads with view_reporting:
//   GET /v3/ads/advertisers/{id}/reporting/overview/?start_date=&end_date=  → ReportOverview
//   GET /v3/ads/advertisers/{id}/campaign-insights/{campaignId}/?start_date=&end_date=
//                                                                     → ReportOverview (one campaign)
//   GET /v3/ads/advertisers/{id}/reporting/{campaigns|adgroups|ads}/
//        ?start_date=&end_date=&granularity=TOTAL|DAY&campaign_id=&objective_type=&bookmark=
//                                                                     → ReportRow[]
//   GET /v3/ads/advertisers/{id}/reporting/{level}/export/?…&columns=  → text/csv (attachment)
//   GET | PUT /v3/ads/advertisers/{id}/reporting/preferences/ { columns } → { columns }
//   GET /v3/ads/advertisers/{id}/history/?entity_type=&bookmark=      → HistoryEntry[]
import { reportPreferencesSchema } from '@corkboard/shared/business/reporting';
import { z } from 'zod';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRawRoute, registerRoute } from '../../core/http/route.ts';
import { idSchema, pageQuerySchema, pageRequest } from '../../core/schemas.ts';
import {
  advertiserParamsSchema,
  exportQuerySchema,
  historyEntrySchema,
  historyQuerySchema,
  overviewSchema,
  preferencesAnswerSchema,
  preferencesErrors,
  rangeQuerySchema,
  reportErrors,
  reportParamsSchema,
  reportQuerySchema,
  reportRowSchema,
} from './reporting.schemas.ts';
import {
  changeHistory,
  exportReport,
  REPORT_EXPORT_RATE_LIMIT_MAX,
  reportOverview,
  reportPreferences,
  reportTable,
  saveReportPreferences,
  type ReportRequest,
} from './reporting.service.ts';

const tags = ['ads-reporting'];
const base = '/v3/ads/advertisers/:advertiserId';

/** The report a query names: the table and its CSV export read the same one. */
function reportRequest(
  level: ReportRequest['level'],
  query: z.infer<typeof reportQuerySchema>,
): ReportRequest {
  return {
    level,
    granularity: query.granularity,
    startDate: query.start_date,
    endDate: query.end_date,
    campaignId: query.campaign_id,
    objective: query.objective_type,
  };
}

export const adReportingRoutes: ModuleRoutes = (app, { deps }, pluginDone) => {
  registerRoute(app, {
    method: 'GET',
    url: `${base}/reporting/overview/`,
    summary: "An ad account's spend, impressions, clicks, saves and CTR per day (view_reporting)",
    tags,
    access: 'viewer',
    params: advertiserParamsSchema,
    query: rangeQuerySchema,
    inputErrors: reportErrors,
    response: overviewSchema,
    handler: async ({ viewer, params, query }) => ({
      data: await reportOverview(deps, viewer, params.advertiserId, {
        startDate: query.start_date,
        endDate: query.end_date,
      }),
    }),
  });

  registerRoute(app, {
    method: 'GET',
    url: `${base}/campaign-insights/:campaignId/`,
    summary: "One campaign's figures per day for a date range (view_reporting)",
    tags,
    access: 'viewer',
    params: advertiserParamsSchema.extend({ campaignId: idSchema }),
    query: rangeQuerySchema,
    inputErrors: reportErrors,
    response: overviewSchema,
    handler: async ({ viewer, params, query }) => ({
      data: await reportOverview(
        deps,
        viewer,
        params.advertiserId,
        { startDate: query.start_date, endDate: query.end_date },
        params.campaignId,
      ),
    }),
  });

  registerRoute(app, {
    method: 'GET',
    url: `${base}/reporting/preferences/`,
    summary: "The reader's report columns for this ad account (view_reporting)",
    tags,
    access: 'viewer',
    params: advertiserParamsSchema,
    response: preferencesAnswerSchema,
    handler: async ({ viewer, params }) => ({
      data: await reportPreferences(deps, viewer, params.advertiserId),
    }),
  });

  registerRoute(app, {
    method: 'PUT',
    url: `${base}/reporting/preferences/`,
    summary: "Saves the reader's report columns for this ad account (view_reporting)",
    tags,
    access: 'viewer',
    params: advertiserParamsSchema,
    body: reportPreferencesSchema,
    inputErrors: preferencesErrors,
    response: preferencesAnswerSchema,
    handler: async ({ viewer, params, body }) => ({
      data: await saveReportPreferences(deps, viewer, params.advertiserId, body.columns),
    }),
  });

  registerRoute(app, {
    method: 'GET',
    url: `${base}/reporting/:level/`,
    summary: 'Campaigns, ad groups or ads with their figures for a date range (view_reporting)',
    tags,
    access: 'viewer',
    params: reportParamsSchema,
    query: pageQuerySchema.extend(reportQuerySchema.shape),
    inputErrors: reportErrors,
    response: z.array(reportRowSchema),
    handler: async ({ viewer, params, query }) => {
      const page = await reportTable(
        deps,
        viewer,
        params.advertiserId,
        reportRequest(params.level, query),
        pageRequest(query),
      );
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerRawRoute(app, {
    method: 'GET',
    url: `${base}/reporting/:level/export/`,
    summary: 'The report as a CSV download, streamed, at most 10,000 rows (view_reporting)',
    tags,
    access: 'viewer',
    rateLimit: { max: REPORT_EXPORT_RATE_LIMIT_MAX, timeWindow: '1 minute' },
    params: reportParamsSchema,
    query: exportQuerySchema,
    inputErrors: reportErrors,
    produces: { 'text/csv': z.string() },
    handler: async ({ viewer, params, query, reply }) => {
      const report = await exportReport(
        deps,
        viewer,
        params.advertiserId,
        reportRequest(params.level, query),
        query.columns,
      );
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', report.contentDisposition)
        .header('X-Content-Type-Options', 'nosniff')
        .type('text/csv; charset=utf-8')
        .send(report.body);
    },
  });

  registerRoute(app, {
    method: 'GET',
    url: `${base}/history/`,
    summary: 'Who changed which campaign, ad group or ad, newest first (view_reporting)',
    tags,
    access: 'viewer',
    params: advertiserParamsSchema,
    query: pageQuerySchema.extend(historyQuerySchema.shape),
    response: z.array(historyEntrySchema),
    handler: async ({ viewer, params, query }) => {
      const page = await changeHistory(
        deps,
        viewer,
        params.advertiserId,
        query.entity_type,
        pageRequest(query),
      );
      return { data: page.items, bookmark: page.bookmark };
    },
  });
  pluginDone();
};
