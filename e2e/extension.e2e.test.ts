// The browser extension (issue 10 "Browser extension"; docs/decisions/061) loaded unpacked into
// Chromium (a persistent context with --load-extension), signed in as the seeded mara_cooks:
// its options page points it at this file's server; its toolbar pop-up sees the account; on a
// loopback page with a strict CSP, hovering an image shows its Save button, which opens the
// product's create page in a pop-up; the pin is saved with a hashtag and is on the board; the
// product heard that the extension is installed (browser_extension_installed). Then the '#'
// typeahead suggests that hashtag in the create page's description (saving.md §5, §7).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CHROMIUM_PATH } from '@corkboard/testing-support/browser';
import { launchJourneyBrowser, seriousAxeViolations } from './support/browser.ts';
import { useJourneyServer } from './support/journey-server.ts';
import { savedPinIdFromToast } from './support/saving.ts';
import { signInAsDemoUser } from './support/sign-in.ts';

const corkboard = useJourneyServer();
const run = Date.now().toString(36);
const REPO = fileURLToPath(new URL('..', import.meta.url));
const EXTENSION_DIR = join(REPO, 'apps/extension/dist/chromium');

let profile: string;
let context: BrowserContext;
let extensionId: string;
let site: { server: Server; url: string };

async function apiData<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${corkboard.url}${path}`);
  const body = (await response.json()) as { resource_response: { data: T } };
  return body.resource_response.data;
}

/** A shop page that forbids every script, style and frame but its own images. */
async function startStrictShop(image: Buffer): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    if (request.url === '/tart.jpg') {
      response.writeHead(200, { 'Content-Type': 'image/jpeg' });
      response.end(image);
      return;
    }
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; img-src 'self'",
    });
    response.end(`<!doctype html><html lang="en"><head><title>Plum tart at the strict shop</title>
      </head><body><main><h1>Plum tart</h1>
      <img src="/tart.jpg" width="400" height="500" alt="A plum tart"></main></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, url: `http://127.0.0.1:${port}/` };
}

