// Quick promote (business.md §3, §5.1, §5.2, §7) and the console's campaigns: the payload rules
// on the server, one transaction for campaign → ad group → ad, the automatic review through
// checkDestinationUrl (deny-list, the Safe Browsing v4 peer), is_promotable answered with a
// saved pin, permissions on every read and write, pause and resume, pagination.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { DEV_SAFE_BROWSING } from '@corkboard/dev-peers/credentials';
import { startSafeBrowsingPeer, type SafeBrowsingPeer } from '@corkboard/dev-peers/safe-browsing';
import type { BusinessCreated } from '@corkboard/shared/business/api';
import type {
  AdReviewItem,
  CampaignDetail,
  CampaignItem,
  QuickPromoteResult,
} from '@corkboard/shared/business/campaigns';
import {
  defaultQuickPromoteValues,
  quickPromotePayload,
  type QuickPromotePayload,
} from '@corkboard/shared/business/quick-promote';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { SavedPin } from '@corkboard/shared/saving/api';
import {
  createFixtures,
  type BoardFixture,
  type Fixtures,
  type UserFixture,
} from '../../test/fixtures.ts';
import type { Who } from '../../test/api-client.ts';
import { buildTestApp, testConfig, type TestApp } from '../../test/test-app.ts';

const CODES = ERROR_CODES;

let handle: DbHandle;
let f: Fixtures;
let test: TestApp;
let reputation: SafeBrowsingPeer;

let owner: UserFixture;
let advertiserId: string;
let profileId: string;
let board: BoardFixture;
let pinId: string;

function payload(
  overrides: Partial<Parameters<typeof quickPromotePayload>[0]> = {},
  pin = pinId,
): QuickPromotePayload {
  const values = {
    ...defaultQuickPromoteValues({
      advertiserId,
      country: 'US',
      pinTitle: 'Lemon tart',
      pinLink: 'https://maras.example/tart',
    }),
    ...overrides,
  };
  return quickPromotePayload(values, pin, 'US+CA');
}

function promote(body: unknown, who: Who, advertiser = advertiserId, pin = pinId) {
  return test.client.send<QuickPromoteResult>(
    'POST',
    `/ads/v4/advertisers/${advertiser}/pins/${pin}/quick_promote/`,
    body,
    who,
  );
}

async function countRows() {
  const count = async (table: 'ad_campaigns' | 'ad_groups' | 'ads') =>
    Number(
      (
        await handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    campaigns: await count('ad_campaigns'),
    groups: await count('ad_groups'),
    ads: await count('ads'),
  };
}

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  reputation = await startSafeBrowsingPeer({
    apiKeys: [DEV_SAFE_BROWSING.apiKey],
    entries: [
      { threatType: 'SOCIAL_ENGINEERING', url: 'phishing.example/' },
      { threatType: 'UNWANTED_SOFTWARE', url: 'downloads.example/' },
    ],
  });
  test = await buildTestApp(handle.db, {
    config: {
      providers: {
        ...testConfig().providers,
        safeBrowsing: { url: reputation.url, apiKey: DEV_SAFE_BROWSING.apiKey },
      },
    },
  });
  owner = await f.user({ username: 'promo_owner' });
  const created = await test.client.send<BusinessCreated>(
    'POST',
    '/v3/business/create/',
    {
      business_name: 'Promo Co',
      country: 'US',
      language: 'en',
      advertising_intent: 'products',
    },
    owner,
  );
  advertiserId = created.data.advertiser_id;
  profileId = created.data.profile.id;
  board = await f.board(owner, { name: 'Tarts' });
  pinId = (await f.pin({ board, title: 'Lemon tart', link: 'https://maras.example/tart' })).id;
});

afterAll(async () => {
  await test.close();
  await reputation.stop();
  await handle.close();
});

