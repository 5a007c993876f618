// The quick-promote steps on the server (business.md §2.3; docs/decisions/181, 182, 185):
// - GDPR: an ad account in GDPR_COUNTRIES accepts the advertising and data-processing terms of
//   AD_TERMS_VERSION once; quick promote refuses with AD_TERMS_NOT_ACCEPTED until then
//   (requireAdTermsAccepted, which the console's campaign create can call too).
// - Pin selection: the pins the ad account may promote, the quick-promote endpoint's own rule.
// - Tag modal: the ad account's conversion tags, and a new one.
import { AppError } from '@corkboard/shared/app-error';
import {
  AD_TERMS_VERSION,
  adTermsRequired,
  type AdTermsStatus,
} from '@corkboard/shared/business/ad-terms';
import type { ConversionTag } from '@corkboard/shared/business/campaigns';
import {
  CONVERSION_TAGS_PER_ACCOUNT_MAX,
  type PromotablePinItem,
} from '@corkboard/shared/business/promotable-pins';
import type { AppDeps } from '../../core/app-deps.ts';
import { decodeIdBookmark, keysetPage, type Page } from '../../core/bookmarks.ts';
import { thumbnail } from '../../core/media-urls.ts';
import type { PageRequest } from '../../core/schemas.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { requireAdvertiser, type AdvertiserAccess } from '../business/business.service.ts';
import {
  countConversionTags,
  findTermsAcceptance,
  insertConversionTag,
  insertTermsAcceptance,
  listConversionTags,
  listPromotablePins,
} from './ad-steps.repository.ts';

async function termsStatusOf(
  deps: Pick<AppDeps, 'db'>,
  account: Pick<AdvertiserAccess['account'], 'id' | 'country'>,
): Promise<AdTermsStatus> {
  const required = adTermsRequired(account.country);
  const accepted = required
    ? await findTermsAcceptance(deps.db, account.id, AD_TERMS_VERSION)
    : undefined;
  return {
    required,
    accepted: !required || accepted !== undefined,
    version: AD_TERMS_VERSION,
    accepted_at: accepted?.accepted_at.toISOString() ?? null,
  };
}

/** GET …/terms/: whether the GDPR step applies and is done (anyone who may promote). */
export async function adTermsStatus(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  advertiserId: string,
): Promise<AdTermsStatus> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'manage_campaigns');
  return termsStatusOf(deps, account);
}

/**
 * POST …/terms/ { version }: accepts the current terms for the ad account (manage_campaigns: the
 * person who may spend its money may agree to the terms it is spent under; who and when is kept).
 */
export async function acceptAdTerms(
  deps: Pick<AppDeps, 'db' | 'now' | 'log'>,
  viewer: Viewer,
  advertiserId: string,
  version: string,
): Promise<AdTermsStatus> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'manage_campaigns');
  if (!adTermsRequired(account.country)) throw new AppError('AD_TERMS_NOT_REQUIRED');
  if (version !== AD_TERMS_VERSION) throw new AppError('AD_TERMS_VERSION_STALE');
  await insertTermsAcceptance(deps.db, {
    adAccountId: account.id,
    version,
    acceptedById: viewer.id,
    now: deps.now(),
  });
  deps.log.info({ by: viewer.id, advertiser_id: account.id, version }, 'ads: terms accepted');
  return termsStatusOf(deps, account);
}

/** AD_TERMS_NOT_ACCEPTED unless the account needs no terms or accepted the current ones. */
export async function requireAdTermsAccepted(
  deps: Pick<AppDeps, 'db'>,
  account: Pick<AdvertiserAccess['account'], 'id' | 'country'>,
): Promise<void> {
  if (!(await termsStatusOf(deps, account)).accepted) throw new AppError('AD_TERMS_NOT_ACCEPTED');
}

/** GET …/promotable_pins/: the pin selection step's pins, newest first (manage_campaigns). */
export async function promotablePins(
  deps: Pick<AppDeps, 'db' | 'storage' | 'publicUrl'>,
  viewer: Viewer,
  advertiserId: string,
  page: PageRequest,
): Promise<Page<PromotablePinItem>> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'manage_campaigns');
  const rows = await listPromotablePins(deps.db, {
    pinnerIds: [...new Set([account.profile_id, viewer.id])],
    ownHost: new URL(deps.publicUrl).hostname.toLowerCase(),
    beforeId: decodeIdBookmark(page.bookmark),
    limit: page.pageSize + 1,
  });
  return keysetPage(rows, page.pageSize, (row) => ({
    id: row.id,
    title: row.title,
    link: row.link,
    image_url: thumbnail(deps.storage, row.image_variants).url,
    board_name: row.board_name,
  }));
}

function serializeTag(row: { id: string; name: string; created_at: Date }): ConversionTag {
  return { id: row.id, name: row.name, created_at: row.created_at.toISOString() };
}

/** GET …/conversion_tags/: the tag modal's tags (manage_campaigns), newest first. */
export async function conversionTags(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  advertiserId: string,
  page: PageRequest,
): Promise<Page<ConversionTag>> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'manage_campaigns');
  const rows = await listConversionTags(
    deps.db,
    account.id,
    decodeIdBookmark(page.bookmark),
    page.pageSize + 1,
  );
  return keysetPage(rows, page.pageSize, serializeTag);
}

/** POST …/conversion_tags/ { name }: a new tag (manage_campaigns), at most the cap per account. */
export async function createConversionTag(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  advertiserId: string,
  name: string,
): Promise<ConversionTag> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'manage_campaigns');
  // A race past the cap by one tag is harmless; the count keeps it bounded.
  if ((await countConversionTags(deps.db, account.id)) >= CONVERSION_TAGS_PER_ACCOUNT_MAX) {
    throw new AppError('AD_CONVERSION_TAG_LIMIT', {
      data: { max: CONVERSION_TAGS_PER_ACCOUNT_MAX },
    });
  }
  return serializeTag(await insertConversionTag(deps.db, account.id, name));
}
