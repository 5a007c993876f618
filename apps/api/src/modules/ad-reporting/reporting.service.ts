// The console's overview, reporting tables, CSV export, column preferences and change history
// (business.md §2.1; issue 11; docs/decisions/151–153). Every read asks requireAdvertiser for
// view_reporting (ADR 100: every permission holds it; nobody else learns the account exists).
// Column preferences are the reader's own view of the reports, so view_reporting also saves them.
import { Readable } from 'node:stream';
import type { AdObjectiveType } from '@corkboard/db/schema';
import { AppError } from '@corkboard/shared/app-error';
import {
  clickThroughRate,
  REPORT_DEFAULT_RANGE_DAYS,
  REPORT_MAX_RANGE_DAYS,
  type HistoryEntry,
} from '@corkboard/shared/business/campaigns';
import { formatMicroAmount } from '@corkboard/shared/business/money';
import {
  costPerClickMicro,
  costPerMilleMicro,
  DEFAULT_REPORT_COLUMNS,
  REPORT_COLUMNS,
  type ReportColumn,
  type ReportGranularity,
  type ReportLevel,
  type ReportMetrics,
  type ReportOverview,
  type ReportRow,
} from '@corkboard/shared/business/reporting';
import type { AppDeps } from '../../core/app-deps.ts';
import {
  decodeIdBookmark,
  decodeOffsetBookmark,
  keysetPage,
  offsetPage,
  type Page,
} from '../../core/bookmarks.ts';
import type { PageRequest } from '../../core/schemas.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { requireAdvertiser } from '../business/business.service.ts';
import { attachmentDisposition, csvLine } from './csv.ts';
import {
  campaignInAccount,
  countReportRows,
  findPreferences,
  listHistory,
  overviewDays,
  reportRows,
  savePreferences,
  type HistoryRow,
  type MetricSums,
  type ReportQuery,
  type ReportRowSums,
} from './reporting.repository.ts';

/** Not in the spec: the most rows one CSV export holds (more is REPORT_EXPORT_TOO_LARGE). */
export const REPORT_EXPORT_MAX_ROWS = 10_000;
/** Rows read per query while an export streams (bounded memory whatever the export's size). */
export const REPORT_EXPORT_BATCH_ROWS = 500;
/** Not in the spec: exports per client IP per minute (each may read 10,000 rows). */
export const REPORT_EXPORT_RATE_LIMIT_MAX = 10;

const DAY_MS = 86_400_000;

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}

function isoDay(dayNo: number): string {
  return new Date(dayNo * DAY_MS).toISOString().slice(0, 10);
}

export interface DateRange {
  from: string;
  to: string;
}

/**
 * [start_date, end_date], both inclusive UTC days; the end defaults to today, the start to
 * REPORT_DEFAULT_RANGE_DAYS before the end. Backwards or longer than REPORT_MAX_RANGE_DAYS is
 * REPORT_RANGE_INVALID (the same rule as a campaign's days, ADR 104).
 */
export function reportRange(
  now: Date,
  range: { startDate: string | undefined; endDate: string | undefined },
): DateRange {
  const to = range.endDate ?? now.toISOString().slice(0, 10);
  const from = range.startDate ?? isoDay(dayNumber(to) - REPORT_DEFAULT_RANGE_DAYS + 1);
  const span = dayNumber(to) - dayNumber(from) + 1;
  if (!(span >= 1 && span <= REPORT_MAX_RANGE_DAYS)) throw new AppError('REPORT_RANGE_INVALID');
  return { from, to };
}

/**
 * A row's figures from its sums (ADR 191): each total is paid + earned; CTR, CPC and CPM are on
 * paid figures only — what the advertiser paid for, and earned engagement costs nothing.
 */
