// Journey: a visitor can never see a secret board — not by its URL, not on its owner's
// profile, not through its pins in the home feed, search or the API.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { DEMO_SECRET_BOARD } from '@corkboard/db/seed/seed-demo';
import { useJourneyServer } from './support/journey-server.ts';
import { launchJourneyBrowser } from './support/browser.ts';

const corkboard = useJourneyServer();
const boardPath = `/${DEMO_SECRET_BOARD.username}/${DEMO_SECRET_BOARD.slug}/`;
const SECRET_BOARD_NAME = 'Anniversary Trip Ideas';

describe('secret boards are invisible to visitors', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchJourneyBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });
  beforeEach(async () => {
    page = await (await browser.newContext()).newPage();
  });

  test('the board URL shows the not-found state and leaks nothing', async () => {
    await page.goto(`${corkboard.url}${boardPath}`);
    await page.getByRole('heading', { name: 'This board could not be found' }).waitFor();
    expect(await page.content()).not.toContain(SECRET_BOARD_NAME);
    expect(await page.title()).not.toContain(SECRET_BOARD_NAME);
  });

  test("the owner's profile does not list it", async () => {
    await page.goto(`${corkboard.url}/${DEMO_SECRET_BOARD.username}/`);
    await page.locator(`main a[href^="/${DEMO_SECRET_BOARD.username}/"]`).first().waitFor();
    const boardLinks = await page
      .locator(`main a[href^="/${DEMO_SECRET_BOARD.username}/"]`)
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(boardLinks.length).toBeGreaterThan(0);
    expect(boardLinks).not.toContain(boardPath);
    expect(await page.locator('main').textContent()).not.toContain(SECRET_BOARD_NAME);
  });

  test('the API answers 404 for the board and its pins never appear in the feed or search', async () => {
    const board = await fetch(`${corkboard.url}/v3/boards${boardPath}`);
    expect(board.status).toBe(404);
    const body = (await board.json()) as {
      resource_response: { error: { api_error_code: number } };
    };
    expect(body.resource_response.error.api_error_code).toBe(111);

    let bookmark: string | undefined;
    const boardNames = new Set<string>();
    do {
      const url = new URL(`${corkboard.url}/v3/feeds/home/`);
      url.searchParams.set('page_size', '100');
      if (bookmark) url.searchParams.set('bookmark', bookmark);
      const page = (await (await fetch(url)).json()) as {
        resource_response: {
          data: { board: { name: string; privacy: string } }[];
          bookmark?: string;
        };
      };
      for (const pin of page.resource_response.data)
        boardNames.add(`${pin.board.privacy}:${pin.board.name}`);
      bookmark = page.resource_response.bookmark;
    } while (bookmark);
    expect(boardNames.size).toBeGreaterThan(1);
    expect([...boardNames].some((name) => name.startsWith('secret:'))).toBe(false);

    const search = (await (
      await fetch(`${corkboard.url}/v3/search/pins/?q=${encodeURIComponent('anniversary')}`)
    ).json()) as {
      resource_response: { data: { results: { board: { privacy: string } }[] } };
    };
    expect(
      search.resource_response.data.results.every((pin) => pin.board.privacy === 'public'),
    ).toBe(true);
  });
});
