// The quick-promote steps, earned events and audience exclusions (docs/decisions/181–185): the
// GDPR acceptance an EU/EEA/UK/CH ad account needs before quick promote, the pin selection's
// promotable pins, conversion tags, audiences with their permissions, exclusions applied to the
// home feed and search slots and to paid beacons, and paid/earned saves and earned impressions
// counted once, never charged, in the rollups reporting reads.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { Pin } from '@corkboard/shared/api-types';
import { AD_TERMS_VERSION, type AdTermsStatus } from '@corkboard/shared/business/ad-terms';
import type { BusinessCreated } from '@corkboard/shared/business/api';
import type { AdAudience } from '@corkboard/shared/business/audiences';
import type { ConversionTag, QuickPromoteResult } from '@corkboard/shared/business/campaigns';
import type { PromotablePinItem } from '@corkboard/shared/business/promotable-pins';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { SavedPin } from '@corkboard/shared/saving/api';
import type { SearchAnswer } from '@corkboard/shared/search/api';
import { createFixtures, type Fixtures, type UserFixture } from '../../test/fixtures.ts';
import type { Who } from '../../test/api-client.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { TestClock } from '../../test/test-clock.ts';
import { promoteAd, quickPromote } from '../../test/promoted-ad.ts';

const CODES = ERROR_CODES;
const LINK = 'https://maras.test/tart';

let handle: DbHandle;
let f: Fixtures;
let test: TestApp;
let owner: UserFixture;
let operator: UserFixture;
let analyst: UserFixture;
let audienceManager: UserFixture;
let stranger: UserFixture;
let advertiserId: string;
let profileId: string;
let promotedPinId: string;
let n = 0;

async function business(who: UserFixture, country: string): Promise<BusinessCreated> {
  const created = await test.client.send<BusinessCreated>(
    'POST',
    '/v3/business/create/',
    { business_name: `Biz ${country}`, country, language: 'en', advertising_intent: 'products' },
    who,
  );
  expect(created.status, JSON.stringify(created.data)).toBe(200);
  return created.data;
}

function promote(advertiser: string, pinId: string, who: Who) {
  return quickPromote({
    client: test.client,
    advertiserId: advertiser,
    pinId,
    link: LINK,
    owner: who,
  });
}

async function approvedAd(): Promise<QuickPromoteResult> {
  const ad = await promoteAd({
    client: test.client,
    advertiserId,
    pinId: promotedPinId,
    link: LINK,
    owner,
    approvedBy: operator,
  });
  return ad.result;
}

async function person(options: { verified?: boolean } = {}): Promise<UserFixture> {
  n += 1;
  const user = await f.user({ username: `steps_viewer_${n}` });
  if (options.verified !== false) {
    await sql`UPDATE users SET email_verified = true WHERE id = ${user.id}`.execute(handle.db);
  }
  return user;
}

function hashOf(user: UserFixture): string {
  return createHash('sha256').update(`${user.username.toLowerCase()}@example.test`).digest('hex');
}

async function member(user: UserFixture, permissions: string[]) {
  await handle.db
    .insertInto('business_members')
    .values({ profile_id: profileId, user_id: user.id, permissions })
    .execute();
}

async function homeFeed(who: Who): Promise<Pin[]> {
  const answer = await test.client.get<Pin[]>('/v3/feeds/home/?page_size=25', who);
  expect(answer.status).toBe(200);
  return answer.data;
}

const promotedIn = (pins: Pin[]) => pins.filter((pin) => pin.is_promoted === true);

async function rollup(adId: string) {
  return handle.db
    .selectFrom('ad_daily_rollups')
    .select(['paid_saves', 'earned_saves', 'earned_impressions', 'paid_impressions', 'spend_micro'])
    .where('ad_id', '=', adId)
    .executeTakeFirst();
}

function repin(who: UserFixture, pinId: string, boardId: string, tracking?: string) {
  return test.client.resourceCreate<SavedPin>(
    'RepinResource',
    {
      pin_id: pinId,
      board_id: boardId,
      description: '',
      title: '',
      ...(tracking ? { clientTrackingParams: tracking } : {}),
    },
    who,
  );
}

function audiencesUrl(advertiser = advertiserId) {
  return `/v3/ads/advertisers/${advertiser}/audiences/`;
}