export function metricsOf(sums: MetricSums): ReportMetrics {
  const spend = Number(sums.spend_micro);
  const paidImpressions = Number(sums.paid_impressions);
  const earnedImpressions = Number(sums.earned_impressions);
  const paidCloseups = Number(sums.paid_closeups);
  const earnedCloseups = Number(sums.earned_closeups);
  const paidOutbound = Number(sums.paid_outbound_clicks);
  const earnedOutbound = Number(sums.earned_outbound_clicks);
  const paidSaves = Number(sums.paid_saves);
  const earnedSaves = Number(sums.earned_saves);
  const paidClicks = paidCloseups + paidOutbound;
  const earnedClicks = earnedCloseups + earnedOutbound;
  return {
    spend_in_micro_currency: spend,
    impressions: paidImpressions + earnedImpressions,
    paid_impressions: paidImpressions,
    earned_impressions: earnedImpressions,
    clicks: paidClicks + earnedClicks,
    paid_clicks: paidClicks,
    earned_clicks: earnedClicks,
    closeups: paidCloseups + earnedCloseups,
    paid_closeups: paidCloseups,
    earned_closeups: earnedCloseups,
    outbound_clicks: paidOutbound + earnedOutbound,
    paid_outbound_clicks: paidOutbound,
    earned_outbound_clicks: earnedOutbound,
    saves: paidSaves + earnedSaves,
    paid_saves: paidSaves,
    earned_saves: earnedSaves,
    ctr: clickThroughRate(paidClicks, paidImpressions),
    cpc_in_micro_currency: costPerClickMicro(spend, paidClicks),
    cpm_in_micro_currency: costPerMilleMicro(spend, paidImpressions),
  };
}

const ZERO_SUMS: MetricSums = {
  spend_micro: '0',
  paid_impressions: '0',
  earned_impressions: '0',
  paid_closeups: '0',
  earned_closeups: '0',
  paid_outbound_clicks: '0',
  earned_outbound_clicks: '0',
  paid_saves: '0',
  earned_saves: '0',
};

/**
 * GET …/reporting/overview/ (and …/campaign-insights/{campaignId}/ for one campaign): totals and
 * every day of the range (zeros where nothing ran).
 */
export async function reportOverview(
  deps: Pick<AppDeps, 'db' | 'now'>,
  viewer: Viewer,
  advertiserId: string,
  range: { startDate: string | undefined; endDate: string | undefined },
  campaignId?: string,
): Promise<ReportOverview> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'view_reporting');
  const { from, to } = reportRange(deps.now(), range);
  if (campaignId !== undefined && !(await campaignInAccount(deps.db, account.id, campaignId))) {
    throw new AppError('AD_CAMPAIGN_NOT_FOUND');
  }
  const rows = await overviewDays(deps.db, account.id, campaignId, from, to);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const totals = { ...ZERO_SUMS };
  const days = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n += 1) {
    const day = isoDay(n);
    const sums = byDay.get(day) ?? ZERO_SUMS;
    for (const key of Object.keys(totals) as (keyof MetricSums)[]) {
      totals[key] = String(Number(totals[key]) + Number(sums[key]));
    }
    days.push({ day, ...metricsOf(sums) });
  }
  return {
    start_date: from,
    end_date: to,
    currency: account.currency,
    totals: metricsOf(totals),
    days,
  };
}

export interface ReportRequest {
  level: ReportLevel;
  granularity: ReportGranularity;
  startDate: string | undefined;
  endDate: string | undefined;
  campaignId: string | undefined;
  objective: AdObjectiveType | undefined;
}

async function resolveReport(
  deps: Pick<AppDeps, 'db' | 'now'>,
  viewer: Viewer,
  advertiserId: string,
  request: ReportRequest,
): Promise<{ query: ReportQuery; currency: string }> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'view_reporting');
  const { from, to } = reportRange(deps.now(), {
    startDate: request.startDate,
    endDate: request.endDate,
  });
  if (
    request.campaignId !== undefined &&
    !(await campaignInAccount(deps.db, account.id, request.campaignId))
  ) {
    throw new AppError('AD_CAMPAIGN_NOT_FOUND');
  }
  return {
    currency: account.currency,
    query: {
      adAccountId: account.id,
      level: request.level,
      granularity: request.granularity,
      from,
      to,
      campaignId: request.campaignId,
      objective: request.objective,
    },
  };
}

function serializeRow(level: ReportLevel, row: ReportRowSums): ReportRow {
  return {
    level,
    id: row.id,
    name: row.name,
    status: row.status,
    objective_type: row.objective_type,
    campaign: { id: row.campaign_id, name: row.campaign_name },
    ad_group:
      row.ad_group_id === null ? null : { id: row.ad_group_id, name: row.ad_group_name ?? '' },
    day: row.day,
    ...metricsOf(row),
  };
}

