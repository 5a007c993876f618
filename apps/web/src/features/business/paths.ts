// Where the business pages link and go (docs/decisions/100).
import { safeNextPath } from '@corkboard/shared/auth/safe-next-path';
import { advertiserUrl } from '@corkboard/shared/business/advertiser-urls';
import type { BusinessCreated } from '@corkboard/shared/business/api';

export function businessMembersPath(profileId: string): string {
  return `/business/${encodeURIComponent(profileId)}/members/`;
}

/** A business's own identity providers (docs/decisions/190). */
export function businessSsoPath(profileId: string): string {
  return `/business/${encodeURIComponent(profileId)}/sso/`;
}

/** After create or convert: the `next` of the query when it is one of our paths, else access. */
export function afterCreatePath(search: string, created: BusinessCreated): string {
  return (
    safeNextPath(new URLSearchParams(search).get('next')) ?? businessMembersPath(created.profile.id)
  );
}

/** The console (business.md §2.1): its overview, or one campaign's insights page. */
export function consolePath(advertiserId: string, campaignId?: string): string {
  return campaignId === undefined
    ? advertiserUrl('overview', advertiserId)
    : advertiserUrl('campaignInsights', advertiserId, { campaignId });
}