function exclude(adGroupId: string, ids: string[], who: Who) {
  return test.client.send<{ AUDIENCE_EXCLUDE: string[] }>(
    'PUT',
    `/v3/ads/advertisers/${advertiserId}/ad_groups/${adGroupId}/audience_exclusions/`,
    { AUDIENCE_EXCLUDE: ids },
    who,
  );
}

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  test = await buildTestApp(handle.db, { clock: new TestClock(new Date('2026-11-24T06:00:00Z')) });
  owner = await f.user({ username: 'steps_owner' });
  operator = await f.user({ username: 'steps_operator', isAdmin: true });
  analyst = await f.user({ username: 'steps_analyst' });
  audienceManager = await f.user({ username: 'steps_audiences' });
  stranger = await f.user({ username: 'steps_stranger' });
  const created = await business(owner, 'US');
  advertiserId = created.advertiser_id;
  profileId = created.profile.id;
  await member(analyst, ['ANALYST']);
  await member(audienceManager, ['AUDIENCE_MANAGER']);
  const board = await f.board(owner, { name: 'Tarts' });
  promotedPinId = (await f.pin({ board, title: 'Lemon tart', link: LINK })).id;
  const baker = await f.user({ username: 'steps_baker' });
  const bakes = await f.board(baker, { name: 'Bakes' });
  for (let index = 0; index < 30; index += 1) {
    await f.pin({ board: bakes, title: `Sourdough tart ${index}` });
  }
});

