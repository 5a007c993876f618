// The console's Ads pages (docs/decisions/176–178, 192): the create form sends the create body and
// opens the campaign; a second ad group is added (focus on its name), copied and removed, and a
// refused field in it is named in the alert; a refused field's message shows under that field, which takes the focus;
// 'Save draft' keeps the form and moves to its edit_draft address; campaign mode lists drafts;
// an analyst gets the edit form read-only with no buttons.
import type { AdvertiserContext } from '@corkboard/shared/business/api';
import {
  CAMPAIGN_MAX_AD_GROUPS,
  type EditableCampaign,
} from '@corkboard/shared/business/ads-editor';
import { failure } from '@corkboard/shared/envelope';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { ok, stubApi } from '../../../test/api.ts';
import { makeAuthUser } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

vi.mock('../MetricsChart.tsx', () => ({
  MetricsChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const me = makeAuthUser({ id: '1', username: 'mara' });
const pin = { id: '5', title: 'Lemon tart', link: 'https://maras.test/tart', image_url: null };

function context(writer: boolean): AdvertiserContext {
  return {
    id: '7',
    name: "Mara's Kitchen",
    country: 'US',
    currency: 'USD',
    profile: { id: '70', username: 'maras_kitchen', business_name: "Mara's Kitchen" },
    permissions: writer ? ['OWNER'] : ['ANALYST'],
    capabilities: writer ? ['view_reporting', 'manage_campaigns'] : ['view_reporting'],
  };
}

const editable: EditableCampaign = {
  id: '11',
  name: 'Spring',
  objective_type: 'CONSIDERATION',
  status: 'ACTIVE',
  ads_client_type: 'console',
  ad_groups: [
    {
      id: '12',
      name: 'Group',
      status: 'ACTIVE',
      budget_type: 'DAILY',
      budget_in_micro_currency: 5_000_000,
      bid_in_micro_currency: 500_000,
      billable_event: 'CLICKTHROUGH',
      pacing_delivery_type: 'STANDARD',
      start_date: '2026-11-20',
      end_date: null,
      targeting_spec: {
        LOCATION: ['US'],
        AGE_BUCKET: [],
        GENDER: [],
        INTEREST: [],
        KEYWORD: [],
        AUDIENCE_EXCLUDE: [],
      },
      auto_targeting_enabled: false,
      conversion_tag_id: null,
      conversion_event: null,
      ads: [
        {
          id: '13',
          pin_id: '5',
          name: 'Lemon tart',
          destination_url: 'https://maras.test/tart',
          status: 'ACTIVE',
          review_status: 'PENDING',
          rejection_reasons: [],
          pin,
        },
      ],
    },
  ],
};

function bodyOf(init: RequestInit | undefined): Record<string, unknown> {
  return JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
}

function stub(writer: boolean, onWrite: (path: string, init: RequestInit | undefined) => Response) {
  return stubApi((url, init) => {
    const path = url.pathname;
    if (path === '/v3/users/me/') return ok(me);
    if (path === '/v3/ads/advertisers/7/') return ok(context(writer));
    if (init?.method && init.method !== 'GET') return onWrite(path, init);
    if (path === '/v3/ads/advertisers/7/promotable_pins/') return ok([pin]);
    if (path === '/v3/ads/advertisers/7/campaigns/11/editor/') return ok(editable);
    if (path === '/v3/ads/advertisers/7/campaigns/') return ok([]);
    if (path === '/v3/ads/advertisers/7/drafts/')
      return ok([
        {
          id: '40',
          name: 'Half done',
          payload: {},
          source_campaign_id: null,
          created_at: '2026-11-27T10:00:00.000Z',
          updated_at: '2026-11-27T10:00:00.000Z',
        },
      ]);
    return undefined;
  });
}

async function fillCreateForm() {
  fireEvent.change(await screen.findByLabelText('Campaign name', {}, { timeout: 15_000 }), {
    target: { value: 'Spring tarts' },
  });
  fireEvent.click(
    await screen.findByRole('button', { name: 'Use Lemon tart' }, { timeout: 15_000 }),
  );
}

describe('ads editor pages', () => {
  test('create sends the create body and opens the new campaign', async () => {
    const writes: [string, Record<string, unknown>][] = [];
    stub(true, (path, init) => {
      writes.push([path, bodyOf(init)]);
      return ok({ campaign_id: '90', ad_groups: [{ id: '91', status: 'ACTIVE', ads: [] }] });
    });
    renderApp('/advertiser/7/ads/create/');
    await fillCreateForm();
    fireEvent.click(screen.getByRole('button', { name: 'Publish campaign' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    const [path, body] = writes[0] ?? ['', {}];
    expect(path).toBe('/v3/ads/advertisers/7/campaigns/');
    expect(body).toMatchObject({
      name: 'Spring tarts',
      objective_type: 'CONSIDERATION',
      ad_groups: [
        {
          budget_in_micro_currency: 5_000_000,
          targeting_spec: { LOCATION: ['US'] },
          ads: [{ pin_id: '5', destination_url: 'https://maras.test/tart' }],
        },
      ],
    });
  }, 40_000);

  test("a refused field shows the server's message under it and takes the focus", async () => {
    stub(true, () =>
      Response.json(
        failure({
          api_error_code: ERROR_CODES.AD_DESTINATION_URL_INVALID.code,
          message: ERROR_CODES.AD_DESTINATION_URL_INVALID.message,
          http_status: 400,
          data: { field: 'ad_groups.0.ads.0.destination_url', ad_group_index: 0 },
        }),
        { status: 400 },
      ),
    );
    renderApp('/advertiser/7/ads/create/');
    await fillCreateForm();
    fireEvent.click(screen.getByRole('button', { name: 'Publish campaign' }));
    const link = screen.getByLabelText('Website link');
    await waitFor(() => expect(link).toHaveAttribute('aria-invalid', 'true'));
    expect(link).toHaveAccessibleDescription(ERROR_CODES.AD_DESTINATION_URL_INVALID.message);
    expect(document.activeElement).toBe(link);
    expect(screen.getByRole('alert')).toHaveTextContent('Check the field marked below.');
  });

  test('adds a second ad group: its name takes the focus, and both groups are sent', async () => {
    const writes: Record<string, unknown>[] = [];
    stub(true, (_path, init) => {
      writes.push(bodyOf(init));
      return ok({ campaign_id: '90', ad_groups: [] });
    });
    renderApp('/advertiser/7/ads/create/');
    await fillCreateForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add an ad group' }));
    const second = await screen.findByRole('group', { name: 'Ad group 2' });
    const name = within(second).getByLabelText('Ad group name');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(screen.getByRole('status')).toHaveTextContent('Ad group 2 added.');
    fireEvent.change(name, { target: { value: 'Second' } });
    fireEvent.change(within(second).getByLabelText('Budget (USD)'), { target: { value: '8' } });
    fireEvent.click(
      await within(second).findByRole('button', { name: 'Use Lemon tart' }, { timeout: 15_000 }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Publish campaign' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    const groups = (writes[0]?.['ad_groups'] ?? []) as Record<string, unknown>[];
    expect(groups.map((group) => [group['name'], group['budget_in_micro_currency']])).toEqual([
      ['Spring tarts', 5_000_000],
      ['Second', 8_000_000],
    ]);
    expect(groups[1]?.['ads']).toEqual([
      { pin_id: '5', destination_url: 'https://maras.test/tart', status: 'ACTIVE' },
    ]);
  }, 40_000);

  test('copies an ad group after itself and removes one; the only group cannot be removed', async () => {
    stub(true, () => ok({}));
    renderApp('/advertiser/7/ads/create/');
    await fillCreateForm();
    const removeFirst = screen.getByRole('button', { name: 'Remove Ad group 1' });
    expect(removeFirst).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Ad group name'), { target: { value: 'Bakers' } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy Ad group 1' }));
    const copy = await screen.findByRole('group', { name: 'Ad group 2' });
    const copyName = within(copy).getByLabelText('Ad group name');
    await waitFor(() => expect(document.activeElement).toBe(copyName));
    expect(copyName).toHaveValue('Bakers (copy)');
    expect(within(copy).getByLabelText('Website link')).toHaveValue('https://maras.test/tart');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ad group 1' }));
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'Ad group 2' })).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText('Ad group name')).toHaveValue('Bakers (copy)');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add an ad group' }));
    expect(screen.getByRole('status')).toHaveTextContent('Ad group 1 removed.');
  }, 40_000);

  test(`stops adding at ${CAMPAIGN_MAX_AD_GROUPS} ad groups`, async () => {
    stub(true, () => ok({}));
    renderApp('/advertiser/7/ads/create/');
    const add = await screen.findByRole('button', { name: 'Add an ad group' }, { timeout: 15_000 });
    for (let count = 1; count < CAMPAIGN_MAX_AD_GROUPS; count += 1) fireEvent.click(add);
    expect(
      await screen.findByRole('group', { name: `Ad group ${CAMPAIGN_MAX_AD_GROUPS}` }),
    ).toBeInTheDocument();
    expect(add).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Copy Ad group 1' })).toBeDisabled();
    expect(
      screen.getByText(
        `This campaign has ${CAMPAIGN_MAX_AD_GROUPS} ad groups, the most it can have.`,
      ),
    ).toBeInTheDocument();
  }, 40_000);

  test('a refused field of the second ad group is named in the alert and takes the focus', async () => {
    stub(true, () =>
      Response.json(
        failure({
          api_error_code: ERROR_CODES.AD_BUDGET_INVALID.code,
          message: ERROR_CODES.AD_BUDGET_INVALID.message,
          http_status: 400,
          data: { field: 'ad_groups.1.budget_in_micro_currency', ad_group_index: 1 },
        }),
        { status: 400 },
      ),
    );
    renderApp('/advertiser/7/ads/create/');
    await fillCreateForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add an ad group' }));
    const second = await screen.findByRole('group', { name: 'Ad group 2' });
    fireEvent.change(within(second).getByLabelText('Ad group name'), {
      target: { value: 'Europe' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Publish campaign' }));
    const budget = within(second).getByLabelText('Budget (USD)');
    await waitFor(() => expect(budget).toHaveAttribute('aria-invalid', 'true'));
    expect(document.activeElement).toBe(budget);
    expect(budget).toHaveAccessibleDescription(ERROR_CODES.AD_BUDGET_INVALID.message);
    expect(screen.getByRole('alert')).toHaveTextContent(
      `Check the field marked below. Ad group 2 (Europe), Budget (USD): ${ERROR_CODES.AD_BUDGET_INVALID.message}`,
    );
    // The first group's budget is not marked.
    const first = screen.getByRole('group', { name: 'Ad group 1' });
    expect(within(first).getByLabelText('Budget (USD)')).not.toHaveAttribute('aria-invalid');
  }, 40_000);

  test('an edit offers archiving a saved ad group and sends its id', async () => {
    const writes: Record<string, unknown>[] = [];
    stub(true, (_path, init) => {
      writes.push(bodyOf(init));
      return ok({ campaign_id: '11', ad_groups: [] });
    });
    renderApp('/advertiser/7/ads/edit/?campaign_id=11');
    const status = await screen.findByLabelText('Ad group status', {}, { timeout: 15_000 });
    fireEvent.change(status, { target: { value: 'ARCHIVED' } });
    expect(
      screen.getByText(
        "Archived when you save, with its ads. An archived ad group can't be changed again.",
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add an ad group' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    const groups = (writes[0]?.['ad_groups'] ?? []) as Record<string, unknown>[];
    expect(groups.map((group) => [group['id'], group['status']])).toEqual([
      ['12', 'ARCHIVED'],
      [undefined, 'ACTIVE'],
    ]);
  }, 40_000);

  test('save draft keeps the form on the server and moves to its edit_draft address', async () => {
    const writes: string[] = [];
    stub(true, (path, init) => {
      writes.push(`${init?.method} ${path}`);
      return ok({
        id: '41',
        name: 'Spring tarts',
        payload: bodyOf(init)['payload'],
        source_campaign_id: null,
        created_at: '2026-11-28T10:00:00.000Z',
        updated_at: '2026-11-28T10:00:00.000Z',
      });
    });
    renderApp('/advertiser/7/ads/create/');
    await fillCreateForm();
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(
      await screen.findByRole('heading', { name: 'Continue draft', level: 1 }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(writes).toEqual(['POST /v3/ads/advertisers/7/drafts/']);
    expect(screen.getByLabelText('Campaign name')).toHaveValue('Spring tarts');
    expect(screen.getByRole('status')).toHaveTextContent('Draft saved.');
  });

  test('campaign mode offers a new campaign and lists drafts to continue', async () => {
    stub(true, () => ok({}));
    renderApp('/advertiser/7/ads/campaign_mode/');
    expect(
      await screen.findByRole('link', { name: 'Start a new campaign' }, { timeout: 15_000 }),
    ).toHaveAttribute('href', '/advertiser/7/ads/create/');
    const drafts = await screen.findByRole('region', { name: 'Drafts' });
    expect(within(drafts).getByRole('link', { name: 'Continue Half done' })).toHaveAttribute(
      'href',
      '/advertiser/7/ads/edit_draft/?draft_id=40',
    );
  });

  test('an analyst sees the campaign read-only: no buttons, every field disabled', async () => {
    stub(false, () => ok({}));
    renderApp('/advertiser/7/ads/edit/?campaign_id=11');
    const name = await screen.findByLabelText('Campaign name', {}, { timeout: 15_000 });
    expect(name).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ads' })).not.toBeInTheDocument();
  });
});
