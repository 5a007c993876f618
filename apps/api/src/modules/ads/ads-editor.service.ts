// The console's campaign editor (business.md §2.1 Ads; issue 11; docs/decisions/176–178, 192):
// create, read for editing, edit, drafts (kept on the server; edit_draft resumes them), duplicate
// (a copy of a campaign as a draft) and the creative picker's pins. A campaign has 1 to
// CAMPAIGN_MAX_AD_GROUPS ad groups, each with its own budget, schedule, targeting and ads; an ad
// group removed on an edit is archived with its ads, never deleted (ADR 192).
//
// - Writes need manage_campaigns (requireAdvertiser); reading a campaign for the editor needs
//   view_reporting, so an analyst sees it read-only.
// - Every write is one transaction and writes its change-history rows in it (ADR 153); drafts
//   are not live objects and are not in the history, except a duplicate (on its source campaign).
// - Every new ad, and every ad whose pin, destination or name changes, is PENDING review; after
//   the commit the automatic review of quick promote runs on them (image size, destination).
import { AppError } from '@corkboard/shared/app-error';
import {
  AD_DRAFT_MAX_BYTES,
  CAMPAIGN_MAX_AD_GROUPS,
  type AdDraftItem,
  type CampaignSaved,
  type EditableAd,
  type EditableAdGroup,
  type EditableCampaign,
  type EditorCampaignCreate,
  type EditorCampaignUpdate,
} from '@corkboard/shared/business/ads-editor';
import {
  billableEventOf,
  CAMPAIGN_MAX_ADS,
  defaultBidMicro,
  type AdObjective,
  type AdReviewState,
  type AdStatus,
  type RejectionReason,
} from '@corkboard/shared/business/campaigns';
import { SITE_TYPE_NO_WEBSITE, siteTypeOf } from '@corkboard/shared/business/eligibility';
import { MAX_DURATION_DAYS } from '@corkboard/shared/business/quick-promote';
import type { StoredTargetingSpec, StoredVariants } from '@corkboard/db/schema';
import type { AppDeps } from '../../core/app-deps.ts';
import { decodeIdBookmark, keysetPage, type Page } from '../../core/bookmarks.ts';
import { thumbnail } from '../../core/media-urls.ts';
import type { PageRequest } from '../../core/schemas.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { requireAdvertiser } from '../business/business.service.ts';
import { requireAdTermsAccepted } from './ad-steps.service.ts';
import {
  conversionTagExists,
  decideReview,
  insertCampaign,
  insertHistory,
} from './ads.repository.ts';
import {
  archiveAdGroups,
  archiveAds,
  countAccountAudiences,
  countDrafts,
  deleteDraft,
  findDraft,
  findEditorCampaign,
  findEditorPins,
  insertDraft,
  insertEditorAd,
  insertEditorAdGroup,
  listDrafts,
  listEditorAdGroups,
  listEditorAds,
  updateCampaignRow,
  updateDraft,
  updateEditorAd,
  updateEditorAdGroup,
  type AdGroupValues,
  type DraftRow,
  type EditorAdGroupRow,
  type EditorAdRow,
  type EditorPinRow,
} from './ads-editor.repository.ts';
import { editorFieldError } from './ads-editor.schemas.ts';
import { checkDestinationUrl, destinationSyntax } from './destination-check.ts';
import { AD_IMAGE_MIN_SIDE } from './quick-promote.service.ts';

const DAY_MS = 86_400_000;

/** Not in the spec (docs/decisions/177): drafts one ad account keeps (as AD_DRAFT_LIMIT says). */
export const AD_DRAFTS_MAX = 100;
/** Not in the spec: the prefix of a duplicate's name. */
export const DUPLICATE_NAME_PREFIX = 'Copy of ';
/** Not in the spec: writes to the editor per client address per minute. */
export const ADS_EDITOR_WRITE_RATE_LIMIT_MAX = 60;

type Deps = Pick<AppDeps, 'db' | 'now' | 'log' | 'config' | 'publicUrl' | 'storage'>;

