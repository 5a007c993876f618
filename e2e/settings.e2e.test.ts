// Account settings as a person uses them (issue 9 "Account settings"; ADR 148–150): a demo
// person edits their profile, logs out a second device from the sessions page, connects a Google
// account through the local OpenID Connect peer by keyboard (ADR 188), changes their password by
// keyboard only, deactivates the account (hidden from everyone), logs in again within the 28
// days to bring it back, and then logs in with the connected Google account. axe (no serious or critical findings) on every settings
// page and the deactivation dialog.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoEmail } from '@corkboard/db/seed/demo-plan';
import { DEMO_PASSWORD } from '@corkboard/api/modules/auth/demo-credentials';
import { launchJourneyBrowser, seriousAxeViolations } from './support/browser.ts';
import { useJourneyServer } from './support/journey-server.ts';

const corkboard = useJourneyServer();
const PERSON = 'ben_woodworks';
const NEW_PASSWORD = 'walnut-dovetail-93';
/** The local OpenID Connect peer's Google test account the journey connects (ADR 188). */
const GOOGLE_ACCOUNT = 'Grace Hopper';

async function logIn(context: BrowserContext, password: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${corkboard.url}/login/`);
  const main = page.getByRole('main');
  await main.getByRole('heading', { level: 1 }).waitFor();
  const different = main.getByRole('button', { name: 'Log in with a different account' });
  if (await different.isVisible()) await different.click();
  await main.getByLabel('Email or username').fill(demoEmail(PERSON));
  await main.getByLabel('Password').fill(password);
  await main.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Your account' }).waitFor({
    timeout: 30_000,
  });
  return page;
}

async function profileStatus(): Promise<number> {
  const response = await fetch(`${corkboard.url}/v3/users/${PERSON}/`, {
    headers: { accept: 'application/json' },
  });
  return response.status;
}

describe('account settings', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchJourneyBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  test(
    'edit the profile, log out another device, connect Google, change the password by keyboard, deactivate, come back, log in with Google',
    { timeout: 300_000 },
    async () => {
      const context = await browser.newContext();
      const page = await logIn(context, DEMO_PASSWORD);
      const other = await browser.newContext();
      const otherPage = await logIn(other, DEMO_PASSWORD);

      // Profile.
      await page.goto(`${corkboard.url}/settings/`);
      await page.getByRole('heading', { level: 1, name: 'Edit profile' }).waitFor();
      expect(page.url()).toBe(`${corkboard.url}/settings/profile/`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByLabel('About').fill('Walnut, oak and patience.');
      await page.getByLabel('Website').fill('ben-woodworks.test');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved.').waitFor();
      expect(await page.getByLabel('Website').inputValue()).toBe('https://ben-woodworks.test/');
      const profile = (await (
        await fetch(`${corkboard.url}/v3/users/${PERSON}/`, {
          headers: { accept: 'application/json' },
        })
      ).json()) as { resource_response: { data: { about: string } } };
      expect(profile.resource_response.data.about).toBe('Walnut, oak and patience.');

      // Sessions: two devices; log out the other one.
      await page
        .getByRole('navigation', { name: 'Settings' })
        .getByRole('link', { name: 'Sessions' })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Sessions' }).waitFor();
      await page.getByText('This device').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      const revoke = page.getByRole('button', { name: /^Log out this session \(.*, logged in / });
      expect(await revoke.count()).toBe(1);
      await revoke.click();
      await page.getByText('That session was logged out.').waitFor();
      await page.getByText('No other sessions.').waitFor();
      await otherPage.reload();
      await otherPage.getByRole('banner').getByRole('button', { name: 'Log in' }).waitFor();
      await other.close();

      // Connected accounts (ADR 188): connect Google through the local OpenID Connect peer by
      // keyboard — the password, Enter moves on to Google's button, Enter opens its chooser.
      await page.goto(`${corkboard.url}/settings/connected/`);
      await page.getByRole('heading', { level: 1, name: 'Connected accounts' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Connect Google' }).click();
      const connectPassword = page.getByLabel('Enter your password to connect Google');
      await connectPassword.waitFor();
      await page.getByRole('button', { name: 'Continue with Google' }).waitFor({ timeout: 30_000 });
      await page.getByText('Development identity provider', { exact: false }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await connectPassword.evaluate((field) => field === document.activeElement)).toBe(
        true,
      );
      await page.keyboard.type(DEMO_PASSWORD);
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe('Continue with Google');
      const [chooser] = await Promise.all([
        page.context().waitForEvent('page'),
        page.keyboard.press('Enter'),
      ]);
      const grace = chooser.getByRole('button', { name: `Continue as ${GOOGLE_ACCOUNT}` });
      await grace.waitFor({ timeout: 30_000 });
      const connected = page.waitForResponse(
        (response) =>
          response.url() === `${corkboard.url}/v3/users/me/connected_accounts/google/` &&
          response.request().method() === 'POST',
      );
      await Promise.all([chooser.waitForEvent('close'), grace.click()]);
      expect((await connected).status()).toBe(200);
      await page.getByText('Google is connected. You can log in with it now.').waitFor();
      await page.getByRole('button', { name: 'Disconnect Google' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.goto(`${corkboard.url}/settings/email/`);
      await page.getByRole('heading', { level: 1, name: 'Email' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Password, keyboard only: focus moves by Tab, the form is sent with Enter.
      await page.goto(`${corkboard.url}/settings/password/`);
      await page.getByRole('heading', { level: 1, name: 'Change your password' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Sessions' }).focus();
      // From the last navigation link before the page: Security, Claim, Deactivate, then the form.
      for (let stop = 0; stop < 8; stop++) {
        await page.keyboard.press('Tab');
        if (
          (await page.evaluate(() => document.activeElement?.id)) === 'settings-password-current'
        ) {
          break;
        }
      }
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(
        'settings-password-current',
      );
      await page.keyboard.type(DEMO_PASSWORD);
      await page.keyboard.press('Tab');
      await page.keyboard.type(NEW_PASSWORD);
      await page.keyboard.press('Tab');
      await page.keyboard.type(NEW_PASSWORD);
      await page.keyboard.press('Enter');
      await page
        .getByText('Your password was changed. Other devices were logged out.')
        .waitFor({ timeout: 30_000 });

      // Deactivate: hidden from everyone, signed out.
      await page.goto(`${corkboard.url}/settings/deactivate/`);
      await page.getByRole('heading', { level: 1, name: 'Deactivate account' }).waitFor();
      await page.getByText(/Log in again within 28 days to bring everything back\./).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByLabel('Password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Deactivate account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Deactivate your account?' });
      await dialog.waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Deactivate' }).click();
      await page
        .getByText(/Your account is deactivated\. Log in before .* to reactivate it\./)
        .waitFor();
      expect(await profileStatus()).toBe(404);
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await page.getByRole('banner').getByRole('button', { name: 'Log in' }).waitFor();
      await context.close();

      // Within the 28 days: logging in brings the account back.
      const again = await browser.newContext();
      await logIn(again, NEW_PASSWORD);
      expect(await profileStatus()).toBe(200);
      await again.close();

      // The Google account connected above logs in as this person.
      const viaGoogle = await browser.newContext();
      const googlePage = await viaGoogle.newPage();
      await googlePage.goto(`${corkboard.url}/login/`);
      const google = googlePage
        .getByRole('main')
        .getByRole('button', { name: 'Continue with Google' });
      await google.waitFor({ timeout: 30_000 });
      const [loginChooser] = await Promise.all([viaGoogle.waitForEvent('page'), google.click()]);
      const choice = loginChooser.getByRole('button', { name: `Continue as ${GOOGLE_ACCOUNT}` });
      await choice.waitFor({ timeout: 30_000 });
      await Promise.all([loginChooser.waitForEvent('close'), choice.click()]);
      const account = googlePage.getByRole('banner').getByRole('button', { name: 'Your account' });
      await account.waitFor({ timeout: 30_000 });
      await account.click();
      await expect
        .poll(() => googlePage.getByRole('menuitem', { name: 'Your profile' }).getAttribute('href'))
        .toBe(`/${PERSON}/`);
      await viaGoogle.close();
    },
  );
});
