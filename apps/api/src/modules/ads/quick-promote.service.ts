// POST /ads/v4/advertisers/{advertiserId}/pins/{pinId}/quick_promote/ (business.md §3, §5.2,
// §7; docs/decisions/102, 103): one transaction creates the campaign, its ad group (daily budget
// in micro-currency, schedule, targeting) and the ad, which starts PENDING. After the commit the
// automatic review runs: a destination the offsite rules refuse (checkDestinationUrl) or an image
// too small to show rejects it with reasons; anything else waits for an operator.
import { AppError } from '@corkboard/shared/app-error';
import {
  billableEventOf,
  defaultBidMicro,
  type AdObjective,
  type QuickPromoteResult,
  type RejectionReason,
} from '@corkboard/shared/business/campaigns';
import {
  MAX_DURATION_DAYS,
  type QuickPromoteRequest,
} from '@corkboard/shared/business/quick-promote';
import type { AppDeps } from '../../core/app-deps.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { requireAdvertiser } from '../business/business.service.ts';
import {
  conversionTagExists,
  decideReview,
  findPinForPromotion,
  insertAd,
  insertAdGroup,
  insertCampaign,
  insertHistory,
} from './ads.repository.ts';
import { checkDestinationUrl, destinationSyntax } from './destination-check.ts';
import { requireAdTermsAccepted } from './ad-steps.service.ts';

const DAY_MS = 86_400_000;

/** business.md §5.5: an image counts as shown only when both sides exceed 119 pixels. */
export const AD_IMAGE_MIN_SIDE = 120;

/** When the ad group ends: never (ongoing), after the inclusive end date, or after `duration`. */
export function endTimeOf(request: QuickPromoteRequest, start: Date): Date | null {
  if (request.is_ongoing) return null;
  if (request.inclusive_end_date !== undefined) {
    return new Date(Date.parse(`${request.inclusive_end_date}T00:00:00Z`) + DAY_MS);
  }
  return new Date(start.getTime() + request.duration * DAY_MS);
}

function reviewReasons(
  status: Awaited<ReturnType<typeof checkDestinationUrl>>['status'],
): RejectionReason[] {
  switch (status) {
    case 'blocked':
      return ['DESTINATION_URL_BLOCKED'];
    case 'suspicious':
      return ['DESTINATION_URL_SUSPICIOUS'];
    case 'porn':
      return ['DESTINATION_URL_ADULT'];
    default:
      return [];
  }
}

