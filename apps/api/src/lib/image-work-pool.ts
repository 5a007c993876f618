// A bound on image work (issue 13, docs/decisions/092). Decoding and encoding a 4-megapixel
// image takes a few hundred megabytes for a moment and sharp's threads; 40 at once took 55 s
// each and grew the server from 0.5 GB to 3.3 GB. Every image the server decodes goes through
// one pool: at most `concurrency` run, at most `maxQueued` wait, and beyond that the caller is
// told IMAGE_WORK_BUSY (503 with Retry-After) at once instead of queueing without limit.
import pLimit, { type LimitFunction } from 'p-limit';
import { AppError } from '@corkboard/shared/app-error';

/** Decision (092): images decoded at once; about one per core on the 2-core reference host. */
export const DEFAULT_IMAGE_WORK_CONCURRENCY = 2;
/** Decision (092): images waiting for a worker; beyond this, 503 IMAGE_WORK_BUSY. */
export const DEFAULT_IMAGE_WORK_QUEUE_MAX = 8;
/** Decision (092): what Retry-After tells a refused client (a few images' worth of work). */
export const IMAGE_WORK_RETRY_AFTER_SECONDS = 5;

export interface ImageWorkPoolOptions {
  concurrency: number;
  maxQueued: number;
}

export type ImageQueueing = 'refuse-when-busy' | 'wait';

export class ImageWorkPool {
  readonly #limit: LimitFunction;
  readonly #maxQueued: number;

  constructor(options: ImageWorkPoolOptions) {
    this.#limit = pLimit(options.concurrency);
    this.#maxQueued = options.maxQueued;
  }

  /** Images being processed now. */
  get active(): number {
    return this.#limit.activeCount;
  }

  /** Images waiting for a worker. */
  get queued(): number {
    return this.#limit.pendingCount;
  }

  /** True when one more image would be refused: callers check before reading a large body. */
  get saturated(): boolean {
    return (
      this.#limit.activeCount >= this.#limit.concurrency &&
      this.#limit.pendingCount >= this.#maxQueued
    );
  }

  /** Throws IMAGE_WORK_BUSY when saturated (see `run`). */
  assertAvailable(): void {
    if (this.saturated) throw busy();
  }

  /**
   * Runs `work` when a worker is free. `refuse-when-busy` (a request someone is waiting on)
   * rejects with IMAGE_WORK_BUSY at once when the queue is full; `wait` (background work whose
   * own queue is bounded, e.g. the image-from-URL intake) always queues.
   */
  run<T>(work: () => Promise<T>, queueing: ImageQueueing = 'refuse-when-busy'): Promise<T> {
    if (queueing === 'refuse-when-busy' && this.saturated) return Promise.reject(busy());
    return this.#limit(work);
  }
}

function busy(): AppError {
  return new AppError('IMAGE_WORK_BUSY', {
    data: { retry_after_seconds: IMAGE_WORK_RETRY_AFTER_SECONDS },
  });
}