function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function dayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`));
}

function imageUrl(deps: Pick<AppDeps, 'storage'>, variants: StoredVariants | null): string | null {
  return variants ? thumbnail(deps.storage, variants).url : null;
}

/** A field's error; inside an ad group it also names the group's index (ADR 192). */
const fieldError = editorFieldError;

// ---- reading ----------------------------------------------------------------------------------

function serializeAd(deps: Pick<AppDeps, 'storage'>, row: EditorAdRow): EditableAd {
  return {
    id: row.id,
    pin_id: row.pin_id,
    name: row.name,
    destination_url: row.destination_url,
    status: row.status,
    review_status: row.review_status,
    rejection_reasons: row.rejection_reasons as RejectionReason[],
    pin: {
      id: row.pin_id,
      title: row.pin_title,
      link: row.pin_link,
      image_url: imageUrl(deps, row.image_variants),
    },
  };
}

function goalOf(group: EditorAdGroupRow): { tag: string | null; event: string | null } {
  const goal = group.optimization_goal_metadata?.['conversion_tag_v3_goal_metadata'];
  if (typeof goal !== 'object' || goal === null) return { tag: null, event: null };
  const { conversion_tag_id: tag, conversion_event: event } = goal as Record<string, unknown>;
  return {
    tag: typeof tag === 'string' ? tag : null,
    event: typeof event === 'string' ? event : null,
  };
}

/** The inclusive end day of an exclusive end instant. */
function endDateOf(end: Date | null): string | null {
  return end === null ? null : utcDay(new Date(end.getTime() - 1));
}

/** One ad group as stored, with its ads that are not archived. */
interface GroupTree {
  group: EditorAdGroupRow;
  ads: EditorAdRow[];
}

/**
 * The campaign's ad groups that are not archived, each with its ads that are not (ADR 192):
 * AD_CAMPAIGN_TOO_LARGE when a campaign made elsewhere has more than the editor handles.
 */
async function loadTree(deps: Pick<AppDeps, 'db'>, campaignId: string): Promise<GroupTree[]> {
  const groups = await listEditorAdGroups(deps.db, campaignId, CAMPAIGN_MAX_AD_GROUPS + 1);
  const adsMax = CAMPAIGN_MAX_AD_GROUPS * CAMPAIGN_MAX_ADS;
  const ads = await listEditorAds(deps.db, campaignId, adsMax + 1);
  if (groups.length > CAMPAIGN_MAX_AD_GROUPS || ads.length > adsMax) {
    throw new AppError('AD_CAMPAIGN_TOO_LARGE');
  }
  const byGroup = new Map(groups.map((group) => [group.id, [] as EditorAdRow[]]));
  for (const ad of ads) byGroup.get(ad.ad_group_id)?.push(ad);
  const trees = groups.map((group) => ({ group, ads: byGroup.get(group.id) ?? [] }));
  if (trees.some((tree) => tree.ads.length > CAMPAIGN_MAX_ADS)) {
    throw new AppError('AD_CAMPAIGN_TOO_LARGE');
  }
  return trees;
}

function serializeGroup(deps: Pick<AppDeps, 'storage'>, tree: GroupTree): EditableAdGroup {
  const { group } = tree;
  const goal = goalOf(group);
  return {
    id: group.id,
    name: group.name,
    status: group.status,
    budget_type: group.budget_type,
    budget_in_micro_currency: Number(group.budget_in_micro_currency),
    bid_in_micro_currency: Number(group.bid_in_micro_currency),
    billable_event: group.billable_event,
    pacing_delivery_type: group.pacing_delivery_type,
    start_date: utcDay(group.start_time),
    end_date: endDateOf(group.end_time),
    targeting_spec: group.targeting_spec,
    auto_targeting_enabled: group.auto_targeting_enabled,
    conversion_tag_id: goal.tag,
    conversion_event: goal.event,
    ads: tree.ads.map((ad) => serializeAd(deps, ad)),
  };
}

export async function editableCampaign(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  viewer: Viewer,
  advertiserId: string,
  campaignId: string,
): Promise<EditableCampaign> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'view_reporting');
  const campaign = await findEditorCampaign(deps.db, account.id, campaignId);
  if (!campaign) throw new AppError('AD_CAMPAIGN_NOT_FOUND');
  const trees = await loadTree(deps, campaign.id);
  return {
    id: campaign.id,
    name: campaign.name,
    objective_type: campaign.objective_type,
    status: campaign.status,
    ads_client_type: campaign.ads_client_type,
    ad_groups: trees.map((tree) => serializeGroup(deps, tree)),
  };
}

// ---- validation --------------------------------------------------------------------------------

type AdGroupInput = EditorCampaignCreate['ad_groups'][number];

/**
 * The ad group's stored values from the form (docs/decisions/177): UTC days, the end inclusive;
 * a start before today only when it is the group's existing start; an end after now, after the
 * start and within MAX_DURATION_DAYS of it; a LIFETIME budget needs an end; a bid no higher than
 * the budget; WEB_CONVERSION needs a tag of this account and an event.
 */
async function adGroupValues(
  deps: Pick<AppDeps, 'db' | 'now'>,
  adAccountId: string,
  objective: AdObjective,
  input: Omit<AdGroupInput, 'status' | 'ads'> & { status: AdStatus },
  existingStart: Date | null,
  /** Where the group is in the body ('ad_groups.1'): its errors name it. */
  at: string,
): Promise<AdGroupValues> {
  const now = deps.now();
  const today = utcDay(now);
  const keepsStart = existingStart !== null && utcDay(existingStart) === input.start_date;
  if (!keepsStart && input.start_date < today) {
    throw fieldError('AD_START_DATE_INVALID', `${at}.start_date`);
  }
  const start = keepsStart && existingStart ? existingStart : dayStart(input.start_date);
  const end =
    input.end_date === null ? null : new Date(dayStart(input.end_date).getTime() + DAY_MS);
  if (
    end !== null &&
    (end <= now || end <= start || end.getTime() - start.getTime() > MAX_DURATION_DAYS * DAY_MS)
  ) {
    throw fieldError('AD_END_DATE_INVALID', `${at}.end_date`);
  }
  if (input.budget_type === 'LIFETIME' && end === null) {
    throw fieldError('AD_BUDGET_INVALID', `${at}.end_date`);
  }
  const billableEvent = billableEventOf(objective);
  const bid = input.bid_in_micro_currency ?? defaultBidMicro(billableEvent);
  if (input.bid_in_micro_currency !== undefined && bid > input.budget_in_micro_currency) {
    throw fieldError('AD_BID_INVALID', `${at}.bid_in_micro_currency`);
  }
  let goalMetadata: Record<string, unknown> | null = null;
  if (objective === 'WEB_CONVERSION') {
    if (input.conversion_tag_id === undefined || input.conversion_event === undefined) {
      throw fieldError('AD_CONVERSION_TAG_REQUIRED', `${at}.conversion_tag_id`);
    }
    if (!(await conversionTagExists(deps.db, adAccountId, input.conversion_tag_id))) {
      throw fieldError('AD_CONVERSION_TAG_NOT_FOUND', `${at}.conversion_tag_id`);
    }
    goalMetadata = {
      conversion_tag_v3_goal_metadata: {
        conversion_tag_id: input.conversion_tag_id,
        conversion_event: input.conversion_event,
      },
    };
  }
  const targeting: StoredTargetingSpec = {
    LOCATION: [...new Set(input.targeting_spec.LOCATION)],
    AGE_BUCKET: [...new Set(input.targeting_spec.AGE_BUCKET)],
    GENDER: [...new Set(input.targeting_spec.GENDER)],
    INTEREST: [...new Set(input.targeting_spec.INTEREST)],
    KEYWORD: [...new Set(input.targeting_spec.KEYWORD)],
    AUDIENCE_EXCLUDE: [...new Set(input.targeting_spec.AUDIENCE_EXCLUDE)],
  };
  if (
    (await countAccountAudiences(deps.db, adAccountId, targeting.AUDIENCE_EXCLUDE)) !==
    targeting.AUDIENCE_EXCLUDE.length
  ) {
    throw fieldError('AD_AUDIENCE_NOT_FOUND', `${at}.targeting_spec.AUDIENCE_EXCLUDE`);
  }
  return {
    name: input.name,
    status: input.status,
    budgetType: input.budget_type,
    budgetMicro: input.budget_in_micro_currency,
    bidMicro: bid,
    billableEvent,
    pacing: input.pacing_delivery_type,
    targeting,
    autoTargeting: input.auto_targeting_enabled,
    goalMetadata,
    startTime: start,
    endTime: end,
  };
}

interface CheckedAd {
  id: string | undefined;
  pinId: string;
  name: string;
  destinationUrl: string;
  status: 'ACTIVE' | 'PAUSED';
  pin: EditorPinRow;
}

/**
 * The ads' pins and destinations: each pin must be one the ad account may promote (quick
 * promote's rule, ADR 102: the business's or the editing person's, not secret, with an outside
 * link) and each destination an outside http(s) address.
 */
async function checkAds(
  deps: Pick<AppDeps, 'db' | 'publicUrl'>,
  profileId: string,
  viewer: Viewer,
  ads: readonly {
    id?: string | undefined;
    pin_id: string;
    name?: string | undefined;
    destination_url: string;
    status: 'ACTIVE' | 'PAUSED';
  }[],
  fallbackName: string,
  /** Where the ads are in the body ('ad_groups.1.ads'): their errors name them. */
  at: string,
  /** The pins of the group's ads (edit): an ad keeping its pin is not checked again. */
  keptPins: ReadonlyMap<string, string> = new Map(),
): Promise<CheckedAd[]> {
  const pins = new Map(
    (await findEditorPins(deps.db, [...new Set(ads.map((ad) => ad.pin_id))])).map((pin) => [
      pin.id,
      pin,
    ]),
  );
  return ads.map((ad, index) => {
    const pin = pins.get(ad.pin_id);
    const kept = ad.id !== undefined && keptPins.get(ad.id) === ad.pin_id;
    if (
      !pin ||
      (!kept &&
        ((pin.pinner_id !== profileId && pin.pinner_id !== viewer.id) ||
          pin.board_privacy === 'secret' ||
          siteTypeOf(pin.link, deps.publicUrl) === SITE_TYPE_NO_WEBSITE))
    ) {
      throw fieldError('AD_PIN_NOT_PROMOTABLE', `${at}.${index}.pin_id`);
    }
    const syntax = destinationSyntax(ad.destination_url, deps.publicUrl);
    if (syntax.status !== 'ok' || !syntax.url) {
      throw fieldError(
        syntax.status === 'internal' ? 'AD_DESTINATION_URL_INTERNAL' : 'AD_DESTINATION_URL_INVALID',
        `${at}.${index}.destination_url`,
      );
    }
    return {
      id: ad.id,
      pinId: ad.pin_id,
      name: ad.name?.trim() || pin.title.trim() || fallbackName,
      destinationUrl: syntax.url.href,
      status: ad.status,
      pin,
    };
  });
}

/** After the commit: quick promote's automatic review on the ads now PENDING (ADR 103). */
async function autoReview(
  deps: Deps,
  ads: readonly { id: string; ad: CheckedAd }[],
): Promise<Map<string, RejectionReason[]>> {
  const rejected = new Map<string, RejectionReason[]>();
  for (const { id, ad } of ads) {
    const reasons: RejectionReason[] = [];
    if (
      (ad.pin.image_width ?? 0) < AD_IMAGE_MIN_SIDE ||
      (ad.pin.image_height ?? 0) < AD_IMAGE_MIN_SIDE
    ) {
      reasons.push('IMAGE_TOO_SMALL');
    }
    const verdict = await checkDestinationUrl(deps, ad.destinationUrl);
    if (
      verdict.status === 'blocked' ||
      verdict.status === 'invalid' ||
      verdict.status === 'internal'
    ) {
      reasons.push('DESTINATION_URL_BLOCKED');
    } else if (verdict.status === 'suspicious') {
      reasons.push('DESTINATION_URL_SUSPICIOUS');
    } else if (verdict.status === 'porn') {
      reasons.push('DESTINATION_URL_ADULT');
    }
    if (
      reasons.length > 0 &&
      (await decideReview(deps.db, id, 'REJECTED', reasons, null, deps.now()))
    ) {
      rejected.set(id, reasons);
    }
  }
  return rejected;
}

function historyOfGroup(values: AdGroupValues): Record<string, unknown> {
  return {
    name: values.name,
    status: values.status,
    budget_type: values.budgetType,
    budget_in_micro_currency: values.budgetMicro,
    bid_in_micro_currency: values.bidMicro,
    pacing_delivery_type: values.pacing,
    start_time: values.startTime.toISOString(),
    end_time: values.endTime?.toISOString() ?? null,
    targeting_spec: values.targeting,
    auto_targeting_enabled: values.autoTargeting,
  };
}

/** `{ field: { from, to } }` for the fields that differ (JSON comparison). */
/**
 * JSON with object keys sorted: a stored jsonb value (PostgreSQL orders its keys) and the same
 * value built in code compare equal, so an untouched targeting spec is not a change.
 */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'object' && item !== null && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : item,
  );
}

function diff(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, to] of Object.entries(after)) {
    const from = before[key];
    if (stableJson(from) !== stableJson(to)) changes[key] = { from, to };
  }
  return changes;
}

// ---- create and publish ------------------------------------------------------------------------

/**
 * Two ad groups of one campaign may not share a name (trimmed, case-blind), so an error that
 * names an ad group names one (ADR 192). Archived ones are not compared.
 */
function checkGroupNames(groups: readonly { name: string; status: AdStatus }[]): void {
  const seen = new Set<string>();
  groups.forEach((group, index) => {
    if (group.status === 'ARCHIVED') return;
    const key = group.name.trim().toLowerCase();
    if (seen.has(key)) throw fieldError('AD_GROUP_NAME_TAKEN', `ad_groups.${index}.name`);
    seen.add(key);
  });
}

interface SavedGroup {
  id: string;
  status: AdStatus;
  adIds: string[];
}

function savedAnswer(
  campaignId: string,
  groups: readonly SavedGroup[],
  pending: ReadonlySet<string>,
  rejected: ReadonlyMap<string, RejectionReason[]>,
  reviewOf: (id: string) => AdReviewState,
): CampaignSaved {
  return {
    campaign_id: campaignId,
    ad_groups: groups.map((group) => ({
      id: group.id,
      status: group.status,
      ads: group.adIds.map((id) => {
        const reasons = rejected.get(id);
        return {
          id,
          review_status: reasons ? 'REJECTED' : pending.has(id) ? 'PENDING' : reviewOf(id),
          rejection_reasons: reasons ?? [],
        };
      }),
    })),
  };
}

type HistoryWriter = (
  entityType: 'CAMPAIGN' | 'AD_GROUP' | 'AD',
  entityId: string,
  action: string,
  changes: Record<string, unknown>,
) => Promise<unknown>;

type Trx = Parameters<typeof insertEditorAd>[0];

/** A new ad group and its new ads (PENDING), with their history rows. */
async function insertGroupTree(
  trx: Trx,
  history: HistoryWriter,
  ids: { campaignId: string; adAccountId: string },
  values: AdGroupValues,
  ads: readonly CheckedAd[],
): Promise<{ groupId: string; adIds: string[] }> {
  const groupId = await insertEditorAdGroup(trx, ids, values);
  await history('AD_GROUP', groupId, 'create', {
    campaign_id: ids.campaignId,
    ...historyOfGroup(values),
  });
  const adIds: string[] = [];
  for (const ad of ads) {
    const adId = await insertEditorAd(
      trx,
      { adGroupId: groupId, ...ids },
      { pinId: ad.pinId, name: ad.name, destinationUrl: ad.destinationUrl, status: ad.status },
    );
    adIds.push(adId);
    await history('AD', adId, 'create', {
      ad_group_id: groupId,
      pin_id: ad.pinId,
      destination_url: ad.destinationUrl,
    });
  }
  return { groupId, adIds };
}

/** POST …/campaigns/: a campaign, its ad groups and their ads (PENDING), in one transaction. */
export async function createCampaign(
  deps: Deps,
  viewer: Viewer,
  advertiserId: string,
  input: EditorCampaignCreate,
): Promise<CampaignSaved> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'manage_campaigns');
  // The GDPR terms gate every new campaign, not only quick promote's (ADR 181).
  await requireAdTermsAccepted(deps, account);
  if (input.draft_id !== undefined && !(await findDraft(deps.db, account.id, input.draft_id))) {
    throw new AppError('AD_DRAFT_NOT_FOUND');
  }
  // Every ad group is checked before anything is written: a bad second group leaves nothing.
  checkGroupNames(input.ad_groups);
  const groups: { values: AdGroupValues; ads: CheckedAd[] }[] = [];
  for (const [index, groupInput] of input.ad_groups.entries()) {
    const at = `ad_groups.${index}`;
    groups.push({
      values: await adGroupValues(deps, account.id, input.objective_type, groupInput, null, at),
      ads: await checkAds(
        deps,
        account.profile_id,
        viewer,
        groupInput.ads,
        input.name,
        `${at}.ads`,
      ),
    });
  }

  const created = await deps.db.transaction().execute(async (trx) => {
    // A draft published twice at once: only one transaction deletes it.
    if (input.draft_id !== undefined && !(await deleteDraft(trx, account.id, input.draft_id))) {
      throw new AppError('AD_DRAFT_NOT_FOUND');
    }
    const history: HistoryWriter = (entityType, entityId, action, changes) =>
      insertHistory(trx, {
        adAccountId: account.id,
        actorId: viewer.id,
        entityType,
        entityId,
        action,
        changes,
      });
    const campaignId = await insertCampaign(trx, {
      adAccountId: account.id,
      name: input.name,
      objective: input.objective_type,
      clientType: 'console',
      createdById: viewer.id,
    });
    if (input.status === 'PAUSED') {
      await updateCampaignRow(trx, campaignId, { name: input.name, status: 'PAUSED' }, deps.now());
    }
    await history('CAMPAIGN', campaignId, 'create', {
      name: input.name,
      objective_type: input.objective_type,
      status: input.status,
      ad_groups: input.ad_groups.length,
      ...(input.draft_id === undefined ? {} : { draft_id: input.draft_id }),
    });
    const saved: SavedGroup[] = [];
    for (const group of groups) {
      const { groupId, adIds } = await insertGroupTree(
        trx,
        history,
        { campaignId, adAccountId: account.id },
        group.values,
        group.ads,
      );
      saved.push({ id: groupId, status: group.values.status, adIds });
    }
    return { campaignId, saved };
  });
  deps.log.info(
    {
      by: viewer.id,
      advertiser_id: account.id,
      campaign_id: created.campaignId,
      ad_groups: created.saved.length,
    },
    'ads: console campaign created',
  );
  const rejected = await autoReview(
    deps,
    created.saved.flatMap((group, groupIndex) =>
      group.adIds.map((id, index) => ({
        id,
        ad: groups[groupIndex]?.ads[index] as CheckedAd,
      })),
    ),
  );
  const allAds = created.saved.flatMap((group) => group.adIds);
  return savedAnswer(created.campaignId, created.saved, new Set(allAds), rejected, () => 'PENDING');
}

// ---- edit --------------------------------------------------------------------------------------

/** What an edit does to one ad group of the body, decided before the transaction. */
type GroupPlan =
  | { kind: 'create'; values: AdGroupValues; ads: CheckedAd[] }
  | { kind: 'update'; tree: GroupTree; values: AdGroupValues; ads: CheckedAd[] }
  | { kind: 'archive'; tree: GroupTree };

function storedGroupFields(group: EditorAdGroupRow): Record<string, unknown> {
  return {
    name: group.name,
    status: group.status,
    budget_type: group.budget_type,
    budget_in_micro_currency: Number(group.budget_in_micro_currency),
    bid_in_micro_currency: Number(group.bid_in_micro_currency),
    pacing_delivery_type: group.pacing_delivery_type,
    start_time: group.start_time.toISOString(),
    end_time: group.end_time?.toISOString() ?? null,
    targeting_spec: group.targeting_spec,
    auto_targeting_enabled: group.auto_targeting_enabled,
  };
}

/**
 * Checks every ad group of an edit (nothing is written yet): a group with an id must be one of
 * the campaign's open groups, sent once (AD_GROUP_NOT_FOUND); an ad with an id must be one of
 * its own group's ads, sent once (AD_NOT_FOUND: ads do not move between groups, as in the Ads
 * API); a group sent as ARCHIVED is archived as it is, unchecked; a new group cannot be ARCHIVED.
 */
async function planGroups(
  deps: Deps,
  viewer: Viewer,
  account: { id: string; profile_id: string },
  objective: AdObjective,
  input: EditorCampaignUpdate,
  before: readonly GroupTree[],
): Promise<{ plans: GroupPlan[]; dropped: GroupTree[] }> {
  checkGroupNames(input.ad_groups);
  if (input.ad_groups.every((group) => group.status === 'ARCHIVED')) {
    // Archiving every ad group is archiving the campaign: its status says so.
    throw fieldError('AD_GROUP_LIMIT', 'ad_groups');
  }
  const byId = new Map(before.map((tree) => [tree.group.id, tree]));
  const seen = new Set<string>();
  const plans: GroupPlan[] = [];
  for (const [index, groupInput] of input.ad_groups.entries()) {
    const at = `ad_groups.${index}`;
    const tree = groupInput.id === undefined ? undefined : byId.get(groupInput.id);
    if (groupInput.id !== undefined) {
      if (!tree || seen.has(groupInput.id)) throw fieldError('AD_GROUP_NOT_FOUND', `${at}.id`);
      seen.add(groupInput.id);
      if (groupInput.status === 'ARCHIVED') {
        plans.push({ kind: 'archive', tree });
        continue;
      }
    } else if (groupInput.status === 'ARCHIVED') {
      throw fieldError('AD_GROUP_STATUS_INVALID', `${at}.status`);
    }
    const values = await adGroupValues(
      deps,
      account.id,
      objective,
      groupInput,
      tree?.group.start_time ?? null,
      at,
    );
    const ads = await checkAds(
      deps,
      account.profile_id,
      viewer,
      groupInput.ads,
      input.name,
      `${at}.ads`,
      new Map((tree?.ads ?? []).map((ad) => [ad.id, ad.pin_id])),
    );
    const own = new Set((tree?.ads ?? []).map((ad) => ad.id));
    const seenAds = new Set<string>();
    ads.forEach((ad, adIndex) => {
      if (ad.id === undefined) return;
      if (!own.has(ad.id) || seenAds.has(ad.id)) {
        throw fieldError('AD_NOT_FOUND', `${at}.ads.${adIndex}.id`);
      }
      seenAds.add(ad.id);
    });
    plans.push(tree ? { kind: 'update', tree, values, ads } : { kind: 'create', values, ads });
  }
  return { plans, dropped: before.filter((tree) => !seen.has(tree.group.id)) };
}

/** An ad group and its open ads archived, each with its history row (never deleted; ADR 192). */
async function archiveGroupTree(
  trx: Trx,
  history: HistoryWriter,
  tree: GroupTree,
  now: Date,
): Promise<void> {
  await archiveAdGroups(trx, [tree.group.id], now);
  await history('AD_GROUP', tree.group.id, 'archive', {
    status: { from: tree.group.status, to: 'ARCHIVED' },
  });
  await archiveAds(
    trx,
    tree.ads.map((ad) => ad.id),
    now,
  );
  for (const ad of tree.ads) {
    await history('AD', ad.id, 'archive', { status: { from: ad.status, to: 'ARCHIVED' } });
  }
}

/**
 * An existing ad group changed as the form has it: its fields (an `update` row with what
 * changed), its ads (changed, added, or archived when left out). An ad whose pin, destination or
 * name changes goes back to PENDING review.
 */
async function updateGroupTree(
  trx: Trx,
  history: HistoryWriter,
  ids: { campaignId: string; adAccountId: string },
  plan: Extract<GroupPlan, { kind: 'update' }>,
  now: Date,
  review: { pending: Set<string>; reviewed: { id: string; ad: CheckedAd }[] },
): Promise<string[]> {
  const old = plan.tree.group;
  const groupChanges = diff(storedGroupFields(old), historyOfGroup(plan.values));
  if (
    Object.keys(groupChanges).length > 0 ||
    stableJson(old.optimization_goal_metadata) !== stableJson(plan.values.goalMetadata)
  ) {
    await updateEditorAdGroup(trx, old.id, plan.values, now);
    await history('AD_GROUP', old.id, 'update', groupChanges);
  }
  const existing = new Map(plan.tree.ads.map((ad) => [ad.id, ad]));
  const adIds: string[] = [];
  for (const ad of plan.ads) {
    const values = {
      pinId: ad.pinId,
      name: ad.name,
      destinationUrl: ad.destinationUrl,
      status: ad.status,
    };
    const was = ad.id === undefined ? undefined : existing.get(ad.id);
    if (!was) {
      const adId = await insertEditorAd(trx, { adGroupId: old.id, ...ids }, values);
      adIds.push(adId);
      review.pending.add(adId);
      review.reviewed.push({ id: adId, ad });
      await history('AD', adId, 'create', {
        ad_group_id: old.id,
        pin_id: ad.pinId,
        destination_url: ad.destinationUrl,
      });
      continue;
    }
    adIds.push(was.id);
    const changes = diff(
      {
        pin_id: was.pin_id,
        name: was.name,
        destination_url: was.destination_url,
        status: was.status,
      },
      { pin_id: ad.pinId, name: ad.name, destination_url: ad.destinationUrl, status: ad.status },
    );
    if (Object.keys(changes).length === 0) continue;
    const edited = 'pin_id' in changes || 'name' in changes || 'destination_url' in changes;
    await updateEditorAd(trx, was.id, values, edited, now);
    if (edited) {
      review.pending.add(was.id);
      review.reviewed.push({ id: was.id, ad });
    }
    await history('AD', was.id, 'update', {
      ...changes,
      ...(edited ? { review_status: { from: was.review_status, to: 'PENDING' } } : {}),
    });
  }
  const kept = new Set(adIds);
  const dropped = plan.tree.ads.filter((ad) => !kept.has(ad.id));
  await archiveAds(
    trx,
    dropped.map((ad) => ad.id),
    now,
  );
  for (const ad of dropped) {
    await history('AD', ad.id, 'archive', { status: { from: ad.status, to: 'ARCHIVED' } });
  }
  return adIds;
}

/**
 * PUT …/campaigns/{id}/: the campaign, its ad groups and their ads as the form has them, in one
 * transaction with the history rows. Groups without an id are added; the campaign's open groups
 * left out, or sent as ARCHIVED, are archived with their ads (ADR 192).
 */
export async function updateCampaign(
  deps: Deps,
  viewer: Viewer,
  advertiserId: string,
  campaignId: string,
  input: EditorCampaignUpdate,
): Promise<CampaignSaved> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'manage_campaigns');
  const current = await findEditorCampaign(deps.db, account.id, campaignId);
  if (!current) throw new AppError('AD_CAMPAIGN_NOT_FOUND');
  if (current.status === 'ARCHIVED') throw new AppError('AD_CAMPAIGN_ARCHIVED');
  if (input.objective_type !== current.objective_type) {
    throw fieldError('AD_OBJECTIVE_LOCKED', 'objective_type');
  }
  const before = await loadTree(deps, campaignId);
  const { plans, dropped } = await planGroups(
    deps,
    viewer,
    account,
    current.objective_type,
    input,
    before,
  );
  const reviewBefore = new Map(
    before.flatMap((tree) => tree.ads.map((ad) => [ad.id, ad.review_status] as const)),
  );

  const now = deps.now();
  const saved = await deps.db.transaction().execute(async (trx) => {
    const locked = await findEditorCampaign(trx, account.id, campaignId, true);
    if (!locked) throw new AppError('AD_CAMPAIGN_NOT_FOUND');
    if (locked.status === 'ARCHIVED') throw new AppError('AD_CAMPAIGN_ARCHIVED');
    const history: HistoryWriter = (entityType, entityId, action, changes) =>
      insertHistory(trx, {
        adAccountId: account.id,
        actorId: viewer.id,
        entityType,
        entityId,
        action,
        changes,
      });

    const campaignChanges = diff(
      { name: locked.name, status: locked.status },
      { name: input.name, status: input.status },
    );
    if (Object.keys(campaignChanges).length > 0) {
      await updateCampaignRow(trx, campaignId, { name: input.name, status: input.status }, now);
      await history('CAMPAIGN', campaignId, 'update', campaignChanges);
    }

    const ids = { campaignId, adAccountId: account.id };
    const review = { pending: new Set<string>(), reviewed: [] as { id: string; ad: CheckedAd }[] };
    const groups: SavedGroup[] = [];
    for (const plan of plans) {
      if (plan.kind === 'archive') {
        await archiveGroupTree(trx, history, plan.tree, now);
        groups.push({
          id: plan.tree.group.id,
          status: 'ARCHIVED',
          adIds: plan.tree.ads.map((ad) => ad.id),
        });
      } else if (plan.kind === 'create') {
        const { groupId, adIds } = await insertGroupTree(trx, history, ids, plan.values, plan.ads);
        for (const [index, adId] of adIds.entries()) {
          review.pending.add(adId);
          review.reviewed.push({ id: adId, ad: plan.ads[index] as CheckedAd });
        }
        groups.push({ id: groupId, status: plan.values.status, adIds });
      } else {
        const adIds = await updateGroupTree(trx, history, ids, plan, now, review);
        groups.push({ id: plan.tree.group.id, status: plan.values.status, adIds });
      }
    }
    for (const tree of dropped) await archiveGroupTree(trx, history, tree, now);
    return { groups, review };
  });
  deps.log.info(
    { by: viewer.id, campaign_id: campaignId, ad_groups: saved.groups.length },
    'ads: console campaign edited',
  );
  const rejected = await autoReview(deps, saved.review.reviewed);
  return savedAnswer(
    campaignId,
    saved.groups,
    saved.review.pending,
    rejected,
    (id) => reviewBefore.get(id) ?? 'PENDING',
  );
}

// ---- drafts and duplicate ----------------------------------------------------------------------

function serializeDraft(row: DraftRow): AdDraftItem {
  const source = row.payload['source_campaign_id'];
  return {
    id: row.id,
    name: row.name,
    payload: row.payload,
    source_campaign_id: typeof source === 'string' ? source : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function checkDraftSize(payload: Record<string, unknown>): void {
  if (Buffer.byteLength(JSON.stringify(payload), 'utf8') > AD_DRAFT_MAX_BYTES) {
    throw fieldError('AD_DRAFT_TOO_LARGE', 'payload');
  }
}

export async function drafts(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  advertiserId: string,
  page: PageRequest,
): Promise<Page<AdDraftItem>> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'manage_campaigns');
  const rows = await listDrafts(
    deps.db,
    account.id,
    decodeIdBookmark(page.bookmark),
    page.pageSize + 1,
  );
  return keysetPage(rows, page.pageSize, serializeDraft);
}

export async function draft(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  advertiserId: string,
  draftId: string,
): Promise<AdDraftItem> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'manage_campaigns');
  const row = await findDraft(deps.db, account.id, draftId);
  if (!row) throw new AppError('AD_DRAFT_NOT_FOUND');
  return serializeDraft(row);
}

async function insertDraftWithinLimit(
  deps: Pick<AppDeps, 'db'>,
  accountId: string,
  viewerId: string,
  body: { name: string; payload: Record<string, unknown> },
): Promise<DraftRow> {
  return deps.db.transaction().execute(async (trx) => {
    // Serialise the account's draft count: two saves at the limit cannot both pass.
    await trx
      .selectFrom('ad_accounts')
      .select('id')
      .where('id', '=', accountId)
      .forUpdate()
      .executeTakeFirst();
    if ((await countDrafts(trx, accountId)) >= AD_DRAFTS_MAX) throw new AppError('AD_DRAFT_LIMIT');
    return insertDraft(trx, {
      adAccountId: accountId,
      createdById: viewerId,
      name: body.name,
      payload: body.payload,
    });
  });
}

export async function createDraft(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  advertiserId: string,
  body: { name: string; payload: Record<string, unknown> },
): Promise<AdDraftItem> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'manage_campaigns');
  checkDraftSize(body.payload);
  return serializeDraft(await insertDraftWithinLimit(deps, account.id, viewer.id, body));
}

export async function saveDraft(
  deps: Pick<AppDeps, 'db' | 'now'>,
  viewer: Viewer,
  advertiserId: string,
  draftId: string,
  body: { name: string; payload: Record<string, unknown> },
): Promise<AdDraftItem> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'manage_campaigns');
  checkDraftSize(body.payload);
  const row = await deps.db
    .transaction()
    .execute((trx) => updateDraft(trx, account.id, draftId, body, deps.now()));
  if (!row) throw new AppError('AD_DRAFT_NOT_FOUND');
  return serializeDraft(row);
}

export async function removeDraft(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  advertiserId: string,
  draftId: string,
): Promise<{ id: string; deleted: true }> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'manage_campaigns');
  const deleted = await deps.db
    .transaction()
    .execute((trx) => deleteDraft(trx, account.id, draftId));
  if (!deleted) throw new AppError('AD_DRAFT_NOT_FOUND');
  return { id: draftId, deleted: true };
}

/**
 * POST …/campaigns/{id}/duplicate/: the campaign, its open ad groups and their ads copied into a
 * new draft (the form's create shape, ads without ids, each schedule from today when it has passed),
 * recorded on the source campaign's history in the same transaction.
 */
export async function duplicateCampaign(
  deps: Pick<AppDeps, 'db' | 'now' | 'storage'>,
  viewer: Viewer,
  advertiserId: string,
  campaignId: string,
): Promise<AdDraftItem> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'manage_campaigns');
  const source = await editableCampaign(deps, viewer, advertiserId, campaignId);
  const today = utcDay(deps.now());
  const name = `${DUPLICATE_NAME_PREFIX}${source.name}`.slice(0, 255);
  const payload: Record<string, unknown> = {
    source_campaign_id: source.id,
    name,
    objective_type: source.objective_type,
    status: source.status === 'PAUSED' ? 'PAUSED' : 'ACTIVE',
    ad_groups: source.ad_groups.map((group) => {
      const startDate = group.start_date < today ? today : group.start_date;
      const endDate = group.end_date !== null && group.end_date < startDate ? null : group.end_date;
      return {
        name: group.name,
        status: group.status === 'PAUSED' ? 'PAUSED' : 'ACTIVE',
        budget_type: endDate === null ? 'DAILY' : group.budget_type,
        budget_in_micro_currency: group.budget_in_micro_currency,
        bid_in_micro_currency: group.bid_in_micro_currency,
        pacing_delivery_type: group.pacing_delivery_type,
        start_date: startDate,
        end_date: endDate,
        targeting_spec: group.targeting_spec,
        auto_targeting_enabled: group.auto_targeting_enabled,
        ...(group.conversion_tag_id === null ? {} : { conversion_tag_id: group.conversion_tag_id }),
        ...(group.conversion_event === null ? {} : { conversion_event: group.conversion_event }),
        ads: group.ads.map((ad) => ({
          pin_id: ad.pin_id,
          name: ad.name,
          destination_url: ad.destination_url,
          status: ad.status === 'PAUSED' ? 'PAUSED' : 'ACTIVE',
          pin: ad.pin,
        })),
      };
    }),
  };
  // A copy that does not fit a draft is refused before anything is written (ADR 192).
  checkDraftSize(payload);
  const row = await deps.db.transaction().execute(async (trx) => {
    await trx
      .selectFrom('ad_accounts')
      .select('id')
      .where('id', '=', account.id)
      .forUpdate()
      .executeTakeFirst();
    if ((await countDrafts(trx, account.id)) >= AD_DRAFTS_MAX) throw new AppError('AD_DRAFT_LIMIT');
    const inserted = await insertDraft(trx, {
      adAccountId: account.id,
      createdById: viewer.id,
      name,
      payload,
    });
    await insertHistory(trx, {
      adAccountId: account.id,
      actorId: viewer.id,
      entityType: 'CAMPAIGN',
      entityId: source.id,
      action: 'duplicate',
      changes: { draft_id: inserted.id },
    });
    return inserted;
  });
  return serializeDraft(row);
}
