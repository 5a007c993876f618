// axe-core on the pages the browsing journeys visit: no serious or critical violations, at a
// wide and a narrow viewport; and the grid honours prefers-reduced-motion.
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchJourneyBrowser, seriousAxeViolations } from './support/browser.ts';
import { useJourneyServer } from './support/journey-server.ts';

const corkboard = useJourneyServer();

const viewports: [string, BrowserContextOptions][] = [
  ['wide', { viewport: { width: 1366, height: 900 } }],
  ['narrow', { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true }],
];

describe('accessibility', () => {
  let browser: Browser;
  let pinPath: string;
  let boardPath: string;

  beforeAll(async () => {
    browser = await launchJourneyBrowser();
    const feed = (await (await fetch(`${corkboard.url}/v3/feeds/home/?page_size=1`)).json()) as {
      resource_response: { data: { id: string; board: { url: string } }[] };
    };
    const first = feed.resource_response.data[0];
    if (!first) throw new Error('the seeded feed is empty');
    pinPath = `/pin/${first.id}/`;
    boardPath = first.board.url;
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const [label, options] of viewports) {
    test.each([
      ['home', () => '/'],
      ['pin closeup', () => pinPath],
      ['board', () => boardPath],
    ])(`%s page has no serious axe violations (${label})`, async (_name, path) => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await page.goto(`${corkboard.url}${path()}`);
      await page.locator('main a[href^="/pin/"]').first().waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await context.close();
    });
  }

  test('reduced motion turns off smooth scrolling and transitions', async () => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${corkboard.url}/`);
    const card = page.locator('main a[href^="/pin/"]').first();
    await card.waitFor();
    const styles = await card.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        transition: style.transitionDuration,
        scroll: getComputedStyle(document.documentElement).scrollBehavior,
      };
    });
    expect(styles.scroll).not.toBe('smooth');
    expect(styles.transition.split(',').every((d) => parseFloat(d) <= 0.01)).toBe(true);
    await context.close();
  });
});
