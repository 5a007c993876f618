// The console's campaign editor (business.md §2.1 Ads; issue 11; docs/decisions/176–178):
// create, read for editing, edit, drafts (kept on the server; edit_draft resumes them), duplicate
// (a copy of a campaign as a draft) and the creative picker's pins.
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
  type AdDraftItem,
  type CampaignSaved,
  type EditableAd,
  type EditableCampaign,
  type EditorCampaignCreate,
  type EditorCampaignUpdate,
} from '@corkboard/shared/business/ads-editor';
import {
  billableEventOf,
  CAMPAIGN_MAX_ADS,
  defaultBidMicro,
  type AdObjective,
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
import { decideReview, insertCampaign, insertHistory } from './ads.repository.ts';
import {
  archiveAds,
  conversionTagOf,
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

function fieldError(code: ConstructorParameters<typeof AppError>[0], field: string): AppError {
  return new AppError(code, { data: { field } });
}

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

/** The campaign, its one ad group and its ads (not archived); AD_CAMPAIGN_TOO_LARGE otherwise. */
async function loadTree(deps: Pick<AppDeps, 'db'>, campaignId: string) {
  const groups = await listEditorAdGroups(deps.db, campaignId, 2);
  const group = groups[0];
  const ads = await listEditorAds(deps.db, campaignId, CAMPAIGN_MAX_ADS + 1);
  if (!group || groups.length > 1 || ads.length > CAMPAIGN_MAX_ADS) {
    throw new AppError('AD_CAMPAIGN_TOO_LARGE');
  }
  return { group, ads };
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
  const { group, ads } = await loadTree(deps, campaign.id);
  const goal = goalOf(group);
  return {
    id: campaign.id,
    name: campaign.name,
    objective_type: campaign.objective_type,
    status: campaign.status,
    ads_client_type: campaign.ads_client_type,
    ad_group: {
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
    },
    ads: ads.map((ad) => serializeAd(deps, ad)),
  };
}

// ---- validation --------------------------------------------------------------------------------

type AdGroupInput = EditorCampaignCreate['ad_group'] | EditorCampaignUpdate['ad_group'];

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
  input: AdGroupInput,
  existingStart: Date | null,
): Promise<AdGroupValues> {
  const now = deps.now();
  const today = utcDay(now);
  const keepsStart = existingStart !== null && utcDay(existingStart) === input.start_date;
  if (!keepsStart && input.start_date < today) {
    throw fieldError('AD_START_DATE_INVALID', 'ad_group.start_date');
  }
  const start = keepsStart && existingStart ? existingStart : dayStart(input.start_date);
  const end =
    input.end_date === null ? null : new Date(dayStart(input.end_date).getTime() + DAY_MS);
  if (
    end !== null &&
    (end <= now || end <= start || end.getTime() - start.getTime() > MAX_DURATION_DAYS * DAY_MS)
  ) {
    throw fieldError('AD_END_DATE_INVALID', 'ad_group.end_date');
  }
  if (input.budget_type === 'LIFETIME' && end === null) {
    throw fieldError('AD_BUDGET_INVALID', 'ad_group.end_date');
  }
  const billableEvent = billableEventOf(objective);
  const bid = input.bid_in_micro_currency ?? defaultBidMicro(billableEvent);
  if (input.bid_in_micro_currency !== undefined && bid > input.budget_in_micro_currency) {
    throw fieldError('AD_BID_INVALID', 'ad_group.bid_in_micro_currency');
  }
  let goalMetadata: Record<string, unknown> | null = null;
  if (objective === 'WEB_CONVERSION') {
    if (input.conversion_tag_id === undefined || input.conversion_event === undefined) {
      throw fieldError('AD_CONVERSION_TAG_REQUIRED', 'ad_group.conversion_tag_id');
    }
    if (!(await conversionTagOf(deps.db, adAccountId, input.conversion_tag_id))) {
      throw fieldError('AD_CONVERSION_TAG_NOT_FOUND', 'ad_group.conversion_tag_id');
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
    throw fieldError('AD_AUDIENCE_NOT_FOUND', 'ad_group.targeting_spec.AUDIENCE_EXCLUDE');
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
  /** The pins of the campaign's ads (edit): an ad keeping its pin is not checked again. */
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
      throw fieldError('AD_PIN_NOT_PROMOTABLE', `ads.${index}.pin_id`);
    }
    const syntax = destinationSyntax(ad.destination_url, deps.publicUrl);
    if (syntax.status !== 'ok' || !syntax.url) {
      throw fieldError(
        syntax.status === 'internal' ? 'AD_DESTINATION_URL_INTERNAL' : 'AD_DESTINATION_URL_INVALID',
        `ads.${index}.destination_url`,
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
function diff(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, to] of Object.entries(after)) {
    const from = before[key];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

// ---- create and publish ------------------------------------------------------------------------

function savedAnswer(
  campaignId: string,
  adGroupId: string,
  adIds: readonly string[],
  pending: ReadonlySet<string>,
  rejected: ReadonlyMap<string, RejectionReason[]>,
  reviewOf: (id: string) => CampaignSaved['ads'][number]['review_status'],
): CampaignSaved {
  return {
    campaign_id: campaignId,
    ad_group_id: adGroupId,
    ads: adIds.map((id) => {
      const reasons = rejected.get(id);
      return {
        id,
        review_status: reasons ? 'REJECTED' : pending.has(id) ? 'PENDING' : reviewOf(id),
        rejection_reasons: reasons ?? [],
      };
    }),
  };
}

/** POST …/campaigns/: a campaign, its ad group and ads (PENDING), in one transaction. */
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
  const group = await adGroupValues(deps, account.id, input.objective_type, input.ad_group, null);
  const ads = await checkAds(deps, account.profile_id, viewer, input.ads, input.name);

  const created = await deps.db.transaction().execute(async (trx) => {
    // A draft published twice at once: only one transaction deletes it.
    if (input.draft_id !== undefined && !(await deleteDraft(trx, account.id, input.draft_id))) {
      throw new AppError('AD_DRAFT_NOT_FOUND');
    }
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
    const adGroupId = await insertEditorAdGroup(
      trx,
      { campaignId, adAccountId: account.id },
      group,
    );
    await insertHistory(trx, {
      adAccountId: account.id,
      actorId: viewer.id,
      entityType: 'CAMPAIGN',
      entityId: campaignId,
      action: 'create',
      changes: {
        name: input.name,
        objective_type: input.objective_type,
        status: input.status,
        ...(input.draft_id === undefined ? {} : { draft_id: input.draft_id }),
      },
    });
    await insertHistory(trx, {
      adAccountId: account.id,
      actorId: viewer.id,
      entityType: 'AD_GROUP',
      entityId: adGroupId,
      action: 'create',
      changes: { campaign_id: campaignId, ...historyOfGroup(group) },
    });
    const adIds: string[] = [];
    for (const ad of ads) {
      const adId = await insertEditorAd(
        trx,
        { adGroupId, campaignId, adAccountId: account.id },
        { pinId: ad.pinId, name: ad.name, destinationUrl: ad.destinationUrl, status: ad.status },
      );
      adIds.push(adId);
      await insertHistory(trx, {
        adAccountId: account.id,
        actorId: viewer.id,
        entityType: 'AD',
        entityId: adId,
        action: 'create',
        changes: { ad_group_id: adGroupId, pin_id: ad.pinId, destination_url: ad.destinationUrl },
      });
    }
    return { campaignId, adGroupId, adIds };
  });
  deps.log.info(
    { by: viewer.id, advertiser_id: account.id, campaign_id: created.campaignId },
    'ads: console campaign created',
  );
  const rejected = await autoReview(
    deps,
    created.adIds.map((id, index) => ({ id, ad: ads[index] as CheckedAd })),
  );
  return savedAnswer(
    created.campaignId,
    created.adGroupId,
    created.adIds,
    new Set(created.adIds),
    rejected,
    () => 'PENDING',
  );
}

// ---- edit --------------------------------------------------------------------------------------

/**
 * PUT …/campaigns/{id}/: the campaign, its ad group and its ads as the form has them. Ads with an
 * id must be this campaign's (AD_NOT_FOUND); ads without one are added; ads left out are
 * archived. An ad whose pin, destination or name changes goes back to PENDING review.
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
  const group = await adGroupValues(
    deps,
    account.id,
    current.objective_type,
    input.ad_group,
    before.group.start_time,
  );
  const existing = new Map(before.ads.map((ad) => [ad.id, ad]));
  const ads = await checkAds(
    deps,
    account.profile_id,
    viewer,
    input.ads,
    input.name,
    new Map(before.ads.map((ad) => [ad.id, ad.pin_id])),
  );
  ads.forEach((ad, index) => {
    if (ad.id !== undefined && !existing.has(ad.id)) {
      throw fieldError('AD_NOT_FOUND', `ads.${index}.id`);
    }
  });

  const now = deps.now();
  const saved = await deps.db.transaction().execute(async (trx) => {
    const locked = await findEditorCampaign(trx, account.id, campaignId, true);
    if (!locked) throw new AppError('AD_CAMPAIGN_NOT_FOUND');
    if (locked.status === 'ARCHIVED') throw new AppError('AD_CAMPAIGN_ARCHIVED');
    const history = (
      entityType: 'CAMPAIGN' | 'AD_GROUP' | 'AD',
      entityId: string,
      action: string,
      changes: Record<string, unknown>,
    ) =>
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

    const old = before.group;
    const groupChanges = diff(
      {
        name: old.name,
        status: old.status,
        budget_type: old.budget_type,
        budget_in_micro_currency: Number(old.budget_in_micro_currency),
        bid_in_micro_currency: Number(old.bid_in_micro_currency),
        pacing_delivery_type: old.pacing_delivery_type,
        start_time: old.start_time.toISOString(),
        end_time: old.end_time?.toISOString() ?? null,
        targeting_spec: old.targeting_spec,
        auto_targeting_enabled: old.auto_targeting_enabled,
      },
      historyOfGroup(group),
    );
    if (
      Object.keys(groupChanges).length > 0 ||
      JSON.stringify(old.optimization_goal_metadata) !== JSON.stringify(group.goalMetadata)
    ) {
      await updateEditorAdGroup(trx, old.id, group, now);
      await history('AD_GROUP', old.id, 'update', groupChanges);
    }

    const adIds: string[] = [];
    const pending = new Set<string>();
    const reviewed: { id: string; ad: CheckedAd }[] = [];
    for (const ad of ads) {
      const values = {
        pinId: ad.pinId,
        name: ad.name,
        destinationUrl: ad.destinationUrl,
        status: ad.status,
      };
      const was = ad.id === undefined ? undefined : existing.get(ad.id);
      if (!was) {
        const adId = await insertEditorAd(
          trx,
          { adGroupId: old.id, campaignId, adAccountId: account.id },
          values,
        );
        adIds.push(adId);
        pending.add(adId);
        reviewed.push({ id: adId, ad });
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
        pending.add(was.id);
        reviewed.push({ id: was.id, ad });
      }
      await history('AD', was.id, 'update', {
        ...changes,
        ...(edited ? { review_status: { from: was.review_status, to: 'PENDING' } } : {}),
      });
    }
    const kept = new Set(adIds);
    const dropped = before.ads.filter((ad) => !kept.has(ad.id)).map((ad) => ad.id);
    await archiveAds(trx, dropped, now);
    for (const adId of dropped) {
      await history('AD', adId, 'archive', {
        status: { from: existing.get(adId)?.status, to: 'ARCHIVED' },
      });
    }
    return { adIds, pending, reviewed };
  });
  deps.log.info({ by: viewer.id, campaign_id: campaignId }, 'ads: console campaign edited');
  const rejected = await autoReview(deps, saved.reviewed);
  return savedAnswer(
    campaignId,
    before.group.id,
    saved.adIds,
    saved.pending,
    rejected,
    (id) => existing.get(id)?.review_status ?? 'PENDING',
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
 * POST …/campaigns/{id}/duplicate/: the campaign, its ad group and its ads copied into a new
 * draft (the form's create shape, ads without ids, the schedule from today when it has passed),
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
  const group = source.ad_group;
  const startDate = group.start_date < today ? today : group.start_date;
  const endDate = group.end_date !== null && group.end_date < startDate ? null : group.end_date;
  const name = `${DUPLICATE_NAME_PREFIX}${source.name}`.slice(0, 255);
  const payload: Record<string, unknown> = {
    source_campaign_id: source.id,
    name,
    objective_type: source.objective_type,
    status: source.status === 'PAUSED' ? 'PAUSED' : 'ACTIVE',
    ad_group: {
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
    },
    ads: source.ads.map((ad) => ({
      pin_id: ad.pin_id,
      name: ad.name,
      destination_url: ad.destination_url,
      status: ad.status === 'PAUSED' ? 'PAUSED' : 'ACTIVE',
      pin: ad.pin,
    })),
  };
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
