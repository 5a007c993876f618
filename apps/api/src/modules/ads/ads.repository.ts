// All SQL of campaigns → ad groups → ads, their review and the change history (docs/decisions/
// 102, 103). Queries take `db | trx` first; money stays in integer micro-currency strings.
import { sql, type Kysely } from 'kysely';
import type {
  AdEntityStatus,
  AdObjectiveType,
  AdReviewStatus,
  Database,
  StoredTargetingSpec,
  StoredVariants,
} from '@corkboard/db/schema';

export interface PromotionPinRow {
  id: string;
  pinner_id: string;
  title: string;
  link: string | null;
  board_privacy: string;
  image_width: number;
  image_height: number;
}

/** The pin as quick promote needs it: who pinned it, its link, its board's privacy, its image. */
export async function findPinForPromotion(
  db: Kysely<Database>,
  pinId: string,
): Promise<PromotionPinRow | undefined> {
  return db
    .selectFrom('pins')
    .innerJoin('boards', 'boards.id', 'pins.board_id')
    .innerJoin('images', 'images.id', 'pins.image_id')
    .select([
      'pins.id',
      'pins.pinner_id',
      'pins.title',
      'pins.link',
      'boards.privacy as board_privacy',
      'images.width as image_width',
      'images.height as image_height',
    ])
    .where('pins.id', '=', pinId)
    .executeTakeFirst();
}

