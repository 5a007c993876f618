// The app's start-up as a series of short tasks (docs/decisions/211). Parsing the page's inlined
// answers, setting up i18next and drawing the first page used to run in one or two main-thread
// tasks of 400–900 ms at Lighthouse's 4× CPU slowdown; every such task counts in Total Blocking
// Time (its length over 50 ms), however early it runs. Giving the main thread back between the
// steps lets input and other work in between and keeps each step its own, shorter task.

/** One step of the start-up; a returned promise is awaited before the next step. */
export type BootStep = () => void | Promise<void>;

interface SchedulerWithYield {
  yield: () => Promise<void>;
}

function nativeYield(): (() => Promise<void>) | undefined {
  const scheduler = (globalThis as { scheduler?: Partial<SchedulerWithYield> }).scheduler;
  return typeof scheduler?.yield === 'function' ? scheduler.yield.bind(scheduler) : undefined;
}

/**
 * Resolves in a new task: `scheduler.yield()` where the browser has it (the continuation keeps
 * its place ahead of other queued tasks), else a MessageChannel message (a task without
 * setTimeout's minimum delay once timers nest).
 */
export function yieldToMain(): Promise<void> {
  const native = nativeYield();
  if (native) return native();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Runs the steps in order, each in a task of its own: between two steps the main thread is
 * given back (`yieldBetween`, yieldToMain by default). A step that throws stops the start-up and
 * rejects; the steps are the app's own set-up, so there is nothing sensible to run after one
 * failed.
 */
export async function runInTasks(
  steps: readonly BootStep[],
  yieldBetween: () => Promise<void> = yieldToMain,
): Promise<void> {
  let first = true;
  for (const step of steps) {
    if (!first) await yieldBetween();
    first = false;
    await step();
  }
}
