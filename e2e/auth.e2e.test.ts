// Journeys: email sign-up, log-out and log-in, password reset over real SMTP, the login errors,
// open redirects, the under-age, consent and soft-ban paths, keyboard-only signup, and axe on
// every auth view. The captcha is the real embedded proof of work, solved by the page.
import { demoEmail } from '@corkboard/db/seed/demo-plan';
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Locator,
  Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { DEMO_PASSWORD } from '@corkboard/api/modules/auth/demo-credentials';
// The full browser, not the journeys' headless shell (support/browser.ts): under the shell 'the
// modal keeps Tab inside…' failed in both runs (ADR 214; session 13: 15 of 16 passed). In the
// second, opening the log-in modal also opened 'Oops! Too many login attempts' (a login-flow
// request answered with a rate limit), a second dialog on top, which fits session 12's "Esc left
// the modal open". The file's earlier journeys spend per-address auth budgets (limits.ts), by
// how many requests depends on timing; which request hit the limit is not known yet. Move the
// file once that journey does not depend on what the others spent (performance.md, session 13).
import { launchBrowser } from '@corkboard/testing-support/browser';
import { seriousAxeViolations } from './support/browser.ts';
import { waitForMail } from './support/mailbox.ts';
import { useJourneyServer } from './support/journey-server.ts';

const corkboard = useJourneyServer();
const mailDir = inject('mailDir');

/** Unique per run, so journeys never collide with an earlier run's accounts on a kept server. */
const run = Date.now().toString(36);
const newEmail = (name: string) => `${name}-${run}@example.com`;

const WRONG_PASSWORD_COPY =
  'The password you entered is incorrect. Try again or Reset your password';

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

