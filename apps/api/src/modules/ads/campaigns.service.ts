// The console's campaigns (business.md §2.1; docs/decisions/102): the list (paginated, newest
// first) and one campaign with its ads, read with view_reporting; pause and resume with
// manage_campaigns, recorded in the change history.
import type { StoredTargetingSpec } from '@corkboard/db/schema';
import { AppError } from '@corkboard/shared/app-error';
import {
  clickThroughRate,
  REPORT_DEFAULT_RANGE_DAYS,
  REPORT_MAX_RANGE_DAYS,
  type CampaignAdSummary,
  type CampaignDay,
  type CampaignDetail,
  type CampaignItem,
  type RejectionReason,
} from '@corkboard/shared/business/campaigns';
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
import {
  findCampaign,
  insertHistory,
  listCampaignAds,
  listCampaigns,
  setCampaignStatus,
  type CampaignAdRow,
  type CampaignRow,
} from './ads.repository.ts';
import { campaignDays } from './delivery.repository.ts';
import { utcDay } from './delivery.service.ts';

/** Not in the spec: the most ads one campaign's detail lists (CAMPAIGN_MAX_ADS is 20). */
export const CAMPAIGN_DETAIL_MAX_ADS = 50;

function serializeCampaign(row: CampaignRow): CampaignItem {
  return {
    id: row.id,
    ad_account_id: row.ad_account_id,
    name: row.name,
    objective_type: row.objective_type,
    status: row.status,
    ads_client_type: row.ads_client_type,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    review_summary: {
      pending: Number(row.pending),
      approved: Number(row.approved),
      rejected: Number(row.rejected),
    },
    budget_in_micro_currency: Number(row.budget_micro),
    spend_in_micro_currency: Number(row.spend_micro),
    impressions: Number(row.impressions),
    clicks: Number(row.clicks),
    // ADR 191: CTR is paid clicks over paid impressions (earned engagement is nobody's spend).
    ctr: clickThroughRate(Number(row.paid_clicks), Number(row.paid_impressions)),
  };
}

function targetingOf(spec: StoredTargetingSpec): CampaignAdSummary['targeting_spec'] {
  return {
    LOCATION: spec.LOCATION,
    AGE_BUCKET: spec.AGE_BUCKET,
    GENDER: spec.GENDER,
    INTEREST: spec.INTEREST,
    KEYWORD: spec.KEYWORD,
    AUDIENCE_EXCLUDE: spec.AUDIENCE_EXCLUDE,
  };
}

function serializeAd(row: CampaignAdRow): CampaignAdSummary {
  return {
    id: row.id,
    ad_group_id: row.ad_group_id,
    pin_id: row.pin_id,
    pin_title: row.pin_title,
    name: row.name,
    destination_url: row.destination_url,
    status: row.status,
    review_status: row.review_status,
    rejection_reasons: row.rejection_reasons as RejectionReason[],
    budget_type: row.budget_type,
    budget_in_micro_currency: Number(row.budget_in_micro_currency),
    billable_event: row.billable_event,
    targeting_spec: targetingOf(row.targeting_spec),
    start_time: row.start_time.toISOString(),
    end_time: row.end_time?.toISOString() ?? null,
  };
}

export async function campaigns(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  advertiserId: string,
  page: PageRequest,
): Promise<Page<CampaignItem>> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'view_reporting');
  const rows = await listCampaigns(
    deps.db,
    account.id,
    decodeIdBookmark(page.bookmark),
    page.pageSize + 1,
  );
  return keysetPage(rows, page.pageSize, serializeCampaign);
}

export async function campaignDetail(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  advertiserId: string,
  campaignId: string,
): Promise<CampaignDetail> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'view_reporting');
  const row = await findCampaign(deps.db, account.id, campaignId);
  if (!row) throw new AppError('AD_CAMPAIGN_NOT_FOUND');
  const ads = await listCampaignAds(deps.db, row.id, CAMPAIGN_DETAIL_MAX_ADS);
  return { ...serializeCampaign(row), ads: ads.map(serializeAd) };
}

/** Pause or resume (an archived campaign stays archived: AD_CAMPAIGN_NOT_FOUND). */
export async function setCampaignActive(
  deps: Pick<AppDeps, 'db' | 'now' | 'log'>,
  viewer: Viewer,
  advertiserId: string,
  campaignId: string,
  status: 'ACTIVE' | 'PAUSED',
): Promise<CampaignDetail> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'manage_campaigns');
  await deps.db.transaction().execute(async (trx) => {
    const row = await findCampaign(trx, account.id, campaignId);
    if (!row || row.status === 'ARCHIVED') throw new AppError('AD_CAMPAIGN_NOT_FOUND');
    if (row.status === status) return;
    await setCampaignStatus(trx, campaignId, status, deps.now());
    await insertHistory(trx, {
      adAccountId: account.id,
      actorId: viewer.id,
      entityType: 'CAMPAIGN',
      entityId: campaignId,
      action: status === 'PAUSED' ? 'pause' : 'resume',
      changes: { status: { from: row.status, to: status } },
    });
  });
  deps.log.info({ by: viewer.id, campaign_id: campaignId, status }, 'ads: campaign status');
  return campaignDetail(deps, viewer, advertiserId, campaignId);
}

const DAY_MS = 86_400_000;

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}

/**
 * A campaign's spend, impressions, clicks and CTR per UTC day in [start_date, end_date] (both
 * inclusive; default the last REPORT_DEFAULT_RANGE_DAYS days), newest first, only days with
 * delivery, paged by offset. A range past REPORT_MAX_RANGE_DAYS or backwards is
 * REPORT_RANGE_INVALID.
 */
export async function campaignDayReport(
  deps: Pick<AppDeps, 'db' | 'now'>,
  viewer: Viewer,
  advertiserId: string,
  campaignId: string,
  range: { startDate: string | undefined; endDate: string | undefined },
  page: PageRequest,
): Promise<Page<CampaignDay>> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'view_reporting');
  const row = await findCampaign(deps.db, account.id, campaignId);
  if (!row) throw new AppError('AD_CAMPAIGN_NOT_FOUND');
  const to = range.endDate ?? utcDay(deps.now());
  const from =
    range.startDate ?? utcDay(new Date((dayNumber(to) - REPORT_DEFAULT_RANGE_DAYS + 1) * DAY_MS));
  const span = dayNumber(to) - dayNumber(from) + 1;
  if (!(span >= 1 && span <= REPORT_MAX_RANGE_DAYS)) throw new AppError('REPORT_RANGE_INVALID');
  const offset = decodeOffsetBookmark(page.bookmark, span);
  const rows = await campaignDays(deps.db, row.id, from, to, offset, page.pageSize + 1);
  return offsetPage(rows, offset, page.pageSize, span, (day) => {
    return {
      day: day.day,
      spend_in_micro_currency: Number(day.spend_micro),
      impressions: Number(day.impressions),
      clicks: Number(day.clicks),
      ctr: clickThroughRate(Number(day.paid_clicks), Number(day.paid_impressions)),
    };
  });
}
