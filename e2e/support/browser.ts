// The journeys' browser, and axe-core on a journey's page. Chromium itself is launched by
// @corkboard/testing-support/browser (shared with bench:bundle).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type Axe from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '@corkboard/testing-support/browser';

/**
 * Debian's chromium-headless-shell (package `chromium-headless-shell`, installed by
 * scripts/ensure-chromium.sh): the same Chromium release, Blink and V8 as the full browser,
 * without the browser around them — what Playwright itself runs for headless Chromium. A journey
 * in it costs about half the Chromium CPU of the full browser's headless mode (ADR 214). The
 * binary itself, not /usr/bin's `sh` wrapper, so the browser is Playwright's own child.
 * `E2E_HEADLESS_SHELL=` (empty) runs the journeys in the full browser instead; the extension
 * journey always loads its extension into the full browser (the shell has no extensions).
 * A file moves to it only after passing in it: the shell is not the full browser everywhere
 * (Esc in auth.e2e's modal focus test left the modal open under it), so a file whose journey
 * does not pass in the shell keeps `launchBrowser()` and says why (ADR 214).
 */
export const HEADLESS_SHELL_PATH =
  process.env.E2E_HEADLESS_SHELL ?? '/usr/lib/chromium/chromium-headless-shell';

/** The journeys' browser: the headless shell when installed, else the full browser. */
export function launchJourneyBrowser(): Promise<Browser> {
  return HEADLESS_SHELL_PATH && existsSync(HEADLESS_SHELL_PATH)
    ? launchBrowser(HEADLESS_SHELL_PATH)
    : launchBrowser();
}

export interface AxeFinding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * axe-core's minified build: the same rules as the 1.5 MB `axe.source` that AxeBuilder injects
 * by default, a third of the script for the page to parse.
 */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

function serious(violations: Axe.AxeResults['violations']): AxeFinding[] {
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/**
 * A page without frames: axe.run in the page itself, with axe injected once per document (an
 * SPA keeps its document across its own navigations, so the journeys' later checks of the same
 * page reuse it). This is what AxeBuilder's legacy mode runs, the same rules on the same DOM; its
 * default mode injects axe (1.5 MB) twice per check, once into the page and once into a blank
 * page it opens to merge the frames' results, and on these pages there is only one frame.
 */
async function violationsInPage(page: Page): Promise<AxeFinding[]> {
  const ready = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!ready) {
    await page.evaluate(AXE_SOURCE);
    await page.evaluate(() => {
      const { axe } = window as unknown as { axe: typeof Axe };
      axe.configure({ allowedOrigins: ['<same_origin>'] });
    });
  }
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: typeof Axe };
    // Only violations are asked for: axe then skips building the other result lists' details.
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations;
  });
  return serious(violations);
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
  // Frames (the Google button's iframe, a provider's pop-up content): AxeBuilder runs axe in each
  // frame, cross-origin ones too, and merges the results.
  if (page.frames().length > 1)
    return serious((await new AxeBuilder({ page, axeSource: AXE_SOURCE }).analyze()).violations);
  return violationsInPage(page);
}
