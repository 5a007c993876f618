// The admin side as an operator uses it: the demo operator opens Admin from the account menu,
// reads the overview, makes another demo person an operator by keyboard, and that person's
// account menu then offers Admin too; the failed background jobs page; a person who is not an
// operator is turned away. axe on every admin page visited.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ADMIN_USERNAME } from '@corkboard/db/seed/demo-content';
import { launchJourneyBrowser, seriousAxeViolations } from './support/browser.ts';
import { useJourneyServer } from './support/journey-server.ts';
import { signInAsDemoUser } from './support/sign-in.ts';

const corkboard = useJourneyServer();

describe('admin pages', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchJourneyBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  test('an operator opens the overview and makes someone an operator by keyboard', async () => {
    const context = await browser.newContext();
    await signInAsDemoUser(context, corkboard.url, DEMO_ADMIN_USERNAME);
    const page = await context.newPage();
    await page.goto(`${corkboard.url}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Your account' }).click();
    await page.getByRole('menuitem', { name: 'Admin' }).click();

    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    expect(page.url()).toBe(`${corkboard.url}/admin/overview/`);
    // The seed's 300 pins are counted.
    await expect
      .poll(() => page.getByText('300', { exact: true }).count())
      .toBeGreaterThanOrEqual(1);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Operators' })
      .click();
    await page.getByRole('heading', { name: 'Operators', level: 1 }).waitFor();
    await page.getByText(`@${DEMO_ADMIN_USERNAME}`).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const field = page.getByLabel('Username');
    await field.focus();
    await page.keyboard.type('gus_grows');
    await page.keyboard.press('Enter');
    await page.getByText('gus_grows is now an operator.').waitFor();
    await page.getByText('@gus_grows').waitFor();

    // Failed background jobs (decision 139): none on a fresh server; keyboard reaches the page.
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Background jobs' })
      .click();
    await page.getByRole('heading', { name: 'Failed background jobs', level: 1 }).waitFor();
    await page.getByText('No background job has failed.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();

    const gus = await browser.newContext();
    await signInAsDemoUser(gus, corkboard.url, 'gus_grows');
    const gusPage = await gus.newPage();
    await gusPage.goto(`${corkboard.url}/`);
    await gusPage.getByRole('banner').getByRole('button', { name: 'Your account' }).click();
    await gusPage.getByRole('menuitem', { name: 'Admin' }).waitFor();
    await gus.close();
  });

  test('a person who is not an operator is turned away', async () => {
    const context = await browser.newContext();
    await signInAsDemoUser(context, corkboard.url, 'mara_cooks');
    const page = await context.newPage();
    await page.goto(`${corkboard.url}/admin/`);
    await page
      .getByRole('heading', { name: 'This page is for Corkboard operators only' })
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const answer = await page.request.get(`${corkboard.url}/v3/admin/overview/`);
    expect(answer.status()).toBe(403);
    await context.close();
  });
});
