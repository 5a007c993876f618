// Two-factor sign-in as a person uses it (issue 9, docs/decisions/041): a demo person opens
// Settings from the account menu, confirms it is them, reads the key shown under the QR code,
// turns the app on with its code (computed here with the same TOTP library the server uses),
// saves the backup codes, logs out, and logs in again with the password and then the app's
// code, by keyboard. axe on every page and dialog visited. The journey is long (three dialogs,
// two log-ins, six axe runs), hence its own timeout.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser } from '@corkboard/testing-support/browser';
import { demoEmail } from '@corkboard/db/seed/demo-plan';
import { DEMO_PASSWORD } from '@corkboard/api/modules/auth/demo-credentials';
import { totpCodeAt, TOTP_PERIOD_SECONDS } from '@corkboard/api/modules/account-security/totp';
import { seriousAxeViolations } from './support/browser.ts';
import { useJourneyServer } from './support/journey-server.ts';
import { logInAsDemoUser } from './support/saving.ts';

const corkboard = useJourneyServer();
const PERSON = 'ben_woodworks';

describe('two-factor sign-in', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  test(
    'turn on an authenticator app in Settings, then log in with its code',
    { timeout: 240_000 },
    async () => {
      const context = await browser.newContext();
      await logInAsDemoUser(context, corkboard.url, PERSON);
      const page = await context.newPage();
      await page.goto(`${corkboard.url}/`);
      await page.getByRole('banner').getByRole('button', { name: 'Your account' }).click();
      await page.getByRole('menuitem', { name: 'Settings' }).click();
      await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
      expect(page.url()).toBe(`${corkboard.url}/settings/security/`);
      await page
        .getByText(
          'Two-factor authentication is off. Add an authenticator app or your phone to turn it on.',
        )
        .waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
      const reauth = page.getByRole('dialog', { name: "Confirm it's you" });
      await reauth.waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.keyboard.type(DEMO_PASSWORD);
      await page.keyboard.press('Enter');

      const setup = page.getByRole('dialog', { name: 'Set up your authenticator app' });
      await setup.waitFor();
      await setup.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      const secret = (await setup.getByTestId('totp-secret').textContent()) ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await page.keyboard.type(totpCodeAt(secret, new Date()));
      await page.keyboard.press('Enter');

      const saved = page.getByRole('dialog', { name: 'Save your backup codes' });
      await saved.waitFor();
      expect(await saved.getByRole('listitem').count()).toBe(10);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saved.getByRole('button', { name: 'I saved my codes' }).click();
      await page.getByText('Two-factor authentication is on.').waitFor();
      await page.getByText('Backup codes left: 10').waitFor();

      // Log out, then log in again: the password, then the second step.
      await page.getByRole('banner').getByRole('button', { name: 'Your account' }).click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await page.getByRole('banner').getByRole('button', { name: 'Log in' }).waitFor();
      await page.goto(`${corkboard.url}/login/`);
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1 }).waitFor();
      const different = main.getByRole('button', { name: 'Log in with a different account' });
      if (await different.isVisible()) await different.click();
      await main.getByLabel('Email or username').fill(demoEmail(PERSON));
      await main.getByLabel('Password').fill(DEMO_PASSWORD);
      await main.getByRole('button', { name: 'Log in' }).click();

      await main
        .getByRole('heading', { name: 'Two-factor authentication required', level: 1 })
        .waitFor();
      await main
        .getByText('Check your phone for a verification code from your authenticator app.')
        .waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      // The code field has focus; a bad code is refused with auth.md §5's sentence.
      await page.keyboard.type('12');
      await page.keyboard.press('Enter');
      await main.getByText("Hmm...that doesn't look like a verification code.").waitFor();
      await main.getByLabel('Verification code').fill('');
      await main.getByLabel('Verification code').focus();
      // The step enrolment used is spent: the next step's code (within the one-step window).
      await page.keyboard.type(
        totpCodeAt(secret, new Date(Date.now() + TOTP_PERIOD_SECONDS * 1000)),
      );
      await page.keyboard.press('Enter');
      await page.getByRole('banner').getByRole('button', { name: 'Your account' }).waitFor({
        timeout: 30_000,
      });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await context.close();
    },
  );
});