beforeAll(async () => {
  // `npm run build:extension`, with a default server that is not this one: the options page
  // has to point it here, as a person would.
  execFileSync(process.execPath, [join(REPO, 'apps/extension/scripts/build.ts')], {
    env: { ...process.env, CORKBOARD_URL: 'http://localhost:9' },
    stdio: 'pipe',
  });
  profile = mkdtempSync(join(tmpdir(), 'corkboard-extension-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  extensionId = new URL(worker.url()).host;
  await signInAsDemoUser(context, corkboard.url, 'mara_cooks');
});

afterAll(async () => {
  await context?.close();
  site?.server.closeAllConnections();
  site?.server.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

test('extension: options, pop-up, hover Save on a strict-CSP page → create page → on the board; the product hears of it', async () => {
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  const address = options.getByRole('textbox', { name: 'Corkboard address' });
  await expect.poll(() => address.inputValue()).toBe('http://localhost:9');
  await address.fill('not a server');
  await options.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(() => options.getByRole('alert').textContent())
    .toBe('Enter an address that starts with http:// or https://.');
  await address.fill(`${corkboard.url}/some/page?x=1`);
  await options.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(() => options.getByRole('status').textContent())
    .toBe(`Saved. The extension now uses ${corkboard.url}.`);
  expect(await address.inputValue()).toBe(corkboard.url);
  expect(await seriousAxeViolations(options)).toEqual([]);
  await options.close();

  // The toolbar pop-up, opened as a page: it sees the signed-in account.
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await popup.getByRole('button', { name: 'Save this page' }).waitFor();
  expect(await popup.getByRole('status').textContent()).toBe('You are logged in.');
  expect(await seriousAxeViolations(popup)).toEqual([]);
  await popup.close();

  const helper = await context.newPage();
  const pins = await apiData<{ images: { '736x': { url: string } } }[]>(
    helper,
    '/v3/users/tomas_travels/pins/?page_size=5',
  );
  const imagePath = pins[0]?.images['736x'].url ?? '';
  const image = Buffer.from(
    await (await helper.request.get(`${corkboard.url}${imagePath}`)).body(),
  );
  site = await startStrictShop(image);

  const shop = await context.newPage();
  await shop.goto(site.url);
  const picture = shop.getByRole('img', { name: 'A plum tart' });
  await picture.waitFor();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
  const box = await picture.boundingBox();
  if (!box) throw new Error('the image has no box');
  // The button sits in the extension's closed shadow root, 12 px in from the image's corner.
  await shop.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect
    .poll(() => shop.evaluate(() => document.querySelector('corkboard-save-button') !== null))
    .toBe(true);
  const [createPage] = await Promise.all([
    context.waitForEvent('page'),
    shop.mouse.click(box.x + 30, box.y + 28),
  ]);
  await createPage.getByRole('heading', { level: 1, name: 'Choose board' }).waitFor();
  const opened = new URL(createPage.url());
  expect(opened.origin).toBe(corkboard.url);
  expect(opened.pathname).toBe('/pin/create/extension/');
  expect(opened.searchParams.get('media')).toBe(`${site.url}tart.jpg`);
  expect(opened.searchParams.get('url')).toBe(site.url);
  expect(opened.searchParams.get('description')).toBe('A plum tart');

  const tag = `plumtart${run}`;
  const description = createPage.getByRole('textbox', { name: 'Description' });
  await description.fill(`A plum tart #${tag}`);
  await createPage.getByRole('group', { name: 'All boards' }).waitFor();
  expect(await seriousAxeViolations(createPage)).toEqual([]);
  const installedReport = createPage.waitForRequest(
    (request) =>
      request.url() === `${corkboard.url}/v3/client_log/` &&
      (request.postData() ?? '').includes('browser_extension_installed'),
  );
  await createPage.getByRole('combobox', { name: 'Search your boards' }).fill('pantry');
  await createPage.getByRole('option', { name: /Pantry Staples/ }).click();
  await createPage.getByRole('heading', { level: 1, name: 'Saved to Pantry Staples' }).waitFor();
  const pinId = await savedPinIdFromToast(createPage, 'Pantry Staples');
  const report = await installedReport;
  expect(JSON.parse(report.postData() ?? '{}')).toEqual({
    event: 'browser_extension_installed',
    client: 'web',
    browser: 'chromium',
    version: '1.0.0',
  });
  expect((await report.response())?.status()).toBe(200);

  const saved = await apiData<{
    description: string;
    link: string;
    board: { name: string; url: string };
  }>(helper, `/v3/pins/${pinId}/`);
  expect(saved).toMatchObject({
    description: `A plum tart #${tag}`,
    link: site.url,
    board: { name: 'Pantry Staples' },
  });
  // On the board.
  await helper.goto(`${corkboard.url}${saved.board.url}`);
  await helper.locator(`a[href="/pin/${pinId}/"]`).first().waitFor();
  expect(await seriousAxeViolations(helper)).toEqual([]);

  // The pin page shows the hashtag as a link to the search.
  await helper.goto(`${corkboard.url}/pin/${pinId}/`);
  const tagLink = helper.getByRole('main').getByRole('link', { name: `#${tag}` });
  await tagLink.waitFor();
  expect(await tagLink.getAttribute('href')).toBe(`/search/pins/?q=%23${tag}`);
});

test('hashtag suggestions while typing in the create page description, by keyboard', async () => {
  const tag = `plumtart${run}`;
  const page = await context.newPage();
  await page.goto(
    `${corkboard.url}/pin/create/create/?url=${encodeURIComponent(site.url)}&media=${encodeURIComponent(`${site.url}tart.jpg`)}`,
  );
  await page.getByRole('heading', { level: 1, name: 'Choose board' }).waitFor();
  const description = page.getByRole('textbox', { name: 'Description' });
  await description.click();
  await description.pressSequentially(`Another #plumtart${run.slice(0, 2)}`);
  const list = page.getByRole('listbox', { name: 'Hashtag suggestions' });
  await list.waitFor();
  await list.getByRole('option', { name: new RegExp(`#${tag}`) }).waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await description.press('ArrowDown');
  await description.press('Enter');
  await expect.poll(() => description.inputValue()).toBe(`Another #${tag} `);
  await list.waitFor({ state: 'detached' });
});

test('without the extension: the upsell replaces the create page success view when the nag limits allow; /extension/ says how to add it', async () => {
  const browser = await launchJourneyBrowser();
  try {
    // Headless Chromium says "HeadlessChrome/…", which the upsell does not count as a desktop
    // browser; the journey plays a person on desktop Chrome.
    const plain = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`,
    });
    await signInAsDemoUser(plain, corkboard.url, 'mara_cooks');
    const page = await plain.newPage();
    await page.goto(`${corkboard.url}/extension/`);
    await page
      .getByRole('heading', { level: 1, name: 'The Corkboard browser extension' })
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Four saves since the last nag (saving.md §9 extensionNagCount; ADR 062).
    await page.evaluate(() =>
      window.localStorage.setItem('extensionNagCount', JSON.stringify({ count: 4, lastNagAt: 1 })),
    );
    await page.goto(
      `${corkboard.url}/pin/create/create/?url=${encodeURIComponent(site.url)}&media=${encodeURIComponent(`${site.url}tart.jpg`)}`,
    );
    await page.getByRole('heading', { level: 1, name: 'Choose board' }).waitFor();
    await page.getByRole('combobox', { name: 'Search your boards' }).fill('pantry');
    await page.getByRole('option', { name: /Pantry Staples/ }).click();
    const upsell = page.getByRole('dialog', {
      name: 'Make Pins faster with the browser extension',
    });
    await upsell.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('extensionNagCount'))) ?? '{}'),
    ).toMatchObject({ count: 0 });
    await upsell.getByRole('button', { name: 'Not now' }).click();
    await page.getByRole('heading', { level: 1, name: 'Saved to Pantry Staples' }).waitFor();
    await plain.close();
  } finally {
    await browser.close();
  }
});
