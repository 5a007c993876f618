// Advertiser audiences and ad-group exclusions (issue 11 "never to the advertiser's excluded
// audiences"; docs/decisions/183). Audiences are managed with manage_audiences (OWNER, ADMIN,
// CAMPAIGN_MANAGER, AUDIENCE_MANAGER); setting an ad group's AUDIENCE_EXCLUDE changes the ad
// group, so it needs manage_campaigns. Delivery applies exclusions (delivery.repository
// excludedRule) to every served ad and every paid beacon.
import { AppError } from '@corkboard/shared/app-error';
import {
  AUDIENCES_PER_ACCOUNT_MAX,
  type AdAudience,
  type AudienceCreateInput,
  type AudienceExclusions,
} from '@corkboard/shared/business/audiences';
import type { AppDeps } from '../../core/app-deps.ts';
import { decodeIdBookmark, keysetPage, type Page } from '../../core/bookmarks.ts';
import type { PageRequest } from '../../core/schemas.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { requireAdvertiser } from '../business/business.service.ts';
import { insertHistory } from './ads.repository.ts';
import {
  audienceInUse,
  countAudiences,
  countEngagedPeople,
  deleteAudience,
  insertAudience,
  listAudiences,
  lockAdAccount,
  ownAudienceIds,
  setAudienceExclusions,
  type AudienceRow,
} from './audiences.repository.ts';

function serialize(row: AudienceRow, engaged: number): AdAudience {
  return {
    id: row.id,
    name: row.name,
    audience_type: row.audience_type,
    size: row.audience_type === 'ENGAGEMENT' ? engaged : row.size,
    created_at: row.created_at.toISOString(),
  };
}

export async function audiences(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  advertiserId: string,
  page: PageRequest,
): Promise<Page<AdAudience>> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'manage_audiences');
  const rows = await listAudiences(
    deps.db,
    account.id,
    decodeIdBookmark(page.bookmark),
    page.pageSize + 1,
  );
  const engaged = rows.some((row) => row.audience_type === 'ENGAGEMENT')
    ? await countEngagedPeople(deps.db, { id: account.id, profileId: account.profile_id })
    : 0;
  return keysetPage(rows, page.pageSize, (row) => serialize(row, engaged));
}

/** A new audience; the cap and the insert in one transaction under the account's row lock. */
export async function createAudience(
  deps: Pick<AppDeps, 'db' | 'log'>,
  viewer: Viewer,
  advertiserId: string,
  input: AudienceCreateInput,
): Promise<AdAudience> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'manage_audiences');
  const hashes = input.audience_type === 'CUSTOMER_LIST' ? [...new Set(input.email_sha256)] : [];
  const row = await deps.db.transaction().execute(async (trx) => {
    await lockAdAccount(trx, account.id);
    if ((await countAudiences(trx, account.id)) >= AUDIENCES_PER_ACCOUNT_MAX) {
      throw new AppError('AUDIENCE_LIMIT_REACHED', { data: { max: AUDIENCES_PER_ACCOUNT_MAX } });
    }
    return insertAudience(trx, {
      adAccountId: account.id,
      name: input.name,
      type: input.audience_type,
      hashes,
    });
  });
  // Counts only: the hashes never go to the log.
  deps.log.info(
    { by: viewer.id, advertiser_id: account.id, audience_id: row.id, size: hashes.length },
    'ads: audience created',
  );
  const engaged =
    row.audience_type === 'ENGAGEMENT'
      ? await countEngagedPeople(deps.db, { id: account.id, profileId: account.profile_id })
      : 0;
  return serialize(row, engaged);
}

/** Deletes an audience no ad group excludes (AUDIENCE_IN_USE otherwise). */
export async function removeAudience(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  advertiserId: string,
  audienceId: string,
): Promise<{ id: string; deleted: true }> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'manage_audiences');
  await deps.db.transaction().execute(async (trx) => {
    // Under the account lock, so an exclusion set at the same time cannot slip in between.
    await lockAdAccount(trx, account.id);
    if (await audienceInUse(trx, account.id, audienceId)) throw new AppError('AUDIENCE_IN_USE');
    if (!(await deleteAudience(trx, account.id, audienceId))) {
      throw new AppError('AD_AUDIENCE_NOT_FOUND');
    }
  });
  return { id: audienceId, deleted: true };
}

/**
 * AD_AUDIENCE_NOT_FOUND unless every id is an audience of the ad account: for any code that
 * writes targeting_spec.AUDIENCE_EXCLUDE (this module's exclusions, the console's ad groups).
 */
export async function requireOwnAudiences(
  deps: Pick<AppDeps, 'db'>,
  adAccountId: string,
  ids: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(ids)];
  const own = new Set(await ownAudienceIds(deps.db, adAccountId, unique));
  const missing = unique.find((id) => !own.has(id));
  if (missing !== undefined) {
    throw new AppError('AD_AUDIENCE_NOT_FOUND', { data: { audience_id: missing } });
  }
  return unique;
}

/** PUT …/ad_groups/{adGroupId}/audience_exclusions/ (manage_campaigns), recorded in history. */
export async function setExclusions(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  advertiserId: string,
  adGroupId: string,
  ids: readonly string[],
): Promise<AudienceExclusions> {
  const { account } = await requireAdvertiser(deps, viewer, advertiserId, 'manage_campaigns');
  const unique = await requireOwnAudiences(deps, account.id, ids);
  await deps.db.transaction().execute(async (trx) => {
    await lockAdAccount(trx, account.id);
    // Checked again under the lock: an audience deleted meanwhile is not excluded.
    if ((await ownAudienceIds(trx, account.id, unique)).length !== unique.length) {
      throw new AppError('AD_AUDIENCE_NOT_FOUND');
    }
    if (!(await setAudienceExclusions(trx, account.id, adGroupId, unique))) {
      throw new AppError('AD_GROUP_NOT_FOUND');
    }
    await insertHistory(trx, {
      adAccountId: account.id,
      actorId: viewer.id,
      entityType: 'AD_GROUP',
      entityId: adGroupId,
      action: 'update',
      changes: { AUDIENCE_EXCLUDE: unique },
    });
  });
  return { ad_group_id: adGroupId, AUDIENCE_EXCLUDE: unique };
}