describe('POST quick_promote', () => {
  it('creates campaign, ad group and ad with the payload rules; the ad waits for review', async () => {
    const longName = 'A'.repeat(70);
    const body = payload({ name: longName, budget: 2.5, duration: 7 });
    expect(body.campaign_name).toBe(`${'A'.repeat(62)}…`);
    expect(body.budget_in_micro_currency).toBe(2_500_000);
    const before = test.clock.now();
    const result = await promote(body, owner);
    expect(result.status, JSON.stringify(result.data)).toBe(200);
    expect(result.data).toMatchObject({ review_status: 'PENDING', rejection_reasons: [] });

    const group = await handle.db
      .selectFrom('ad_groups')
      .selectAll()
      .where('id', '=', result.data.ad_group_id)
      .executeTakeFirstOrThrow();
    expect(group).toMatchObject({
      budget_type: 'DAILY',
      budget_in_micro_currency: '2500000',
      billable_event: 'CLICKTHROUGH',
      campaign_id: result.data.campaign_id,
    });
    expect(group.targeting_spec).toMatchObject({
      LOCATION: ['US', 'CA'],
      GENDER: ['female', 'male', 'unknown'],
    });
    expect(group.end_time?.getTime()).toBe(before.getTime() + 7 * 86_400_000);
    const campaign = await handle.db
      .selectFrom('ad_campaigns')
      .selectAll()
      .where('id', '=', result.data.campaign_id)
      .executeTakeFirstOrThrow();
    expect(campaign).toMatchObject({
      name: `${'A'.repeat(62)}…`,
      objective_type: 'CONSIDERATION',
      ads_client_type: 'quick_promote',
      flexible_daily_budget_enabled: false,
    });
  });

  it('ongoing runs without an end; an inclusive end date ends after that day', async () => {
    const ongoing = await promote(payload({ is_ongoing: true }), owner);
    const ongoingGroup = await handle.db
      .selectFrom('ad_groups')
      .select('end_time')
      .where('id', '=', ongoing.data.ad_group_id)
      .executeTakeFirstOrThrow();
    expect(ongoingGroup.end_time).toBeNull();

    const day = new Date(test.clock.now().getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
    const dated = await promote(payload({ inclusive_end_date: day }), owner);
    const datedGroup = await handle.db
      .selectFrom('ad_groups')
      .select('end_time')
      .where('id', '=', dated.data.ad_group_id)
      .executeTakeFirstOrThrow();
    expect(datedGroup.end_time?.toISOString()).toBe(
      new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString(),
    );
    const past = await promote(payload({ inclusive_end_date: '2001-01-01' }), owner);
    expect(past.code).toBe(CODES.AD_END_DATE_INVALID.code);
  });

  it('refuses bad payloads with their codes and writes nothing', async () => {
    const before = await countRows();
    const zero = await promote({ ...payload(), budget_in_micro_currency: 0 }, owner);
    expect(zero.code).toBe(CODES.AD_BUDGET_INVALID.code);
    const notWeb = await promote(payload({ destination_url: 'javascript:alert(1)' }), owner);
    expect(notWeb.code).toBe(CODES.AD_DESTINATION_URL_INVALID.code);
    const internal = await promote(
      payload({ destination_url: 'http://corkboard.test/pin/1/' }),
      owner,
    );
    expect(internal.code).toBe(CODES.AD_DESTINATION_URL_INTERNAL.code);
    const privateIp = await promote(payload({ destination_url: 'http://127.0.0.2/' }), owner);
    expect(privateIp.code).toBe(CODES.AD_DESTINATION_URL_INTERNAL.code);
    const mismatch = await promote({ ...payload(), pin_id: '999999' }, owner);
    expect(mismatch.code).toBe(CODES.AD_PAYLOAD_MISMATCH.code);
    const clientType = await promote({ ...payload(), ads_client_type: 'console' }, owner);
    expect(clientType.code).toBe(CODES.VALIDATION_FAILED.code);
    const flexible = await promote({ ...payload(), flexible_daily_budget_enabled: true }, owner);
    expect(flexible.code).toBe(CODES.VALIDATION_FAILED.code);
    const webConversion = await promote(
      payload({
        ad_type: 'web_conversion',
        selected_ocpm_tag: { conversionTagId: '424242', conversionEvent: 'CHECKOUT' },
      }),
      owner,
    );
    expect(webConversion.code).toBe(CODES.AD_CONVERSION_TAG_NOT_FOUND.code);
    expect(await countRows()).toEqual(before);
  });

  it('adds the objective and goal metadata for web conversion', async () => {
    const tag = await handle.db
      .insertInto('ad_conversion_tags')
      .values({ ad_account_id: advertiserId, name: 'Checkout tag' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const body = payload({
      ad_type: 'web_conversion',
      selected_ocpm_tag: { conversionTagId: tag.id, conversionEvent: 'CHECKOUT' },
    });
    expect(body.objective_type).toBe('WEB_CONVERSION');
    const result = await promote(body, owner);
    expect(result.status).toBe(200);
    const group = await handle.db
      .selectFrom('ad_groups')
      .innerJoin('ad_campaigns', 'ad_campaigns.id', 'ad_groups.campaign_id')
      .select(['ad_groups.optimization_goal_metadata', 'ad_campaigns.objective_type'])
      .where('ad_groups.id', '=', result.data.ad_group_id)
      .executeTakeFirstOrThrow();
    expect(group.objective_type).toBe('WEB_CONVERSION');
    expect(group.optimization_goal_metadata).toEqual({
      conversion_tag_v3_goal_metadata: { conversion_tag_id: tag.id, conversion_event: 'CHECKOUT' },
    });
  });

  it('rejects automatically a deny-listed, phishing or unwanted-software destination', async () => {
    await handle.db.insertInto('ad_deny_list').values({ domain: 'banned.example' }).execute();
    const denied = await promote(
      payload({ destination_url: 'https://shop.banned.example/x' }),
      owner,
    );
    expect(denied.data).toMatchObject({
      review_status: 'REJECTED',
      rejection_reasons: ['DESTINATION_URL_BLOCKED'],
    });
    const phishing = await promote(
      payload({ destination_url: 'https://phishing.example/login' }),
      owner,
    );
    expect(phishing.data).toMatchObject({
      review_status: 'REJECTED',
      rejection_reasons: ['DESTINATION_URL_BLOCKED'],
    });
    const unwanted = await promote(
      payload({ destination_url: 'https://downloads.example/setup' }),
      owner,
    );
    expect(unwanted.data).toMatchObject({
      review_status: 'REJECTED',
      rejection_reasons: ['DESTINATION_URL_SUSPICIOUS'],
    });
  });

  it('is refused for other people, analysts, secret pins and pins of strangers', async () => {
    const stranger = await f.user();
    const notMine = await promote(payload(), stranger);
    expect(notMine.status).toBe(404);
    expect(notMine.code).toBe(CODES.ADVERTISER_NOT_FOUND.code);

    await handle.db
      .insertInto('business_members')
      .values({ profile_id: profileId, user_id: stranger.id, permissions: ['ANALYST'] })
      .execute();
    const analyst = await promote(payload(), stranger);
    expect(analyst.status).toBe(403);
    expect(analyst.code).toBe(CODES.BUSINESS_PERMISSION_DENIED.code);

    const secretBoard = await f.board(owner, { name: 'Hidden', privacy: 'secret' });
    const secretPin = await f.pin({ board: secretBoard, link: 'https://maras.example/' });
    const secret = await promote(payload({}, secretPin.id), owner, advertiserId, secretPin.id);
    expect(secret.code).toBe(CODES.QUICK_PROMOTE_NOT_ELIGIBLE.code);

    const othersBoard = await f.board(stranger, { name: 'Theirs' });
    const theirPin = await f.pin({ board: othersBoard, link: 'https://other.example/' });
    const theirs = await promote(payload({}, theirPin.id), owner, advertiserId, theirPin.id);
    expect(theirs.code).toBe(CODES.QUICK_PROMOTE_NOT_ELIGIBLE.code);

    const visitor = await promote(payload(), null);
    expect(visitor.status).toBe(401);
  });
});

describe('is_promotable with a saved pin (§5.1)', () => {
  async function repin(who: UserFixture, target: BoardFixture, sourceId: string) {
    return test.client.resourceCreate<SavedPin>(
      'RepinResource',
      { pin_id: sourceId, board_id: target.id },
      who,
    );
  }

  it('is true for a new personal account saving a pin with a website, false otherwise', async () => {
    const person = await f.user();
    const theirBoard = await f.board(person, { name: 'Ideas' });
    const saved = await repin(person, theirBoard, pinId);
    expect(saved.status, JSON.stringify(saved.data)).toBe(200);
    expect(saved.data.is_promotable).toBe(true);

    const noLink = await f.pin({ board, link: null });
    expect((await repin(person, theirBoard, noLink.id)).data.is_promotable).toBe(false);

    // A partner (converted) account gets no promote upsell.
    const partner = await f.user();
    const partnerBoard = await f.board(partner, { name: 'Shop' });
    await f.business(partner);
    expect((await repin(partner, partnerBoard, pinId)).data.is_promotable).toBe(false);

    // An old account: created long ago.
    const old = await f.user();
    await sql`UPDATE users SET created_at = '2001-01-01T00:00:00Z' WHERE id = ${old.id}`.execute(
      handle.db,
    );
    const oldBoard = await f.board(old, { name: 'Old' });
    expect((await repin(old, oldBoard, pinId)).data.is_promotable).toBe(false);
  });
});

describe('console campaigns', () => {
  it('lists newest first with a cursor, shows one, pauses and resumes with permissions', async () => {
    const first = await test.client.get<CampaignItem[]>(
      `/v3/ads/advertisers/${advertiserId}/campaigns/?page_size=2`,
      owner,
    );
    expect(first.status).toBe(200);
    expect(first.data).toHaveLength(2);
    expect(first.bookmark).toBeDefined();
    expect(Number(first.data[0]?.id)).toBeGreaterThan(Number(first.data[1]?.id));
    const second = await test.client.get<CampaignItem[]>(
      `/v3/ads/advertisers/${advertiserId}/campaigns/?page_size=2&bookmark=${first.bookmark ?? ''}`,
      owner,
    );
    expect(second.data.map((c) => c.id)).not.toContain(first.data[0]?.id);

    const campaignId = first.data[1]?.id ?? '';
    const detail = await test.client.get<CampaignDetail>(
      `/v3/ads/advertisers/${advertiserId}/campaigns/${campaignId}/`,
      owner,
    );
    expect(detail.data).toMatchObject({
      id: campaignId,
      status: 'ACTIVE',
      spend_in_micro_currency: 0,
    });
    expect(detail.data.ads).toHaveLength(1);

    const statusUrl = `/v3/ads/advertisers/${advertiserId}/campaigns/${campaignId}/status/`;
    const analyst = await f.user();
    await handle.db
      .insertInto('business_members')
      .values({ profile_id: profileId, user_id: analyst.id, permissions: ['ANALYST'] })
      .execute();
    const readByAnalyst = await test.client.get(
      `/v3/ads/advertisers/${advertiserId}/campaigns/`,
      analyst,
    );
    expect(readByAnalyst.status).toBe(200);
    const pauseByAnalyst = await test.client.send('PUT', statusUrl, { status: 'PAUSED' }, analyst);
    expect(pauseByAnalyst.code).toBe(CODES.BUSINESS_PERMISSION_DENIED.code);

    const paused = await test.client.send<CampaignDetail>(
      'PUT',
      statusUrl,
      { status: 'PAUSED' },
      owner,
    );
    expect(paused.data.status).toBe('PAUSED');
    const resumed = await test.client.send<CampaignDetail>(
      'PUT',
      statusUrl,
      { status: 'ACTIVE' },
      owner,
    );
    expect(resumed.data.status).toBe('ACTIVE');
    const history = await handle.db
      .selectFrom('ad_change_history')
      .select('action')
      .where('entity_type', '=', 'CAMPAIGN')
      .where('entity_id', '=', campaignId)
      .orderBy('id')
      .execute();
    expect(history.map((row) => row.action)).toEqual(['quick_promote', 'pause', 'resume']);

    const stranger = await f.user();
    const hidden = await test.client.get(
      `/v3/ads/advertisers/${advertiserId}/campaigns/${campaignId}/`,
      stranger,
    );
    expect(hidden.code).toBe(CODES.ADVERTISER_NOT_FOUND.code);
    const missing = await test.client.get(
      `/v3/ads/advertisers/${advertiserId}/campaigns/999999/`,
      owner,
    );
    expect(missing.code).toBe(CODES.AD_CAMPAIGN_NOT_FOUND.code);
  });
});

describe('operators review queue', () => {
  it('lists pending ads oldest first; an operator approves or rejects once, others cannot', async () => {
    const operator = await f.user({ isAdmin: true });
    const first = await promote(payload(), owner);
    const second = await promote(payload(), owner);
    const queue = await test.client.get<AdReviewItem[]>(
      '/v3/admin/ads/review/?page_size=50',
      operator,
    );
    expect(queue.status).toBe(200);
    const ids = queue.data.map((item) => item.id);
    expect(ids).toContain(first.data.ad_id);
    expect(ids.indexOf(first.data.ad_id)).toBeLessThan(ids.indexOf(second.data.ad_id));
    expect(queue.data.find((item) => item.id === first.data.ad_id)).toMatchObject({
      business_name: 'Promo Co',
      advertiser_id: advertiserId,
      pin: { id: pinId },
    });

    const notOperator = await test.client.get('/v3/admin/ads/review/', owner);
    expect(notOperator.status).toBe(403);
    const selfApproval = await test.client.send(
      'POST',
      `/v3/admin/ads/${first.data.ad_id}/review/`,
      { status: 'APPROVED' },
      owner,
    );
    expect(selfApproval.status).toBe(403);

    const approve = await test.client.send(
      'POST',
      `/v3/admin/ads/${first.data.ad_id}/review/`,
      { status: 'APPROVED' },
      operator,
    );
    expect(approve.data).toEqual({ id: first.data.ad_id, review_status: 'APPROVED' });
    const again = await test.client.send(
      'POST',
      `/v3/admin/ads/${first.data.ad_id}/review/`,
      { status: 'REJECTED', reasons: ['OTHER'] },
      operator,
    );
    expect(again.code).toBe(CODES.AD_REVIEW_ALREADY_DECIDED.code);

    const noReason = await test.client.send(
      'POST',
      `/v3/admin/ads/${second.data.ad_id}/review/`,
      { status: 'REJECTED' },
      operator,
    );
    expect(noReason.code).toBe(CODES.AD_REVIEW_REASON_REQUIRED.code);
    const reject = await test.client.send(
      'POST',
      `/v3/admin/ads/${second.data.ad_id}/review/`,
      { status: 'REJECTED', reasons: ['MISLEADING'] },
      operator,
    );
    expect(reject.status).toBe(200);
    const stored = await handle.db
      .selectFrom('ads')
      .select(['review_status', 'rejection_reasons', 'reviewed_by_id'])
      .where('id', '=', second.data.ad_id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      review_status: 'REJECTED',
      rejection_reasons: ['MISLEADING'],
      reviewed_by_id: operator.id,
    });
    const missing = await test.client.send(
      'POST',
      '/v3/admin/ads/999999/review/',
      { status: 'APPROVED' },
      operator,
    );
    expect(missing.code).toBe(CODES.AD_NOT_FOUND.code);
    const after = await test.client.get<AdReviewItem[]>(
      '/v3/admin/ads/review/?page_size=50',
      operator,
    );
    expect(after.data.map((item) => item.id)).not.toContain(first.data.ad_id);
  });
});
