// Journeys of the discovery platform (issue 12; business.md §4.4, §5.3; docs/decisions/080,
// 081): an outbound pin link goes through /offsite/ — to a loopback page when the link is clean,
// to an interstitial that refuses it when the Safe Browsing stand-in flags it; another site's
// link gets the "leaving" page first. An experience an operator defines shows on the home feed,
// and once dismissed it stays dismissed after a reload. axe on every page visited.
import { createServer, type Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ADMIN_USERNAME } from '@corkboard/db/seed/demo-content';
import { launchJourneyBrowser, seriousAxeViolations } from './support/browser.ts';
import { useJourneyServer } from './support/journey-server.ts';
import { savedPinIdFromToast } from './support/saving.ts';
import { signInAsDemoUser } from './support/sign-in.ts';

const corkboard = useJourneyServer();

let browser: Browser;
let context: BrowserContext;
let landing: { server: Server; origin: string };

interface PinSummary {
  id: string;
  link: string | null;
  domain: string;
  images: { '736x': { url: string } };
}

async function apiData<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${corkboard.url}${path}`);
  const body = (await response.json()) as { resource_response: { data: T } };
  return body.resource_response.data;
}

/**
 * A page on loopback standing in for the site a pin links to. `localhost`, not 127.0.0.1: the
 * product runs on 127.0.0.1, and links to its own host are never offsite.
 */
async function startLandingPage(): Promise<{ server: Server; origin: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><title>Lemon tart at the bakery</title>
      </head><body><main><h1>Lemon tart</h1><p>Our recipe.</p></main></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, origin: `http://localhost:${port}` };
}

/** Clicks the closeup's "Visit …" link, which opens /offsite/ in a new tab. */
async function followOutboundLink(page: Page, domain: string): Promise<Page> {
  const link = page.getByRole('link', {
    name: new RegExp(`Visit ${domain.replace(/\./g, '\\.')}`),
  });
  await link.waitFor();
  const href = (await link.getAttribute('href')) ?? '';
  expect(href.startsWith('/offsite/?')).toBe(true);
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  return tab;
}

beforeAll(async () => {
  landing = await startLandingPage();
  browser = await launchJourneyBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInAsDemoUser(context, corkboard.url, 'mara_cooks');
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await new Promise((resolve) => landing?.server.close(resolve));
});

