// Account switching (auth.md §2 "/add-account"; ADR 161) as a person uses it in Chromium: logged
// in as one demo person, add a second account on /add-account (lands on its profile), switch
// back with the keyboard only from the account menu, switch again with the mouse, log out of
// one account (the other stays), then of all. axe (no serious or critical findings) on
// /add-account and on the open menu. Page script never sees a session cookie.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoEmail } from '@corkboard/db/seed/demo-plan';
import { DEMO_PASSWORD } from '@corkboard/api/modules/auth/demo-credentials';
import { launchJourneyBrowser, seriousAxeViolations } from './support/browser.ts';
import { useJourneyServer } from './support/journey-server.ts';
import { logInAsDemoUser } from './support/saving.ts';

const corkboard = useJourneyServer();
const FIRST = 'gus_grows';
const SECOND = 'tomas_travels';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function viewerUsername(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const response = await fetch('/v3/users/me/', { headers: { accept: 'application/json' } });
    if (response.status !== 200) return null;
    const answer = (await response.json()) as {
      resource_response: { data: { username: string } };
    };
    return answer.resource_response.data.username;
  });
}

function menuButton(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: 'Your account' });
}

describe('account switching', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchJourneyBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  test(
    'add a second account, switch by keyboard and by mouse, log out of one, then of all',
    { timeout: 300_000 },
    async () => {
      const context = await browser.newContext();
      await logInAsDemoUser(context, corkboard.url, FIRST);
      const page = await context.newPage();

      // /add-account: the login view with the switch subtitle, for a signed-in person.
      await page.goto(`${corkboard.url}/add-account`);
      const main = page.getByRole('main');
      await main.getByText('Have another account? Log in to easily switch between them').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await main.getByLabel('Email or username').fill(demoEmail(SECOND));
      await main.getByLabel('Password').fill(DEMO_PASSWORD);
      await main.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(`${corkboard.url}/${SECOND}/`, { timeout: 30_000 });
      expect(await viewerUsername(page)).toBe(SECOND);
      // HttpOnly: no session cookie (active or held) is readable by page script.
      expect(await page.evaluate(() => document.cookie)).not.toContain('session_token');

      // Keyboard only: open the menu, go to the first account, choose it.
      await menuButton(page).focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: 'Your account' });
      const accounts = menu.getByRole('group', { name: 'Your accounts' });
      const first = accounts.getByRole('menuitemradio', {
        name: new RegExp(escapeRegExp(demoEmail(FIRST))),
      });
      const second = accounts.getByRole('menuitemradio', {
        name: new RegExp(escapeRegExp(demoEmail(SECOND))),
      });
      await first.waitFor();
      expect(await second.getAttribute('aria-checked')).toBe('true');
      expect(await first.getAttribute('aria-checked')).toBe('false');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.keyboard.press('End');
      const logOutAll = menu.getByRole('menuitem', { name: 'Log out of all accounts' });
      expect(await logOutAll.evaluate((el) => el === document.activeElement)).toBe(true);
      // Up: 'Log out of @second', 'Add account', then the first account (second is listed first).
      for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowUp');
      expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL(`${corkboard.url}/${FIRST}/`, { timeout: 30_000 });
      expect(await viewerUsername(page)).toBe(FIRST);

      // The mouse, back to the second.
      await menuButton(page).click();
      await second.click();
      await page.waitForURL(`${corkboard.url}/${SECOND}/`, { timeout: 30_000 });
      expect(await viewerUsername(page)).toBe(SECOND);

      // Log out of the second only: the first stays, alone in the menu.
      await menuButton(page).click();
      await menu.getByRole('menuitem', { name: `Log out of @${SECOND}` }).click();
      await page.waitForURL(`${corkboard.url}/${FIRST}/`, { timeout: 30_000 });
      expect(await viewerUsername(page)).toBe(FIRST);
      await menuButton(page).click();
      await first.waitFor();
      expect(await accounts.getByRole('menuitemradio').count()).toBe(1);

      // Then of all: signed out.
      await menu.getByRole('menuitem', { name: 'Log out', exact: true }).click();
      await page.waitForURL(`${corkboard.url}/`, { timeout: 30_000 });
      await page.getByRole('banner').getByRole('button', { name: 'Log in' }).waitFor();
      expect(await viewerUsername(page)).toBeNull();
      await context.close();
    },
  );
});
