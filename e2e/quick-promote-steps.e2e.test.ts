// The quick-promote steps by keyboard (issue 11; docs/decisions/181, 182): mara_cooks creates a
// business account in Germany, opens /advertiser/{id}/quick-promote/ without a pin, accepts the
// advertising and data-processing terms (the GDPR step), chooses one of her pins (pin selection),
// and sends the ad from the page, then adds billing (the new ad account has none): keyboard only
// from the GDPR step to success (text is typed into fields), axe on each step.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchJourneyBrowser, seriousAxeViolations } from './support/browser.ts';
import { useJourneyServer } from './support/journey-server.ts';
import { signInAsDemoUser } from './support/sign-in.ts';

const corkboard = useJourneyServer();

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchJourneyBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInAsDemoUser(context, corkboard.url, 'mara_cooks');
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('quick-promote steps', () => {
  test('GDPR → pin selection → page → success, by keyboard', async () => {
    const page = await context.newPage();
    await page.goto(`${corkboard.url}/business/create`);
    await page.getByRole('heading', { name: 'Create a free business account' }).waitFor();
    await page.getByLabel('Business name').fill('Maras Küche');
    await page.getByLabel('Country or region').selectOption('DE');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'People with access to Maras Küche' }).waitFor();

    const profiles = await page.request.get(`${corkboard.url}/vx/business_access/profiles/`);
    const body = (await profiles.json()) as {
      resource_response: {
        data: { user: { businessName: string }; advertisers: { id: string }[] }[];
      };
    };
    const advertiserId = body.resource_response.data.find(
      (profile) => profile.user.businessName === 'Maras Küche',
    )?.advertisers[0]?.id;
    if (!advertiserId) throw new Error('the new business has no ad account');

    await page.goto(`${corkboard.url}/advertiser/${advertiserId}/quick-promote/`);
    const gdpr = page.getByRole('heading', { name: 'Before you promote' });
    await gdpr.waitFor();
    await expect.poll(() => gdpr.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Keyboard only from here.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    const choose = page.getByRole('heading', { name: 'Choose a Pin to promote' });
    await choose.waitFor();
    const first = page.getByRole('button', { name: /^Promote / }).first();
    await first.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await first.focus();
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'Promote your Pin', level: 1 }).waitFor();
    expect(page.url()).toMatch(/\?pinId=\d+$/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Promote', exact: true }).focus();
    await page.keyboard.press('Enter');
    // §4.1 "with only business info, go to billing" (ADR 171): a new ad account has none yet.
    await page.getByRole('heading', { name: 'Add billing details' }).waitFor();
    await page.getByLabel('Legal name').fill('Backstube GmbH');
    await page.getByLabel('Billing e-mail').fill('buchhaltung@backstube.test');
    await page.getByLabel('Address', { exact: true }).fill('Hauptstraße 1');
    await page.getByLabel('City').fill('Berlin');
    await page.getByLabel('Postal code').fill('10115');
    await page.getByRole('button', { name: 'Save billing profile' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Billing profile saved.').waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry month (MM)').fill('12');
    await page.getByLabel('Expiry year (YYYY)').fill(String(new Date().getUTCFullYear() + 2));
    await page.getByLabel('Security code (CVC)').fill('123');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save and promote' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /Your ad is in review|Your ad can't run/ }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const terms = await page.request.get(
      `${corkboard.url}/v3/ads/advertisers/${advertiserId}/terms/`,
    );
    const status = (await terms.json()) as { resource_response: { data: { accepted: boolean } } };
    expect(status.resource_response.data.accepted).toBe(true);
    await page.close();
  }, 240_000);
});
