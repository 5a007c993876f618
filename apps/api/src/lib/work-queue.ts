// A bounded in-process work queue (the PUT /v3/pins/image/ image intake uses it). At most
// `concurrency` tasks run at once, at most `maxQueued` wait; beyond that enqueue says no and the
// caller answers "busy" instead of letting memory grow. Closing aborts running tasks (their
// signal) and drops waiting ones after telling them so. `idle()` lets tests wait for the work
// instead of sleeping.

export type WorkTask = (signal: AbortSignal) => Promise<void>;

export interface WorkQueueOptions {
  concurrency: number;
  maxQueued: number;
  /** Called for a task that throws (tasks record their own failures; this is the last resort). */
  onError: (error: unknown) => void;
}

export class WorkQueue {
  readonly #options: WorkQueueOptions;
  readonly #waiting: { task: WorkTask; onDropped: () => Promise<void> }[] = [];
  readonly #controller = new AbortController();
  #running = 0;
  #closed = false;
  #idleWaiters: (() => void)[] = [];

  constructor(options: WorkQueueOptions) {
    this.#options = options;
  }

  /** Tasks waiting plus running. */
  get size(): number {
    return this.#waiting.length + this.#running;
  }

  /**
   * Queues `task`; false when closed or full. `onDropped` runs instead of the task if the queue
   * closes before the task starts.
   */
  enqueue(task: WorkTask, onDropped: () => Promise<void>): boolean {
    if (this.#closed || this.#waiting.length >= this.#options.maxQueued) return false;
    this.#waiting.push({ task, onDropped });
    this.#pump();
    return true;
  }

  /** Resolves when nothing is waiting or running (tests await this instead of sleeping). */
  idle(): Promise<void> {
    if (this.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Stops taking tasks, aborts running ones, tells waiting ones, and waits until all settle. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#controller.abort(new Error('intake queue closed'));
    const dropped = this.#waiting.splice(0);
    await Promise.all(
      dropped.map((entry) =>
        entry.onDropped().catch((error: unknown) => this.#options.onError(error)),
      ),
    );
    this.#settleIdle();
    await this.idle();
  }

  #pump(): void {
    while (!this.#closed && this.#running < this.#options.concurrency) {
      const next = this.#waiting.shift();
      if (!next) break;
      this.#running += 1;
      // Not awaited on purpose: the queue runs tasks in the background; failures go to onError.
      void next
        .task(this.#controller.signal)
        .catch((error: unknown) => this.#options.onError(error))
        .finally(() => {
          this.#running -= 1;
          this.#pump();
          this.#settleIdle();
        });
    }
  }

  #settleIdle(): void {
    if (this.size !== 0) return;
    const waiters = this.#idleWaiters.splice(0);
    for (const resolve of waiters) resolve();
  }
}
