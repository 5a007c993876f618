// The visitor_performance event's name, apart from its zod schema (visitor-performance.ts) so the
// visitors' profiler chunk does not pull zod in (ADR 121).
export const VISITOR_PERFORMANCE_EVENT = 'visitor_performance';
