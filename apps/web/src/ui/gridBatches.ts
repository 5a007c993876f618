// How many cards the pin grid measures and places per task (docs/decisions/216). Lighthouse's
// simulation replays every main-thread task of the real load at 4× and counts (4·d − 50 ms) of
// each one after the first paint, so a task under ~12 ms of real time costs nothing and one of
// 30 ms costs 70 ms of Total Blocking Time. A phone pays the same way for real: a long task delays
// the reader's first tap. The grid therefore keeps each of its tasks under a time budget, sized
// from what the cards it just placed cost on this device.

/**
 * Cards measured and placed in the page's first render: the first row or two of a phone's
 * screen (two columns), with the images the server preloads (GRID_EAGER_IMAGES). The rest of the
 * first screen follows in the next tasks, top to bottom; cards are placed absolutely, so nothing
 * already drawn moves.
 */
export const GRID_FIRST_BATCH_SIZE = 4;

/** The first later batch, and the smallest one: a single card per task. */
export const GRID_LATER_BATCH_SIZE = 1;

/**
 * The most cards one later task may place, however cheap the last ones were: a measurement of a
 * tiny batch is noisy, and one wrong guess must not make a long task.
 */
export const GRID_MAX_LATER_BATCH_SIZE = 6;

/**
 * Real (unthrottled) time one batch may take, rendering and measuring included. At Lighthouse's
 * 4× this is 32 ms, under the 50 ms from which a task counts as blocking, with room for the
 * placement render and the browser's own layout and paint of the batch.
 */
export const GRID_TASK_BUDGET_MS = 8;

/**
 * The size of the next batch, from the last one: as many cards as fit in the budget at the last
 * batch's cost per card, at most twice the last size (one fast measurement is not trusted more)
 * and between GRID_LATER_BATCH_SIZE and GRID_MAX_LATER_BATCH_SIZE.
 */
export function nextBatchSize(lastSize: number, lastElapsedMs: number): number {
  const size = Math.max(1, Math.floor(lastSize));
  const perCard = Math.max(lastElapsedMs, 0) / size;
  const fits = perCard === 0 ? Number.POSITIVE_INFINITY : Math.floor(GRID_TASK_BUDGET_MS / perCard);
  return Math.min(
    GRID_MAX_LATER_BATCH_SIZE,
    Math.max(GRID_LATER_BATCH_SIZE, Math.min(fits, size * 2)),
  );
}
