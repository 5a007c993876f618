// All SQL of the console's campaign editor (docs/decisions/176–178, 192): the editable campaign
// (its ad groups and their ads), changing them and drafts (the pins an ad account may promote: ad-steps.repository.ts). Queries take
// `db | trx` first; money stays integer micro-currency.
import type { Kysely } from 'kysely';
import type {
  AdEntityStatus,
  AdObjectiveType,
  AdReviewStatus,
  Database,
  StoredTargetingSpec,
  StoredVariants,
} from '@corkboard/db/schema';

export interface EditorCampaignRow {
  id: string;
  name: string;
  objective_type: AdObjectiveType;
  status: AdEntityStatus;
  ads_client_type: 'quick_promote' | 'console';
}

export async function findEditorCampaign(
  db: Kysely<Database>,
  adAccountId: string,
  campaignId: string,
  forUpdate = false,
): Promise<EditorCampaignRow | undefined> {
  let query = db
    .selectFrom('ad_campaigns')
    .select(['id', 'name', 'objective_type', 'status', 'ads_client_type'])
    .where('ad_account_id', '=', adAccountId)
    .where('id', '=', campaignId);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export interface EditorAdGroupRow {
  id: string;
  name: string;
  status: AdEntityStatus;
  budget_type: 'DAILY' | 'LIFETIME';
  budget_in_micro_currency: string;
  bid_in_micro_currency: string;
  billable_event: 'CLICKTHROUGH' | 'IMPRESSION';
  pacing_delivery_type: 'STANDARD' | 'ACCELERATED';
  targeting_spec: StoredTargetingSpec;
  auto_targeting_enabled: boolean;
  optimization_goal_metadata: Record<string, unknown> | null;
  start_time: Date;
  end_time: Date | null;
}

/** The campaign's ad groups that are not archived (at most `limit`), oldest first. */
export async function listEditorAdGroups(
  db: Kysely<Database>,
  campaignId: string,
  limit: number,
): Promise<EditorAdGroupRow[]> {
  return db
    .selectFrom('ad_groups')
    .select([
      'id',
      'name',
      'status',
      'budget_type',
      'budget_in_micro_currency',
      'bid_in_micro_currency',
      'billable_event',
      'pacing_delivery_type',
      'targeting_spec',
      'auto_targeting_enabled',
      'optimization_goal_metadata',
      'start_time',
      'end_time',
    ])
    .where('campaign_id', '=', campaignId)
    .where('status', '<>', 'ARCHIVED')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export interface EditorAdRow {
  id: string;
  ad_group_id: string;
  pin_id: string;
  name: string;
  destination_url: string;
  status: AdEntityStatus;
  review_status: AdReviewStatus;
  rejection_reasons: string[];
  pin_title: string;
  pin_link: string | null;
  image_variants: StoredVariants | null;
}

/** The campaign's ads that are not archived, in ad groups that are not (at most `limit`), oldest first. */
export async function listEditorAds(
  db: Kysely<Database>,
  campaignId: string,
  limit: number,
): Promise<EditorAdRow[]> {
  return db
    .selectFrom('ads')
    .innerJoin('ad_groups', 'ad_groups.id', 'ads.ad_group_id')
    .innerJoin('pins', 'pins.id', 'ads.pin_id')
    .leftJoin('images', 'images.id', 'pins.image_id')
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
      'pins.link as pin_link',
      'images.variants as image_variants',
    ])
    .where('ads.campaign_id', '=', campaignId)
    .where('ads.status', '<>', 'ARCHIVED')
    .where('ad_groups.status', '<>', 'ARCHIVED')
    .orderBy('ads.id')
    .limit(limit)
    .execute();
}

export async function updateCampaignRow(
  trx: Kysely<Database>,
  campaignId: string,
  values: { name: string; status: AdEntityStatus },
  now: Date,
): Promise<void> {
  await trx
    .updateTable('ad_campaigns')
    .set({ name: values.name, status: values.status, updated_at: now })
    .where('id', '=', campaignId)
    .execute();
}

export interface AdGroupValues {
  name: string;
  status: AdEntityStatus;
  budgetType: 'DAILY' | 'LIFETIME';
  budgetMicro: number;
  bidMicro: number;
  billableEvent: 'CLICKTHROUGH' | 'IMPRESSION';
  pacing: 'STANDARD' | 'ACCELERATED';
  targeting: StoredTargetingSpec;
  autoTargeting: boolean;
  goalMetadata: Record<string, unknown> | null;
  startTime: Date;
  endTime: Date | null;
}

function adGroupColumns(values: AdGroupValues) {
  return {
    name: values.name,
    status: values.status,
    budget_type: values.budgetType,
    budget_in_micro_currency: values.budgetMicro,
    bid_in_micro_currency: values.bidMicro,
    billable_event: values.billableEvent,
    pacing_delivery_type: values.pacing,
    targeting_spec: JSON.stringify(values.targeting),
    auto_targeting_enabled: values.autoTargeting,
    optimization_goal_metadata:
      values.goalMetadata === null ? null : JSON.stringify(values.goalMetadata),
    start_time: values.startTime,
    end_time: values.endTime,
  };
}