/** GET …/reporting/{level}/: one page of rows (offset cursor, at most REPORT_EXPORT_MAX_ROWS). */
export async function reportTable(
  deps: Pick<AppDeps, 'db' | 'now'>,
  viewer: Viewer,
  advertiserId: string,
  request: ReportRequest,
  page: PageRequest,
): Promise<Page<ReportRow>> {
  const offset = decodeOffsetBookmark(page.bookmark, REPORT_EXPORT_MAX_ROWS);
  const { query } = await resolveReport(deps, viewer, advertiserId, request);
  const rows = await reportRows(deps.db, query, offset, page.pageSize + 1);
  return offsetPage(rows, offset, page.pageSize, REPORT_EXPORT_MAX_ROWS, (row) =>
    serializeRow(request.level, row),
  );
}

// ---- column preferences ------------------------------------------------------------------------

function knownColumns(stored: readonly string[] | undefined): ReportColumn[] {
  const known = (stored ?? []).filter((column): column is ReportColumn =>
    (REPORT_COLUMNS as readonly string[]).includes(column),
  );
  // A stored set whose columns all went away falls back to the default.
  return known.length > 0 ? known : [...DEFAULT_REPORT_COLUMNS];
}

export async function reportPreferences(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  advertiserId: string,
): Promise<{ columns: ReportColumn[] }> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'view_reporting');
  return { columns: knownColumns(await findPreferences(deps.db, account.id, viewer.id)) };
}

export async function saveReportPreferences(
  deps: Pick<AppDeps, 'db' | 'now'>,
  viewer: Viewer,
  advertiserId: string,
  columns: readonly ReportColumn[],
): Promise<{ columns: ReportColumn[] }> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'view_reporting');
  await savePreferences(deps.db, account.id, viewer.id, columns, deps.now());
  return { columns: [...columns] };
}

// ---- CSV export --------------------------------------------------------------------------------

const IDENTITY_HEADERS: Record<ReportLevel, string[]> = {
  campaigns: ['Campaign ID', 'Campaign name', 'Status', 'Objective'],
  adgroups: ['Ad group ID', 'Ad group name', 'Status', 'Campaign ID', 'Campaign name', 'Objective'],
  ads: [
    'Ad ID',
    'Ad name',
    'Status',
    'Ad group ID',
    'Ad group name',
    'Campaign ID',
    'Campaign name',
    'Objective',
  ],
};

function identityCells(level: ReportLevel, row: ReportRow): (string | number | null)[] {
  const campaign = [row.campaign.id, row.campaign.name];
  const group = [row.ad_group?.id ?? '', row.ad_group?.name ?? ''];
  if (level === 'campaigns') return [row.id, row.name, row.status, row.objective_type];
  if (level === 'adgroups') return [row.id, row.name, row.status, ...campaign, row.objective_type];
  return [row.id, row.name, row.status, ...group, ...campaign, row.objective_type];
}

/** The CSV header of each column (English, like the identity headers; ADR 152, 191). */
const COLUMN_HEADERS: Readonly<Record<Exclude<ReportColumn, 'spend' | 'cpc' | 'cpm'>, string>> = {
  impressions: 'Impressions',
  paid_impressions: 'Paid impressions',
  earned_impressions: 'Earned impressions',
  clicks: 'Clicks',
  paid_clicks: 'Paid clicks',
  earned_clicks: 'Earned clicks',
  closeups: 'Closeups',
  paid_closeups: 'Paid closeups',
  earned_closeups: 'Earned closeups',
  outbound_clicks: 'Outbound clicks',
  paid_outbound_clicks: 'Paid outbound clicks',
  earned_outbound_clicks: 'Earned outbound clicks',
  saves: 'Saves',
  paid_saves: 'Paid saves',
  earned_saves: 'Earned saves',
  ctr: 'CTR (%)',
};

function columnHeader(column: ReportColumn, currency: string): string {
  switch (column) {
    case 'spend':
      return `Spend (${currency})`;
    case 'cpc':
      return `CPC (${currency})`;
    case 'cpm':
      return `CPM (${currency})`;
    default:
      return COLUMN_HEADERS[column];
  }
}