describe('outbound links through /offsite/', () => {
  test("a flagged pin link: the pin's link opens the interstitial, which refuses it", async () => {
    const page = await context.newPage();
    const pins = await apiData<PinSummary[]>(page, '/v3/users/tomas_travels/pins/?page_size=50');
    const pin = pins.find((candidate) => candidate.link !== null);
    if (!pin?.link) throw new Error('no seeded pin of tomas_travels with a link');
    const host = new URL(pin.link).hostname;
    corkboard.peers.safeBrowsing.addEntry({ threatType: 'SOCIAL_ENGINEERING', url: `${host}/` });

    await page.goto(`${corkboard.url}/pin/${pin.id}/`);
    const tab = await followOutboundLink(page, pin.domain || host);
    await tab.getByRole('heading', { level: 1, name: 'We blocked this link' }).waitFor();
    expect(
      await tab
        .getByText(`${host} is known for malware or phishing, or our team has blocked it.`, {
          exact: false,
        })
        .isVisible(),
    ).toBe(true);
    expect(await tab.getByRole('link', { name: /Continue/ }).count()).toBe(0);
    expect(new URL(tab.url()).pathname).toBe('/offsite/');
    expect(await seriousAxeViolations(tab)).toEqual([]);
    expect(
      corkboard.peers.safeBrowsing.lookups().some((l) => l.urls.includes(pin.link ?? '')),
    ).toBe(true);

    // Back to Corkboard by keyboard.
    await tab.getByRole('link', { name: 'Back to Corkboard' }).focus();
    await tab.keyboard.press('Enter');
    await tab.waitForURL(`${corkboard.url}/`);
    await tab.close();
    await page.close();
  });

  test("a clean pin link goes straight on to the pin's own site", async () => {
    const page = await context.newPage();
    // A pin of mara_cooks linking to the loopback page, made on the pin create page.
    const seeded = await apiData<PinSummary[]>(page, '/v3/users/tomas_travels/pins/?page_size=5');
    const media = `${corkboard.url}${seeded[0]?.images['736x'].url ?? ''}`;
    const link = `${landing.origin}/recipes/lemon-tart`;
    await page.goto(
      `${corkboard.url}/pin/create/create/?url=${encodeURIComponent(link)}&media=${encodeURIComponent(media)}&description=${encodeURIComponent('Lemon tart')}`,
    );
    await page.getByRole('combobox', { name: 'Search your boards' }).fill('pantry');
    await page.getByRole('option', { name: /Pantry Staples/ }).click();
    const pinId = await savedPinIdFromToast(page, 'Pantry Staples');

    await page.goto(`${corkboard.url}/pin/${pinId}/`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    const tab = await followOutboundLink(page, 'localhost');
    await tab.waitForURL(link);
    await tab.getByRole('heading', { level: 1, name: 'Lemon tart' }).waitFor();
    await tab.close();
    await page.close();
  });

  test('a link that is not the pin\'s own: "You\'re leaving Corkboard", then on', async () => {
    const page = await context.newPage();
    const link = `${landing.origin}/elsewhere`;
    await page.goto(`${corkboard.url}/offsite/?token=12&url=${encodeURIComponent(link)}`);
    await page.getByRole('heading', { level: 1, name: "You're leaving Corkboard" }).waitFor();
    expect(await page.getByText(link, { exact: true }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Continue to localhost' }).click();
    await page.waitForURL(link);
    await page.getByRole('heading', { level: 1, name: 'Lemon tart' }).waitFor();
    await page.close();
  });
});

describe('experiences', () => {
  test('a home banner an operator defines: shown, dismissed by keyboard, still gone after reload', async () => {
    // The demo operator defines the banner through the admin API, as the admin page would.
    const operator = await browser.newContext();
    await signInAsDemoUser(operator, corkboard.url, DEMO_ADMIN_USERNAME);
    const admin = await operator.newPage();
    await admin.goto(`${corkboard.url}/`);
    const status = await admin.evaluate(async () => {
      const token = /(?:^|; )csrftoken=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const response = await fetch('/v3/admin/experiences/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRFToken': decodeURIComponent(token) },
        body: JSON.stringify({
          placement_id: 2,
          name: 'Autumn boards',
          display_data: {
            kind: 'banner',
            anchor: 'home_feed',
            title: 'Autumn is here',
            body: 'Start a board for cosy recipes.',
            button_text: 'Create a board',
            link: '/board/create/',
          },
          audience: { context: { page: 'home' } },
        }),
      });
      return response.status;
    });
    expect(status).toBe(200);
    await operator.close();

    const page = await context.newPage();
    await page.goto(`${corkboard.url}/`);
    const banner = page.getByRole('region', { name: 'Autumn is here' });
    await banner.waitFor();
    expect(await banner.getByRole('link', { name: 'Create a board' }).getAttribute('href')).toBe(
      '/board/create/',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);

    const dismiss = banner.getByRole('button', { name: 'Dismiss' });
    await dismiss.focus();
    await page.keyboard.press('Enter');
    await banner.waitFor({ state: 'detached' });

    // After a reload the server no longer serves it, and the page shows no banner.
    const asked = page.waitForResponse((response) =>
      response.url().includes('/resource/UserExperienceResource/get/'),
    );
    await page.reload();
    const answer = (await (await asked).json()) as {
      resource_response: { data: { experiences: Record<string, unknown> } };
    };
    expect(answer.resource_response.data.experiences['2']).toBeNull();
    await page.getByRole('main').getByRole('link').first().waitFor();
    expect(await page.getByRole('region', { name: 'Autumn is here' }).count()).toBe(0);
    await page.close();
    // Two sign-ins and axe: more than the default minute on a busy machine.
  }, 180_000);
});