export async function quickPromote(
  deps: Pick<AppDeps, 'db' | 'now' | 'log' | 'config' | 'publicUrl'>,
  viewer: Viewer,
  advertiserId: string,
  pinId: string,
  request: QuickPromoteRequest,
): Promise<QuickPromoteResult> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'manage_campaigns');
  if (request.advertiser_id !== advertiserId || request.pin_id !== pinId) {
    throw new AppError('AD_PAYLOAD_MISMATCH');
  }
  // The GDPR step (docs/decisions/181): refused until the account's terms are accepted.
  await requireAdTermsAccepted(deps, account);
  const pin = await findPinForPromotion(deps.db, pinId);
  // Only the business's own pins or the promoting person's, never a secret one (§5.1).
  if (
    !pin ||
    (pin.pinner_id !== account.profile_id && pin.pinner_id !== viewer.id) ||
    pin.board_privacy === 'secret'
  ) {
    throw new AppError('QUICK_PROMOTE_NOT_ELIGIBLE');
  }
  const syntax = destinationSyntax(request.destination_url, deps.publicUrl);
  if (syntax.status === 'invalid') {
    throw new AppError('AD_DESTINATION_URL_INVALID', { data: { field: 'destination_url' } });
  }
  if (syntax.status === 'internal') {
    throw new AppError('AD_DESTINATION_URL_INTERNAL', { data: { field: 'destination_url' } });
  }
  const now = deps.now();
  const end = endTimeOf(request, now);
  if (end !== null && (end <= now || end.getTime() - now.getTime() > MAX_DURATION_DAYS * DAY_MS)) {
    throw new AppError('AD_END_DATE_INVALID', { data: { field: 'inclusive_end_date' } });
  }
  const goal = request.optimization_goal_metadata;
  if (
    goal &&
    !(await conversionTagExists(
      deps.db,
      account.id,
      goal.conversion_tag_v3_goal_metadata.conversion_tag_id,
    ))
  ) {
    throw new AppError('AD_CONVERSION_TAG_NOT_FOUND');
  }
  const objective: AdObjective = request.objective_type ?? 'CONSIDERATION';
  const billableEvent = billableEventOf(objective);

  const created = await deps.db.transaction().execute(async (trx) => {
    const campaignId = await insertCampaign(trx, {
      adAccountId: account.id,
      name: request.campaign_name,
      objective,
      clientType: 'quick_promote',
      createdById: viewer.id,
    });
    const adGroupId = await insertAdGroup(trx, {
      campaignId,
      adAccountId: account.id,
      name: request.campaign_name,
      budgetMicro: request.budget_in_micro_currency,
      bidMicro: defaultBidMicro(billableEvent),
      billableEvent,
      targeting: {
        LOCATION: request.targeting_spec.LOCATION,
        AGE_BUCKET: request.targeting_spec.AGE_BUCKET,
        GENDER: request.targeting_spec.GENDER,
        INTEREST: request.targeting_spec.INTEREST,
        KEYWORD: [],
        AUDIENCE_EXCLUDE: [],
      },
      autoTargeting: request.auto_targeting_enabled,
      goalMetadata: goal ?? null,
      startTime: now,
      endTime: end,
    });
    const adId = await insertAd(trx, {
      adGroupId,
      campaignId,
      adAccountId: account.id,
      pinId,
      name: request.campaign_name,
      destinationUrl: syntax.url?.href ?? request.destination_url,
    });
    await insertHistory(trx, {
      adAccountId: account.id,
      actorId: viewer.id,
      entityType: 'CAMPAIGN',
      entityId: campaignId,
      action: 'quick_promote',
      changes: {
        budget_in_micro_currency: request.budget_in_micro_currency,
        pin_id: pinId,
        end_time: end?.toISOString() ?? null,
      },
    });
    // The console's history names each object created (docs/decisions/153).
    await insertHistory(trx, {
      adAccountId: account.id,
      actorId: viewer.id,
      entityType: 'AD_GROUP',
      entityId: adGroupId,
      action: 'create',
      changes: { campaign_id: campaignId, budget_type: 'DAILY' },
    });
    await insertHistory(trx, {
      adAccountId: account.id,
      actorId: viewer.id,
      entityType: 'AD',
      entityId: adId,
      action: 'create',
      changes: { ad_group_id: adGroupId, pin_id: pinId },
    });
    return { campaignId, adGroupId, adId };
  });
  deps.log.info(
    { by: viewer.id, advertiser_id: account.id, campaign_id: created.campaignId },
    'ads: quick promote created',
  );

  // The automatic review (docs/decisions/103): only refusals are automatic.
  const reasons: RejectionReason[] = [];
  if (pin.image_width < AD_IMAGE_MIN_SIDE || pin.image_height < AD_IMAGE_MIN_SIDE) {
    reasons.push('IMAGE_TOO_SMALL');
  }
  const verdict = await checkDestinationUrl(deps, request.destination_url);
  reasons.push(...reviewReasons(verdict.status));
  let reviewStatus: QuickPromoteResult['review_status'] = 'PENDING';
  if (
    reasons.length > 0 &&
    (await decideReview(deps.db, created.adId, 'REJECTED', reasons, null, deps.now()))
  ) {
    reviewStatus = 'REJECTED';
  }
  return {
    campaign_id: created.campaignId,
    ad_group_id: created.adGroupId,
    ad_id: created.adId,
    review_status: reviewStatus,
    rejection_reasons: reviewStatus === 'REJECTED' ? reasons : [],
  };
}
