// The console pages (docs/decisions/151–153): the overview's totals and day table, the reports
// with the reader's columns and the CSV link, saving columns, the history (Corkboard's reviewers
// unnamed), 'Not available yet' for §2.1 pages not built, and an analyst sees no pause button.
import type { AdvertiserContext } from '@corkboard/shared/business/api';
import type { HistoryEntry } from '@corkboard/shared/business/campaigns';
import type {
  ReportMetrics,
  ReportOverview,
  ReportRow,
} from '@corkboard/shared/business/reporting';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { ok, stubApi } from '../../test/api.ts';
import { makeAuthUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

// jsdom has no canvas: the chart is uPlot's (MetricsChart.tsx); here a labelled stand-in.
vi.mock('./MetricsChart.tsx', () => ({
  MetricsChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const me = makeAuthUser({ id: '1', username: 'mara' });

function context(capabilities: AdvertiserContext['capabilities']): AdvertiserContext {
  return {
    id: '7',
    name: "Mara's Kitchen",
    country: 'US',
    currency: 'USD',
    profile: { id: '70', username: 'maras_kitchen', business_name: "Mara's Kitchen" },
    permissions: capabilities.includes('manage_campaigns') ? ['OWNER'] : ['ANALYST'],
    capabilities,
  };
}

// Paid: 300 impressions, 4 closeups, 2 outbound clicks, 1 save; earned: 40 impressions, 3
// closeups, 5 outbound clicks, 7 saves (docs/decisions/191).
const metrics: ReportMetrics = {
  spend_in_micro_currency: 1_500_000,
  impressions: 340,
  paid_impressions: 300,
  earned_impressions: 40,
  clicks: 14,
  paid_clicks: 6,
  earned_clicks: 8,
  closeups: 7,
  paid_closeups: 4,
  earned_closeups: 3,
  outbound_clicks: 7,
  paid_outbound_clicks: 2,
  earned_outbound_clicks: 5,
  saves: 8,
  paid_saves: 1,
  earned_saves: 7,
  ctr: 0.02,
  cpc_in_micro_currency: 250_000,
  cpm_in_micro_currency: 5_000_000,
};

const overview: ReportOverview = {
  start_date: '2026-11-01',
  end_date: '2026-11-02',
  currency: 'USD',
  totals: metrics,
  days: [
    { day: '2026-11-01', ...metrics },
    {
      day: '2026-11-02',
      ...metrics,
      spend_in_micro_currency: 0,
      impressions: 0,
      paid_impressions: 0,
      earned_impressions: 0,
      clicks: 0,
      paid_clicks: 0,
      earned_clicks: 0,
      closeups: 0,
      paid_closeups: 0,
      earned_closeups: 0,
      outbound_clicks: 0,
      paid_outbound_clicks: 0,
      earned_outbound_clicks: 0,
      saves: 0,
      paid_saves: 0,
      earned_saves: 0,
      ctr: null,
      cpc_in_micro_currency: null,
      cpm_in_micro_currency: null,
    },
  ],
};

const campaignRow: ReportRow = {
  level: 'campaigns',
  id: '11',
  name: 'Lemon tart',
  status: 'ACTIVE',
  objective_type: 'CONSIDERATION',
  campaign: { id: '11', name: 'Lemon tart' },
  ad_group: null,
  day: null,
  ...metrics,
};

function stubConsole(
  capabilities: AdvertiserContext['capabilities'] = ['view_reporting', 'manage_campaigns'],
  savedColumns: string[] = ['spend', 'ctr'],
) {
  return stubApi((url, init) => {
    const path = url.pathname;
    if (path === '/v3/users/me/') return ok(me);
    if (path === '/v3/ads/advertisers/7/') return ok(context(capabilities));
    if (path === '/v3/ads/advertisers/7/reporting/overview/') return ok(overview);
    if (path === '/v3/ads/advertisers/7/campaigns/')
      return ok([
        {
          id: '11',
          ad_account_id: '7',
          name: 'Lemon tart',
          objective_type: 'CONSIDERATION',
          status: 'ACTIVE',
          ads_client_type: 'quick_promote',
          created_at: '2026-11-01T00:00:00.000Z',
          updated_at: '2026-11-01T00:00:00.000Z',
          review_summary: { pending: 0, approved: 1, rejected: 0 },
          budget_in_micro_currency: 3_000_000,
          spend_in_micro_currency: 1_500_000,
          impressions: 300,
          clicks: 6,
          ctr: 0.02,
        },
      ]);
    if (path === '/v3/ads/advertisers/7/reporting/campaigns/') return ok([campaignRow]);
    if (path === '/v3/ads/advertisers/7/reporting/preferences/')
      return init?.method === 'PUT'
        ? ok(JSON.parse(init.body as string) as unknown)
        : ok({ columns: savedColumns });
    if (path === '/v3/ads/advertisers/7/history/')
      return ok([
        {
          id: '3',
          actor: null,
          entity_type: 'AD',
          entity_id: '13',
          entity_name: 'Lemon tart',
          action: 'review_approved',
          changes: { reasons: [] },
          created_at: '2026-11-02T10:00:00.000Z',
        },
        {
          id: '2',
          actor: { id: '1', username: 'mara', full_name: 'Mara Costa' },
          entity_type: 'CAMPAIGN',
          entity_id: '11',
          entity_name: 'Lemon tart',
          action: 'pause',
          changes: { status: { from: 'ACTIVE', to: 'PAUSED' } },
          created_at: '2026-11-02T09:00:00.000Z',
        },
      ] satisfies HistoryEntry[]);
    return undefined;
  });
}

describe('advertiser console', () => {
  test('the overview shows the totals, the chart and the figures by day; owners can pause', async () => {
    stubConsole();
    renderApp('/advertiser/7/');
    expect(
      await screen.findByRole('heading', { name: 'Overview', level: 1 }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const totals = await screen.findByText('Totals for these dates');
    expect(totals).toBeInTheDocument();
    expect(screen.getAllByText('$1.50').length).toBeGreaterThan(0);
    expect(
      screen.getByRole('img', { name: /^Chart of spend and impressions per day/ }),
    ).toBeInTheDocument();
    const days = screen.getByRole('table', { name: 'Figures by day' });
    // Newest first; a day without impressions has no CTR.
    const rows = within(days).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('–');
    expect(await screen.findByRole('button', { name: 'Pause Lemon tart' })).toBeInTheDocument();
  });

  test('the overview shows paid and earned apart, totals and days alike (ADR 191)', async () => {
    stubConsole();
    renderApp('/advertiser/7/');
    await screen.findByText('Totals for these dates', {}, { timeout: 5000 });
    const figure = (term: string) =>
      screen.getByText(term, { selector: '.console-totals dt' }).nextElementSibling?.textContent;
    expect(figure('Paid impressions')).toBe('300');
    expect(figure('Earned impressions')).toBe('40');
    expect(figure('Paid closeups')).toBe('4');
    expect(figure('Earned closeups')).toBe('3');
    expect(figure('Paid outbound clicks')).toBe('2');
    expect(figure('Earned outbound clicks')).toBe('5');
    expect(figure('Paid saves')).toBe('1');
    expect(figure('Earned saves')).toBe('7');
    const days = screen.getByRole('table', { name: 'Figures by day' });
    expect(
      within(days)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Day',
      'Spend',
      'Paid impressions',
      'Earned impressions',
      'Paid closeups',
      'Earned closeups',
      'Paid outbound clicks',
      'Earned outbound clicks',
      'Paid saves',
      'Earned saves',
      'CTR',
    ]);
    const oldest = within(days).getAllByRole('row')[2];
    expect(
      within(oldest as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$1.50', '300', '40', '4', '3', '2', '5', '1', '7', '2%']);
  });

  test('old saved columns keep working beside the new paid and earned ones', async () => {
    stubConsole(undefined, ['spend', 'saves', 'paid_saves', 'earned_outbound_clicks']);
    renderApp('/advertiser/7/reporting/campaigns/?start_date=2026-11-01&end_date=2026-11-02');
    const table = await screen.findByRole('table', { name: 'Campaigns' }, { timeout: 5000 });
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(['Name', 'Status', 'Spend', 'Saves', 'Paid saves', 'Earned outbound clicks']),
    );
    const row = within(table).getByRole('row', { name: /Lemon tart/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Active', '$1.50', '8', '1', '5']);
  });

  test('an analyst sees the figures but no pause button', async () => {
    stubConsole(['view_reporting']);
    renderApp('/advertiser/7/');
    expect(
      await screen.findByText(/You can see this ad account's results/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Campaigns' });
    expect(screen.queryByRole('button', { name: /^Pause / })).toBeNull();
  });

  test("reports show the reader's columns and link the CSV download with the same query", async () => {
    stubConsole();
    renderApp('/advertiser/7/reporting/campaigns/?start_date=2026-11-01&end_date=2026-11-02');
    const table = await screen.findByRole('table', { name: 'Campaigns' }, { timeout: 5000 });
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(['Name', 'Status', 'Spend', 'CTR']),
    );
    expect(within(table).getByRole('row', { name: /Lemon tart/ })).toHaveTextContent('$1.50');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/v3/ads/advertisers/7/reporting/campaigns/export/?start_date=2026-11-01&end_date=2026-11-02&granularity=TOTAL',
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Ads Manager' })).getByRole('link', {
        name: 'Reporting',
      }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test('the columns page saves the chosen columns', async () => {
    const api = stubConsole();
    renderApp('/advertiser/7/reporting/preferences/');
    const group = await screen.findByRole('group', { name: 'Columns' }, { timeout: 5000 });
    expect(within(group).getByRole('checkbox', { name: 'CTR' })).toBeChecked();
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Saves' }));
    fireEvent.click(within(group).getByRole('checkbox', { name: 'CTR' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save columns' }));
    expect(await screen.findByText('Columns saved.')).toBeInTheDocument();
    // The GETs have no body; the one PUT carries the columns in display order.
    expect(
      api
        .bodies('/v3/ads/advertisers/7/reporting/preferences/')
        .filter((body) => body !== undefined),
    ).toEqual([{ columns: ['spend', 'saves'] }]);
  });

  test("the history names people but not Corkboard's reviewers", async () => {
    stubConsole();
    renderApp('/advertiser/7/history/');
    const table = await screen.findByRole('table', { name: 'History' }, { timeout: 5000 });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Corkboard ad review');
    expect(rows[1]).toHaveTextContent('Approved in review');
    expect(rows[2]).toHaveTextContent('Mara Costa (@mara)');
    expect(rows[2]).toHaveTextContent('status: ACTIVE → PAUSED');
  });

  test('§2.1 pages not built say so; other paths are not pages', async () => {
    stubConsole();
    renderApp('/advertiser/7/conversions/tag-health/');
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Not available yet', level: 1 },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  });
});
