// Search journeys on the seeded demo: a visitor searches from the header by keyboard, switches to
// the Boards and People tabs (the header keeps the scope for a new search), filters pins by
// colour, and opens the Shopping tab. axe on every page visited.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { launchJourneyBrowser, seriousAxeViolations } from './support/browser.ts';
import { useJourneyServer } from './support/journey-server.ts';

const corkboard = useJourneyServer();
const pinLinks = 'main a[href^="/pin/"]';

describe('search', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchJourneyBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });
  beforeEach(async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });

  test('search by keyboard, then the Boards and People tabs', async () => {
    await page.goto(`${corkboard.url}/`);
    const field = page.getByRole('banner').getByLabel('Search for pins');
    await field.focus();
    await page.keyboard.type('garden');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Results for “garden”' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/search/pins/');
    await page.locator(pinLinks).first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const tabs = page.getByRole('navigation', { name: 'What to search' });
    const boardsTab = tabs.getByRole('link', { name: 'Boards', exact: true });
    await boardsTab.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/search/boards/');
    await page.getByRole('link', { name: /Vegetable Garden/ }).waitFor();
    expect(
      await tabs.getByRole('link', { name: 'Boards', exact: true }).getAttribute('aria-current'),
    ).toBe('page');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await tabs.getByRole('link', { name: 'People', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/search/users/');
    await page.getByRole('heading', { name: 'No results for “garden”' }).waitFor();
    // A new search from the header stays in the People scope.
    await field.fill('gus');
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: /@gus_grows/ }).waitFor();
    expect(new URL(page.url()).search).toBe('?q=gus');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('typeahead by keyboard: Down to a board suggestion, Enter opens it', async () => {
    await page.goto(`${corkboard.url}/`);
    const box = page.getByRole('combobox', { name: 'Search for pins' });
    await box.focus();
    await page.keyboard.type('vegetable gar');
    const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
    await listbox.getByRole('option', { name: /Vegetable Garden/ }).waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Down until the board is highlighted (aria-activedescendant), then Enter.
    await expect
      .poll(async () => {
        await page.keyboard.press('ArrowDown');
        const active = await box.getAttribute('aria-activedescendant');
        return active ? page.locator(`[id="${active}"]`).textContent() : '';
      })
      .toContain('Board by @gus_grows');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/gus_grows/vegetable-garden/');
  });

  test('a colour filter goes in the address beside unknown parameters; commerce_only is Shopping', async () => {
    await page.goto(`${corkboard.url}/search/pins/?q=board&brands=ignored`);
    await page.locator(pinLinks).first().waitFor();
    await page.getByLabel('Colour').selectOption('orange');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('colors')).toBe('orange');
    await page.locator(pinLinks).first().waitFor();
    expect(new URL(page.url()).searchParams.get('brands')).toBe('ignored');
    await page.getByRole('heading', { level: 1, name: 'Results for “board”' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto(`${corkboard.url}/search/pins/?q=board&commerce_only=true`);
    await page.locator(pinLinks).first().waitFor();
    const tabs = page.getByRole('navigation', { name: 'What to search' });
    expect(await tabs.getByRole('link', { name: 'Shopping' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await page.getByLabel('Lowest price').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