async function newPage(options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
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

async function signUp(page: Page, email: string, password: string, birthday = '1990-05-04') {
  const dialog = await openModal(page, 'Sign up');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await dialog.getByRole('heading', { name: 'Enter your birthdate' }).waitFor();
  await dialog.getByLabel('Birthdate').fill(birthday);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  return dialog;
}

/** A remembered identity greets the last account (personalized login); this asks for the plain form. */
async function plainLoginForm(dialog: Locator) {
  await dialog.getByRole('heading', { level: 1 }).waitFor();
  const different = dialog.getByRole('button', { name: 'Log in with a different account' });
  if (await different.isVisible()) await different.click();
}

async function logIn(page: Page, identifier: string, password: string) {
  const dialog = await openModal(page, 'Log in');
  await plainLoginForm(dialog);
  await dialog.getByLabel('Email or username').fill(identifier);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  return dialog;
}

async function logOut(page: Page) {
  await accountButton(page).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await header(page).getByRole('button', { name: 'Log in' }).waitFor();
}

describe('email accounts', () => {
  test('sign up → signed in → log out → demo log-in → forgot password by mail → new password works', async () => {
    const page = await newPage();
    const email = newEmail('journey');
    await page.goto(`${corkboard.url}/`);

    // The welcome screen shows only while the next page loads (unit-tested); then the header.
    await signUp(page, email, 'first-Password-1');
    await accountButton(page).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.url()).toBe(`${corkboard.url}/`);

    await logOut(page);

    // The seeded demo people log in with the documented password.
    await logIn(page, demoEmail('mara_cooks'), DEMO_PASSWORD);
    await accountButton(page).waitFor({ timeout: 30_000 });
    await accountButton(page).click();
    await expect
      .poll(() => page.getByRole('menuitem', { name: 'Your profile' }).getAttribute('href'))
      .toBe('/mara_cooks/');
    await page.keyboard.press('Escape');
    await logOut(page);

    // Forgot password, for the account made above: the link goes to the recovery page with ue.
    const login = await openModal(page, 'Log in');
    await plainLoginForm(login);
    await login.getByLabel('Email or username').fill(email);
    await login.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('ue')).toBe(email);
    await expect.poll(() => page.getByLabel('Email or username').inputValue()).toBe(email);
    const requested = Date.now();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const sent = page.getByRole('dialog', { name: 'Password reset email sent' });
    await sent.waitFor({ timeout: 30_000 });
    expect(await seriousAxeViolations(page)).toEqual([]);

    const mail = await waitForMail(mailDir, email, requested - 1000);
    const link = /https?:\/\/[^\s"'<>]+\/password\/reset\/\?token=[A-Za-z0-9_-]+/.exec(
      mail.text,
    )?.[0];
    expect(link, mail.text).toBeDefined();
    expect(new URL(link ?? '').origin).toBe(corkboard.url);

    await page.goto(link ?? '');
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('New password', { exact: true }).fill('second-Password-2');
    await page.getByLabel('Confirm new password').fill('second-Password-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await accountButton(page).waitFor({ timeout: 30_000 });
    await logOut(page);

    // The old password is gone, the new one works.
    const retry = await logIn(page, email, 'first-Password-1');
    await expect
      .poll(() =>
        retry.getByLabel('Password').evaluate((input) => input.getAttribute('aria-invalid')),
      )
      .toBe('true');
    await retry.getByLabel('Password').fill('second-Password-2');
    await retry.getByRole('button', { name: 'Log in' }).click();
    await accountButton(page).waitFor({ timeout: 30_000 });

    // The link was single-use.
    await page.goto(link ?? '');
    await page.getByLabel('New password', { exact: true }).fill('third-Password-3');
    await page.getByLabel('Confirm new password').fill('third-Password-3');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page
      .getByText('This password reset link is invalid or has expired. Request a new one.')
      .waitFor({ timeout: 30_000 });
  });

  test('a wrong password is said on the password field, exactly', async () => {
    const page = await newPage();
    await page.goto(`${corkboard.url}/`);
    const dialog = await logIn(page, demoEmail('ben_woodworks'), 'not-the-password');
    const password = dialog.getByLabel('Password');
    await expect
      .poll(() => password.getAttribute('aria-invalid'), { timeout: 30_000 })
      .toBe('true');
    const describedBy = (await password.getAttribute('aria-describedby')) ?? '';
    const description = await page.locator(`[id="${describedBy.split(' ')[0]}"]`).textContent();
    expect(description).toBe(WRONG_PASSWORD_COPY);
    expect(
      await dialog.getByRole('link', { name: 'Reset your password' }).getAttribute('href'),
    ).toBe(`/password/reset/?ue=${encodeURIComponent(demoEmail('ben_woodworks'))}`);
  });

  test('repeated failures lock the account: login assistance, then the rate-limited dialog', async () => {
    const page = await newPage();
    await page.goto(`${corkboard.url}/login/`);
    const form = page.getByRole('main');
    await form.getByLabel('Email or username').fill('tomas_travels');
    const limited = page.getByRole('dialog', { name: 'Oops! Too many login attempts' });
    const assistance = page.getByRole('dialog', {
      name: "Looks like you're having trouble logging in",
    });
    let sawAssistance = false;
    for (let attempt = 1; attempt <= 12; attempt++) {
      await form.getByLabel('Password').fill(`wrong-${attempt}`);
      // The password log-in's own answer (the login view also asks /v3/login/passkey/options/).
      const answered = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/v3/login/',
      );
      await form.getByRole('button', { name: 'Log in' }).click();
      await answered;
      // The outcome (field error or dialog) renders together with the end of the busy state.
      await expect
        .poll(() => page.locator('.auth').first().getAttribute('aria-busy'))
        .toBe('false');
      if (await limited.isVisible()) {
        expect(await seriousAxeViolations(page)).toEqual([]);
        expect(await limited.textContent()).toContain(
          'You have reached the maximum number of login attempts. Try again in 30 minutes.',
        );
        expect(sawAssistance).toBe(true);
        return;
      }
      if (await assistance.isVisible()) {
        sawAssistance = true;
        await assistance.getByRole('button', { name: 'Try again' }).click();
        await assistance.waitFor({ state: 'detached' });
      }
    }
    throw new Error('the account was never locked');
  });

  test('an open-redirect next (//evil.example) lands on home', async () => {
    const page = await newPage();
    await page.goto(`${corkboard.url}/login/?next=//evil.example`);
    const form = page.getByRole('main');
    await form.getByLabel('Email or username').fill('gus_grows');
    await form.getByLabel('Password').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Log in' }).click();
    await accountButton(page).waitFor({ timeout: 30_000 });
    expect(page.url()).toBe(`${corkboard.url}/`);
  });

  test('a safe next is followed after logging in', async () => {
    const page = await newPage();
    await page.goto(`${corkboard.url}/login/?next=${encodeURIComponent('/search/pins/?q=bread')}`);
    const form = page.getByRole('main');
    await form.getByLabel('Email or username').fill('gus_grows');
    await form.getByLabel('Password').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect
      .poll(() => page.url(), { timeout: 30_000 })
      .toBe(`${corkboard.url}/search/pins/?q=bread`);
  });
});

