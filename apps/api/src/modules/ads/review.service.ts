// The operators' ad review queue (issue 11; docs/decisions/103): pending ads oldest first, and
// approve or reject with reasons. Only a still-pending ad can be decided (AD_REVIEW_ALREADY_
// DECIDED otherwise); a rejection needs at least one reason. Decisions are recorded in the ad
// account's change history with the operator as actor.
import { AppError } from '@corkboard/shared/app-error';
import type { AdReviewItem, RejectionReason } from '@corkboard/shared/business/campaigns';
import type { AppDeps } from '../../core/app-deps.ts';
import { decodeIdBookmark, keysetPage, type Page } from '../../core/bookmarks.ts';
import { thumbnail } from '../../core/media-urls.ts';
import type { PageRequest } from '../../core/schemas.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { decideReview, findAdReview, insertHistory, listPendingAds } from './ads.repository.ts';

export async function reviewQueue(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  page: PageRequest,
): Promise<Page<AdReviewItem>> {
  const rows = await listPendingAds(deps.db, decodeIdBookmark(page.bookmark), page.pageSize + 1);
  return keysetPage(rows, page.pageSize, (row) => ({
    id: row.id,
    name: row.name,
    destination_url: row.destination_url,
    created_at: row.created_at.toISOString(),
    pin: {
      id: row.pin_id,
      title: row.pin_title,
      image_url: thumbnail(deps.storage, row.image_variants).url,
    },
    business_name: row.business_name,
    advertiser_id: row.advertiser_id,
  }));
}

export async function decideAd(
  deps: Pick<AppDeps, 'db' | 'now' | 'log'>,
  operator: Viewer,
  adId: string,
  decision: { status: 'APPROVED' | 'REJECTED'; reasons: RejectionReason[] },
): Promise<{ id: string; review_status: 'APPROVED' | 'REJECTED' }> {
  if (decision.status === 'REJECTED' && decision.reasons.length === 0) {
    throw new AppError('AD_REVIEW_REASON_REQUIRED', { data: { field: 'reasons' } });
  }
  const reasons = decision.status === 'APPROVED' ? [] : [...new Set(decision.reasons)];
  await deps.db.transaction().execute(async (trx) => {
    const ad = await findAdReview(trx, adId);
    if (!ad) throw new AppError('AD_NOT_FOUND');
    if (
      ad.review_status !== 'PENDING' ||
      !(await decideReview(trx, adId, decision.status, reasons, operator.id, deps.now()))
    ) {
      throw new AppError('AD_REVIEW_ALREADY_DECIDED');
    }
    await insertHistory(trx, {
      adAccountId: ad.ad_account_id,
      actorId: operator.id,
      entityType: 'AD',
      entityId: adId,
      action: decision.status === 'APPROVED' ? 'review_approved' : 'review_rejected',
      changes: { reasons },
    });
  });
  deps.log.info({ by: operator.id, ad_id: adId, status: decision.status }, 'ads: reviewed');
  return { id: adId, review_status: decision.status };
}