afterEach(async () => {
  await sql`UPDATE ad_campaigns SET status = 'PAUSED'`.execute(handle.db);
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('the GDPR step', () => {
  it('an EU ad account promotes only after accepting the current terms', async () => {
    const eu = await f.user({ username: 'steps_eu' });
    const created = await business(eu, 'DE');
    const board = await f.board(eu, { name: 'Kuchen' });
    const pin = await f.pin({ board, title: 'Apfelkuchen', link: 'https://kuchen.test/' });
    const termsUrl = `/v3/ads/advertisers/${created.advertiser_id}/terms/`;

    const before = await test.client.get<AdTermsStatus>(termsUrl, eu);
    expect(before.data).toEqual({
      required: true,
      accepted: false,
      version: AD_TERMS_VERSION,
      accepted_at: null,
    });
    const refused = await promote(created.advertiser_id, pin.id, eu);
    expect(refused.status).toBe(403);
    expect(refused.code).toBe(CODES.AD_TERMS_NOT_ACCEPTED.code);
    expect(
      await handle.db
        .selectFrom('ad_campaigns')
        .select('id')
        .where('ad_account_id', '=', created.advertiser_id)
        .execute(),
    ).toEqual([]);

    const old = await test.client.send('POST', termsUrl, { version: '2001-01', accept: true }, eu);
    expect(old.code).toBe(CODES.AD_TERMS_VERSION_STALE.code);
    const unticked = await test.client.send(
      'POST',
      termsUrl,
      { version: AD_TERMS_VERSION, accept: false },
      eu,
    );
    expect(unticked.status).toBe(400);
    expect(unticked.code).toBe(CODES.VALIDATION_FAILED.code);
    const someoneElse = await test.client.send(
      'POST',
      termsUrl,
      { version: AD_TERMS_VERSION, accept: true },
      stranger,
    );
    expect(someoneElse.code).toBe(CODES.ADVERTISER_NOT_FOUND.code);

    const accepted = await test.client.send<AdTermsStatus>(
      'POST',
      termsUrl,
      { version: AD_TERMS_VERSION, accept: true },
      eu,
    );
    expect(accepted.status).toBe(200);
    expect(accepted.data).toMatchObject({ required: true, accepted: true });
    expect(accepted.data.accepted_at).not.toBeNull();
    const row = await handle.db
      .selectFrom('ad_terms_acceptances')
      .selectAll()
      .where('ad_account_id', '=', created.advertiser_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ terms_version: AD_TERMS_VERSION, accepted_by_id: eu.id });

    const promoted = await promote(created.advertiser_id, pin.id, eu);
    expect(promoted.status, JSON.stringify(promoted.data)).toBe(200);
  });

  it('a US ad account needs no terms; an analyst may not accept them', async () => {
    const termsUrl = `/v3/ads/advertisers/${advertiserId}/terms/`;
    const status = await test.client.get<AdTermsStatus>(termsUrl, owner);
    expect(status.data).toMatchObject({ required: false, accepted: true });
    const notNeeded = await test.client.send(
      'POST',
      termsUrl,
      { version: AD_TERMS_VERSION, accept: true },
      owner,
    );
    expect(notNeeded.code).toBe(CODES.AD_TERMS_NOT_REQUIRED.code);
    const byAnalyst = await test.client.get(termsUrl, analyst);
    expect(byAnalyst.code).toBe(CODES.BUSINESS_PERMISSION_DENIED.code);
  });
});

describe('the pin selection step', () => {
  it('offers only promotable pins, newest first, a page at a time', async () => {
    const seller = await f.user({ username: 'steps_seller' });
    const created = await business(seller, 'US');
    const open = await f.board(seller, { name: 'Shop' });
    const secret = await f.board(seller, { name: 'Hidden', privacy: 'secret' });
    const first = await f.pin({ board: open, title: 'Mug', link: 'https://shop.example/mug' });
    await f.pin({ board: secret, title: 'Secret', link: 'https://shop.example/secret' });
    await f.pin({ board: open, title: 'No link' });
    await f.pin({ board: open, title: 'Ours', link: 'http://corkboard.test/pin/1/' });
    const second = await f.pin({ board: open, title: 'Bowl', link: 'https://shop.example/bowl' });
    // Someone else's pin is never offered.
    const otherBoard = await f.board(stranger, { name: 'Elsewhere' });
    await f.pin({ board: otherBoard, title: 'Theirs', link: 'https://other.example/' });

    const url = `/v3/ads/advertisers/${created.advertiser_id}/promotable_pins/`;
    const page1 = await test.client.get<PromotablePinItem[]>(`${url}?page_size=1`, seller);
    expect(page1.status).toBe(200);
    expect(page1.data.map((pin) => pin.id)).toEqual([second.id]);
    expect(page1.data[0]).toMatchObject({ link: 'https://shop.example/bowl', board_name: 'Shop' });
    expect(page1.bookmark).toBeTruthy();
    const page2 = await test.client.get<PromotablePinItem[]>(
      `${url}?page_size=1&bookmark=${page1.bookmark ?? ''}`,
      seller,
    );
    expect(page2.data.map((pin) => pin.id)).toEqual([first.id]);
    expect(page2.bookmark).toBeUndefined();

    expect((await test.client.get(url, stranger)).code).toBe(CODES.ADVERTISER_NOT_FOUND.code);
    const bad = await test.client.get(`${url}?bookmark=!!`, seller);
    expect(bad.status).toBe(400);
    expect((await test.client.get(url, null)).status).toBe(401);
  });
});

describe('the tag modal', () => {
  it('creates and lists conversion tags for campaign managers only', async () => {
    const url = `/v3/ads/advertisers/${advertiserId}/conversion_tags/`;
    const created = await test.client.send<ConversionTag>('POST', url, { name: 'Checkout' }, owner);
    expect(created.status).toBe(200);
    expect(created.data.name).toBe('Checkout');
    const list = await test.client.get<ConversionTag[]>(url, owner);
    expect(list.data.map((tag) => tag.id)).toContain(created.data.id);
    const blank = await test.client.send('POST', url, { name: '  ' }, owner);
    expect(blank.status).toBe(400);
    const byAnalyst = await test.client.send('POST', url, { name: 'Nope' }, analyst);
    expect(byAnalyst.code).toBe(CODES.BUSINESS_PERMISSION_DENIED.code);
  });
});

describe('audiences and exclusions', () => {
  it('permissions: audience managers manage audiences, not ad groups; analysts neither', async () => {
    const list = await test.client.send<AdAudience>(
      'POST',
      audiencesUrl(),
      { audience_type: 'CUSTOMER_LIST', name: 'VIPs', email_sha256: ['a'.repeat(64)] },
      audienceManager,
    );
    expect(list.status).toBe(200);
    expect(list.data).toMatchObject({ audience_type: 'CUSTOMER_LIST', size: 1 });
    const byAnalyst = await test.client.send(
      'POST',
      audiencesUrl(),
      { audience_type: 'ENGAGEMENT', name: 'Savers' },
      analyst,
    );
    expect(byAnalyst.code).toBe(CODES.BUSINESS_PERMISSION_DENIED.code);
    expect((await test.client.get(audiencesUrl(), analyst)).code).toBe(
      CODES.BUSINESS_PERMISSION_DENIED.code,
    );
    expect((await test.client.get(audiencesUrl(), stranger)).code).toBe(
      CODES.ADVERTISER_NOT_FOUND.code,
    );
    const ad = await approvedAd();
    const byAudienceManager = await exclude(ad.ad_group_id, [list.data.id], audienceManager);
    expect(byAudienceManager.code).toBe(CODES.BUSINESS_PERMISSION_DENIED.code);
  });

  it('bad input is a 400; unknown or foreign audiences are not found', async () => {
    const notHex = await test.client.send(
      'POST',
      audiencesUrl(),
      { audience_type: 'CUSTOMER_LIST', name: 'Bad', email_sha256: ['someone@example.test'] },
      owner,
    );
    expect(notHex.status).toBe(400);
    const empty = await test.client.send(
      'POST',
      audiencesUrl(),
      { audience_type: 'CUSTOMER_LIST', name: 'Empty', email_sha256: [] },
      owner,
    );
    expect(empty.status).toBe(400);
    const kind = await test.client.send(
      'POST',
      audiencesUrl(),
      { audience_type: 'LOOKALIKE', name: 'X' },
      owner,
    );
    expect(kind.status).toBe(400);

    const other = await f.user({ username: 'steps_other_biz' });
    const otherBiz = await business(other, 'US');
    const foreign = await test.client.send<AdAudience>(
      'POST',
      audiencesUrl(otherBiz.advertiser_id),
      { audience_type: 'ENGAGEMENT', name: 'Theirs' },
      other,
    );
    const ad = await approvedAd();
    expect((await exclude(ad.ad_group_id, [foreign.data.id], owner)).code).toBe(
      CODES.AD_AUDIENCE_NOT_FOUND.code,
    );
    expect((await exclude(ad.ad_group_id, ['abc'], owner)).status).toBe(400);
    expect((await exclude('999999', [], owner)).code).toBe(CODES.AD_GROUP_NOT_FOUND.code);
  });

  it('an excluded viewer is never served, in the home feed or search, nor counted', async () => {
    const excluded = await person();
    const unverified = await person({ verified: false });
    const included = await person();
    const list = await test.client.send<AdAudience>(
      'POST',
      audiencesUrl(),
      {
        audience_type: 'CUSTOMER_LIST',
        name: 'Customers',
        // Upper-case hex is the same hash; the unverified address never matches.
        email_sha256: [hashOf(excluded).toUpperCase(), hashOf(unverified), hashOf(excluded)],
      },
      owner,
    );
    expect(list.data.size).toBe(2);
    const ad = await approvedAd();
    expect(promotedIn(await homeFeed(excluded))).toHaveLength(1);

    const set = await exclude(ad.ad_group_id, [list.data.id], owner);
    expect(set.status).toBe(200);
    expect(set.data.AUDIENCE_EXCLUDE).toEqual([list.data.id]);

    expect(promotedIn(await homeFeed(excluded))).toEqual([]);
    const search = await test.client.get<SearchAnswer>('/v3/search/pins/?q=tart', excluded);
    expect(search.status).toBe(200);
    expect(JSON.stringify(search.data)).not.toContain('"is_promoted":true');
    const beacon = await test.client.send(
      'POST',
      '/v3/ads/events/',
      { tracking_params: ad.ad_id, event: 'IMPRESSION' },
      excluded,
    );
    expect(beacon.code).toBe(CODES.AD_NOT_DELIVERABLE.code);

    expect(promotedIn(await homeFeed(unverified))).toHaveLength(1);
    expect(promotedIn(await homeFeed(included))).toHaveLength(1);
    const searchIncluded = await test.client.get<SearchAnswer>('/v3/search/pins/?q=tart', included);
    expect(JSON.stringify(searchIncluded.data)).toContain('"is_promoted":true');

    const inUse = await test.client.send(
      'DELETE',
      `${audiencesUrl()}${list.data.id}/`,
      undefined,
      owner,
    );
    expect(inUse.code).toBe(CODES.AUDIENCE_IN_USE.code);
    expect((await exclude(ad.ad_group_id, [], owner)).status).toBe(200);
    const deleted = await test.client.send(
      'DELETE',
      `${audiencesUrl()}${list.data.id}/`,
      undefined,
      owner,
    );
    expect(deleted.status).toBe(200);
    expect(promotedIn(await homeFeed(excluded))).toHaveLength(1);
  });

  it('an engagement audience excludes people who saved the business’s pins', async () => {
    const saver = await person();
    const board = await f.board(saver, { name: 'Saved tarts' });
    const engaged = await test.client.send<AdAudience>(
      'POST',
      audiencesUrl(),
      { audience_type: 'ENGAGEMENT', name: 'Savers' },
      owner,
    );
    const ad = await approvedAd();
    expect((await exclude(ad.ad_group_id, [engaged.data.id], owner)).status).toBe(200);
    expect(promotedIn(await homeFeed(saver))).toHaveLength(1);
    const saved = await repin(saver, promotedPinId, board.id);
    expect(saved.status).toBe(200);
    expect(promotedIn(await homeFeed(saver))).toEqual([]);
    const listed = await test.client.get<AdAudience[]>(audiencesUrl(), owner);
    expect(listed.data.find((a) => a.id === engaged.data.id)?.size).toBeGreaterThanOrEqual(1);
  });
});

describe('earned engagement', () => {
  it('saves: paid from the paid slot, earned otherwise; once per viewer; never charged', async () => {
    const ad = await approvedAd();
    const fromSlot = await person();
    const organic = await person();
    const slotBoard = await f.board(fromSlot, { name: 'From the ad' });
    const organicBoard = await f.board(organic, { name: 'Found it' });

    const served = promotedIn(await homeFeed(fromSlot));
    expect(served[0]?.tracking_params).toBe(ad.ad_id);
    expect((await repin(fromSlot, promotedPinId, slotBoard.id, ad.ad_id)).status).toBe(200);
    expect((await repin(organic, promotedPinId, organicBoard.id)).status).toBe(200);
    expect((await repin(organic, promotedPinId, organicBoard.id)).status).toBe(200);

    expect(await rollup(ad.ad_id)).toMatchObject({
      paid_saves: 1,
      earned_saves: 1,
      spend_micro: '0',
    });
    const spent = await handle.db
      .selectFrom('ad_groups')
      .select('spent_micro')
      .where('id', '=', ad.ad_group_id)
      .executeTakeFirstOrThrow();
    expect(spent.spent_micro).toBe('0');
  });

  it('a save of the promoted pin seen organically counts earned impressions once', async () => {
    const ad = await approvedAd();
    const saver = await person();
    const board = await f.board(saver, { name: 'Tart ideas' });
    const saved = await repin(saver, promotedPinId, board.id);
    const repinId = saved.data.id;
    const earnedRow = await handle.db
      .selectFrom('ad_earned_pins')
      .selectAll()
      .where('pin_id', '=', repinId)
      .executeTakeFirstOrThrow();
    expect(earnedRow.ad_id).toBe(ad.ad_id);

    const onlooker = await person();
    const feed = await homeFeed(onlooker);
    const organicRepin = feed.find((pin) => pin.id === repinId);
    expect(organicRepin?.earned_tracking_params).toBe(ad.ad_id);
    expect(organicRepin?.is_promoted).toBeUndefined();
    // The paid slot itself carries no earned marker.
    expect(promotedIn(feed)[0]?.earned_tracking_params).toBeUndefined();

    const send = (pinId: string, who: Who = onlooker) =>
      test.client.send<{ counted: boolean }>(
        'POST',
        '/v3/ads/events/earned/',
        { tracking_params: ad.ad_id, pin_id: pinId },
        who,
      );
    expect((await send(repinId)).data).toEqual({ counted: true });
    expect((await send(repinId)).data).toEqual({ counted: false });
    const before = await rollup(ad.ad_id);
    expect(before).toMatchObject({ earned_impressions: 1, spend_micro: '0' });

    const unrelated = feed.find((pin) => pin.id !== repinId && pin.is_promoted !== true);
    expect((await send(unrelated?.id ?? '1')).code).toBe(CODES.AD_EVENT_PIN_MISMATCH.code);
    expect((await send(repinId, owner)).code).toBe(CODES.AD_NOT_DELIVERABLE.code);
    expect((await send(repinId, null)).status).toBe(401);
    const bad = await test.client.send(
      'POST',
      '/v3/ads/events/earned/',
      { tracking_params: 'x', pin_id: repinId },
      onlooker,
    );
    expect(bad.status).toBe(400);

    const report = await test.client.get<{ earned_impressions: number; saves: number }[]>(
      `/v3/ads/advertisers/${advertiserId}/reporting/ads/?start_date=2026-11-24&end_date=2026-11-24`,
      owner,
    );
    expect(report.status, JSON.stringify(report.data)).toBe(200);
    const row = (
      report.data as unknown as {
        id?: string;
        ad_id?: string;
        earned_impressions: number;
        saves: number;
      }[]
    ).find((entry) => (entry.id ?? entry.ad_id) === ad.ad_id);
    expect(row).toMatchObject({ earned_impressions: 1, saves: 1 });
  });
});
