// The media GC as a durable scheduled job (decisions 094, 139): pg-boss runs `media-gc` every
// six hours in one worker process of the deployment (its cron is kept in the database, so N
// workers do not each run it), and a worker process sweeps once at start, for the debris of a
// crash. One run at a time per process; counts are logged.
import { z } from 'zod';
import type { AppDeps } from '../../core/app-deps.ts';
import { collectMediaGarbage, supportsMediaGc, type MediaGcResult } from './media-gc.service.ts';

export const MEDIA_GC_JOB = 'media-gc';
/** Decision (094, 139): every six hours, on the hour (UTC). */
export const MEDIA_GC_CRON = '0 */6 * * *';
/** Decision: a failed run is retried twice, a minute apart and then more. */
const MEDIA_GC_RETRY_LIMIT = 2;
const MEDIA_GC_RETRY_DELAY_SECONDS = 60;
const MEDIA_GC_RETRY_DELAY_MAX_SECONDS = 15 * 60;
/** A walk of the media folder taking longer than this is treated as crashed. */
const MEDIA_GC_EXPIRE_SECONDS = 60 * 60;

export interface MediaGc {
  /** One run now (or the run in progress); logs its counts. */
  run(): Promise<MediaGcResult>;
  /** Waits for a run in progress (shutdown). */
  settled(): Promise<void>;
}

/** Defines the `media-gc` job when the storage is local disk; undefined otherwise (094). */
export function defineMediaGcJob(deps: AppDeps): MediaGc | undefined {
  if (!supportsMediaGc(deps.storage)) return undefined;
  let current: Promise<MediaGcResult> | undefined;
  const run = (): Promise<MediaGcResult> => {
    current ??= collectMediaGarbage(deps)
      .then((result) => {
        deps.log.info(result, 'media garbage collected');
        return result;
      })
      .finally(() => {
        current = undefined;
      });
    return current;
  };
  deps.jobs.define({
    name: MEDIA_GC_JOB,
    // Scheduled runs carry no data.
    data: z.unknown(),
    retryLimit: MEDIA_GC_RETRY_LIMIT,
    retryDelaySeconds: MEDIA_GC_RETRY_DELAY_SECONDS,
    retryDelayMaxSeconds: MEDIA_GC_RETRY_DELAY_MAX_SECONDS,
    expireInSeconds: MEDIA_GC_EXPIRE_SECONDS,
    concurrency: 1,
    cron: MEDIA_GC_CRON,
    run: async () => {
      await run();
    },
  });
  return {
    run,
    settled: async () => {
      await current?.catch(() => undefined);
    },
  };
}
