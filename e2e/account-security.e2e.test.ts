// Two-factor sign-in as a person uses it (issue 9, docs/decisions/041, 189). An authenticator
// app: a demo person opens Settings from the account menu, confirms it is them, reads the key
// shown under the QR code, turns the app on with its code (computed here with the same TOTP library
// the server uses), saves the backup codes, logs out, and logs in again with the password and then
// the app's code, by keyboard. Text messages ("MFA by SMS outbox"): another demo person adds their
// phone in Settings, reads the texted code on the development SMS outbox page (the loopback Twilio
// stand-in of this file's server), logs out, logs in, sees the loginMfa view with the phone's last
// digits, asks for a new code by keyboard ('We sent you a new code!') and finishes with the newest
// code from the outbox. axe on every page and dialog visited. The journeys are long (three
// dialogs, two log-ins, several axe runs), hence their own timeouts. The server sends a new code
// without the usual minute's wait (MFA_RESEND_INTERVAL_SECONDS=0, ADR 189), so nothing waits on
// the clock.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoEmail } from '@corkboard/db/seed/demo-plan';
import { DEMO_PASSWORD } from '@corkboard/api/modules/auth/demo-credentials';
import { totpCodeAt, TOTP_PERIOD_SECONDS } from '@corkboard/api/modules/account-security/totp';
import { launchJourneyBrowser, seriousAxeViolations } from './support/browser.ts';
import { useJourneyServer } from './support/journey-server.ts';
import { signInAsDemoUser } from './support/sign-in.ts';

const corkboard = useJourneyServer({ env: { MFA_RESEND_INTERVAL_SECONDS: '0' } });
const PERSON = 'ben_woodworks';
const SMS_PERSON = 'gus_grows';
/** The phone as the person types it, and as the SMS provider is asked to text it (E.164). */
const PHONE_TYPED = '+1 (555) 555-0142';
const PHONE = '+15555550142';
const PHONE_END = '0142';

/**
 * The newest code texted to PHONE, read the way a developer reads it: the SMS outbox page of the
 * loopback SMS stand-in, newest first. `count` is how many texts PHONE has had by now (they are
 * sent before the API answers, so the page lists them already).
 */
async function codeFromOutbox(context: BrowserContext, count: number): Promise<string> {
  const outbox = await context.newPage();
  await outbox.goto(corkboard.peers.urls.smsOutbox);
  await outbox.getByRole('heading', { name: 'SMS outbox', level: 1 }).waitFor();
  const rows = outbox.getByRole('row').filter({ hasText: PHONE });
  expect(await rows.count()).toBe(count);
  const text = (await rows.first().getByRole('cell').nth(3).textContent()) ?? '';
  await outbox.close();
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  expect(code).toBeDefined();
  return code ?? '';
}

describe('two-factor sign-in', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchJourneyBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  test(
    'turn on an authenticator app in Settings, then log in with its code',
    { timeout: 240_000 },
    async () => {
      const context = await browser.newContext();
      await signInAsDemoUser(context, corkboard.url, PERSON);
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

  test(
    'MFA by SMS outbox: turn on text messages, log out, log in with the texted code',
    { timeout: 240_000 },
    async () => {
      const context = await browser.newContext();
      await signInAsDemoUser(context, corkboard.url, SMS_PERSON);
      const page = await context.newPage();
      await page.goto(`${corkboard.url}/settings/security/`);
      await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
      await page.getByLabel('Mobile number').fill(PHONE_TYPED);
      await page.keyboard.press('Enter');

      const reauth = page.getByRole('dialog', { name: "Confirm it's you" });
      await reauth.waitFor();
      await page.keyboard.type(DEMO_PASSWORD);
      await page.keyboard.press('Enter');

      // The code field has focus once the text is sent.
      const enrolField = page.getByLabel(`Code we texted to the number ending in ${PHONE_END}`);
      await enrolField.waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await enrolField.fill(await codeFromOutbox(context, 1));
      await page.keyboard.press('Enter');
      const saved = page.getByRole('dialog', { name: 'Save your backup codes' });
      await saved.waitFor();
      await saved.getByRole('button', { name: 'I saved my codes' }).click();
      await page.getByText(`Codes go to your phone ending in ${PHONE_END}.`).waitFor();
      await page.getByText('Two-factor authentication is on.').waitFor();

      await page.getByRole('banner').getByRole('button', { name: 'Your account' }).click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await page.getByRole('banner').getByRole('button', { name: 'Log in' }).waitFor();
      await page.goto(`${corkboard.url}/login/`);
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1 }).waitFor();
      const different = main.getByRole('button', { name: 'Log in with a different account' });
      if (await different.isVisible()) await different.click();
      await main.getByLabel('Email or username').fill(demoEmail(SMS_PERSON));
      await main.getByLabel('Password').fill(DEMO_PASSWORD);
      await main.getByLabel('Password').press('Enter');

      // auth.md §2 loginMfa: the title and the phone's last digits.
      await main
        .getByRole('heading', { name: 'Two-factor authentication required', level: 1 })
        .waitFor();
      await main
        .getByText(`Check your phone ending in ${PHONE_END} for a verification code.`)
        .waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      // 'resend the code' by keyboard: from the code field, Tab to it, then Enter.
      const resend = main.getByRole('button', { name: 'resend the code' });
      for (let presses = 0; presses < 5; presses += 1) {
        if (await resend.evaluate((element) => element === document.activeElement)) break;
        await page.keyboard.press('Tab');
      }
      expect(await resend.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await page.getByText('We sent you a new code!').waitFor();

      // Enrolment, the log-in and the resend: three texts; the newest code finishes the step.
      const code = await codeFromOutbox(context, 3);
      await main.getByLabel('Verification code').focus();
      await page.keyboard.type(code);
      await page.keyboard.press('Enter');
      await page.getByRole('banner').getByRole('button', { name: 'Your account' }).waitFor({
        timeout: 30_000,
      });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await context.close();
    },
  );
});