export async function conversionTagExists(
  db: Kysely<Database>,
  adAccountId: string,
  tagId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('ad_conversion_tags')
    .select('id')
    .where('id', '=', tagId)
    .where('ad_account_id', '=', adAccountId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertCampaign(
  trx: Kysely<Database>,
  values: {
    adAccountId: string;
    name: string;
    objective: AdObjectiveType;
    clientType: 'quick_promote' | 'console';
    createdById: string;
  },
): Promise<string> {
  const row = await trx
    .insertInto('ad_campaigns')
    .values({
      ad_account_id: values.adAccountId,
      name: values.name,
      objective_type: values.objective,
      ads_client_type: values.clientType,
      flexible_daily_budget_enabled: false,
      created_by_id: values.createdById,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertAdGroup(
  trx: Kysely<Database>,
  values: {
    campaignId: string;
    adAccountId: string;
    name: string;
    budgetMicro: number;
    bidMicro: number;
    billableEvent: 'CLICKTHROUGH' | 'IMPRESSION';
    targeting: StoredTargetingSpec;
    autoTargeting: boolean;
    goalMetadata: Record<string, unknown> | null;
    startTime: Date;
    endTime: Date | null;
  },
): Promise<string> {
  const row = await trx
    .insertInto('ad_groups')
    .values({
      campaign_id: values.campaignId,
      ad_account_id: values.adAccountId,
      name: values.name,
      budget_type: 'DAILY',
      budget_in_micro_currency: values.budgetMicro,
      bid_in_micro_currency: values.bidMicro,
      billable_event: values.billableEvent,
      targeting_spec: JSON.stringify(values.targeting),
      auto_targeting_enabled: values.autoTargeting,
      optimization_goal_metadata:
        values.goalMetadata === null ? null : JSON.stringify(values.goalMetadata),
      start_time: values.startTime,
      end_time: values.endTime,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertAd(
  trx: Kysely<Database>,
  values: {
    adGroupId: string;
    campaignId: string;
    adAccountId: string;
    pinId: string;
    name: string;
    destinationUrl: string;
  },
): Promise<string> {
  const row = await trx
    .insertInto('ads')
    .values({
      ad_group_id: values.adGroupId,
      campaign_id: values.campaignId,
      ad_account_id: values.adAccountId,
      pin_id: values.pinId,
      name: values.name,
      destination_url: values.destinationUrl,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertHistory(
  trx: Kysely<Database>,
  values: {
    adAccountId: string;
    actorId: string | null;
    entityType: 'CAMPAIGN' | 'AD_GROUP' | 'AD';
    entityId: string;
    action: string;
    changes: Record<string, unknown>;
  },
): Promise<void> {
  await trx
    .insertInto('ad_change_history')
    .values({
      ad_account_id: values.adAccountId,
      actor_id: values.actorId,
      entity_type: values.entityType,
      entity_id: values.entityId,
      action: values.action,
      changes: JSON.stringify(values.changes),
    })
    .execute();
}

/** Sets an undecided ad's automatic review outcome; false when someone decided first. */
export async function decideReview(
  db: Kysely<Database>,
  adId: string,
  status: Exclude<AdReviewStatus, 'PENDING'>,
  reasons: string[],
  reviewerId: string | null,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('ads')
    .set({
      review_status: status,
      rejection_reasons: reasons,
      reviewed_by_id: reviewerId,
      reviewed_at: now,
      updated_at: now,
    })
    .where('id', '=', adId)
    .where('review_status', '=', 'PENDING')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deny-list entries matching the host or one of its parent domains. */
export async function deniedDomain(
  db: Kysely<Database>,
  host: string,
): Promise<string | undefined> {
  const labels = host.split('.');
  const candidates = labels.map((_label, index) => labels.slice(index).join('.'));
  const row = await db
    .selectFrom('ad_deny_list')
    .select('domain')
    .where('domain', 'in', candidates)
    .executeTakeFirst();
  return row?.domain;
}

export interface CampaignRow {
  id: string;
  ad_account_id: string;
  name: string;
  objective_type: AdObjectiveType;
  status: AdEntityStatus;
  ads_client_type: 'quick_promote' | 'console';
  created_at: Date;
  updated_at: Date;
  pending: string;
  approved: string;
  rejected: string;
  budget_micro: string;
  spend_micro: string;
  impressions: string;
  clicks: string;
  /** What CTR divides (ADR 191: CTR is on paid figures). */
  paid_impressions: string;
  paid_clicks: string;
}

function campaignsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('ad_campaigns as c')
    .select([
      'c.id',
      'c.ad_account_id',
      'c.name',
      'c.objective_type',
      'c.status',
      'c.ads_client_type',
      'c.created_at',
      'c.updated_at',
      sql<string>`(SELECT count(*) FROM ads a WHERE a.campaign_id = c.id AND a.review_status = 'PENDING')`.as(
        'pending',
      ),
      sql<string>`(SELECT count(*) FROM ads a WHERE a.campaign_id = c.id AND a.review_status = 'APPROVED')`.as(
        'approved',
      ),
      sql<string>`(SELECT count(*) FROM ads a WHERE a.campaign_id = c.id AND a.review_status = 'REJECTED')`.as(
        'rejected',
      ),
      sql<string>`(SELECT coalesce(sum(g.budget_in_micro_currency), 0) FROM ad_groups g WHERE g.campaign_id = c.id)`.as(
        'budget_micro',
      ),
      sql<string>`(SELECT coalesce(sum(r.spend_micro), 0) FROM ad_daily_rollups r WHERE r.campaign_id = c.id)`.as(
        'spend_micro',
      ),
      sql<string>`(SELECT coalesce(sum(r.paid_impressions + r.earned_impressions), 0) FROM ad_daily_rollups r WHERE r.campaign_id = c.id)`.as(
        'impressions',
      ),
      sql<string>`(SELECT coalesce(sum(r.paid_closeups + r.earned_closeups + r.paid_outbound_clicks + r.earned_outbound_clicks), 0) FROM ad_daily_rollups r WHERE r.campaign_id = c.id)`.as(
        'clicks',
      ),
      sql<string>`(SELECT coalesce(sum(r.paid_impressions), 0) FROM ad_daily_rollups r WHERE r.campaign_id = c.id)`.as(
        'paid_impressions',
      ),
      sql<string>`(SELECT coalesce(sum(r.paid_closeups + r.paid_outbound_clicks), 0) FROM ad_daily_rollups r WHERE r.campaign_id = c.id)`.as(
        'paid_clicks',
      ),
    ]);
}

/** Newest first, `limit` rows with an id below `beforeId` (the cursor). */
export async function listCampaigns(
  db: Kysely<Database>,
  adAccountId: string,
  beforeId: string | undefined,
  limit: number,
): Promise<CampaignRow[]> {
  let query = campaignsQuery(db).where('c.ad_account_id', '=', adAccountId);
  if (beforeId !== undefined) query = query.where('c.id', '<', beforeId);
  return query.orderBy('c.id', 'desc').limit(limit).execute();
}

export async function findCampaign(
  db: Kysely<Database>,
  adAccountId: string,
  campaignId: string,
): Promise<CampaignRow | undefined> {
  return campaignsQuery(db)
    .where('c.ad_account_id', '=', adAccountId)
    .where('c.id', '=', campaignId)
    .executeTakeFirst();
}

export async function setCampaignStatus(
  trx: Kysely<Database>,
  campaignId: string,
  status: 'ACTIVE' | 'PAUSED',
  now: Date,
): Promise<void> {
  await trx
    .updateTable('ad_campaigns')
    .set({ status, updated_at: now })
    .where('id', '=', campaignId)
    .execute();
}

export interface CampaignAdRow {
  id: string;
  ad_group_id: string;
  pin_id: string;
  name: string;
  destination_url: string;
  status: AdEntityStatus;
  review_status: AdReviewStatus;
  rejection_reasons: string[];
  pin_title: string;
  budget_type: 'DAILY' | 'LIFETIME';
  budget_in_micro_currency: string;
  billable_event: 'CLICKTHROUGH' | 'IMPRESSION';
  targeting_spec: StoredTargetingSpec;
  start_time: Date;
  end_time: Date | null;
}

/** The campaign's ads with their ad group's budget and schedule (at most `limit`). */
export async function listCampaignAds(
  db: Kysely<Database>,
  campaignId: string,
  limit: number,
): Promise<CampaignAdRow[]> {
  return db
    .selectFrom('ads')
    .innerJoin('ad_groups', 'ad_groups.id', 'ads.ad_group_id')
    .innerJoin('pins', 'pins.id', 'ads.pin_id')
    .select([
      'ads.id',
      'ads.ad_group_id',
      'ads.pin_id',
      'ads.name',
      'ads.destination_url',
      'ads.status',
      'ads.review_status',
      'ads.rejection_reasons',
      'pins.title as pin_title',
      'ad_groups.budget_type',
      'ad_groups.budget_in_micro_currency',
      'ad_groups.billable_event',
      'ad_groups.targeting_spec',
      'ad_groups.start_time',
      'ad_groups.end_time',
    ])
    .where('ads.campaign_id', '=', campaignId)
    .orderBy('ads.id')
    .limit(limit)
    .execute();
}

export interface ReviewQueueRow {
  id: string;
  name: string;
  destination_url: string;
  created_at: Date;
  pin_id: string;
  pin_title: string;
  image_variants: StoredVariants;
  business_name: string;
  advertiser_id: string;
}

/** Pending ads, oldest first (ids ascending after `afterId`), `limit` rows. */
export async function listPendingAds(
  db: Kysely<Database>,
  afterId: string | undefined,
  limit: number,
): Promise<ReviewQueueRow[]> {
  let query = db
    .selectFrom('ads')
    .innerJoin('pins', 'pins.id', 'ads.pin_id')
    .innerJoin('images', 'images.id', 'pins.image_id')
    .innerJoin('ad_accounts', 'ad_accounts.id', 'ads.ad_account_id')
    .innerJoin('business_profiles', 'business_profiles.user_id', 'ad_accounts.profile_id')
    .select([
      'ads.id',
      'ads.name',
      'ads.destination_url',
      'ads.created_at',
      'pins.id as pin_id',
      'pins.title as pin_title',
      'images.variants as image_variants',
      'business_profiles.business_name',
      'ad_accounts.id as advertiser_id',
    ])
    .where('ads.review_status', '=', 'PENDING');
  if (afterId !== undefined) query = query.where('ads.id', '>', afterId);
  return query.orderBy('ads.id').limit(limit).execute();
}

export async function findAdReview(
  db: Kysely<Database>,
  adId: string,
): Promise<{ id: string; ad_account_id: string; review_status: AdReviewStatus } | undefined> {
  return db
    .selectFrom('ads')
    .select(['id', 'ad_account_id', 'review_status'])
    .where('id', '=', adId)
    .executeTakeFirst();
}
