// The signed-out visitors' performance report (business.md §4.5; docs/decisions/121): the
// image-visibility profiler's result and the web-vitals, each sent to POST /v3/client_log/ as
// one event, and the admin's aggregate of them.
import { z } from 'zod';
import { VISITOR_PERFORMANCE_EVENT } from './visitor-performance-event.ts';

/** image_visible: ms from navigation until the first grid images are visible (the profiler). */
export const PERFORMANCE_METRICS = ['image_visible', 'lcp', 'inp', 'cls'] as const;
export type PerformanceMetric = (typeof PERFORMANCE_METRICS)[number];
/** business.md §4.5 "End state: complete or disabled". */
export const PROFILER_END_STATES = ['complete', 'disabled'] as const;
export type ProfilerEndState = (typeof PROFILER_END_STATES)[number];
/** The pages the profiler runs on. */
export const PERFORMANCE_PAGES = ['home'] as const;

/**
 * Not in the spec: the largest millisecond value accepted. The profiler gives up after 60 s in
 * each of its two phases, so no honest image_visible exceeds 120 s; LCP and INP are bounded alike.
 */
export const PERFORMANCE_MAX_MS = 120_000;
/** Not in the spec: the largest layout-shift score accepted (real pages stay well under 1). */
export const PERFORMANCE_MAX_CLS = 10;

const millis = z.number().finite().min(0).max(PERFORMANCE_MAX_MS);

export const visitorPerformanceEventSchema = z.discriminatedUnion('metric', [
  z
    .object({
      event: z.literal(VISITOR_PERFORMANCE_EVENT),
      page: z.enum(PERFORMANCE_PAGES),
      metric: z.literal('image_visible'),
      state: z.enum(PROFILER_END_STATES),
      value: millis.nullish(),
    })
    // A completed profile carries its time; one that gave up has none.
    .refine((sample) => (sample.state === 'complete') === (sample.value != null), {
      path: ['value'],
      message: 'A time is sent exactly when the profiler completed',
    }),
  z.object({
    event: z.literal(VISITOR_PERFORMANCE_EVENT),
    page: z.enum(PERFORMANCE_PAGES),
    metric: z.enum(['lcp', 'inp']),
    value: millis,
  }),
  z.object({
    event: z.literal(VISITOR_PERFORMANCE_EVENT),
    page: z.enum(PERFORMANCE_PAGES),
    metric: z.literal('cls'),
    value: z.number().finite().min(0).max(PERFORMANCE_MAX_CLS),
  }),
]);
export type VisitorPerformanceEvent = z.input<typeof visitorPerformanceEventSchema>;

/** GET /v3/admin/performance/?days= */
export const PERFORMANCE_DEFAULT_DAYS = 7;
export const PERFORMANCE_MAX_DAYS = 30;

export interface PerformanceMetricSummary {
  metric: PerformanceMetric;
  count: number;
  /** null when there are no samples. Milliseconds, or the score for cls. */
  p50: number | null;
  p75: number | null;
  p95: number | null;
}

export interface PerformanceSummary {
  days: number;
  metrics: PerformanceMetricSummary[];
  /** How the profiler ended: complete (it measured) or disabled (it gave up). */
  profiler: Record<ProfilerEndState, number>;
}
