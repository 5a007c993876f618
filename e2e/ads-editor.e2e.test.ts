// The console's campaign editor as a business uses it (issue 11; docs/decisions/176–178, 192):
// mara_cooks creates a business account, starts a campaign from campaign mode, fills the
// campaign → ad group → audience → ads steps, adds a second ad group with the keyboard only (its
// name, budget and Pin), saves a draft, resumes it after a reload with both groups and publishes
// it (keyboard only); both ads are PENDING in the operators' review queue; she copies the
// campaign, both groups, into a draft. An analyst member sees the campaign read-only and the
// server refuses her edit. axe on every page visited.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { demoEmail } from '@corkboard/db/seed/demo-plan';
import { launchJourneyBrowser, seriousAxeViolations } from './support/browser.ts';
import { useJourneyServer } from './support/journey-server.ts';
import { waitForMail } from './support/mailbox.ts';
import { signInAsDemoUser } from './support/sign-in.ts';

const corkboard = useJourneyServer();

let browser: Browser;
let context: BrowserContext;

async function apiData<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${corkboard.url}${path}`);
  const body = (await response.json()) as { resource_response: { data: T } };
  return body.resource_response.data;
}

beforeAll(async () => {
  browser = await launchJourneyBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInAsDemoUser(context, corkboard.url, 'mara_cooks');
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('the campaign editor', () => {
  test('create with a draft on the way, review queue, copy; an analyst cannot edit', async () => {
    const mara = await context.newPage();
    await mara.goto(`${corkboard.url}/business/create`);
    await mara.getByLabel('Business name').fill("Mara's Kitchen");
    await mara.getByRole('button', { name: 'Create account' }).click();
    await mara.getByRole('heading', { name: "People with access to Mara's Kitchen" }).waitFor();
    const profiles = await apiData<
      { id: string; user: { businessName: string }; advertisers: { id: string }[] }[]
    >(mara, '/vx/business_access/profiles/');
    const profile = profiles.find((candidate) => candidate.user.businessName === "Mara's Kitchen");
    const advertiserId = profile?.advertisers[0]?.id;
    if (!profile || !advertiserId) throw new Error("no ad account for Mara's Kitchen");
    const base = `${corkboard.url}/advertiser/${advertiserId}`;

    // Campaign mode: where a campaign starts.
    await mara.goto(`${base}/ads/campaign_mode/`);
    await mara.getByRole('heading', { name: 'Create a campaign', level: 1 }).waitFor();
    expect(await seriousAxeViolations(mara)).toEqual([]);
    await mara.getByRole('link', { name: 'Start a new campaign' }).click();
    await mara.getByRole('heading', { name: 'New campaign', level: 1 }).waitFor();

    await mara.getByLabel('Campaign name').fill('Winter soups');
    await mara.getByLabel('Budget (USD)').fill('20');
    await mara.getByLabel('Search keywords').fill('soup, stew');
    const use = mara.getByRole('button', { name: /^Use / }).first();
    await use.waitFor();
    await use.click();
    await mara.getByText('In this ad group').first().waitFor();
    expect(await seriousAxeViolations(mara)).toEqual([]);

    // Keyboard only: a second ad group. Its name field takes the focus; type, then its budget
    // and one of the Pins.
    await mara.getByRole('button', { name: 'Add an ad group' }).focus();
    await mara.keyboard.press('Enter');
    const second = mara.getByRole('group', { name: 'Ad group 2', exact: true });
    await second.waitFor();
    await mara.waitForFunction(() => document.activeElement?.id === 'ads-f-ad_groups-1-name');
    await mara.keyboard.type('Canada');
    await second.getByLabel('Budget (USD)').focus();
    await mara.keyboard.press('ControlOrMeta+A');
    await mara.keyboard.type('7');
    await second.getByRole('button', { name: /^Use / }).first().focus();
    await mara.keyboard.press('Enter');
    await second.getByText('In this ad group').waitFor();
    expect(await second.getByLabel('Ad group name').inputValue()).toBe('Canada');

    // Save a draft, then resume it after a reload.
    await mara.getByRole('button', { name: 'Save draft' }).click();
    await mara.getByRole('heading', { name: 'Continue draft', level: 1 }).waitFor();
    expect(mara.url()).toMatch(/\/ads\/edit_draft\/\?draft_id=\d+$/);
    await mara.reload();
    await mara.getByRole('heading', { name: 'Continue draft', level: 1 }).waitFor();
    const first = mara.getByRole('group', { name: 'Ad group 1', exact: true });
    expect(await mara.getByLabel('Campaign name').inputValue()).toBe('Winter soups');
    expect(await first.getByLabel('Search keywords').inputValue()).toBe('soup, stew');
    expect(await second.getByLabel('Ad group name').inputValue()).toBe('Canada');
    expect(await second.getByLabel('Budget (USD)').inputValue()).toBe('7');
    expect(await mara.getByLabel('Website link').count()).toBe(2);
    expect(await seriousAxeViolations(mara)).toEqual([]);

    // Keyboard only: focus Publish and press Enter.
    await mara.getByRole('button', { name: 'Publish campaign' }).focus();
    await mara.keyboard.press('Enter');
    await mara.waitForURL(/\/campaign-insights\/\d+\/$/);
    await mara.getByRole('heading', { name: 'Winter soups', level: 1 }).waitFor();
    await mara.getByText('In review').first().waitFor();
    const campaignId = /campaign-insights\/(\d+)\//.exec(mara.url())?.[1] ?? '';
    const published = await apiData<{
      ad_groups: { name: string; budget_in_micro_currency: number; ads: unknown[] }[];
    }>(mara, `/v3/ads/advertisers/${advertiserId}/campaigns/${campaignId}/editor/`);
    expect(
      published.ad_groups.map((group) => [
        group.name,
        group.budget_in_micro_currency,
        group.ads.length,
      ]),
    ).toEqual([
      ['Winter soups', 20_000_000, 1],
      ['Canada', 7_000_000, 1],
    ]);
    // The published draft is gone from campaign mode.
    const drafts = await apiData<{ id: string }[]>(
      mara,
      `/v3/ads/advertisers/${advertiserId}/drafts/`,
    );
    expect(drafts).toEqual([]);

    // Copy it: a new draft with the same ad groups and ads.
    await mara.getByRole('link', { name: 'Copy campaign' }).click();
    await mara.getByRole('button', { name: 'Copy Winter soups' }).click();
    await mara.getByRole('heading', { name: 'Continue draft', level: 1 }).waitFor();
    expect(await mara.getByLabel('Campaign name').inputValue()).toBe('Copy of Winter soups');
    expect(await first.getByLabel('Budget (USD)').inputValue()).toBe('20.00');
    expect(await second.getByLabel('Budget (USD)').inputValue()).toBe('7.00');
    expect(await seriousAxeViolations(mara)).toEqual([]);

    // The new ad waits in the operators' review queue.
    const operatorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInAsDemoUser(operatorContext, corkboard.url, 'ines_interiors');
    const operator = await operatorContext.newPage();
    const queue = await apiData<{ advertiser_id: string }[]>(operator, '/v3/admin/ads/review/');
    expect(queue.filter((item) => item.advertiser_id === advertiserId)).toHaveLength(2);
    await operator.goto(`${corkboard.url}/admin/ad-review/`);
    await operator
      .getByRole('button', { name: /^Approve the ad / })
      .first()
      .waitFor();
    await operatorContext.close();

    // An analyst member: invited by e-mail, accepts, sees the campaign read-only.
    await mara.goto(`${corkboard.url}/business/${profile.id}/members/`);
    const invitee = demoEmail('gus_grows');
    await mara.getByLabel('Email address').fill(invitee);
    await mara.getByLabel('Permission').selectOption('ANALYST');
    const invitedAt = Date.now();
    await mara.getByRole('button', { name: 'Send invitation' }).click();
    await mara.getByText(`Invitation sent to ${invitee}.`).waitFor();
    const mail = await waitForMail(inject('mailDir'), invitee, invitedAt - 1000);
    const link = /https?:\/\/[^\s"'<>]+\/invite\/business\/\?token=[A-Za-z0-9_%-]+/.exec(
      mail.text,
    )?.[0];
    if (!link) throw new Error(`no invitation link in: ${mail.text}`);

    const analystContext = await browser.newContext({ viewport: { width: 800, height: 900 } });
    await signInAsDemoUser(analystContext, corkboard.url, 'gus_grows');
    const analyst = await analystContext.newPage();
    await analyst.goto(link);
    await analyst.getByRole('button', { name: 'Accept invitation' }).click();
    await analyst.waitForURL(`${corkboard.url}/`);
    await analyst.goto(`${base}/ads/edit/?campaign_id=${campaignId}`);
    await analyst.getByRole('heading', { name: 'Edit campaign', level: 1 }).waitFor();
    await analyst.getByText('You can see this campaign.', { exact: false }).waitFor();
    expect(await analyst.getByLabel('Campaign name').isDisabled()).toBe(true);
    expect(await analyst.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
    expect(await analyst.getByRole('link', { name: 'Ads', exact: true }).count()).toBe(0);
    expect(await seriousAxeViolations(analyst)).toEqual([]);
    const refused = await analyst.evaluate(
      async ({ advertiser, campaign }) => {
        const token = /(?:^|; )csrftoken=([^;]*)/.exec(document.cookie)?.[1] ?? '';
        const path = `/v3/ads/advertisers/${advertiser}/campaigns/${campaign}/`;
        // A well-formed edit (the campaign as the editor reads it, renamed): only the
        // permission can refuse it.
        const read = (await (await fetch(`${path}editor/`)).json()) as {
          resource_response: {
            data: {
              name: string;
              objective_type: string;
              status: string;
              ad_groups: (Record<string, unknown> & {
                end_date: string | null;
                ads: { id: string; pin_id: string; destination_url: string }[];
              })[];
            };
          };
        };
        const current = read.resource_response.data;
        const response = await fetch(path, {
          method: 'PUT',
          headers: {
            'Content-Type': 'application/json',
            'X-CSRFToken': decodeURIComponent(token),
          },
          body: JSON.stringify({
            name: `${current.name} (analyst)`,
            objective_type: current.objective_type,
            status: current.status,
            ad_groups: current.ad_groups.map((group) => ({
              // The editor's answer carries null where the body leaves a field out.
              ...Object.fromEntries(Object.entries(group).filter(([, value]) => value !== null)),
              end_date: group.end_date,
              ads: group.ads.map((ad) => ({
                id: ad.id,
                pin_id: ad.pin_id,
                destination_url: ad.destination_url,
              })),
            })),
          }),
        });
        const body = (await response.json()) as { resource_response: { code: number } };
        return { status: response.status, code: body.resource_response.code };
      },
      { advertiser: advertiserId, campaign: campaignId },
    );
    expect(refused).toEqual({ status: 403, code: 1703 });
    await analystContext.close();
    // Longer than before ADR 192: two ad groups double the form that axe and the copy walk.
  }, 420_000);
});
