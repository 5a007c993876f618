// The console's campaigns (business.md §2.1; docs/decisions/102): the list (paginated, newest
// first) and one campaign with its ads, read with view_reporting; pause and resume with
// manage_campaigns, recorded in the change history.
import type { StoredTargetingSpec } from '@corkboard/db/schema';
import { AppError } from '@corkboard/shared/app-error';
import type {
  CampaignAdSummary,
  CampaignDetail,
  CampaignItem,
  RejectionReason,
} from '@corkboard/shared/business/campaigns';
import type { AppDeps } from '../../core/app-deps.ts';
import { decodeIdBookmark, keysetPage, type Page } from '../../core/bookmarks.ts';
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