describe('follow-up steps', () => {
  test('under-age: ineligible confirmation, then a disabled birthday input after reload', async () => {
    const page = await newPage();
    await page.goto(`${corkboard.url}/`);
    const kidBirthday = `${new Date().getFullYear() - 12}-01-01`;
    const dialog = await signUp(page, newEmail('kid'), 'kid-Password-1', kidBirthday);
    await dialog.getByRole('heading', { name: 'Is your birthdate right?' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog
      .getByText("Sorry, you're not eligible to sign up for Corkboard right now.", { exact: true })
      .first()
      .waitFor();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });

    await page.reload();
    const again = await openModal(page, 'Sign up');
    await again.getByLabel('Email').fill(newEmail('kid2'));
    await again.getByLabel('Password').fill('kid-Password-1');
    await again.getByRole('button', { name: 'Continue', exact: true }).click();
    const birthday = again.getByLabel('Birthdate');
    await birthday.waitFor();
    expect(await birthday.isDisabled()).toBe(true);
    expect(await again.getByRole('button', { name: 'Create account' }).isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('Korea: the consent step comes before the account', async () => {
    const page = await newPage({ locale: 'ko-KR' });
    await page.goto(`${corkboard.url}/`);
    const dialog = await signUp(page, newEmail('minji'), 'consent-Password-1');
    await dialog.getByRole('heading', { name: 'Consents' }).waitFor();
    const next = dialog.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('checkbox', { name: 'Agree to all' }).check();
    expect(await next.isEnabled()).toBe(true);
    await next.click();
    await accountButton(page).waitFor({ timeout: 30_000 });
  });

  test('a soft-ban link opens "We protected your account" and leaves the address', async () => {
    const page = await newPage();
    await page.goto(`${corkboard.url}/?aec=347`);
    await page.getByRole('dialog', { name: 'We protected your account' }).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe('accessibility of the auth views', () => {
  test.each([
    ['signup modal', async (page: Page) => void (await openModal(page, 'Sign up'))],
    ['login modal', async (page: Page) => void (await openModal(page, 'Log in'))],
  ])('%s has no serious axe violations', async (_name, open) => {
    const page = await newPage();
    await page.goto(`${corkboard.url}/`);
    await open(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test.each([
    ['business login page', '/business/login/', 'Log in to your business account'],
    ['account recovery page', '/password/reset/?ue=someone%40example.com', 'Find your account'],
    ['password reset page', '/password/reset/?token=not-a-real-token', 'Choose a new password'],
  ])('%s has no serious axe violations', async (_name, path, heading) => {
    const page = await newPage();
    await page.goto(`${corkboard.url}${path}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('the business login page is 480 px wide with its links', async () => {
    const page = await newPage();
    await page.goto(`${corkboard.url}/business/login/`);
    const card = page.locator('.auth-page');
    await card.waitFor();
    expect(await card.evaluate((element) => element.getBoundingClientRect().width)).toBe(480);
    expect(await page.getByRole('link', { name: 'Create one for free' }).getAttribute('href')).toBe(
      '/business/create',
    );
  });

  test('keyboard only: sign up from the header with Tab, typing and Enter', async () => {
    const page = await newPage();
    await page.goto(`${corkboard.url}/`);
    await header(page).getByRole('button', { name: 'Sign up' }).waitFor();
    let reached = false;
    for (let press = 0; press < 15 && !reached; press++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.textContent === 'Sign up');
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // Focus moved into the dialog, onto the email field.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('type')))
      .toBe('email');
    await page.keyboard.type(newEmail('keys'));
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe(
      'password',
    );
    await page.keyboard.type('keyboard-Password-1');
    await page.keyboard.press('Enter');
    await dialog
      .getByRole('heading', { name: 'Enter your birthdate' })
      .waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('type')))
      .toBe('date');
    // Chromium's date field in en-US: month, day, year segments.
    await page.keyboard.type('05041990');
    await page.keyboard.press('Enter');
    await accountButton(page).waitFor({ timeout: 30_000 });

    // The account menu by keyboard too.
    await accountButton(page).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('menuitem');
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup')))
      .toBe('menu');
  });

  test('the modal keeps Tab inside and gives focus back on Esc', async () => {
    const page = await newPage();
    await page.goto(`${corkboard.url}/`);
    const opener = header(page).getByRole('button', { name: 'Log in' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    for (let press = 0; press < 25; press++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(
        true,
      );
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
  });
});
