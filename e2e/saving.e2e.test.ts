// Journeys of saving (saving.md; issue 4 web half), signed in once as the seeded demo person
// mara_cooks: saving a pin from its closeup to a board, to a section, to a new secret board,
// by keyboard only; the pin create page; and axe on every saving surface.
import { createServer, type Server } from 'node:http';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchJourneyBrowser, seriousAxeViolations } from './support/browser.ts';
import { savedPinIdFromToast } from './support/saving.ts';
import { signInAsDemoUser } from './support/sign-in.ts';
import { useJourneyServer } from './support/journey-server.ts';

const corkboard = useJourneyServer();
/** Unique per run, so board names never collide with an earlier run on a kept server. */
const run = Date.now().toString(36);

let browser: Browser;
let context: BrowserContext;

interface PinSummary {
  id: string;
  title: string;
  pinner: { username: string };
  images: { '236x': { url: string }; '736x': { url: string } };
}

async function apiData<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${corkboard.url}${path}`);
  const body = (await response.json()) as { resource_response: { data: T } };
  return body.resource_response.data;
}

/**
 * A pin someone else saved, not yet used by another journey of this file. `withoutLink` picks
 * one with no website: saving a pin with a website offers 'Promote your Pin' instead of 'Send'
 * to a new personal account (business.md §5.1).
 */
const usedPins = new Set<string>();
async function somebodyElsesPin(page: Page, withoutLink = false): Promise<PinSummary> {
  const pins = await apiData<(PinSummary & { link: string | null })[]>(
    page,
    '/v3/users/tomas_travels/pins/?page_size=50',
  );
  const pin = pins.find(
    (candidate) => !usedPins.has(candidate.id) && (!withoutLink || candidate.link === null),
  );
  if (!pin) throw new Error('no unused pin of tomas_travels');
  usedPins.add(pin.id);
  return pin;
}

async function newPage(): Promise<Page> {
  return context.newPage();
}

async function openSaveModal(page: Page, pin: PinSummary): Promise<Locator> {
  await page.goto(`${corkboard.url}/pin/${pin.id}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Your account' }).waitFor();
  await page.getByRole('main').getByRole('button', { name: 'Save', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Repin modal' });
  await modal.getByRole('heading', { name: 'Choose board' }).waitFor();
  return modal;
}

function savedDialog(page: Page): Locator {
  return page.getByTestId('saved-pin-modal');
}

beforeAll(async () => {
  browser = await launchJourneyBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInAsDemoUser(context, corkboard.url, 'mara_cooks');
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('save modal', () => {
  test('closeup → existing board: toast and pin-saved dialog, then the pin is on the board', async () => {
    const page = await newPage();
    const pin = await somebodyElsesPin(page, true);
    const modal = await openSaveModal(page, pin);
    await modal.getByRole('group', { name: 'All boards' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Content height min(90vh − 97px, 703px): 900 px high → 713 → 703.
    const bodyHeight = await modal
      .locator('.save-flow__body')
      .evaluate((element) => element.getBoundingClientRect().height);
    expect(Math.round(bodyHeight)).toBe(703);

    await modal
      .getByRole('group', { name: 'All boards' })
      .getByRole('option', { name: /Pantry Staples/ })
      .click();
    const dialog = savedDialog(page);
    await dialog.getByRole('heading', { name: 'Saved to Pantry Staples' }).waitFor();
    const newId = await savedPinIdFromToast(page, 'Pantry Staples');
    const width = await dialog.evaluate((element) => element.getBoundingClientRect().width);
    expect(width).toBeGreaterThanOrEqual(500);
    await expect
      .poll(() => dialog.getByRole('link', { name: 'Send' }).getAttribute('href'))
      .toBe(`/pin/${newId}/?share=true`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page
      .getByRole('dialog', { name: 'Saved to Pantry Staples' })
      .getByRole('button', { name: 'Close' })
      .click();
    await page.goto(`${corkboard.url}/mara_cooks/pantry-staples/`);
    await page.locator(`main a[href="/pin/${newId}/"]`).first().waitFor();
  });

  test('the creator card of the link’s official account: Follow, then Following, and back', async () => {
    const page = await newPage();
    // A pin linking to ben_woodworks' verified domain (the demo seed, ADR 013).
    const pins = await apiData<(PinSummary & { link: string | null })[]>(
      page,
      '/v3/users/ben_woodworks/pins/?page_size=50',
    );
    const pin = pins.find((candidate) => candidate.link?.includes('woodshop.example.org'));
    if (!pin) throw new Error('no pin of ben_woodworks links to woodshop.example.org');
    const followers = async () =>
      (await apiData<{ follower_count: number }>(page, '/v3/users/ben_woodworks/')).follower_count;
    const before = await followers();

    const modal = await openSaveModal(page, pin);
    await modal
      .getByRole('group', { name: 'All boards' })
      .getByRole('option', { name: /Pantry Staples/ })
      .click();
    const dialog = savedDialog(page);
    await dialog.getByRole('heading', { name: 'Saved to Pantry Staples' }).waitFor();
    const follow = dialog.getByRole('button', { name: 'Follow Ben Hollis' });
    await follow.waitFor();
    expect(await dialog.getByRole('link', { name: /Ben Hollis/ }).getAttribute('href')).toBe(
      '/ben_woodworks/',
    );
    expect(await follow.getAttribute('aria-pressed')).toBe('false');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    expect(await follow.textContent()).toBe('Following');
    await expect.poll(followers).toBe(before + 1);

    // Unfollow again, so the demo data stays as other journeys expect it.
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(followers).toBe(before);
  });

  test('a board with sections → Choose section → saved to the section', async () => {
    const page = await newPage();
    const pin = await somebodyElsesPin(page);
    const modal = await openSaveModal(page, pin);
    await modal.getByRole('combobox', { name: 'Search your boards' }).fill('weeknight');
    await modal.getByRole('option', { name: /Weeknight Dinners/ }).click();
    await modal.getByRole('heading', { name: 'Choose section' }).waitFor();
    await modal
      .getByRole('group', { name: 'Section' })
      .getByRole('option', { name: /Soups/ })
      .click();
    await savedDialog(page)
      .getByRole('heading', { name: 'Saved to Soups in Weeknight Dinners' })
      .waitFor();
    const newId = await savedPinIdFromToast(page, 'Weeknight Dinners');
    const saved = await apiData<{ section: { title: string } | null; board: { name: string } }>(
      page,
      `/v3/pins/${newId}/`,
    );
    expect(saved.board.name).toBe('Weeknight Dinners');
    expect(saved.section?.title).toBe('Soups');
  });

  test('a new secret board from the picker: Board created, and it is on the owner’s profile', async () => {
    const page = await newPage();
    const pin = await somebodyElsesPin(page);
    const boardName = `Picnic ${run}`;
    const modal = await openSaveModal(page, pin);
    await modal.getByRole('combobox', { name: 'Search your boards' }).fill(boardName);
    await modal.getByRole('combobox', { name: 'Search your boards' }).press('Enter');
    await modal.getByRole('heading', { name: 'Create board' }).waitFor();
    expect(await modal.getByRole('textbox', { name: 'Name' }).inputValue()).toBe(boardName);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await modal.getByRole('switch', { name: 'Secret' }).check();
    await modal.getByRole('button', { name: 'Create', exact: true }).click();
    await modal.getByRole('heading', { name: 'Board created' }).waitFor();
    await savedDialog(page)
      .getByRole('heading', { name: `Saved to ${boardName}` })
      .waitFor();

    await page.goto(`${corkboard.url}/mara_cooks/`);
    await page.getByRole('main').getByText(boardName).waitFor();
  });

  test('keyboard only: Save, search, arrows across sections, Enter', async () => {
    const page = await newPage();
    const pin = await somebodyElsesPin(page);
    await page.goto(`${corkboard.url}/pin/${pin.id}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Your account' }).waitFor();
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
    // Skip link → main → its first control, the Save button.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Save');
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Repin modal' });
    const search = modal.getByRole('combobox', { name: 'Search your boards' });
    await modal.getByRole('group', { name: 'All boards' }).waitFor();
    await expect
      .poll(() => search.evaluate((element) => element === document.activeElement))
      .toBe(true);
    // Down through 'Top choices' (2 rows) into 'All boards'.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(
      await modal
        .getByRole('group', { name: 'All boards' })
        .getByRole('option', { selected: true })
        .count(),
    ).toBe(1);
    await page.keyboard.type('summer');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await savedDialog(page).getByRole('heading', { name: 'Saved to Summer Desserts' }).waitFor();
    // The dialog has focus; Escape closes it and focus returns to the page.
    await page.keyboard.press('Escape');
    await savedDialog(page).waitFor({ state: 'detached' });
  });
});

/** A 1×1 PNG: an image too small to pin, whatever size the page draws it. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A page on loopback with a strict Content-Security-Policy: no scripts, styles or frames. */
async function startStrictPage(image: Buffer): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    if (request.url === '/photo.jpg') {
      response.writeHead(200, { 'Content-Type': 'image/jpeg' });
      response.end(image);
      return;
    }
    if (request.url === '/icon.png') {
      response.writeHead(200, { 'Content-Type': 'image/png' });
      response.end(ONE_PIXEL_PNG);
      return;
    }
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; img-src 'self'",
    });
    response.end(`<!doctype html><html lang="en"><head><title>Cherry pie at the strict shop</title>
      <meta property="og:image" content="/photo.jpg"></head>
      <body><h1>Cherry pie</h1>
      <img src="/photo.jpg" width="600" height="800" alt="A cherry pie">
      <img src="/icon.png" width="16" height="16" alt=""></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, url: `http://127.0.0.1:${port}/` };
}

describe('pin create page and bookmarklet', () => {
  test('create page with a seeded image: 40/60 pop-up layout, saved, success view', async () => {
    const page = await newPage();
    const pin = await somebodyElsesPin(page);
    const media = `${corkboard.url}${pin.images['736x'].url}`;
    const link = 'https://www.cooking.example/recipes/lemon-pasta';
    await page.goto(
      `${corkboard.url}/pin/create/create/?url=${encodeURIComponent(link)}&media=${encodeURIComponent(media)}&description=${encodeURIComponent('Lemon pasta for Tuesday')}`,
    );
    await page.getByRole('heading', { level: 1, name: 'Choose board' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Description' }).inputValue()).toBe(
      'Lemon pasta for Tuesday',
    );
    const layout = await page.locator('.create-popup').evaluate((element) => {
      const left = element.querySelector('.create-popup__pin')?.getBoundingClientRect().width ?? 0;
      return { width: element.getBoundingClientRect().width, left };
    });
    expect(layout.width).toBe(750);
    expect(Math.round((layout.left / layout.width) * 100)).toBe(40);
    await page.getByRole('group', { name: 'All boards' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('combobox', { name: 'Search your boards' }).fill('pantry');
    await page.getByRole('option', { name: /Pantry Staples/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Saved to Pantry Staples' }).waitFor();
    const newId = await savedPinIdFromToast(page, 'Pantry Staples');
    expect(await seriousAxeViolations(page)).toEqual([]);
    const saved = await apiData<{ description: string; link: string; board: { name: string } }>(
      page,
      `/v3/pins/${newId}/`,
    );
    expect(saved).toMatchObject({
      description: 'Lemon pasta for Tuesday',
      link,
      board: { name: 'Pantry Staples' },
    });
  });

  test('mobile create page: Create board with a section, back to the list, Choose section, saved', async () => {
    // The same signed-in person on a phone: the device flag comes from the User-Agent.
    const phone = await browser.newContext({
      storageState: await context.storageState(),
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
    });
    try {
      const page = await phone.newPage();
      const pin = await somebodyElsesPin(page);
      const media = `${corkboard.url}${pin.images['736x'].url}`;
      await page.goto(
        `${corkboard.url}/pin/create/create/?url=${encodeURIComponent('https://www.cooking.example/tart')}&media=${encodeURIComponent(media)}`,
      );
      await page.getByRole('heading', { level: 1, name: 'Choose board' }).waitFor();
      await page.getByRole('listbox', { name: 'Boards' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      const boardName = `Phone finds ${run}`;
      const sectionName = `Tarts ${run}`;
      await page.getByRole('link', { name: 'Create board' }).click();
      await page.getByRole('heading', { level: 1, name: 'Create board' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/board/create/');
      await page.getByRole('textbox', { name: 'Name' }).fill(boardName);
      await page.getByRole('switch', { name: 'Secret' }).check();
      await page.getByRole('textbox', { name: 'Section (optional)' }).fill(sectionName);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Create', exact: true }).click();

      // Back on the create page; the new board has a section, so it opens Choose section.
      await page.getByRole('heading', { level: 1, name: 'Choose board' }).waitFor();
      await page
        .getByRole('option', { name: new RegExp(boardName) })
        .first()
        .click();
      await page.getByRole('heading', { level: 1, name: 'Choose section' }).waitFor();
      await page
        .getByRole('group', { name: 'Section' })
        .getByRole('option', { name: new RegExp(sectionName) })
        .click();
      const newId = await savedPinIdFromToast(page, boardName);
      const saved = await apiData<{ board: { name: string }; section: { title: string } | null }>(
        page,
        `/v3/pins/${newId}/`,
      );
      expect(saved).toMatchObject({ board: { name: boardName }, section: { title: sectionName } });
    } finally {
      await phone.close();
    }
  });

  test('bookmarklet on a strict-CSP page: overlay, pop-up, new board with a new section, success closes by itself', async () => {
    const page = await newPage();
    const pin = await somebodyElsesPin(page);
    const image = Buffer.from(
      await (await page.request.get(`${corkboard.url}${pin.images['736x'].url}`)).body(),
    );
    const strict = await startStrictPage(image);
    try {
      await page.goto(`${corkboard.url}/bookmarklet/`);
      const bookmarklet = page.getByRole('link', { name: 'Save to Corkboard' });
      await expect.poll(() => bookmarklet.getAttribute('href')).toMatch(/^javascript:/);
      const href = (await bookmarklet.getAttribute('href')) ?? '';
      expect(await seriousAxeViolations(page)).toEqual([]);

      const host = await newPage();
      await host.goto(strict.url);
      // The page really is strict: an injected script does not run.
      const injectedRan = await host.evaluate(async () => {
        const script = document.createElement('script');
        script.textContent = 'window.__injected = true';
        document.head.append(script);
        await new Promise((resolve) => setTimeout(resolve, 50));
        return (window as unknown as { __injected?: boolean }).__injected === true;
      });
      expect(injectedRan).toBe(false);
      // What a click on the bookmark does: run the URL's script in the page (exempt from its CSP).
      await host.evaluate(decodeURIComponent(href.slice('javascript:'.length)));
      const overlay = host.getByRole('dialog', { name: 'Choose an image to save' });
      await overlay.waitFor();
      expect(await overlay.locator('iframe').count()).toBe(0);
      const tile = overlay.getByRole('button', { name: 'Save image 1 of 1' });
      await tile.waitFor();

      const [popup] = await Promise.all([context.waitForEvent('page'), tile.click()]);
      await popup.getByRole('heading', { level: 1, name: 'Choose board' }).waitFor();
      const opened = new URL(popup.url());
      expect(opened.pathname).toBe('/pin/create/bookmarklet/');
      expect(opened.searchParams.get('media')).toBe(`${strict.url}photo.jpg`);
      expect(opened.searchParams.get('url')).toBe(strict.url);
      expect(opened.searchParams.get('description')).toBe('Cherry pie at the strict shop');

      const boardName = `From the web ${run}`;
      const sectionName = `Pies ${run}`;
      const search = popup.getByRole('combobox', { name: 'Search your boards' });
      await search.fill(boardName);
      await search.press('Enter');
      // Secret, so this one-pin board stays out of the home feed other journeys start from.
      await popup.getByRole('switch', { name: 'Secret' }).check();
      // Decision 012: the board starts with a section, so Create opens 'Choose section'.
      await popup.getByRole('textbox', { name: 'Section (optional)' }).fill(sectionName);
      await popup.getByRole('button', { name: 'Create', exact: true }).click();
      await popup.getByRole('heading', { level: 1, name: 'Choose section' }).waitFor();
      expect(await seriousAxeViolations(popup)).toEqual([]);
      await popup
        .getByRole('group', { name: 'Section' })
        .getByRole('option', { name: new RegExp(sectionName) })
        .click();
      await popup
        .getByRole('heading', { level: 1, name: `Saved to ${sectionName} in ${boardName}` })
        .waitFor({ timeout: 20_000 });
      const pinLink = await popup.getByRole('link', { name: /See your Pin/ }).getAttribute('href');
      // §2.1: the success view closes the window after 10 s.
      await popup.waitForEvent('close', { timeout: 15_000 });
      const pinId = /^\/pin\/(\d+)\/$/.exec(pinLink ?? '')?.[1];
      const saved = await apiData<{
        board: { name: string };
        section: { title: string } | null;
        link: string;
      }>(page, `/v3/pins/${pinId ?? 'missing'}/`);
      expect(saved).toMatchObject({
        board: { name: boardName },
        section: { title: sectionName },
        link: strict.url,
      });
    } finally {
      strict.server.close();
    }
  });
});
