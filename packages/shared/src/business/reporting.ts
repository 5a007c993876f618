// The advertiser console's reporting, overview and history as the API and the web speak them
// (business.md §2.1 Overview, Reporting, History; issue 11; docs/decisions/151–153). Money is
// integer micro-currency in the API; the web formats it, the CSV export writes units.
import { z } from 'zod';
import type { AdObjective, AdStatus } from './campaigns.ts';

/** The reporting tables of §2.1 that this console builds (the others are "not available yet"). */
export const REPORT_LEVELS = ['campaigns', 'adgroups', 'ads'] as const;
export type ReportLevel = (typeof REPORT_LEVELS)[number];

/** TOTAL: one row per entity over the range; DAY: one row per entity and UTC day with delivery. */
export const REPORT_GRANULARITIES = ['TOTAL', 'DAY'] as const;
export type ReportGranularity = (typeof REPORT_GRANULARITIES)[number];

/**
 * The metric columns a report can show, in display order (issue 11: spend, paid and earned
 * impressions, clicks, outbound clicks, saves, CTR, CPC, CPM; docs/decisions/191). Each of
 * impressions, clicks, closeups, outbound clicks and saves has its total (paid + earned) and its
 * paid and earned parts. Keys are never renamed: saved preferences hold them.
 */
export const REPORT_COLUMNS = [
  'spend',
  'impressions',
  'paid_impressions',
  'earned_impressions',
  'clicks',
  'paid_clicks',
  'earned_clicks',
  'closeups',
  'paid_closeups',
  'earned_closeups',
  'outbound_clicks',
  'paid_outbound_clicks',
  'earned_outbound_clicks',
  'saves',
  'paid_saves',
  'earned_saves',
  'ctr',
  'cpc',
  'cpm',
] as const;
export type ReportColumn = (typeof REPORT_COLUMNS)[number];

/**
 * Not in the spec (ADR 191): the columns shown before someone chooses — spend, paid and earned
 * for each event, CTR, CPC and CPM (the totals and the click sums are a choice away).
 */
export const DEFAULT_REPORT_COLUMNS: readonly ReportColumn[] = [
  'spend',
  'paid_impressions',
  'earned_impressions',
  'paid_closeups',
  'earned_closeups',
  'paid_outbound_clicks',
  'earned_outbound_clicks',
  'paid_saves',
  'earned_saves',
  'ctr',
  'cpc',
  'cpm',
];

/** PUT /reporting/preferences/: a non-empty set of known columns, no repeats. */
export const reportPreferencesSchema = z.object({
  columns: z
    .array(z.enum(REPORT_COLUMNS))
    .min(1)
    .max(REPORT_COLUMNS.length)
    .refine((columns) => new Set(columns).size === columns.length, 'Repeated column'),
});
export type ReportPreferences = z.output<typeof reportPreferencesSchema>;

/**
 * The figures of one row, one day or a whole range. Earned engagement (ADR 184, 191) is the
 * promoted pin seen, opened, saved or clicked through outside a paid slot; it costs nothing.
 */
export interface ReportMetrics {
  spend_in_micro_currency: number;
  /** paid + earned */
  impressions: number;
  paid_impressions: number;
  earned_impressions: number;
  /** Closeups and outbound clicks, paid + earned (ADR 104). */
  clicks: number;
  /** paid_closeups + paid_outbound_clicks: what CTR and CPC divide by. */
  paid_clicks: number;
  earned_clicks: number;
  /** The pin opened: paid + earned. */
  closeups: number;
  paid_closeups: number;
  earned_closeups: number;
  /** Clicks through /offsite/ to the pin's link: paid + earned. */
  outbound_clicks: number;
  paid_outbound_clicks: number;
  earned_outbound_clicks: number;
  /** paid + earned */
  saves: number;
  paid_saves: number;
  earned_saves: number;
  /** paid clicks / paid impressions (4 decimals); null without paid impressions (ADR 191). */
  ctr: number | null;
  /** spend / paid clicks, micro-currency (rounded); null without paid clicks. */
  cpc_in_micro_currency: number | null;
  /** spend × 1000 / paid impressions, micro-currency (rounded); null without paid impressions. */
  cpm_in_micro_currency: number | null;
}

export interface ReportRow extends ReportMetrics {
  level: ReportLevel;
  id: string;
  name: string;
  status: AdStatus;
  campaign: { id: string; name: string };
  /** The ad group (ad group and ad rows; null for campaign rows). */
  ad_group: { id: string; name: string } | null;
  objective_type: AdObjective;
  /** The UTC day of a DAY row; null for TOTAL rows. */
  day: string | null;
}

export interface OverviewDay extends ReportMetrics {
  day: string;
}

export interface ReportOverview {
  start_date: string;
  end_date: string;
  currency: string;
  totals: ReportMetrics;
  /** Every UTC day of the range, oldest first (zeros on days without delivery). */
  days: OverviewDay[];
}

/** Pinterest-style CPC and CPM from spend and paid counts (null when undefined). */
export function costPerClickMicro(spendMicro: number, paidClicks: number): number | null {
  return paidClicks > 0 ? Math.round(spendMicro / paidClicks) : null;
}

export function costPerMilleMicro(spendMicro: number, paidImpressions: number): number | null {
  return paidImpressions > 0 ? Math.round((spendMicro * 1000) / paidImpressions) : null;
}

/**
 * business.md §2.1's reporting shortcuts by objective type, as the objectives this product has
 * (ADR 151). Shortcuts whose objective does not exist here (app installs, video views, videos,
 * engagement) map to null: the console says no campaign has it rather than showing all.
 */
export const SHORTCUT_OBJECTIVES: Readonly<Record<string, AdObjective | null>> = {
  purchases: 'WEB_CONVERSION',
  awareness: 'AWARENESS',
  traffic: 'CONSIDERATION',
  app_installs: null,
  catalog_sales: 'CATALOG_SALES',
  web_conversion: 'WEB_CONVERSION',
  video_view: null,
  engagement: null,
  videos: null,
  shopping: 'CATALOG_SALES',
};

/** The metric a column shows, from a row's figures (money stays micro-currency). */
export function columnValue(metrics: ReportMetrics, column: ReportColumn): number | null {
  switch (column) {
    case 'spend':
      return metrics.spend_in_micro_currency;
    case 'cpc':
      return metrics.cpc_in_micro_currency;
    case 'cpm':
      return metrics.cpm_in_micro_currency;
    default:
      return metrics[column];
  }
}

/** Whether a column holds money (formatted in the ad account's currency). */
export function isMoneyColumn(column: ReportColumn): boolean {
  return column === 'spend' || column === 'cpc' || column === 'cpm';
}
