// Steps the saving journeys share.
import type { BrowserContext, Page } from 'playwright-core';
import { demoEmail } from '@corkboard/db/seed/demo-plan';
import { DEMO_PASSWORD } from '@corkboard/api/modules/auth/demo-credentials';

/**
 * Logs `context` in as a seeded demo user through the /login/ page. Each journey file has a
 * server of its own (journey-server.ts), so its logins and sessions are its own.
 */
export async function logInAsDemoUser(
  context: BrowserContext,
  baseURL: string,
  username: string,
): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${baseURL}/login/`);
  const main = page.getByRole('main');
  await main.getByRole('heading', { level: 1 }).waitFor();
  const different = main.getByRole('button', { name: 'Log in with a different account' });
  if (await different.isVisible()) await different.click();
  await main.getByLabel('Email or username').fill(demoEmail(username));
  await main.getByLabel('Password').fill(DEMO_PASSWORD);
  await main.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Your account' }).waitFor({
    timeout: 30_000,
  });
  await page.close();
}

/** The new pin's id, from the save toast's link to it. */
export async function savedPinIdFromToast(page: Page, boardName: string): Promise<string> {
  const link = page.getByRole('link', {
    name: new RegExp(`You saved (this|your first) Pin to ${boardName}!`),
  });
  await link.waitFor();
  const href = (await link.getAttribute('href')) ?? '';
  const match = /^\/pin\/(\d+)\/$/.exec(href);
  if (!match?.[1]) throw new Error(`unexpected toast link ${href}`);
  return match[1];
}
