// Journeys of the experience platform's product uses (issue 12; docs/decisions/081, 082): the
// demo operator defines a first-run tour on /admin/experiences/; a new person signs up, gets the
// tour over the home feed, picks Garden by keyboard, and their first home feed then starts with
// garden pins; a second new person dismisses the tour with Esc and it is still gone after a
// reload. The demo operator also defines the save tooltip; a new person's first save (to a board
// made in the picker) shows it by the closeup's Save button, Esc dismisses it, and it is gone
// after a reload. axe on every page visited (the admin page, the home feed with and without the
// tour, the pin page with the tooltip).
// The Instagram upsell (saving.md §2.8; docs/decisions/127–129): mara_cooks lists the Instagram
// stand-in's site as her website (claimed on /settings/claim/ with a DNS TXT record on the DNS
// peer), saves a post from it on the create page, gets the upsell once (a click outside leaves
// it), Connect now → /settings/claim/; the next save does not show it; she connects her account
// through the Instagram peer's OAuth page; a save after that does not show it either. axe on the
// claim page, the create page with the upsell, the peer's page and the claim page connected.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ADMIN_USERNAME, DEMO_BOARDS } from '@corkboard/db/seed/demo-content';
import { INSTAGRAM_TEST_USERS } from '@corkboard/dev-peers/test-accounts';
import { launchJourneyBrowser, seriousAxeViolations } from './support/browser.ts';
import { useJourneyServer } from './support/journey-server.ts';
import { signInAsDemoUser } from './support/sign-in.ts';

const corkboard = useJourneyServer();

/** Unique per run, so journeys never collide with an earlier run's accounts on a kept server. */
const run = Date.now().toString(36);
const GARDEN_BOARDS = new Set(
  DEMO_BOARDS.filter((board) => board.theme === 'garden' && board.privacy === 'public').map(
    (board) => board.name,
  ),
);

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchJourneyBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  return context;
}

/** The home page's ask for the tour's placement (home_takeover, id 1). */
const asksForTour = (url: string) =>
  url.includes('/resource/UserExperienceResource/get/') &&
  decodeURIComponent(url).includes('"placement_ids":[1]');

const accountButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Your account' });

