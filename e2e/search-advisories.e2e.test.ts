// Search advisories on the seeded demo (business.md §2.4; docs/decisions/073): a visitor searches
// a sensitive term and gets the banner with its phone-support call link and its action (type 4),
// follows the action; an abusive term shows the banner alone, no pins; the demo operator adds an
// entry on the admin page and a search for it shows the new banner. axe on every page visited.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ADMIN_USERNAME } from '@corkboard/db/seed/demo-content';
import { launchJourneyBrowser, seriousAxeViolations } from './support/browser.ts';
import { useJourneyServer } from './support/journey-server.ts';
import { signInAsDemoUser } from './support/sign-in.ts';

const corkboard = useJourneyServer();
const pinLinks = 'main a[href^="/pin/"]';

describe('search advisories', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchJourneyBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  test('a sensitive search shows the banner with its action; an abusive one hides the pins', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${corkboard.url}/`);
    const field = page.getByRole('banner').getByLabel('Search for pins');
    await field.focus();
    await page.keyboard.type('Self Harm');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Results for “Self Harm”' }).waitFor();
    const banner = page.getByRole('region', { name: 'Advisory about this search' });
    await banner.getByRole('heading', { level: 2, name: "You're not alone" }).waitFor();
    expect(await banner.locator('strong').textContent()).toBe('talk to someone you trust');
    expect(
      await banner.getByRole('link', { name: 'Call +1 555 010 0199' }).getAttribute('href'),
    ).toBe('tel:+15550100199');
    const action = banner.getByRole('link', { name: 'See self-care ideas' });
    expect(await seriousAxeViolations(page)).toEqual([]);

    await action.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Results for “self care”' }).waitFor();
    expect(await page.getByRole('region', { name: 'Advisory about this search' }).count()).toBe(0);

    await page.goto(`${corkboard.url}/search/pins/?q=graphic%20violence`);
    const hidden = page.getByRole('region', { name: 'Advisory about this search' });
    await hidden.getByRole('heading', { name: 'Results are hidden for this search' }).waitFor();
    await hidden.getByRole('link', { name: 'Back to your home feed' }).waitFor();
    expect(await page.locator(pinLinks).count()).toBe(0);
    expect(await page.getByText('No results for “graphic violence”').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  test('the operator adds an advisory and a search for it shows the banner', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInAsDemoUser(context, corkboard.url, DEMO_ADMIN_USERNAME);
    const page = await context.newPage();
    await page.goto(`${corkboard.url}/admin/`);
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Search advisories' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Search advisories' }).waitFor();
    await page.getByRole('button', { name: 'Change *self harm*' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByLabel('Term or pattern').fill('Kombucha');
    await page.getByLabel('Advisory name').fill('FERMENTING_SAFETY');
    await page.getByLabel('Advisory type').fill('14');
    await page.getByLabel('Notices (JSON)').fill(
      JSON.stringify([
        {
          style: 'info',
          title: 'Brew it safely',
          description: {
            text: 'Read the fermenting guide first.',
            text_tags: [{ offset: 9, length: 16, tagType: 'link', link: '/search/pins/?q=bread' }],
          },
          actions: [{ button_text: 'See bread pins', link: '/search/pins/?q=bread' }],
          footer: null,
          phone_number: null,
        },
      ]),
    );
    await page.getByRole('button', { name: 'Add advisory' }).click();
    await page.getByText('The advisory for “Kombucha” is saved.').waitFor();
    await page.getByRole('button', { name: 'Remove Kombucha' }).waitFor();

    await page.goto(`${corkboard.url}/search/pins/?q=k%C3%B3mbucha`);
    const banner = page.getByRole('region', { name: 'Advisory about this search' });
    await banner.getByRole('heading', { name: 'Brew it safely' }).waitFor();
    expect(await banner.getByRole('link', { name: 'fermenting guide' }).getAttribute('href')).toBe(
      '/search/pins/?q=bread',
    );
    await banner.getByRole('link', { name: 'See bread pins' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
