// The client's pin log, stored in pin_client_events instead of going to an outside log host:
// - the pin-create events (saving.md §7 "A logging image request … with client web, event
//   pin_create_success or pin_create_fail, pin_id, path (method) and the query"). Anyone may log
//   these (a save can fail for a visitor too); the viewer's id is kept when there is one.
// - the pin-saved dialog's render with its 'send' or 'promote' metric (§2.9; docs/decisions/013).
//   Only signed-in people see the dialog, so only they may log it (UNAUTHORIZED otherwise).
// - browser_extension_installed (§7 "POST of browser_extension_installed to the server log";
//   docs/decisions/061): the web saw the extension installed. Visitors too; kept in
//   browser_extension_events with the browser and the extension's version.
// Events older than the retention period are swept.
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '@corkboard/db/schema';
import {
  BROWSER_EXTENSION_INSTALLED_EVENT,
  PIN_SAVED_DIALOG_RENDER_EVENT,
  type clientLogEventSchema,
} from '@corkboard/shared/saving/api';
import { requireViewer } from '../../core/viewer.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { AppError } from '@corkboard/shared/app-error';
import {
  PERFORMANCE_METRICS,
  type PerformanceSummary,
  type visitorPerformanceEventSchema,
} from '@corkboard/shared/performance/visitor-performance';
import {
  deleteClientEventsBefore,
  deleteExtensionEventsBefore,
  deletePerformanceSamplesBefore,
  insertClientEvent,
  insertExtensionEvent,
  insertPerformanceSample,
  performancePercentiles,
  profilerEndStates,
} from './client-log.repository.ts';

/** Not in the spec: how long pin-create events are kept (a quarter covers trend questions). */
export const PIN_CLIENT_EVENT_RETENTION_MS = 90 * 24 * 60 * 60_000;

export async function recordClientEvent(
  db: Kysely<Database>,
  viewer: Viewer | null,
  event: z.output<typeof clientLogEventSchema>,
  now: Date,
): Promise<null> {
  if (event.event === PIN_SAVED_DIALOG_RENDER_EVENT) {
    const signedIn = requireViewer(viewer);
    await insertClientEvent(db, {
      user_id: signedIn.id,
      event: event.event,
      pin_id: event.pin_id,
      metric: event.metric,
      created_at: now,
    });
    return null;
  }
  if (event.event === BROWSER_EXTENSION_INSTALLED_EVENT) {
    await insertExtensionEvent(db, {
      user_id: viewer?.id ?? null,
      event: event.event,
      browser: event.browser,
      extension_version: event.version ?? null,
      created_at: now,
    });
    return null;
  }
  await insertClientEvent(db, {
    user_id: viewer?.id ?? null,
    event: event.event,
    pin_id: event.pin_id ?? null,
    path: event.path ?? null,
    guid: event.guid ?? null,
    error_code: event.error_code ?? null,
    query: JSON.stringify(event.query ?? {}),
    created_at: now,
  });
  return null;
}

/** Not in the spec: visitors' performance samples are kept as long as the admin can look back. */
export const PERFORMANCE_SAMPLE_RETENTION_MS = 30 * 24 * 60 * 60_000;

export async function purgeOldClientEvents(db: Kysely<Database>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - PIN_CLIENT_EVENT_RETENTION_MS);
  const samplesBefore = new Date(now.getTime() - PERFORMANCE_SAMPLE_RETENTION_MS);
  return (
    (await deleteClientEventsBefore(db, before)) +
    (await deleteExtensionEventsBefore(db, before)) +
    (await deletePerformanceSamplesBefore(db, samplesBefore))
  );
}

/**
 * One performance sample from a signed-out visitor's page (business.md §4.5; ADR 121). The
 * profiler runs for visitors only, so a signed-in sender is refused rather than mixed in.
 */
export async function recordVisitorPerformance(
  db: Kysely<Database>,
  viewer: Viewer | null,
  event: z.output<typeof visitorPerformanceEventSchema>,
  now: Date,
): Promise<null> {
  if (viewer) throw new AppError('PERFORMANCE_REPORT_VISITORS_ONLY');
  await insertPerformanceSample(db, {
    page: event.page,
    metric: event.metric,
    value: event.value ?? null,
    state: event.metric === 'image_visible' ? event.state : null,
    created_at: now,
  });
  return null;
}

/** p50/p75/p95 per metric over the last `days` days, and how often the profiler gave up. */
export async function performanceSummary(
  db: Kysely<Database>,
  days: number,
  now: Date,
): Promise<PerformanceSummary> {
  const since = new Date(now.getTime() - days * 24 * 60 * 60_000);
  const [percentiles, states] = await Promise.all([
    performancePercentiles(db, since),
    profilerEndStates(db, since),
  ]);
  const round = (value: number | null, metric: string) =>
    value === null ? null : metric === 'cls' ? Math.round(value * 1000) / 1000 : Math.round(value);
  return {
    days,
    metrics: PERFORMANCE_METRICS.map((metric) => {
      const row = percentiles.find((candidate) => candidate.metric === metric);
      return {
        metric,
        count: row ? Number(row.n) : 0,
        p50: round(row?.p50 ?? null, metric),
        p75: round(row?.p75 ?? null, metric),
        p95: round(row?.p95 ?? null, metric),
      };
    }),
    profiler: {
      complete: Number(states.find((row) => row.state === 'complete')?.n ?? 0),
      disabled: Number(states.find((row) => row.state === 'disabled')?.n ?? 0),
    },
  };
}