export async function insertEditorAdGroup(
  trx: Kysely<Database>,
  ids: { campaignId: string; adAccountId: string },
  values: AdGroupValues,
): Promise<string> {
  const row = await trx
    .insertInto('ad_groups')
    .values({
      campaign_id: ids.campaignId,
      ad_account_id: ids.adAccountId,
      ...adGroupColumns(values),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEditorAdGroup(
  trx: Kysely<Database>,
  adGroupId: string,
  values: AdGroupValues,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('ad_groups')
    .set({ ...adGroupColumns(values), updated_at: now })
    .where('id', '=', adGroupId)
    .execute();
}

export interface AdValues {
  pinId: string;
  name: string;
  destinationUrl: string;
  status: AdEntityStatus;
}

export async function insertEditorAd(
  trx: Kysely<Database>,
  ids: { adGroupId: string; campaignId: string; adAccountId: string },
  values: AdValues,
): Promise<string> {
  const row = await trx
    .insertInto('ads')
    .values({
      ad_group_id: ids.adGroupId,
      campaign_id: ids.campaignId,
      ad_account_id: ids.adAccountId,
      pin_id: values.pinId,
      name: values.name,
      destination_url: values.destinationUrl,
      status: values.status,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Changes an ad. `resetReview` sends it back to PENDING (its content changed): the earlier
 * decision, its reasons and reviewer are cleared.
 */
export async function updateEditorAd(
  trx: Kysely<Database>,
  adId: string,
  values: AdValues,
  resetReview: boolean,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('ads')
    .set({
      pin_id: values.pinId,
      name: values.name,
      destination_url: values.destinationUrl,
      status: values.status,
      updated_at: now,
      ...(resetReview
        ? {
            review_status: 'PENDING',
            rejection_reasons: [],
            reviewed_by_id: null,
            reviewed_at: null,
          }
        : {}),
    })
    .where('id', '=', adId)
    .execute();
}

export async function archiveAds(
  trx: Kysely<Database>,
  adIds: readonly string[],
  now: Date,
): Promise<void> {
  if (adIds.length === 0) return;
  await trx
    .updateTable('ads')
    .set({ status: 'ARCHIVED', updated_at: now })
    .where('id', 'in', adIds)
    .execute();
}

/** Archives ad groups (docs/decisions/192: never deleted, their figures stay in reporting). */
export async function archiveAdGroups(
  trx: Kysely<Database>,
  adGroupIds: readonly string[],
  now: Date,
): Promise<void> {
  if (adGroupIds.length === 0) return;
  await trx
    .updateTable('ad_groups')
    .set({ status: 'ARCHIVED', updated_at: now })
    .where('id', 'in', adGroupIds)
    .execute();
}

export interface EditorPinRow {
  id: string;
  pinner_id: string;
  title: string;
  link: string | null;
  board_privacy: string;
  image_width: number | null;
  image_height: number | null;
  image_variants: StoredVariants | null;
}

/** Pins by id with what the promote rule and the automatic review need. */
export async function findEditorPins(
  db: Kysely<Database>,
  pinIds: readonly string[],
): Promise<EditorPinRow[]> {
  if (pinIds.length === 0) return [];
  return db
    .selectFrom('pins')
    .innerJoin('boards', 'boards.id', 'pins.board_id')
    .leftJoin('images', 'images.id', 'pins.image_id')
    .select([
      'pins.id',
      'pins.pinner_id',
      'pins.title',
      'pins.link',
      'boards.privacy as board_privacy',
      'images.width as image_width',
      'images.height as image_height',
      'images.variants as image_variants',
    ])
    .where('pins.id', 'in', pinIds)
    .execute();
}

/** How many of `ids` are audiences of this ad account. */
export async function countAccountAudiences(
  db: Kysely<Database>,
  adAccountId: string,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('ad_audiences')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('ad_account_id', '=', adAccountId)
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// ---- drafts ---------------------------------------------------------------------------------

export interface DraftRow {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

const DRAFT_COLUMNS = ['id', 'name', 'payload', 'created_at', 'updated_at'] as const;

export async function countDrafts(db: Kysely<Database>, adAccountId: string): Promise<number> {
  const row = await db
    .selectFrom('ad_drafts')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('ad_account_id', '=', adAccountId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertDraft(
  trx: Kysely<Database>,
  values: {
    adAccountId: string;
    createdById: string;
    name: string;
    payload: Record<string, unknown>;
  },
): Promise<DraftRow> {
  return trx
    .insertInto('ad_drafts')
    .values({
      ad_account_id: values.adAccountId,
      created_by_id: values.createdById,
      name: values.name,
      payload: JSON.stringify(values.payload),
    })
    .returning(DRAFT_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function updateDraft(
  trx: Kysely<Database>,
  adAccountId: string,
  draftId: string,
  values: { name: string; payload: Record<string, unknown> },
  now: Date,
): Promise<DraftRow | undefined> {
  return trx
    .updateTable('ad_drafts')
    .set({ name: values.name, payload: JSON.stringify(values.payload), updated_at: now })
    .where('id', '=', draftId)
    .where('ad_account_id', '=', adAccountId)
    .returning(DRAFT_COLUMNS)
    .executeTakeFirst();
}

export async function findDraft(
  db: Kysely<Database>,
  adAccountId: string,
  draftId: string,
): Promise<DraftRow | undefined> {
  return db
    .selectFrom('ad_drafts')
    .select(DRAFT_COLUMNS)
    .where('id', '=', draftId)
    .where('ad_account_id', '=', adAccountId)
    .executeTakeFirst();
}

export async function deleteDraft(
  trx: Kysely<Database>,
  adAccountId: string,
  draftId: string,
): Promise<boolean> {
  const result = await trx
    .deleteFrom('ad_drafts')
    .where('id', '=', draftId)
    .where('ad_account_id', '=', adAccountId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Newest first, keyset on the id. */
export async function listDrafts(
  db: Kysely<Database>,
  adAccountId: string,
  beforeId: string | undefined,
  limit: number,
): Promise<DraftRow[]> {
  let query = db
    .selectFrom('ad_drafts')
    .select(DRAFT_COLUMNS)
    .where('ad_account_id', '=', adAccountId);
  if (beforeId !== undefined) query = query.where('id', '<', beforeId);
  return query.orderBy('id', 'desc').limit(limit).execute();
}
