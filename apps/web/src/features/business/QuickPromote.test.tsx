// Quick promote in the web (business.md §3, §4.1, §5.2, §8, §9) and the console's campaigns:
// the payload the form sends, the business form for someone without an ad account, a 401 on the
// pin area and other errors on the error step, the draft kept in storage, and the console's
// list with pause, read-only for an analyst, and one campaign's figures by day (the other
// console pages are in Console.test.tsx).
import type { BusinessAccessProfile } from '@corkboard/shared/business/api';
import type { CampaignDetail, CampaignItem } from '@corkboard/shared/business/campaigns';
import type { ReportOverview } from '@corkboard/shared/business/reporting';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makeAuthUser, makePin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { QUICK_PROMOTE_DRAFTS_KEY } from './quickPromoteFlow.ts';

// jsdom has no canvas: the chart is uPlot's (MetricsChart.tsx); here a labelled stand-in.
vi.mock('./MetricsChart.tsx', () => ({
  MetricsChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const me = makeAuthUser({ id: '5', username: 'mara' });
const pin = { ...makePin('900'), title: 'Lemon tart', link: 'https://maras.example/tart' };

function profile(overrides: Partial<BusinessAccessProfile> = {}): BusinessAccessProfile {
  return {
    id: '42',
    permissions: ['OWNER'],
    user: {
      username: 'promo_biz',
      businessName: 'Promo Co',
      imgUrl: null,
      merchantId: null,
      eligibleForStlTool: false,
      scheduledPinCount: 0,
    },
    viewerMeetsMfaRequirement: false,
    advertisers: [{ id: '7', name: 'Promo Co', country: 'GB', currency: 'GBP' }],
    can_act: true,
    ...overrides,
  };
}

const PROMOTE_PATH = '/ads/v4/advertisers/7/pins/900/quick_promote/';

afterEach(() => window.localStorage.clear());

describe('quick promote page', () => {
  test('sends the §3 payload with the country defaults and shows the ad in review', async () => {
    const api = stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      // Billing set up (modules/billing): §4.1 goes straight to promoting.
      if (url.pathname.endsWith('/billing/status/')) return ok({ has_billing: true });
      if (url.pathname === '/vx/business_access/profiles/') return ok([profile()]);
      if (url.pathname === '/v3/pins/900/') return ok(pin);
      if (url.pathname === PROMOTE_PATH && init?.method === 'POST')
        return ok({
          campaign_id: '11',
          ad_group_id: '12',
          ad_id: '13',
          review_status: 'PENDING',
          rejection_reasons: [],
        });
      if (url.pathname === '/v3/ads/advertisers/7/')
        return ok({
          id: '7',
          name: 'Promo Co',
          country: 'GB',
          currency: 'GBP',
          profile: { id: '42', username: 'promo_biz', business_name: 'Promo Co' },
          permissions: ['OWNER'],
          capabilities: ['view_reporting', 'manage_campaigns'],
        });
      if (url.pathname === '/v3/ads/advertisers/7/campaigns/11/')
        return ok({
          id: '11',
          ad_account_id: '7',
          name: 'Lemon tart',
          objective_type: 'CONSIDERATION',
          status: 'ACTIVE',
          ads_client_type: 'quick_promote',
          created_at: '2026-11-23T10:00:00.000Z',
          updated_at: '2026-11-23T10:00:00.000Z',
          review_summary: { pending: 1, approved: 0, rejected: 0 },
          budget_in_micro_currency: 2_500_000,
          spend_in_micro_currency: 0,
          impressions: 0,
          clicks: 0,
          ctr: null,
          ads: [],
        } satisfies CampaignDetail);
      return undefined;
    });
    renderApp('/advertiser/quick_promote?pinId=900');
    const name = await screen.findByLabelText('Ad name');
    expect(name).toHaveValue('Lemon tart');
    expect(screen.getByLabelText('Destination link')).toHaveValue('https://maras.example/tart');
    // business.md §9: the GB ad account's currency; the default budget of 1 for GB.
    expect(screen.getByLabelText('Daily budget (GBP)')).toHaveValue(1);
    expect(screen.getByText('Suggested: 5 a day')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'B'.repeat(70) } });
    fireEvent.change(screen.getByLabelText('Daily budget (GBP)'), { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Male' }));
    fireEvent.click(screen.getByRole('button', { name: 'Promote' }));
    expect(
      await screen.findByRole('heading', { name: 'Your ad is in review' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('So far: £0.00 spent, 0 impressions, 0 clicks.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See it in Ads Manager' })).toHaveAttribute(
      'href',
      '/advertiser/7/campaign-insights/11/',
    );
    const [body] = api.bodies(PROMOTE_PATH);
    expect(body).toMatchObject({
      campaign_name: `${'B'.repeat(62)}…`,
      budget_in_micro_currency: 2_500_000,
      duration: 10,
      is_ongoing: false,
      start_now: true,
      advertiser_id: '7',
      pin_id: '900',
      ads_client_type: 'quick_promote',
      flexible_daily_budget_enabled: false,
      targeting_spec: { GENDER: ['female', 'unknown'], LOCATION: ['GB'] },
    });
    expect(body).not.toHaveProperty('inclusive_end_date');
    expect(body).not.toHaveProperty('objective_type');
    // A sent ad leaves no draft behind.
    expect(JSON.parse(window.localStorage.getItem(QUICK_PROMOTE_DRAFTS_KEY) ?? '[]')).toEqual([]);
  });

  test('keeps the form as a draft for this ad account and pin', async () => {
    stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      // Billing set up (modules/billing): §4.1 goes straight to promoting.
      if (url.pathname.endsWith('/billing/status/')) return ok({ has_billing: true });
      if (url.pathname === '/vx/business_access/profiles/') return ok([profile()]);
      if (url.pathname === '/v3/pins/900/') return ok(pin);
      return undefined;
    });
    const first = renderApp('/advertiser/quick_promote?pinId=900');
    fireEvent.change(await screen.findByLabelText('Ad name'), { target: { value: 'Draft name' } });
    await waitFor(() =>
      expect(window.localStorage.getItem(QUICK_PROMOTE_DRAFTS_KEY)).toContain('Draft name'),
    );
    first.unmount();
    renderApp('/advertiser/quick_promote?pinId=900');
    expect(await screen.findByLabelText('Ad name')).toHaveValue('Draft name');
  });

  test('someone without an ad account fills the business form, then the ad is sent', async () => {
    let created = false;
    const api = stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      // Billing set up (modules/billing): §4.1 goes straight to promoting.
      if (url.pathname.endsWith('/billing/status/')) return ok({ has_billing: true });
      if (url.pathname === '/vx/business_access/profiles/') return ok(created ? [profile()] : []);
      if (url.pathname === '/v3/pins/900/') return ok(pin);
      if (url.pathname === '/v3/business/create/' && init?.method === 'POST') {
        created = true;
        return ok({ profile: profile(), advertiser_id: '7' });
      }
      if (url.pathname === PROMOTE_PATH)
        return ok({
          campaign_id: '11',
          ad_group_id: '12',
          ad_id: '13',
          review_status: 'REJECTED',
          rejection_reasons: ['DESTINATION_URL_BLOCKED'],
        });
      return undefined;
    });
    renderApp('/advertiser/quick_promote?pinId=900');
    fireEvent.click(await screen.findByRole('button', { name: 'Promote' }));
    expect(
      await screen.findByRole('heading', { name: 'Tell us about your business' }),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Business name'), { target: { value: 'Promo Co' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: "Your ad can't run" })).toBeInTheDocument();
    expect(screen.getByText("It didn't pass our checks: the link is blocked.")).toBeInTheDocument();
    expect(api.bodies('/v3/business/create/')).toHaveLength(1);
    expect(api.bodies(PROMOTE_PATH)).toMatchObject([{ advertiser_id: '7' }]);
  });

  test('a 401 goes on the pin area; another error on the error step with message_detail', async () => {
    let answer = fail('UNAUTHORIZED');
    stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      // Billing set up (modules/billing): §4.1 goes straight to promoting.
      if (url.pathname.endsWith('/billing/status/')) return ok({ has_billing: true });
      if (url.pathname === '/vx/business_access/profiles/') return ok([profile()]);
      if (url.pathname === '/v3/pins/900/') return ok(pin);
      if (url.pathname === PROMOTE_PATH) return answer;
      return undefined;
    });
    renderApp('/advertiser/quick_promote?pinId=900');
    fireEvent.click(await screen.findByRole('button', { name: 'Promote' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Log in again to promote this Pin.');
    expect(screen.getByRole('heading', { name: 'Promote your Pin' })).toBeInTheDocument();

    answer = fail('AD_DESTINATION_URL_INTERNAL', 'Link to your own site, please.');
    fireEvent.click(screen.getByRole('button', { name: 'Promote' }));
    expect(
      await screen.findByRole('heading', { name: "We couldn't create your ad" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Link to your own site, please.');
  });
});

describe('console', () => {
  const campaign: CampaignItem = {
    id: '11',
    ad_account_id: '7',
    name: 'Lemon tart',
    objective_type: 'CONSIDERATION',
    status: 'ACTIVE',
    ads_client_type: 'quick_promote',
    created_at: '2026-11-23T10:00:00.000Z',
    updated_at: '2026-11-23T10:00:00.000Z',
    review_summary: { pending: 1, approved: 0, rejected: 0 },
    budget_in_micro_currency: 3_000_000,
    spend_in_micro_currency: 1_500_000,
    impressions: 1234,
    clicks: 5,
    ctr: 0.0041,
  };
  const context = (capabilities: string[], permissions: string[]) => ({
    id: '7',
    name: 'Promo Co',
    country: 'US',
    currency: 'USD',
    profile: { id: '42', username: 'promo_biz', business_name: 'Promo Co' },
    permissions,
    capabilities,
  });

  test('lists campaigns with their figures and pauses one', async () => {
    const api = stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      // Billing set up (modules/billing): §4.1 goes straight to promoting.
      if (url.pathname.endsWith('/billing/status/')) return ok({ has_billing: true });
      if (url.pathname === '/v3/ads/advertisers/7/')
        return ok(context(['view_reporting', 'manage_campaigns'], ['OWNER']));
      if (url.pathname === '/v3/ads/advertisers/7/campaigns/') return ok([campaign]);
      if (url.pathname === '/v3/ads/advertisers/7/campaigns/11/status/' && init?.method === 'PUT')
        return ok({ ...campaign, status: 'PAUSED', ads: [] } satisfies CampaignDetail);
      return undefined;
    });
    renderApp('/advertiser/7/');
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /Lemon tart/ });
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('In review')).toBeInTheDocument();
    expect(within(row).getByText('$3.00')).toBeInTheDocument();
    expect(within(row).getByText('$1.50')).toBeInTheDocument();
    expect(within(row).getByText('1,234')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Pause Lemon tart' }));
    await waitFor(() =>
      expect(api.bodies('/v3/ads/advertisers/7/campaigns/11/status/')).toEqual([
        { status: 'PAUSED' },
      ]),
    );
    expect(screen.getByRole('navigation', { name: 'Ads Manager' })).toBeInTheDocument();
  });

  test('an analyst sees the figures without pause buttons; a stranger the server message', async () => {
    stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      // Billing set up (modules/billing): §4.1 goes straight to promoting.
      if (url.pathname.endsWith('/billing/status/')) return ok({ has_billing: true });
      if (url.pathname === '/v3/ads/advertisers/7/')
        return ok(context(['view_reporting'], ['ANALYST']));
      if (url.pathname === '/v3/ads/advertisers/7/campaigns/') return ok([campaign]);
      if (url.pathname === '/v3/ads/advertisers/8/') return fail('ADVERTISER_NOT_FOUND');
      return undefined;
    });
    const first = renderApp('/advertiser/7/');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pause/ })).toBeNull();
    expect(
      screen.getByText(
        "You can see this ad account's results. Ask an owner or admin to change campaigns.",
      ),
    ).toBeInTheDocument();
    first.unmount();
    renderApp('/advertiser/8/');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      ERROR_CODES.ADVERTISER_NOT_FOUND.message,
    );
  });

  test('a campaign shows its CTR and its figures by day for a chosen range', async () => {
    const day = {
      spend_in_micro_currency: 1_000_000,
      impressions: 8,
      paid_impressions: 8,
      earned_impressions: 0,
      clicks: 2,
      paid_clicks: 2,
      earned_clicks: 0,
      closeups: 1,
      paid_closeups: 1,
      earned_closeups: 0,
      outbound_clicks: 1,
      paid_outbound_clicks: 1,
      earned_outbound_clicks: 0,
      saves: 0,
      paid_saves: 0,
      earned_saves: 0,
      ctr: 0.25,
      cpc_in_micro_currency: 500_000,
      cpm_in_micro_currency: 125_000_000,
    };
    stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      // Billing set up (modules/billing): §4.1 goes straight to promoting.
      if (url.pathname.endsWith('/billing/status/')) return ok({ has_billing: true });
      if (url.pathname === '/v3/ads/advertisers/7/')
        return ok(context(['view_reporting'], ['ANALYST']));
      if (url.pathname === '/v3/ads/advertisers/7/campaigns/11/')
        return ok({ ...campaign, ads: [] } satisfies CampaignDetail);
      if (url.pathname === '/v3/ads/advertisers/7/campaign-insights/11/') {
        if (url.searchParams.get('start_date') === '2026-12-01')
          return fail('REPORT_RANGE_INVALID');
        return ok({
          start_date: '2026-11-23',
          end_date: '2026-11-23',
          currency: 'USD',
          totals: day,
          days: [{ day: '2026-11-23', ...day }],
        } satisfies ReportOverview);
      }
      return undefined;
    });
    renderApp('/advertiser/7/campaign-insights/11/');
    expect(await screen.findByText('0.41%')).toBeInTheDocument();
    const byDay = await screen.findByRole('region', { name: 'By day' });
    const first = await within(byDay).findByRole('row', { name: /Nov 23, 2026/ });
    expect(within(first).getByText('25%')).toBeInTheDocument();
    expect(within(first).getByText('$1.00')).toBeInTheDocument();
    fireEvent.change(within(byDay).getByLabelText('From'), { target: { value: '2026-12-01' } });
    fireEvent.submit(within(byDay).getByRole('form', { name: 'Dates' }));
    expect(await within(byDay).findByRole('alert')).toHaveTextContent(
      ERROR_CODES.REPORT_RANGE_INVALID.message,
    );
  });
});
