// Journeys of the experience platform's product uses (issue 12; docs/decisions/081, 082): the
// demo operator defines a first-run tour on /admin/experiences/; a new person signs up, gets the
// tour over the home feed, picks Garden by keyboard, and their first home feed then starts with
// garden pins; a second new person dismisses the tour with Esc and it is still gone after a
// reload. axe on every page visited (the admin page, the home feed with and without the tour).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser } from '@corkboard/testing-support/browser';
import { DEMO_ADMIN_USERNAME, DEMO_BOARDS } from '@corkboard/db/seed/demo-content';
import { seriousAxeViolations } from './support/browser.ts';
import { useJourneyServer } from './support/journey-server.ts';
import { logInAsDemoUser } from './support/saving.ts';

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
  browser = await launchBrowser();
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
    await logInAsDemoUser(operator, corkboard.url, DEMO_ADMIN_USERNAME);
    const admin = await operator.newPage();
    await admin.goto(`${corkboard.url}/admin/experiences/`);
    await admin.getByRole('heading', { name: 'Experiences', level: 1 }).waitFor();
    await admin.getByText('No experiences are defined yet.').waitFor();
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