/** Email sign-up from the header (the captcha is the embedded proof of work the page solves). */
async function signUp(page: Page, name: string): Promise<void> {
  await page.goto(`${corkboard.url}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(`${name}-${run}@example.com`);
  await dialog.getByLabel('Password').fill('tour-Password-1');
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await dialog.getByRole('heading', { name: 'Enter your birthdate' }).waitFor();
  await dialog.getByLabel('Birthdate').fill('1990-05-04');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await accountButton(page).waitFor({ timeout: 30_000 });
}

/** The board names of the first `count` pins of the home grid, read from the pins' own API. */
async function firstBoards(page: Page, count: number): Promise<string[]> {
  const hrefs = await page
    .getByRole('main')
    .locator('a[href^="/pin/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const ids = [...new Set(hrefs.map((href) => /^\/pin\/(\d+)\//.exec(href)?.[1]))]
    .filter((id): id is string => id !== undefined)
    .slice(0, count);
  const boards: string[] = [];
  for (const id of ids) {
    const response = await page.request.get(`${corkboard.url}/v3/pins/${id}/`);
    const body = (await response.json()) as {
      resource_response: { data: { board: { name: string } } };
    };
    boards.push(body.resource_response.data.board.name);
  }
  return boards;
}

describe('first-run tour', () => {
  test('operator defines the tour; a new person picks Garden by keyboard; their first home feed starts with garden pins; dismissing keeps it gone after reload', async () => {
    // The demo operator defines the tour for people who signed up within a day, on the admin page.
    const operator = await newContext();
    await signInAsDemoUser(operator, corkboard.url, DEMO_ADMIN_USERNAME);
    const admin = await operator.newPage();
    await admin.goto(`${corkboard.url}/admin/experiences/`);
    await admin.getByRole('heading', { name: 'Experiences', level: 1 }).waitFor();
    // The list holds the extension upsell's experience every database has (ADR 083).
    await admin.getByRole('button', { name: 'Change Browser extension upsell' }).waitFor();
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await admin.getByLabel('Placement').selectOption({ label: 'Home: first-run dialog' });
    await admin.getByLabel('Name (for operators)').fill('Welcome tour');
    await admin.getByLabel('Shown as').selectOption({ label: 'First-run tour (topic picker)' });
    await admin.getByLabel('Only people who signed up within this many days').fill('1');
    await admin.getByRole('button', { name: 'Define experience' }).click();
    await admin.getByText('Welcome tour is defined.').waitFor();
    await admin.getByRole('button', { name: 'Change Welcome tour' }).waitFor();
    expect(await seriousAxeViolations(admin)).toEqual([]);

    // A new person signs up and lands on the home feed with the tour over it.
    const person = await newContext();
    const page = await person.newPage();
    await signUp(page, 'tour');
    const tour = page.getByRole('dialog', { name: 'Welcome to Corkboard' });
    await tour.waitFor();
    const cooking = tour.getByRole('checkbox', { name: 'Cooking' });
    await cooking.waitFor();
    await expect.poll(() => cooking.evaluate((box) => box === document.activeElement)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Keyboard only: Tab to Garden (cooking, travel, interiors, garden), Space, then Tab to the
    // Save button past Woodwork and Not now, Enter.
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('Tab');
    const garden = tour.getByRole('checkbox', { name: 'Garden' });
    expect(await garden.evaluate((box) => box === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    expect(await garden.isChecked()).toBe(true);
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('Tab');
    const save = tour.getByRole('button', { name: 'Show me these' });
    expect(await save.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await tour.waitFor({ state: 'detached' });

    // The first home feed now starts with pins of the garden boards.
    await expect
      .poll(async () => (await firstBoards(page, 6)).every((name) => GARDEN_BOARDS.has(name)), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Completed: after a reload the server no longer serves the tour and the feed stays seeded.
    const asked = page.waitForResponse((response) => asksForTour(response.url()));
    await page.reload();
    const reloaded = (await (await asked).json()) as {
      resource_response: { data: { experiences: Record<string, unknown> } };
    };
    expect(reloaded.resource_response.data.experiences['1']).toBeNull();
    await page.getByRole('main').locator('a[href^="/pin/"]').first().waitFor();
    expect(await page.getByRole('dialog', { name: 'Welcome to Corkboard' }).count()).toBe(0);
    expect((await firstBoards(page, 3)).every((name) => GARDEN_BOARDS.has(name))).toBe(true);

    // Another new person dismisses the tour with Esc; it stays dismissed after a reload.
    const other = await newContext();
    const second = await other.newPage();
    await signUp(second, 'dismiss');
    const secondTour = second.getByRole('dialog', { name: 'Welcome to Corkboard' });
    await secondTour.getByRole('checkbox', { name: 'Cooking' }).waitFor();
    await second.keyboard.press('Escape');
    await secondTour.waitFor({ state: 'detached' });
    const again = second.waitForResponse((response) => asksForTour(response.url()));
    await second.reload();
    const answer = (await (await again).json()) as {
      resource_response: { data: { experiences: Record<string, unknown> } };
    };
    expect(answer.resource_response.data.experiences['1']).toBeNull();
    await second.getByRole('main').locator('a[href^="/pin/"]').first().waitFor();
    expect(await second.getByRole('dialog', { name: 'Welcome to Corkboard' }).count()).toBe(0);
    expect(await seriousAxeViolations(second)).toEqual([]);

    // The operator's list counts one completion and one dismissal.
    await admin.reload();
    await admin.getByText(/1 completed · 1 dismissed/).waitFor();
  }, 300_000);
});

describe('save tooltip', () => {
  test("operator defines it; a new person's first save shows it by the Save button; Esc dismisses it; gone after reload", async () => {
    const operator = await newContext();
    await signInAsDemoUser(operator, corkboard.url, DEMO_ADMIN_USERNAME);
    const admin = await operator.newPage();
    await admin.goto(`${corkboard.url}/admin/experiences/`);
    await admin.getByRole('button', { name: 'Change Browser extension upsell' }).waitFor();
    await admin.getByLabel('Placement').selectOption({ label: 'After the first save: tooltip' });
    await admin.getByLabel('Name (for operators)').fill('First save tip');
    await admin.getByLabel(/Triggerable/).check();
    await admin.getByLabel('Shown as').selectOption({ label: 'Tooltip' });
    await admin.getByLabel('Anchored to').selectOption({ label: 'The Save button' });
    await admin.getByLabel('Title').fill('Your first save!');
    await admin.getByRole('button', { name: 'Define experience' }).click();
    await admin.getByText('First save tip is defined.').waitFor();

    const person = await newContext();
    const page = await person.newPage();
    await signUp(page, 'saver');
    // The first-run tour of the other journey greets this person too: not now.
    const tour = page.getByRole('dialog', { name: 'Welcome to Corkboard' });
    await tour.getByRole('checkbox', { name: 'Cooking' }).waitFor();
    await page.keyboard.press('Escape');
    await tour.waitFor({ state: 'detached' });
    const href =
      (await page.getByRole('main').locator('a[href^="/pin/"]').first().getAttribute('href')) ?? '';
    await page.goto(`${corkboard.url}${href}`);

    // The first save, to a new board made from the picker.
    const save = page.getByRole('main').getByRole('button', { name: 'Save', exact: true });
    await save.click();
    const modal = page.getByRole('dialog', { name: 'Repin modal' });
    await modal.getByRole('option', { name: 'Create board', exact: true }).click();
    await modal.getByRole('textbox', { name: 'Name' }).fill('First ideas');
    await modal.getByRole('button', { name: 'Create', exact: true }).click();
    const saved = page.getByTestId('saved-pin-modal');
    await saved.waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await saved.waitFor({ state: 'detached' });

    const tip = page.getByRole('dialog', { name: 'Your first save!' });
    await tip.waitFor();
    expect(
      await tip.evaluate(
        (element) =>
          element.parentElement?.querySelector('[data-experience-anchor="pin_save_button"]') !==
          null,
      ),
    ).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await tip.waitFor({ state: 'detached' });

    const asked = page.waitForResponse(
      (response) =>
        response.url().includes('/resource/UserExperienceResource/get/') &&
        decodeURIComponent(response.url()).includes('"placement_ids":[3]'),
    );
    await page.reload();
    const answer = (await (await asked).json()) as {
      resource_response: { data: { experiences: Record<string, unknown> } };
    };
    expect(answer.resource_response.data.experiences['3']).toBeNull();
    await save.waitFor();
    expect(await page.getByRole('dialog', { name: 'Your first save!' }).count()).toBe(0);
  }, 300_000);
});

describe('Instagram upsell', () => {
  /** Saves the stand-in's post `mediaId` to Pantry Staples on the create page. */
  async function saveInstagramPost(page: Page, mediaId: string): Promise<void> {
    const instagram = corkboard.peers.instagram.url;
    await page.goto(
      `${corkboard.url}/pin/create/create/?url=${encodeURIComponent(`${instagram}/p/${mediaId}/`)}&media=${encodeURIComponent(`${instagram}/media/${mediaId}.png`)}`,
    );
    await page.getByRole('heading', { level: 1, name: 'Choose board' }).waitFor();
    await page.getByRole('combobox', { name: 'Search your boards' }).fill('pantry');
    await page.getByRole('option', { name: /Pantry Staples/ }).click();
  }

  const upsellName = 'Now you can turn your Instagram posts into Pins';

  test('shown once after a save from Instagram; Connect now → /settings/claim/ → connected through the peer; not shown again', async () => {
    const [account] = INSTAGRAM_TEST_USERS;
    const [first, second, third] = account?.media ?? [];
    if (!account || !first || !second || !third) throw new Error('the Instagram peer has no posts');
    const context = await newContext();
    await signInAsDemoUser(context, corkboard.url, 'mara_cooks');
    const page = await context.newPage();

    // Her listed website: the Instagram stand-in's site, proven with a DNS TXT record.
    await page.goto(`${corkboard.url}/settings/claim/`);
    await page.getByRole('heading', { level: 1, name: 'Claim' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('radio', { name: 'DNS record' }).check();
    const record = (await page.getByTestId('claim-proof').textContent()) ?? '';
    expect(record).toMatch(/^corkboard-site-verification=[a-f0-9]{32}$/);
    const instagramSite = new URL(corkboard.peers.instagram.url);
    corkboard.peers.dns.setTxt(instagramSite.hostname, [record]);
    await page.getByLabel('Website').fill(instagramSite.origin);
    await page.getByRole('button', { name: 'Claim website' }).click();
    await page.getByText(`${instagramSite.hostname} is now yours on Corkboard.`).waitFor();

    // The first save from Instagram: the upsell replaces the success view.
    await saveInstagramPost(page, first.id);
    const upsell = page.getByRole('dialog', { name: upsellName });
    await upsell.waitFor({ timeout: 30_000 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    // A click outside (on the backdrop, the page's top-left corner) leaves it open.
    await page.mouse.click(4, 4);
    expect(await upsell.isVisible()).toBe(true);
    await upsell.getByRole('link', { name: 'Connect now' }).click();
    await page.waitForURL(`${corkboard.url}/settings/claim/`);
    await page.getByRole('heading', { level: 1, name: 'Claim' }).waitFor();

    // Shown once: the next save from Instagram, before connecting, goes straight to success.
    await saveInstagramPost(page, second.id);
    await page.getByRole('heading', { level: 1, name: 'Saved to Pantry Staples' }).waitFor({
      timeout: 30_000,
    });
    expect(await page.getByRole('dialog', { name: upsellName }).count()).toBe(0);

    // Connecting over OAuth with the Instagram peer.
    await page.goto(`${corkboard.url}/settings/claim/`);
    await page.getByRole('button', { name: 'Connect Instagram' }).click();
    await page.waitForURL((url) => url.origin === instagramSite.origin);
    await page.getByRole('button', { name: `Continue as @${account.username}` }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: `Continue as @${account.username}` }).click();
    await page.getByText('Your Instagram account is connected.').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/settings/claim/');
    await page.getByText(`Connected to Instagram as @${account.username}.`).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const settings = await page.request.get(`${corkboard.url}/v3/users/settings`);
    const body = (await settings.json()) as {
      resource_response: { data: { connected_to_instagram: boolean } };
    };
    expect(body.resource_response.data.connected_to_instagram).toBe(true);

    // Connected: a save from Instagram shows the success view.
    await saveInstagramPost(page, third.id);
    await page.getByRole('heading', { level: 1, name: 'Saved to Pantry Staples' }).waitFor({
      timeout: 30_000,
    });
    expect(await page.getByRole('dialog', { name: upsellName }).count()).toBe(0);
  }, 300_000);
});