/** Money in units with two decimals, CTR in percent with two: what a spreadsheet reads. */
function columnCell(column: ReportColumn, row: ReportMetrics): string | number {
  const money = (micro: number | null) => (micro === null ? '' : formatMicroAmount(micro));
  switch (column) {
    case 'spend':
      return money(row.spend_in_micro_currency);
    case 'ctr':
      return row.ctr === null ? '' : (row.ctr * 100).toFixed(2);
    case 'cpc':
      return money(row.cpc_in_micro_currency);
    case 'cpm':
      return money(row.cpm_in_micro_currency);
    default:
      return row[column];
  }
}

export interface ReportExport {
  filename: string;
  contentDisposition: string;
  rowCount: number;
  body: Readable;
}

/**
 * GET …/reporting/{level}/export/: the whole report as CSV. The rows are counted first and an
 * export past REPORT_EXPORT_MAX_ROWS is refused before a byte is sent; then the rows stream in
 * batches of REPORT_EXPORT_BATCH_ROWS. Columns: the request's, else the reader's saved ones.
 */
export async function exportReport(
  deps: Pick<AppDeps, 'db' | 'now' | 'log'>,
  viewer: Viewer,
  advertiserId: string,
  request: ReportRequest,
  requestedColumns: readonly ReportColumn[] | undefined,
): Promise<ReportExport> {
  const { query, currency } = await resolveReport(deps, viewer, advertiserId, request);
  const columns =
    requestedColumns ?? knownColumns(await findPreferences(deps.db, query.adAccountId, viewer.id));
  const rowCount = await countReportRows(deps.db, query);
  if (rowCount > REPORT_EXPORT_MAX_ROWS) {
    throw new AppError('REPORT_EXPORT_TOO_LARGE', {
      data: { rows: rowCount, max_rows: REPORT_EXPORT_MAX_ROWS },
    });
  }
  const byDay = request.granularity === 'DAY';
  const header = [
    ...(byDay ? ['Day'] : []),
    ...IDENTITY_HEADERS[request.level],
    ...columns.map((column) => columnHeader(column, currency)),
  ];
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(header);
    for (let offset = 0; offset < rowCount; offset += REPORT_EXPORT_BATCH_ROWS) {
      const rows = await reportRows(deps.db, query, offset, REPORT_EXPORT_BATCH_ROWS);
      for (const sums of rows) {
        const row = serializeRow(request.level, sums);
        yield csvLine([
          ...(byDay ? [row.day] : []),
          ...identityCells(request.level, row),
          ...columns.map((column) => columnCell(column, row)),
        ]);
      }
      if (rows.length < REPORT_EXPORT_BATCH_ROWS) break;
    }
  }
  const filename = `corkboard_${request.level}_${byDay ? 'daily_' : ''}${advertiserId}_${query.from}_${query.to}.csv`;
  deps.log.info(
    { by: viewer.id, advertiser_id: advertiserId, level: request.level, rows: rowCount },
    'reporting: export',
  );
  return {
    filename,
    contentDisposition: attachmentDisposition(filename),
    rowCount,
    body: Readable.from(lines()),
  };
}

// ---- change history ----------------------------------------------------------------------------

function serializeHistory(row: HistoryRow): HistoryEntry {
  // Reviews are Corkboard's decisions: the operator who made one is not named to the advertiser.
  const byOperator = row.action.startsWith('review_');
  return {
    id: row.id,
    actor:
      byOperator || row.actor_id === null
        ? null
        : {
            id: row.actor_id,
            username: row.actor_username ?? '',
            full_name: row.actor_full_name ?? '',
          },
    entity_type: row.entity_type as HistoryEntry['entity_type'],
    entity_id: row.entity_id,
    entity_name: row.entity_name,
    action: row.action,
    changes: row.changes,
    created_at: row.created_at.toISOString(),
  };
}

/** GET …/history/: who changed what, newest first, keyset-paged (page size capped). */
export async function changeHistory(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  advertiserId: string,
  entityType: 'CAMPAIGN' | 'AD_GROUP' | 'AD' | 'BILLING' | undefined,
  page: PageRequest,
): Promise<Page<HistoryEntry>> {
  const beforeId = decodeIdBookmark(page.bookmark);
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'view_reporting');
  const rows = await listHistory(deps.db, account.id, { entityType, beforeId }, page.pageSize + 1);
  return keysetPage(rows, page.pageSize, serializeHistory);
}
