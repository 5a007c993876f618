// CI retries a failed journey once (vitest.config.ts). When the retry passes, Vitest reports
// only the passing attempt, so why the first one failed was lost. Each failed attempt's error is
// printed here, with the journey's name, for the log CI keeps.
import { afterEach } from 'vitest';

afterEach((context) => {
  const result = context.task.result;
  if (result?.state !== 'fail' || !result.errors?.length) return;
  const attempt = (result.retryCount ?? 0) + 1;
  for (const error of result.errors) {
    console.error(
      `[journey attempt ${attempt} failed] ${context.task.name}\n${error.stack ?? error.message}`,
    );
  }
});
