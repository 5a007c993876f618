// Passkeys as a person uses them (issue 9, docs/decisions/166), with Chromium's virtual
// authenticator (CDP WebAuthn.addVirtualAuthenticator: CTAP2, internal, resident keys, user
// verification): a demo person adds a passkey in Settings → Security (after confirming their
// password), logs out, logs in with 'Use a passkey' and no password; then logs in with
// the password and finishes the two-factor step with the passkey, by keyboard. axe on each page
// and dialog. Passkeys need an RP ID that is a domain: the browser uses http://localhost:<port>
// (a secure context), and the server is told its RP ID and origin.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoEmail } from '@corkboard/db/seed/demo-plan';
import { DEMO_PASSWORD } from '@corkboard/api/modules/auth/demo-credentials';
import { launchJourneyBrowser, seriousAxeViolations } from './support/browser.ts';
import { useJourneyServer } from './support/journey-server.ts';
import { signInAsDemoUser } from './support/sign-in.ts';

const corkboard = useJourneyServer({
  envForPort: (port) => ({
    WEBAUTHN_RP_ID: 'localhost',
    WEBAUTHN_ORIGINS: `http://localhost:${port}`,
  }),
});
const PERSON = 'ben_woodworks';

/** The journey server, as the browser must reach it for passkeys. */
function localhostUrl(): string {
  const url = new URL(corkboard.url);
  url.hostname = 'localhost';
  return url.origin;
}

async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Your account' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).waitFor();
}

async function openLogin(page: Page, base: string) {
  await page.goto(`${base}/login/`);
  const main = page.getByRole('main');
  await main.getByRole('heading', { level: 1 }).waitFor();
  const different = main.getByRole('button', { name: 'Log in with a different account' });
  if (await different.isVisible()) await different.click();
  await main.getByLabel('Email or username').waitFor();
  return main;
}

describe('passkeys', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchJourneyBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  test(
    'add a passkey in Settings, log in with it alone, then use it as the second step',
    { timeout: 300_000 },
    async () => {
      const base = localhostUrl();
      const context = await browser.newContext();
      await signInAsDemoUser(context, base, PERSON);
      const page = await context.newPage();
      await addVirtualAuthenticator(context, page);

      await page.goto(`${base}/settings/security/`);
      await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Passkeys' }).waitFor();
      await page.getByText("You haven't added a passkey yet.").waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByLabel('Passkey name').fill('Test laptop');
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      const reauth = page.getByRole('dialog', { name: "Confirm it's you" });
      await reauth.waitFor();
      await page.keyboard.type(DEMO_PASSWORD);
      await page.keyboard.press('Enter');

      // The first second factor brings the backup codes, shown once.
      const saved = page.getByRole('dialog', { name: 'Save your backup codes' });
      await saved.waitFor({ timeout: 30_000 });
      expect(await saved.getByRole('listitem').count()).toBe(10);
      await saved.getByRole('button', { name: 'I saved my codes' }).click();
      const list = page.getByRole('list', { name: 'Your passkeys' });
      await list.getByText('Test laptop').waitFor();
      await list.getByText(/not used yet/).waitFor();
      await page.getByText('Two-factor authentication is on.').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Passwordless: no e-mail, no password, by the button. Chromium's virtual authenticator
      // answers the e-mail field's autofill request (conditional mediation) on its own, with no
      // person choosing, so the login page would log in before the button is pressed: the
      // journey turns autofill off to press the button, as a browser without it would.
      await context.addInitScript(() => {
        PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
      });
      await logOut(page);
      let main = await openLogin(page, base);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await main.getByRole('button', { name: 'Use a passkey' }).click();
      await page.getByRole('banner').getByRole('button', { name: 'Your account' }).waitFor({
        timeout: 30_000,
      });

      // The passkey as the second step of a password log-in, by keyboard.
      await logOut(page);
      main = await openLogin(page, base);
      await main.getByLabel('Email or username').fill(demoEmail(PERSON));
      await main.getByLabel('Password').fill(DEMO_PASSWORD);
      await main.getByLabel('Password').press('Enter');
      await main
        .getByRole('heading', { name: 'Two-factor authentication required', level: 1 })
        .waitFor();
      await main
        .getByText('Use your passkey to finish logging in, or enter one of your backup codes.')
        .waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      // The code field has focus; Tab on to 'Use a passkey' and press Enter.
      for (let step = 0; step < 6; step += 1) {
        const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
        if (focused === 'Use a passkey') break;
        await page.keyboard.press('Tab');
      }
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Use a passkey');
      await page.keyboard.press('Enter');
      await page.getByRole('banner').getByRole('button', { name: 'Your account' }).waitFor({
        timeout: 30_000,
      });

      // Settings show when it was last used.
      await page.goto(`${base}/settings/security/`);
      await page
        .getByRole('list', { name: 'Your passkeys' })
        .getByText(/last used/)
        .waitFor();
      await context.close();
    },
  );
});
