// POST /v3/client_log/ → data: null, with one of
//   { event: pin_create_success | pin_create_fail, client?, pin_id?, path?, guid?, error_code?,
//     query? }  (visitors too)
//   { event: pin_saved_dialog_render, client?, pin_id, metric: send | promote }  (signed in)
//   { event: browser_extension_installed, client?, browser, version? }  (visitors too)
//   { event: visitor_performance, page, metric, value, state? }  (signed-out visitors only; ADR 121)
// GET /v3/admin/performance/?days= → data: PerformanceSummary (operators only)
// Its own small body limit and rate limit: it is called on every save and must not become a way
// to fill the database.
import { z } from 'zod';
import { clientLogEventSchema } from '@corkboard/shared/saving/api';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import { savingInputErrors } from '../../core/http/input-errors.ts';
import { bodyOrEmpty } from '../../core/schemas.ts';
import {
  PERFORMANCE_DEFAULT_DAYS,
  PERFORMANCE_MAX_DAYS,
  PERFORMANCE_METRICS,
  visitorPerformanceEventSchema,
} from '@corkboard/shared/performance/visitor-performance';
import { VISITOR_PERFORMANCE_EVENT } from '@corkboard/shared/performance/visitor-performance-event';
import {
  performanceSummary,
  purgeOldClientEvents,
  recordClientEvent,
  recordVisitorPerformance,
} from './client-log.service.ts';

const performanceQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(PERFORMANCE_MAX_DAYS).default(PERFORMANCE_DEFAULT_DAYS),
});

const performanceSummarySchema = z.object({
  days: z.number(),
  metrics: z.array(
    z.object({
      metric: z.enum(PERFORMANCE_METRICS),
      count: z.number(),
      p50: z.number().nullable(),
      p75: z.number().nullable(),
      p95: z.number().nullable(),
    }),
  ),
  profiler: z.object({ complete: z.number(), disabled: z.number() }),
});

/** Not in the spec: the largest event body (a logged query of 20 long parameters fits). */
export const CLIENT_LOG_BODY_LIMIT_BYTES = 64 * 1024;
/** Not in the spec: events per client IP per minute (a person saves far fewer pins). */
export const CLIENT_LOG_RATE_LIMIT_MAX = 60;
export const CLIENT_LOG_PURGE_INTERVAL_MS = 60 * 60_000;

export const clientLogRoutes: ModuleRoutes = (app, { deps }, done) => {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', (hookDone) => {
    timer = setInterval(() => {
      purgeOldClientEvents(deps.db, deps.now())
        .then((count) => deps.log.debug({ count }, 'old pin client events purged'))
        .catch((error: unknown) => deps.log.error({ err: error }, 'client event purge failed'));
    }, CLIENT_LOG_PURGE_INTERVAL_MS);
    timer.unref();
    hookDone();
  });
  app.addHook('onClose', (_instance, hookDone) => {
    if (timer) clearInterval(timer);
    hookDone();
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/client_log/',
    summary:
      "Records a pin-create outcome, the pin-saved dialog's render or the extension's presence",
    tags: ['client-log'],
    access: 'anyone',
    bodyLimit: CLIENT_LOG_BODY_LIMIT_BYTES,
    rateLimit: { max: CLIENT_LOG_RATE_LIMIT_MAX, timeWindow: '1 minute' },
    body: bodyOrEmpty(
      z.discriminatedUnion('event', [
        ...clientLogEventSchema.options,
        visitorPerformanceEventSchema,
      ]),
    ),
    inputErrors: savingInputErrors(),
    response: z.null(),
    handler: async ({ viewer, body }) => ({
      data:
        body.event === VISITOR_PERFORMANCE_EVENT
          ? await recordVisitorPerformance(deps.db, viewer, body, deps.now())
          : await recordClientEvent(deps.db, viewer, body, deps.now()),
    }),
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/admin/performance/',
    summary: "Signed-out visitors' image visibility and web-vitals percentiles (operators only)",
    tags: ['admin', 'client-log'],
    access: 'admin',
    query: performanceQuerySchema,
    response: performanceSummarySchema,
    handler: async ({ query }) => ({
      data: await performanceSummary(deps.db, query.days, deps.now()),
    }),
  });
  done();
};
