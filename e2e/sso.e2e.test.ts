// Journeys: SSO by e-mail domain against this file's own loopback enterprise IdP (the
// `oidc-provider` peer's `acme.example`; ADR 033, 157). A new person types a work e-mail in the
// sign-up form → 'Continue with SSO' (no password) → /signup/sso-business-account → the 600×600
// pop-up → the IdP's chooser → birthdate → signed in with a business account. In a fresh browser
// the same person types the e-mail in the log-in form → 'Continue with SSO' → pop-up → signed in.
// The operators' identity-provider admin and the domain-verify page are axe clean.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser } from '@corkboard/testing-support/browser';
import { seriousAxeViolations } from './support/browser.ts';
import { useJourneyServer } from './support/journey-server.ts';
import { logInAsDemoUser } from './support/saving.ts';

const corkboard = useJourneyServer();

const JOURNEY_TIMEOUT_MS = 180_000;
const ALEX_EMAIL = 'alex.rivera@acme.example';
const ALEX_PROFILE = /^\/alex[a-z0-9_]*\/$/;

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

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  return context;
}

const accountButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Your account' });

async function expectSignedInAs(page: Page, profile: RegExp) {
  await accountButton(page).waitFor({ timeout: 30_000 });
  await accountButton(page).click();
  await expect
    .poll(() => page.getByRole('menuitem', { name: 'Your profile' }).getAttribute('href'))
    .toMatch(profile);
  await page.keyboard.press('Escape');
}

/** Clicks 'Continue with SSO' in `scope` and picks Alex in the IdP's chooser pop-up. */
async function ssoPopup(page: Page, scope: ReturnType<Page['getByRole']>) {
  const [popup] = await Promise.all([
    page.context().waitForEvent('page'),
    scope.getByRole('button', { name: 'Continue with SSO' }).click(),
  ]);
  const choice = popup.getByRole('button', { name: 'Continue as Alex Rivera' });
  await choice.waitFor({ timeout: 30_000 });
  await Promise.all([popup.waitForEvent('close'), choice.click()]);
}

describe('SSO by e-mail domain', () => {
  test(
    'a new SSO user: Continue with SSO → business SSO sign-up → pop-up → birthdate → signed in',
    async () => {
      const page = await (await newContext()).newPage();
      await page.goto(`${corkboard.url}/signup/`);
      const main = page.getByRole('main');
      await main.getByRole('button', { name: 'Continue with email' }).click();
      await main.getByLabel('Email').fill(ALEX_EMAIL);
      // auth.md §4: after the debounced check the button reads 'Continue with SSO', no password.
      await main.getByRole('button', { name: 'Continue with SSO' }).waitFor({ timeout: 30_000 });
      expect(await main.getByLabel('Password').count()).toBe(0);
      await main.getByRole('button', { name: 'Continue with SSO' }).click();

      await page.waitForURL(/\/signup\/sso-business-account\?email=/);
      await main
        .getByRole('heading', { name: 'Create your business account with SSO' })
        .waitFor({ timeout: 30_000 });
      await main.getByText(ALEX_EMAIL).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      await ssoPopup(page, main);
      await main
        .getByText('Your organisation signed you in as Alex Rivera', { exact: false })
        .waitFor({
          timeout: 30_000,
        });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await main.getByLabel('Birthdate').fill('1990-05-04');
      await main.getByRole('button', { name: 'Create account' }).click();
      await expectSignedInAs(page, ALEX_PROFILE);
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'an existing SSO user: a fresh browser, log in → Continue with SSO → pop-up → signed in',
    async () => {
      const page = await (await newContext()).newPage();
      await page.goto(`${corkboard.url}/login/`);
      const main = page.getByRole('main');
      await main.getByLabel('Email or username').fill(ALEX_EMAIL);
      await main.getByRole('button', { name: 'Continue with SSO' }).waitFor({ timeout: 30_000 });
      expect(await main.getByLabel('Password').count()).toBe(0);
      await ssoPopup(page, main);
      await expectSignedInAs(page, ALEX_PROFILE);
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'the identity-provider admin and the domain-verify page are axe clean',
    async () => {
      const context = await newContext();
      await logInAsDemoUser(context, corkboard.url, 'ines_interiors');
      const page = await context.newPage();
      await page.goto(`${corkboard.url}/admin/sso/`);
      await page
        .getByRole('heading', { name: 'Single sign-on providers' })
        .waitFor({ timeout: 30_000 });
      await page.getByText('No identity provider is registered yet.').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      const visitor = await (await newContext()).newPage();
      await visitor.goto(`${corkboard.url}/sso/verify-domain/?token=${'x'.repeat(43)}`);
      await visitor.getByRole('button', { name: 'Confirm domain' }).click();
      await visitor
        .getByText('This link has expired or was already used. Ask for a new one.')
        .waitFor({ timeout: 30_000 });
      expect(await seriousAxeViolations(visitor)).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
