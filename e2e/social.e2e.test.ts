// Journeys: social sign-in against this file's own loopback peers (docs/decisions/030, 031).
// Google: 'Continue with Google' in the sign-up modal → the Identity Services chooser (the peer's
// pop-up) → the birthday step → signed in; then, in a fresh browser, 'Continue with Google' in
// the log-in modal → signed in as the same person. axe on every view the journeys visit.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser } from '@corkboard/testing-support/browser';
import { seriousAxeViolations } from './support/browser.ts';
import { useJourneyServer } from './support/journey-server.ts';

const corkboard = useJourneyServer();

/** Each journey drives two windows and axe several times: longer than the default minute. */
const JOURNEY_TIMEOUT_MS = 180_000;
/** The profile link of the account the Google test account Ada Lovelace gets. */
const ADA_PROFILE = /^\/ada[a-z0-9_]*\/$/;

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

const header = (page: Page) => page.getByRole('banner');
const accountButton = (page: Page) => header(page).getByRole('button', { name: 'Your account' });

async function openModal(page: Page, button: 'Log in' | 'Sign up') {
  await header(page).getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

/** Clicks 'Continue with Google' and picks `name` in the peer's chooser pop-up. */
async function chooseGoogleAccount(page: Page, name: string) {
  const google = page.getByRole('dialog').getByRole('button', { name: 'Continue with Google' });
  await google.waitFor({ timeout: 30_000 });
  const [popup] = await Promise.all([page.context().waitForEvent('page'), google.click()]);
  const choice = popup.getByRole('button', { name: `Continue as ${name}` });
  await choice.waitFor();
  expect(await seriousAxeViolations(popup)).toEqual([]);
  await Promise.all([popup.waitForEvent('close'), choice.click()]);
}

async function expectSignedInAs(page: Page, profile: RegExp) {
  await accountButton(page).waitFor({ timeout: 30_000 });
  await accountButton(page).click();
  await expect
    .poll(() => page.getByRole('menuitem', { name: 'Your profile' }).getAttribute('href'))
    .toMatch(profile);
  await page.keyboard.press('Escape');
}

describe('Google', () => {
  test(
    'sign up: Continue with Google → chooser → birthday → signed in',
    async () => {
      const page = await newPage();
      await page.goto(`${corkboard.url}/`);
      const dialog = await openModal(page, 'Sign up');
      await dialog
        .getByRole('button', { name: 'Continue with Google' })
        .waitFor({ timeout: 30_000 });
      // auth.md §2: the 'OR' divider between the social buttons and the email form.
      await dialog.getByRole('separator').filter({ hasText: 'OR' }).waitFor();
      await dialog.getByText('Development identity provider', { exact: false }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      await chooseGoogleAccount(page, 'Ada Lovelace');
      // auth.md §4 "Social signup": the birthday step, then the account.
      await dialog.getByRole('heading', { name: 'Enter your birthdate' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await dialog.getByLabel('Birthdate').fill('1990-05-04');
      await dialog.getByRole('button', { name: 'Create account' }).click();
      await expectSignedInAs(page, ADA_PROFILE);
      expect(await seriousAxeViolations(page)).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'log in: a fresh browser, Continue with Google → signed in as the same person',
    async () => {
      const page = await newPage();
      await page.goto(`${corkboard.url}/`);
      await openModal(page, 'Log in');
      await chooseGoogleAccount(page, 'Ada Lovelace');
      await expectSignedInAs(page, ADA_PROFILE);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
