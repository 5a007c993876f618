// Test support for the ads serving tests (delivery, live ads, ad steps, the serving cache): an ad
// made the way people make one — the advertiser's quick promote through the API, then an
// operator's approval — so every serving test starts from the same rows the product writes.
import { expect } from 'vitest';
import type { QuickPromoteResult } from '@corkboard/shared/business/campaigns';
import {
  defaultQuickPromoteValues,
  quickPromotePayload,
  type QuickPromoteFormValues,
} from '@corkboard/shared/business/quick-promote';
import type { ApiClient, Who } from './api-client.ts';

export interface PromotedAd {
  campaignId: string;
  adGroupId: string;
  adId: string;
}

export interface PromoteInput {
  client: ApiClient;
  advertiserId: string;
  pinId: string;
  /** The pin's link, the ad's destination. */
  link: string;
  owner: Who;
  /** Changes to the form's defaults for a US advertiser; the campaign is ongoing unless told. */
  values?: Partial<QuickPromoteFormValues>;
}

/** The quick-promote payload for the "Lemon tart" pin, as the form would submit it in the US. */
export function lemonTartPayload(input: Omit<PromoteInput, 'client' | 'owner'>) {
  const values: QuickPromoteFormValues = {
    ...defaultQuickPromoteValues({
      advertiserId: input.advertiserId,
      country: 'US',
      pinTitle: 'Lemon tart',
      pinLink: input.link,
    }),
    is_ongoing: true,
    ...input.values,
  };
  return quickPromotePayload(values, input.pinId, 'US');
}

/** The advertiser's quick promote, as the API answers it. */
export function quickPromote(input: PromoteInput) {
  return input.client.send<QuickPromoteResult>(
    'POST',
    `/ads/v4/advertisers/${input.advertiserId}/pins/${input.pinId}/quick_promote/`,
    lemonTartPayload(input),
    input.owner,
  );
}

/** An operator's approval of an ad in review. */
export async function approve(client: ApiClient, adId: string, operator: Who): Promise<void> {
  const decided = await client.send(
    'POST',
    `/v3/admin/ads/${adId}/review/`,
    { status: 'APPROVED' },
    operator,
  );
  expect(decided.status).toBe(200);
}

/** A quick-promoted ad, approved by `approvedBy` when given (left in review otherwise). */
export async function promoteAd(
  input: PromoteInput & { approvedBy?: { id: string } },
): Promise<PromotedAd & { result: QuickPromoteResult }> {
  const created = await quickPromote(input);
  expect(created.status, JSON.stringify(created.data)).toBe(200);
  if (input.approvedBy) await approve(input.client, created.data.ad_id, input.approvedBy);
  return {
    campaignId: created.data.campaign_id,
    adGroupId: created.data.ad_group_id,
    adId: created.data.ad_id,
    result: created.data,
  };
}
