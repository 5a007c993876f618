// axe-core on a journey's page. Chromium itself is launched by @corkboard/testing-support/browser
// (shared with bench:bundle).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export interface AxeFinding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/** axe-core violations of impact serious or critical on the current page. */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  // A dialog fading in is semi-transparent, and axe would judge its colours mid-animation: wait
  // for running animations and transitions to finish (a busy CI machine slows them down).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // Spinners loop forever; only finite animations ever finish.
        .filter((animation) =>
          Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity),
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
