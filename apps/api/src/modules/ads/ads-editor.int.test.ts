// The console's campaign editor (business.md §2.1 Ads; issue 11; docs/decisions/176–178, 192):
// create → ad groups → ads in one transaction with history, 1 to CAMPAIGN_MAX_AD_GROUPS groups
// with per-group errors that leave nothing, an edit that adds, changes, pauses and archives
// groups, a second group served and reported, the validation codes with their
// fields, edit (edited ads back to PENDING, objective locked, ads left out archived), drafts
// (kept, resumed, published once), duplicate (a draft), the creative picker, and every
// permission × endpoint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { Pin } from '@corkboard/shared/api-types';
import {
  CAMPAIGN_MAX_AD_GROUPS,
  type AdDraftItem,
  type CampaignSaved,
  type EditableCampaign,
  type EditorAdGroupBody,
  type EditorCampaignCreateBody,
  type PromotablePin,
} from '@corkboard/shared/business/ads-editor';
import type { BusinessCreated } from '@corkboard/shared/business/api';
import type { HistoryEntry } from '@corkboard/shared/business/campaigns';
import type { ReportRow } from '@corkboard/shared/business/reporting';
import type { BusinessPermission } from '@corkboard/shared/business/permissions';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { createFixtures, type Fixtures, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { AD_DRAFTS_MAX } from './ads-editor.service.ts';

const CODES = ERROR_CODES;

let handle: DbHandle;
let f: Fixtures;
let test: TestApp;
let owner: UserFixture;
let stranger: UserFixture;
let advertiserId: string;
let profileId: string;
let pinA: string;
let pinB: string;
let secretPin: string;
let ownerPin: string;
let strangerPin: string;
let members: Map<BusinessPermission, UserFixture>;

function url(path: string): string {
  return `/v3/ads/advertisers/${advertiserId}${path}`;
}

function day(offset: number): string {
  return new Date(test.clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
}

/** What a test may set on an ad group: an edit's ids and ARCHIVED too. */
type GroupOverrides = Partial<Omit<EditorAdGroupBody, 'ads' | 'status'>> & {
  id?: string;
  status?: 'ACTIVE' | 'PAUSED' | 'ARCHIVED';
  ads?: (EditorAdGroupBody['ads'][number] & { id?: string })[];
};

function group(overrides: GroupOverrides = {}): EditorAdGroupBody {
  return {
    name: 'US bakers',
    budget_type: 'DAILY',
    budget_in_micro_currency: 5_000_000,
    pacing_delivery_type: 'STANDARD',
    start_date: day(0),
    end_date: day(10),
    targeting_spec: {
      LOCATION: ['US', 'CA'],
      AGE_BUCKET: ['25-34'],
      GENDER: ['female'],
      INTEREST: ['900'],
      KEYWORD: ['Lemon Tart'],
    },
    ads: [{ pin_id: pinA, destination_url: 'https://maras.test/tart' }],
    ...overrides,
  } as EditorAdGroupBody;
}

function body(overrides: Partial<EditorCampaignCreateBody> = {}): EditorCampaignCreateBody {
  return {
    name: 'Spring tarts',
    objective_type: 'CONSIDERATION',
    ad_groups: [group()],
    ...overrides,
  };
}

/** A body with one ad group whose ads are `ads`. */
function withAds(ads: EditorAdGroupBody['ads'], overrides: Partial<EditorCampaignCreateBody> = {}) {
  return body({ ad_groups: [group({ ads })], ...overrides });
}

async function history(who: UserFixture = owner): Promise<HistoryEntry[]> {
  return (await test.client.get<HistoryEntry[]>(url('/history/?page_size=50'), who)).data;
}

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  test = await buildTestApp(handle.db);
  const advertiser = await f.advertiser(test.client, {
    prefix: 'editor',
    businessName: 'Editor Co',
  });
  ({ owner, stranger, advertiserId, profileId, members } = advertiser);
  // The business's own pins (on its profile's board), and one of the owner's personal pins.
  const board = await f.board({ id: profileId, username: 'editor_co' }, { name: 'Tarts' });
  pinA = (await f.pin({ board, title: 'Lemon tart', link: 'https://maras.test/tart' })).id;
  pinB = (await f.pin({ board, title: 'Plum tart', link: 'https://maras.test/plum' })).id;
  const personal = await f.board(owner, { name: 'Mine' });
  ownerPin = (await f.pin({ board: personal, title: 'Mine', link: 'https://maras.test/m' })).id;
  const secret = await f.board(owner, { name: 'Hidden', privacy: 'secret' });
  secretPin = (await f.pin({ board: secret, title: 'Secret', link: 'https://maras.test/s' })).id;
  const strangerBoard = await f.board(stranger, { name: 'Theirs' });
  strangerPin = (
    await f.pin({ board: strangerBoard, title: 'Theirs', link: 'https://other.test/' })
  ).id;
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('create', () => {
  it('creates campaign, ad group and ads in one go, PENDING, with a history row for each', async () => {
    const created = await test.client.send<CampaignSaved>(
      'POST',
      url('/campaigns/'),
      withAds([
        { pin_id: pinA, destination_url: 'https://maras.test/tart' },
        { pin_id: pinB, name: 'Plum', destination_url: 'https://maras.test/plum' },
      ]),
      owner,
    );
    expect(created.status, JSON.stringify(created.data)).toBe(200);
    const createdAds = created.data.ad_groups.flatMap((saved) => saved.ads);
    expect(createdAds.map((ad) => ad.review_status)).toEqual(['PENDING', 'PENDING']);

    const editable = await test.client.get<EditableCampaign>(
      url(`/campaigns/${created.data.campaign_id}/editor/`),
      owner,
    );
    expect(editable.data).toMatchObject({
      name: 'Spring tarts',
      objective_type: 'CONSIDERATION',
      ads_client_type: 'console',
    });
    expect(editable.data.ad_groups).toHaveLength(1);
    expect(editable.data.ad_groups[0]).toMatchObject({
      budget_type: 'DAILY',
      budget_in_micro_currency: 5_000_000,
      billable_event: 'CLICKTHROUGH',
      pacing_delivery_type: 'STANDARD',
      start_date: day(0),
      end_date: day(10),
      targeting_spec: {
        LOCATION: ['US', 'CA'],
        KEYWORD: ['lemon tart'],
        AUDIENCE_EXCLUDE: [],
      },
    });
    // A name left out is the pin's title.
    expect(editable.data.ad_groups[0]?.ads.map((ad) => ad.name)).toEqual(['Lemon tart', 'Plum']);

    const queue = await test.client.get<{ id: string }[]>(
      '/v3/admin/ads/review/?page_size=50',
      await f.user({ username: 'editor_operator', isAdmin: true }),
    );
    expect(queue.data.map((item) => item.id)).toEqual(
      expect.arrayContaining(createdAds.map((ad) => ad.id)),
    );

    const rows = await history();
    const mine = rows.filter(
      (row) =>
        row.entity_id === created.data.campaign_id ||
        row.entity_id === created.data.ad_groups[0]?.id ||
        createdAds.some((ad) => ad.id === row.entity_id),
    );
    expect(mine.map((row) => [row.entity_type, row.action]).sort()).toEqual(
      [
        ['AD', 'create'],
        ['AD', 'create'],
        ['AD_GROUP', 'create'],
        ['CAMPAIGN', 'create'],
      ].sort(),
    );
    expect(mine.every((row) => row.actor?.id === owner.id)).toBe(true);
  });

  it('an EU ad account publishes only after accepting the advertising terms (ADR 181)', async () => {
    const eu = await f.user({ username: 'editor_eu' });
    const created = await test.client.send<BusinessCreated>(
      'POST',
      '/v3/business/create/',
      { business_name: 'Kuchen Co', country: 'DE', language: 'en', advertising_intent: 'products' },
      eu,
    );
    const euAdvertiser = created.data.advertiser_id;
    const board = await f.board(eu, { name: 'Kuchen' });
    const pin = (await f.pin({ board, title: 'Apfelkuchen', link: 'https://kuchen.test/' })).id;
    const campaign = withAds([{ pin_id: pin, destination_url: 'https://kuchen.test/' }]);
    const campaignsUrl = `/v3/ads/advertisers/${euAdvertiser}/campaigns/`;

    const refused = await test.client.send('POST', campaignsUrl, campaign, eu);
    expect(refused.status).toBe(403);
    expect(refused.code).toBe(CODES.AD_TERMS_NOT_ACCEPTED.code);
    const none = await handle.db
      .selectFrom('ad_campaigns')
      .select('id')
      .where('ad_account_id', '=', euAdvertiser)
      .execute();
    expect(none).toEqual([]);

    const terms = `/v3/ads/advertisers/${euAdvertiser}/terms/`;
    const status = await test.client.get<{ version: string }>(terms, eu);
    await test.client.send('POST', terms, { version: status.data.version, accept: true }, eu);
    const published = await test.client.send<CampaignSaved>('POST', campaignsUrl, campaign, eu);
    expect(published.status).toBe(200);
  });

  it('answers each bad field with its code and names the field', async () => {
    const cases: [EditorCampaignCreateBody, keyof typeof CODES, string][] = [
      [body({ name: '  ' }), 'AD_CAMPAIGN_NAME_REQUIRED', 'name'],
      [
        body({ ad_groups: [group({ budget_in_micro_currency: 0 })] }),
        'AD_BUDGET_INVALID',
        'ad_groups.0.budget_in_micro_currency',
      ],
      [
        body({ ad_groups: [group({ budget_type: 'LIFETIME', end_date: null })] }),
        'AD_BUDGET_INVALID',
        'ad_groups.0.end_date',
      ],
      [
        body({ ad_groups: [group({ bid_in_micro_currency: 9_000_000 })] }),
        'AD_BID_INVALID',
        'ad_groups.0.bid_in_micro_currency',
      ],
      [
        body({ ad_groups: [group({ start_date: day(-2) })] }),
        'AD_START_DATE_INVALID',
        'ad_groups.0.start_date',
      ],
      [
        body({ ad_groups: [group({ end_date: day(400) })] }),
        'AD_END_DATE_INVALID',
        'ad_groups.0.end_date',
      ],
      [
        body({
          ad_groups: [group({ targeting_spec: { ...group().targeting_spec, LOCATION: [] } })],
        }),
        'AD_TARGETING_INVALID',
        'ad_groups.0.targeting_spec.LOCATION',
      ],
      [
        body({
          ad_groups: [group({ targeting_spec: { ...group().targeting_spec, INTEREST: ['1'] } })],
        }),
        'AD_TARGETING_INVALID',
        'ad_groups.0.targeting_spec.INTEREST',
      ],
      [
        body({
          ad_groups: [
            group({ targeting_spec: { ...group().targeting_spec, AUDIENCE_EXCLUDE: ['424242'] } }),
          ],
        }),
        'AD_AUDIENCE_NOT_FOUND',
        'ad_groups.0.targeting_spec.AUDIENCE_EXCLUDE',
      ],
      [
        withAds([{ pin_id: pinA, destination_url: 'ftp://maras.test/' }]),
        'AD_DESTINATION_URL_INVALID',
        'ad_groups.0.ads.0.destination_url',
      ],
      [
        withAds([{ pin_id: pinA, destination_url: 'http://localhost/x' }]),
        'AD_DESTINATION_URL_INTERNAL',
        'ad_groups.0.ads.0.destination_url',
      ],
      [
        withAds([{ pin_id: secretPin, destination_url: 'https://maras.test/' }]),
        'AD_PIN_NOT_PROMOTABLE',
        'ad_groups.0.ads.0.pin_id',
      ],
      [
        withAds([
          { pin_id: pinA, destination_url: 'https://maras.test/' },
          { pin_id: strangerPin, destination_url: 'https://maras.test/' },
        ]),
        'AD_PIN_NOT_PROMOTABLE',
        'ad_groups.0.ads.1.pin_id',
      ],
      [
        body({ objective_type: 'WEB_CONVERSION' }),
        'AD_CONVERSION_TAG_REQUIRED',
        'ad_groups.0.conversion_tag_id',
      ],
      [
        body({
          objective_type: 'WEB_CONVERSION',
          ad_groups: [group({ conversion_tag_id: '999999', conversion_event: 'CHECKOUT' })],
        }),
        'AD_CONVERSION_TAG_NOT_FOUND',
        'ad_groups.0.conversion_tag_id',
      ],
    ];
    const before = (await history()).length;
    for (const [input, code, field] of cases) {
      const answer = await test.client.send('POST', url('/campaigns/'), input, owner);
      expect(answer.code, `${code} ${field}`).toBe(CODES[code].code);
      expect(answer.status, `${code} ${field}`).toBe(CODES[code].httpStatus);
      expect(answer.errorData['field'], code).toBe(field);
    }
    // Nothing refused left a campaign or a history row.
    expect((await history()).length).toBe(before);
  });

  it('a web-conversion campaign stores its tag and event; awareness pays per impression', async () => {
    const tag = await handle.db
      .insertInto('ad_conversion_tags')
      .values({ ad_account_id: advertiserId, name: 'Checkout tag' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const conversion = await test.client.send<CampaignSaved>(
      'POST',
      url('/campaigns/'),
      body({
        objective_type: 'WEB_CONVERSION',
        ad_groups: [group({ conversion_tag_id: tag.id, conversion_event: 'CHECKOUT' })],
      }),
      owner,
    );
    expect(conversion.status).toBe(200);
    const read = await test.client.get<EditableCampaign>(
      url(`/campaigns/${conversion.data.campaign_id}/editor/`),
      owner,
    );
    expect(read.data.ad_groups[0]).toMatchObject({
      conversion_tag_id: tag.id,
      conversion_event: 'CHECKOUT',
      billable_event: 'IMPRESSION',
    });
    const awareness = await test.client.send<CampaignSaved>(
      'POST',
      url('/campaigns/'),
      body({
        objective_type: 'AWARENESS',
        ad_groups: [
          group({
            budget_type: 'LIFETIME',
            budget_in_micro_currency: 100_000_000,
            pacing_delivery_type: 'ACCELERATED',
          }),
        ],
      }),
      owner,
    );
    const stored = await handle.db
      .selectFrom('ad_groups')
      .select(['billable_event', 'budget_type', 'pacing_delivery_type', 'end_time'])
      .where('id', '=', awareness.data.ad_groups[0]?.id ?? '0')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      billable_event: 'IMPRESSION',
      budget_type: 'LIFETIME',
      pacing_delivery_type: 'ACCELERATED',
    });
    // The end date is inclusive: the group ends at the start of the next UTC day.
    expect(stored.end_time?.toISOString()).toBe(`${day(11)}T00:00:00.000Z`);
  });
});

describe('edit', () => {
  it('edited ads go back to PENDING, untouched ones keep their review, left-out ones are archived', async () => {
    const created = await test.client.send<CampaignSaved>(
      'POST',
      url('/campaigns/'),
      withAds([
        { pin_id: pinA, destination_url: 'https://maras.test/a' },
        { pin_id: pinB, destination_url: 'https://maras.test/b' },
      ]),
      owner,
    );
    const groupId = created.data.ad_groups[0]?.id;
    const [first, second] = created.data.ad_groups[0]?.ads ?? [];
    if (!groupId || !first || !second) throw new Error('two ads expected');
    await handle.db
      .updateTable('ads')
      .set({ review_status: 'APPROVED' })
      .where('campaign_id', '=', created.data.campaign_id)
      .execute();
    const edit = await test.client.send<CampaignSaved>(
      'PUT',
      url(`/campaigns/${created.data.campaign_id}/`),
      {
        ...body({ name: 'Spring tarts, edited' }),
        status: 'PAUSED',
        ad_groups: [
          group({
            id: groupId,
            budget_in_micro_currency: 7_000_000,
            ads: [
              { id: first.id, pin_id: pinA, destination_url: 'https://maras.test/a-new' },
              { pin_id: pinB, destination_url: 'https://maras.test/c' },
            ],
          }),
        ],
      },
      members.get('CAMPAIGN_MANAGER') ?? null,
    );
    expect(edit.status, JSON.stringify(edit.data)).toBe(200);
    const read = await test.client.get<EditableCampaign>(
      url(`/campaigns/${created.data.campaign_id}/editor/`),
      owner,
    );
    expect(read.data.name).toBe('Spring tarts, edited');
    expect(read.data.status).toBe('PAUSED');
    const readGroup = read.data.ad_groups[0];
    expect(read.data.ad_groups).toHaveLength(1);
    expect(readGroup?.id).toBe(groupId);
    expect(readGroup?.budget_in_micro_currency).toBe(7_000_000);
    expect(readGroup?.ads.map((ad) => [ad.destination_url, ad.review_status])).toEqual([
      ['https://maras.test/a-new', 'PENDING'],
      ['https://maras.test/c', 'PENDING'],
    ]);
    const archived = await handle.db
      .selectFrom('ads')
      .select('status')
      .where('id', '=', second.id)
      .executeTakeFirstOrThrow();
    expect(archived.status).toBe('ARCHIVED');

    const rows = await history();
    const actions = rows
      .filter((row) => row.created_at >= rows[0]!.created_at.slice(0, 10))
      .slice(0, 5)
      .map((row) => [row.entity_type, row.action]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['CAMPAIGN', 'update'],
        ['AD_GROUP', 'update'],
        ['AD', 'update'],
        ['AD', 'create'],
        ['AD', 'archive'],
      ]),
    );
    const adUpdate = rows.find(
      (row) => row.entity_type === 'AD' && row.entity_id === first.id && row.action === 'update',
    );
    expect(adUpdate?.changes).toMatchObject({
      destination_url: { from: 'https://maras.test/a', to: 'https://maras.test/a-new' },
      review_status: { from: 'APPROVED', to: 'PENDING' },
    });

    // A status-only change keeps the ad's review.
    await handle.db
      .updateTable('ads')
      .set({ review_status: 'APPROVED' })
      .where('id', '=', first.id)
      .execute();
    const current = read.data;
    await test.client.send(
      'PUT',
      url(`/campaigns/${created.data.campaign_id}/`),
      {
        name: current.name,
        objective_type: current.objective_type,
        status: 'ACTIVE',
        ad_groups: [
          group({
            id: groupId,
            budget_in_micro_currency: 7_000_000,
            ads: (readGroup?.ads ?? []).map((ad) => ({
              id: ad.id,
              pin_id: ad.pin_id,
              name: ad.name,
              destination_url: ad.destination_url,
              status: 'PAUSED',
            })),
          }),
        ],
      },
      owner,
    );
    const after = await handle.db
      .selectFrom('ads')
      .select(['status', 'review_status'])
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ status: 'PAUSED', review_status: 'APPROVED' });
  });

  it('refuses another objective, a foreign ad id, an archived campaign and an unknown campaign', async () => {
    const created = await test.client.send<CampaignSaved>(
      'POST',
      url('/campaigns/'),
      body(),
      owner,
    );
    const campaign = `/campaigns/${created.data.campaign_id}/`;
    const groupId = created.data.ad_groups[0]?.id;
    const update = { ...body({ ad_groups: [group({ id: groupId })] }), status: 'ACTIVE' as const };
    const locked = await test.client.send(
      'PUT',
      url(campaign),
      { ...update, objective_type: 'AWARENESS' },
      owner,
    );
    expect(locked.code).toBe(CODES.AD_OBJECTIVE_LOCKED.code);
    const foreign = await test.client.send(
      'PUT',
      url(campaign),
      {
        ...update,
        ad_groups: [
          group({
            id: groupId,
            ads: [{ id: '999999', pin_id: pinA, destination_url: 'https://maras.test/' }],
          }),
        ],
      },
      owner,
    );
    expect(foreign.code).toBe(CODES.AD_NOT_FOUND.code);
    expect(foreign.errorData['field']).toBe('ad_groups.0.ads.0.id');
    expect(foreign.errorData['ad_group_index']).toBe(0);
    const foreignGroup = await test.client.send(
      'PUT',
      url(campaign),
      { ...update, ad_groups: [group({ id: '999999' })] },
      owner,
    );
    expect(foreignGroup.code).toBe(CODES.AD_GROUP_NOT_FOUND.code);
    expect(foreignGroup.errorData['field']).toBe('ad_groups.0.id');
    const missing = await test.client.send('PUT', url('/campaigns/999999/'), update, owner);
    expect(missing.code).toBe(CODES.AD_CAMPAIGN_NOT_FOUND.code);
    const archive = await test.client.send(
      'PUT',
      url(campaign),
      { ...update, status: 'ARCHIVED' },
      owner,
    );
    expect(archive.status).toBe(200);
    const again = await test.client.send('PUT', url(campaign), update, owner);
    expect(again.code).toBe(CODES.AD_CAMPAIGN_ARCHIVED.code);
  });
});

describe('ad groups (ADR 192)', () => {
  /** How many rows the ad account has, to prove a refused write left none. */
  async function counts() {
    const count = async (
      table: 'ad_campaigns' | 'ad_groups' | 'ads' | 'ad_change_history' | 'ad_drafts',
    ) =>
      Number(
        (
          await handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('ad_account_id', '=', advertiserId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      campaigns: await count('ad_campaigns'),
      groups: await count('ad_groups'),
      ads: await count('ads'),
      history: await count('ad_change_history'),
      drafts: await count('ad_drafts'),
    };
  }

  it('creates a campaign with three ad groups, each with its own budget, schedule, targeting and ads', async () => {
    const created = await test.client.send<CampaignSaved>(
      'POST',
      url('/campaigns/'),
      body({
        name: 'Three groups',
        ad_groups: [
          group(),
          group({
            name: 'Canada',
            status: 'PAUSED',
            budget_type: 'LIFETIME',
            budget_in_micro_currency: 90_000_000,
            bid_in_micro_currency: 700_000,
            pacing_delivery_type: 'ACCELERATED',
            start_date: day(2),
            end_date: day(20),
            targeting_spec: { LOCATION: ['CA'], KEYWORD: ['Plum'] },
            ads: [
              { pin_id: pinB, destination_url: 'https://maras.test/plum' },
              { pin_id: pinA, name: 'Lemon, again', destination_url: 'https://maras.test/l' },
            ],
          }),
          group({ name: 'Searchers', end_date: null, targeting_spec: { LOCATION: ['GB'] } }),
        ],
      }),
      owner,
    );
    expect(created.status, JSON.stringify(created.data)).toBe(200);
    expect(created.data.ad_groups.map((saved) => [saved.status, saved.ads.length])).toEqual([
      ['ACTIVE', 1],
      ['PAUSED', 2],
      ['ACTIVE', 1],
    ]);
    const read = await test.client.get<EditableCampaign>(
      url(`/campaigns/${created.data.campaign_id}/editor/`),
      owner,
    );
    expect(read.data.ad_groups.map((saved) => saved.id)).toEqual(
      created.data.ad_groups.map((saved) => saved.id),
    );
    expect(read.data.ad_groups[1]).toMatchObject({
      name: 'Canada',
      status: 'PAUSED',
      budget_type: 'LIFETIME',
      budget_in_micro_currency: 90_000_000,
      bid_in_micro_currency: 700_000,
      pacing_delivery_type: 'ACCELERATED',
      start_date: day(2),
      end_date: day(20),
      targeting_spec: { LOCATION: ['CA'], KEYWORD: ['plum'] },
    });
    expect(read.data.ad_groups[1]?.ads.map((ad) => ad.name)).toEqual(['Plum tart', 'Lemon, again']);
    expect(read.data.ad_groups[2]).toMatchObject({ name: 'Searchers', end_date: null });
    // Each ad is stored under its own group.
    const stored = await handle.db
      .selectFrom('ads')
      .select(['id', 'ad_group_id'])
      .where('campaign_id', '=', created.data.campaign_id)
      .execute();
    for (const saved of created.data.ad_groups) {
      expect(
        stored
          .filter((ad) => ad.ad_group_id === saved.id)
          .map((ad) => ad.id)
          .sort(),
      ).toEqual(saved.ads.map((ad) => ad.id).sort());
    }
    // Ids are per table: match the entity type as well.
    const groupIds = created.data.ad_groups.map((saved) => saved.id);
    const rows = (await history()).filter(
      (row) =>
        (row.entity_type === 'CAMPAIGN' && row.entity_id === created.data.campaign_id) ||
        (row.entity_type === 'AD_GROUP' && groupIds.includes(row.entity_id)),
    );
    expect(rows.map((row) => `${row.entity_type} ${row.action}`).sort()).toEqual([
      'AD_GROUP create',
      'AD_GROUP create',
      'AD_GROUP create',
      'CAMPAIGN create',
    ]);
  });

  it(`takes 1 to ${CAMPAIGN_MAX_AD_GROUPS} ad groups (AD_GROUP_LIMIT) and 1 to 20 ads in each`, async () => {
    const many = Array.from({ length: CAMPAIGN_MAX_AD_GROUPS }, (_value, index) =>
      group({ name: `Group ${index + 1}` }),
    );
    const full = await test.client.send<CampaignSaved>(
      'POST',
      url('/campaigns/'),
      body({ name: 'Full house', ad_groups: many }),
      owner,
    );
    expect(full.status, JSON.stringify(full.data)).toBe(200);
    expect(full.data.ad_groups).toHaveLength(CAMPAIGN_MAX_AD_GROUPS);

    const before = await counts();
    const over = await test.client.send(
      'POST',
      url('/campaigns/'),
      body({ ad_groups: [...many, group({ name: 'One too many' })] }),
      owner,
    );
    expect(over.status).toBe(400);
    expect(over.code).toBe(CODES.AD_GROUP_LIMIT.code);
    expect(over.errorData['field']).toBe('ad_groups');
    const none = await test.client.send('POST', url('/campaigns/'), body({ ad_groups: [] }), owner);
    expect(none.code).toBe(CODES.AD_GROUP_LIMIT.code);
    const empty = await test.client.send(
      'POST',
      url('/campaigns/'),
      body({ ad_groups: [group(), group({ name: 'No ads', ads: [] })] }),
      owner,
    );
    expect(empty.code).toBe(CODES.AD_GROUP_ADS_INVALID.code);
    expect(empty.errorData).toMatchObject({ field: 'ad_groups.1.ads', ad_group_index: 1 });
    expect(await counts()).toEqual(before);
  });

  it('names the ad group and the field of each error, and a bad second group leaves nothing', async () => {
    const second = (overrides: GroupOverrides) =>
      body({ ad_groups: [group(), group({ name: 'Second', ...overrides })] });
    const cases: [EditorCampaignCreateBody, keyof typeof CODES, string][] = [
      [second({ budget_in_micro_currency: 0 }), 'AD_BUDGET_INVALID', 'budget_in_micro_currency'],
      [second({ start_date: day(-3) }), 'AD_START_DATE_INVALID', 'start_date'],
      [second({ end_date: day(500) }), 'AD_END_DATE_INVALID', 'end_date'],
      [second({ bid_in_micro_currency: 6_000_000 }), 'AD_BID_INVALID', 'bid_in_micro_currency'],
      [
        second({ targeting_spec: { LOCATION: [] } }),
        'AD_TARGETING_INVALID',
        'targeting_spec.LOCATION',
      ],
      [
        second({ targeting_spec: { LOCATION: ['US'], AUDIENCE_EXCLUDE: ['424242'] } }),
        'AD_AUDIENCE_NOT_FOUND',
        'targeting_spec.AUDIENCE_EXCLUDE',
      ],
      [
        second({ ads: [{ pin_id: pinB, destination_url: 'ftp://maras.test/' }] }),
        'AD_DESTINATION_URL_INVALID',
        'ads.0.destination_url',
      ],
      [
        second({
          ads: [
            { pin_id: pinB, destination_url: 'https://maras.test/' },
            { pin_id: secretPin, destination_url: 'https://maras.test/' },
          ],
        }),
        'AD_PIN_NOT_PROMOTABLE',
        'ads.1.pin_id',
      ],
      [second({ name: '  us BAKERS ' }), 'AD_GROUP_NAME_TAKEN', 'name'],
      [second({ name: '' }), 'AD_CAMPAIGN_NAME_REQUIRED', 'name'],
    ];
    const before = await counts();
    for (const [input, code, field] of cases) {
      const answer = await test.client.send('POST', url('/campaigns/'), input, owner);
      expect(answer.code, `${code} ${field}`).toBe(CODES[code].code);
      expect(answer.status, `${code} ${field}`).toBe(CODES[code].httpStatus);
      expect(answer.errorData, code).toMatchObject({
        field: `ad_groups.1.${field}`,
        ad_group_index: 1,
      });
    }
    // The first group was valid each time: no campaign, group, ad or history row was written.
    expect(await counts()).toEqual(before);
  });

  it('an edit adds an ad group, changes one, pauses one and archives the ones removed', async () => {
    const created = await test.client.send<CampaignSaved>(
      'POST',
      url('/campaigns/'),
      body({
        name: 'Edited groups',
        ad_groups: [
          group({ name: 'Keep' }),
          group({ name: 'Pause me' }),
          group({
            name: 'Leave out',
            ads: [
              { pin_id: pinA, destination_url: 'https://maras.test/1' },
              { pin_id: pinB, destination_url: 'https://maras.test/2' },
            ],
          }),
          group({ name: 'Archive me' }),
        ],
      }),
      owner,
    );
    expect(created.status, JSON.stringify(created.data)).toBe(200);
    const [keep, pause, leave, archive] = created.data.ad_groups;
    if (!keep || !pause || !leave || !archive) throw new Error('four groups expected');
    const campaign = url(`/campaigns/${created.data.campaign_id}/`);
    await handle.db
      .updateTable('ads')
      .set({ review_status: 'APPROVED' })
      .where('campaign_id', '=', created.data.campaign_id)
      .execute();
    const keptAd = keep.ads[0]?.id;

    const edit = await test.client.send<CampaignSaved>(
      'PUT',
      campaign,
      {
        ...body({ name: 'Edited groups' }),
        status: 'ACTIVE',
        ad_groups: [
          group({
            id: keep.id,
            name: 'Keep',
            budget_in_micro_currency: 8_000_000,
            ads: [{ id: keptAd, pin_id: pinA, destination_url: 'https://maras.test/tart' }],
          }),
          group({
            id: pause.id,
            name: 'Pause me',
            status: 'PAUSED',
            ads: [
              { id: pause.ads[0]?.id, pin_id: pinA, destination_url: 'https://maras.test/tart' },
            ],
          }),
          group({
            id: archive.id,
            name: 'Archive me',
            status: 'ARCHIVED',
            ads: [{ pin_id: pinA, destination_url: 'https://maras.test/tart' }],
          }),
          group({
            name: 'Brand new',
            targeting_spec: { LOCATION: ['FR'] },
            ads: [{ pin_id: pinB, destination_url: 'https://maras.test/new' }],
          }),
        ],
      },
      members.get('CAMPAIGN_MANAGER') ?? null,
    );
    expect(edit.status, JSON.stringify(edit.data)).toBe(200);
    const fresh = edit.data.ad_groups[3];
    expect(edit.data.ad_groups.map((saved) => saved.status)).toEqual([
      'ACTIVE',
      'PAUSED',
      'ARCHIVED',
      'ACTIVE',
    ]);
    // Unchanged ads keep their review; the new group's ad waits for review.
    expect(edit.data.ad_groups[0]?.ads[0]?.review_status).toBe('APPROVED');
    expect(fresh?.ads.map((ad) => ad.review_status)).toEqual(['PENDING']);

    const read = await test.client.get<EditableCampaign>(
      url(`/campaigns/${created.data.campaign_id}/editor/`),
      owner,
    );
    expect(read.data.ad_groups.map((saved) => [saved.name, saved.status])).toEqual([
      ['Keep', 'ACTIVE'],
      ['Pause me', 'PAUSED'],
      ['Brand new', 'ACTIVE'],
    ]);
    expect(read.data.ad_groups[0]?.budget_in_micro_currency).toBe(8_000_000);

    // Removed and archived groups are archived with their ads, never deleted.
    const groups = await handle.db
      .selectFrom('ad_groups')
      .select(['id', 'status'])
      .where('id', 'in', [leave.id, archive.id])
      .orderBy('id')
      .execute();
    expect(groups.map((row) => row.status)).toEqual(['ARCHIVED', 'ARCHIVED']);
    const ads = await handle.db
      .selectFrom('ads')
      .select('status')
      .where('ad_group_id', 'in', [leave.id, archive.id])
      .execute();
    expect(ads.map((row) => row.status)).toEqual(['ARCHIVED', 'ARCHIVED', 'ARCHIVED']);

    const rows = await history();
    // Ids are per table: an ad and an ad group may share one.
    const about = (id: string | undefined, type: 'AD_GROUP' | 'AD' = 'AD_GROUP') =>
      rows
        .filter((row) => row.entity_id === id && row.entity_type === type)
        .map((row) => `${row.entity_type} ${row.action}`);
    expect(about(leave.id)).toEqual(['AD_GROUP archive', 'AD_GROUP create']);
    expect(about(archive.id)).toEqual(['AD_GROUP archive', 'AD_GROUP create']);
    expect(about(keep.id)).toEqual(['AD_GROUP update', 'AD_GROUP create']);
    expect(about(pause.id)).toEqual(['AD_GROUP update', 'AD_GROUP create']);
    expect(about(fresh?.id)).toEqual(['AD_GROUP create']);
    expect(about(leave.ads[1]?.id, 'AD')).toEqual(['AD archive', 'AD create']);
    const pauseRow = rows.find(
      (row) =>
        row.entity_type === 'AD_GROUP' && row.entity_id === pause.id && row.action === 'update',
    );
    expect(pauseRow?.changes).toEqual({ status: { from: 'ACTIVE', to: 'PAUSED' } });

    // An archived group is gone from the editor: naming it again is AD_GROUP_NOT_FOUND.
    const current = {
      ...body({ name: 'Edited groups' }),
      status: 'ACTIVE' as const,
      ad_groups: read.data.ad_groups.map((saved) =>
        group({
          id: saved.id,
          name: saved.name,
          status: saved.status,
          ads: saved.ads.map((ad) => ({
            id: ad.id,
            pin_id: ad.pin_id,
            destination_url: ad.destination_url,
          })),
        }),
      ),
    };
    const gone = await test.client.send(
      'PUT',
      campaign,
      { ...current, ad_groups: [...current.ad_groups, group({ id: archive.id, name: 'Back' })] },
      owner,
    );
    expect(gone.code).toBe(CODES.AD_GROUP_NOT_FOUND.code);
    expect(gone.errorData).toMatchObject({ field: 'ad_groups.3.id', ad_group_index: 3 });
    // An ad does not move to another group.
    const moved = await test.client.send(
      'PUT',
      campaign,
      {
        ...current,
        ad_groups: current.ad_groups.map((saved, index) =>
          index === 2
            ? {
                ...saved,
                ads: [{ id: keptAd, pin_id: pinA, destination_url: 'https://maras.test/' }],
              }
            : saved,
        ),
      },
      owner,
    );
    expect(moved.code).toBe(CODES.AD_NOT_FOUND.code);
    expect(moved.errorData['field']).toBe('ad_groups.2.ads.0.id');
    // A new group cannot start archived; archiving every group is archiving the campaign.
    const newArchived = await test.client.send(
      'PUT',
      campaign,
      { ...current, ad_groups: [...current.ad_groups, group({ name: 'X', status: 'ARCHIVED' })] },
      owner,
    );
    expect(newArchived.code).toBe(CODES.AD_GROUP_STATUS_INVALID.code);
    expect(newArchived.errorData['field']).toBe('ad_groups.3.status');
    const allArchived = await test.client.send(
      'PUT',
      campaign,
      {
        ...current,
        ad_groups: current.ad_groups.map((saved) => ({ ...saved, status: 'ARCHIVED' })),
      },
      owner,
    );
    expect(allArchived.code).toBe(CODES.AD_GROUP_LIMIT.code);
  });

  it('an edit with a bad second group changes nothing', async () => {
    const created = await test.client.send<CampaignSaved>(
      'POST',
      url('/campaigns/'),
      body({ name: 'Untouched' }),
      owner,
    );
    const before = await counts();
    const refused = await test.client.send(
      'PUT',
      url(`/campaigns/${created.data.campaign_id}/`),
      {
        ...body({ name: 'Renamed' }),
        status: 'PAUSED',
        ad_groups: [
          group({ id: created.data.ad_groups[0]?.id, budget_in_micro_currency: 9_000_000 }),
          group({
            name: 'Broken',
            ads: [{ pin_id: strangerPin, destination_url: 'https://a.test/' }],
          }),
        ],
      },
      owner,
    );
    expect(refused.code).toBe(CODES.AD_PIN_NOT_PROMOTABLE.code);
    expect(refused.errorData).toMatchObject({
      field: 'ad_groups.1.ads.0.pin_id',
      ad_group_index: 1,
    });
    expect(await counts()).toEqual(before);
    const read = await test.client.get<EditableCampaign>(
      url(`/campaigns/${created.data.campaign_id}/editor/`),
      owner,
    );
    expect(read.data).toMatchObject({ name: 'Untouched', status: 'ACTIVE' });
    expect(read.data.ad_groups.map((saved) => saved.budget_in_micro_currency)).toEqual([5_000_000]);
  });

  it('a copy too large for a draft is refused and writes nothing (the draft limit still applies)', async () => {
    const longUrl = `https://maras.test/${'a'.repeat(1_900)}`;
    const created = await test.client.send<CampaignSaved>(
      'POST',
      url('/campaigns/'),
      body({
        name: 'Long links',
        ad_groups: Array.from({ length: CAMPAIGN_MAX_AD_GROUPS }, (_value, index) =>
          group({
            name: `Long ${index}`,
            ads: [
              { pin_id: pinA, destination_url: longUrl },
              { pin_id: pinB, destination_url: longUrl },
            ],
          }),
        ),
      }),
      owner,
    );
    expect(created.status, JSON.stringify(created.data)).toBe(200);
    const drafts = (await test.client.get<AdDraftItem[]>(url('/drafts/?page_size=50'), owner)).data;
    const before = await counts();
    const copy = await test.client.send(
      'POST',
      url(`/campaigns/${created.data.campaign_id}/duplicate/`),
      {},
      owner,
    );
    expect(copy.code).toBe(CODES.AD_DRAFT_TOO_LARGE.code);
    expect(await counts()).toEqual(before);
    expect(
      (await test.client.get<AdDraftItem[]>(url('/drafts/?page_size=50'), owner)).data,
    ).toEqual(drafts);
  });

  it('serves and reports the ad of a second ad group', async () => {
    const baker = await f.user({ username: 'editor_organic' });
    const bakes = await f.board(baker, { name: 'Bakes' });
    for (let index = 0; index < 30; index += 1) {
      await f.pin({ board: bakes, title: `Sourdough ${index}` });
    }
    // Only this campaign runs: the others of this file are paused.
    await handle.db.updateTable('ad_campaigns').set({ status: 'PAUSED' }).execute();
    const created = await test.client.send<CampaignSaved>(
      'POST',
      url('/campaigns/'),
      body({
        name: 'Served second',
        ad_groups: [
          group({ name: 'Paused first', status: 'PAUSED' }),
          group({
            name: 'Running second',
            targeting_spec: { LOCATION: ['US'] },
            ads: [{ pin_id: pinB, destination_url: 'https://maras.test/plum' }],
          }),
        ],
      }),
      owner,
    );
    expect(created.status, JSON.stringify(created.data)).toBe(200);
    const [first, second] = created.data.ad_groups;
    const secondAd = second?.ads[0]?.id;
    const firstAd = first?.ads[0]?.id;
    if (!first || !second || !secondAd || !firstAd) throw new Error('two groups expected');
    const operator = await f.user({ username: 'editor_reviewer', isAdmin: true });
    for (const adId of [firstAd, secondAd]) {
      const decided = await test.client.send(
        'POST',
        `/v3/admin/ads/${adId}/review/`,
        { status: 'APPROVED' },
        operator,
      );
      expect(decided.status).toBe(200);
    }
    const viewer = await f.user({ username: 'editor_viewer' });
    await handle.db
      .updateTable('users')
      .set({ country: 'US' })
      .where('id', '=', viewer.id)
      .execute();

    const feed = await test.client.get<Pin[]>('/v3/feeds/home/?page_size=25', viewer);
    const promoted = feed.data.filter((pin) => pin.is_promoted === true);
    expect(promoted.map((pin) => pin.id)).toEqual([pinB]);
    const tracking = promoted[0]?.tracking_params;
    expect(tracking).toBe(secondAd);
    const counted = await test.client.send<{ counted: boolean }>(
      'POST',
      '/v3/ads/events/',
      { tracking_params: tracking, event: 'IMPRESSION' },
      viewer,
    );
    expect(counted.data.counted).toBe(true);

    const today = day(0);
    const report = await test.client.get<ReportRow[]>(
      url(
        `/reporting/adgroups/?start_date=${today}&end_date=${today}&campaign_id=${created.data.campaign_id}`,
      ),
      owner,
    );
    expect(report.status, JSON.stringify(report.data)).toBe(200);
    const rows = new Map(report.data.map((row) => [row.id, row]));
    expect(rows.get(second.id)?.paid_impressions).toBe(1);
    expect(rows.get(first.id)?.paid_impressions ?? 0).toBe(0);
  });
});

describe('drafts and duplicate', () => {
  it('keeps a draft, resumes it, and publishing it creates the campaign and deletes the draft once', async () => {
    const saved = await test.client.send<AdDraftItem>(
      'POST',
      url('/drafts/'),
      { name: 'Half done', payload: { name: 'Half done', step: 'adGroup' } },
      owner,
    );
    expect(saved.status).toBe(200);
    const resaved = await test.client.send<AdDraftItem>(
      'PUT',
      url(`/drafts/${saved.data.id}/`),
      { name: 'Nearly done', payload: body() as unknown as Record<string, unknown> },
      owner,
    );
    expect(resaved.data.name).toBe('Nearly done');
    const resumed = await test.client.get<AdDraftItem>(url(`/drafts/${saved.data.id}/`), owner);
    expect(resumed.data.payload).toMatchObject({ name: 'Spring tarts' });

    const published = await test.client.send<CampaignSaved>(
      'POST',
      url('/campaigns/'),
      body({ draft_id: saved.data.id }),
      owner,
    );
    expect(published.status).toBe(200);
    const gone = await test.client.get(url(`/drafts/${saved.data.id}/`), owner);
    expect(gone.code).toBe(CODES.AD_DRAFT_NOT_FOUND.code);
    const twice = await test.client.send(
      'POST',
      url('/campaigns/'),
      body({ draft_id: saved.data.id }),
      owner,
    );
    expect(twice.code).toBe(CODES.AD_DRAFT_NOT_FOUND.code);
  });

  it('refuses a draft over the size limit and past the per-account limit; lists are paged', async () => {
    const big = await test.client.send(
      'POST',
      url('/drafts/'),
      { name: 'Big', payload: { notes: 'x'.repeat(40_000) } },
      owner,
    );
    expect(big.code).toBe(CODES.AD_DRAFT_TOO_LARGE.code);
    const existing = (await test.client.get<AdDraftItem[]>(url('/drafts/?page_size=50'), owner))
      .data.length;
    await handle.db
      .insertInto('ad_drafts')
      .values(
        Array.from({ length: AD_DRAFTS_MAX - existing }, (_value, index) => ({
          ad_account_id: advertiserId,
          name: `Filler ${index}`,
          payload: JSON.stringify({}),
        })),
      )
      .execute();
    const over = await test.client.send(
      'POST',
      url('/drafts/'),
      { name: 'One more', payload: {} },
      owner,
    );
    expect(over.code).toBe(CODES.AD_DRAFT_LIMIT.code);
    const page = await test.client.get<AdDraftItem[]>(url('/drafts/?page_size=30'), owner);
    expect(page.data).toHaveLength(30);
    const next = await test.client.get<AdDraftItem[]>(
      url(`/drafts/?page_size=30&bookmark=${encodeURIComponent(page.bookmark ?? '')}`),
      owner,
    );
    expect(next.data).toHaveLength(30);
    expect(next.data[0]?.id).not.toBe(page.data[0]?.id);
    await handle.db.deleteFrom('ad_drafts').where('name', 'like', 'Filler %').execute();
  });

  it('duplicate copies the campaign, its ad groups and ads into a draft, recorded on the source', async () => {
    await handle.db.deleteFrom('ad_drafts').where('name', 'like', 'Filler %').execute();
    const created = await test.client.send<CampaignSaved>(
      'POST',
      url('/campaigns/'),
      body({
        name: 'Autumn pies',
        ad_groups: [
          group(),
          group({
            name: 'Plum lovers',
            status: 'PAUSED',
            budget_in_micro_currency: 2_000_000,
            ads: [{ pin_id: pinB, destination_url: 'https://maras.test/plum' }],
          }),
        ],
      }),
      owner,
    );
    const copy = await test.client.send<AdDraftItem>(
      'POST',
      url(`/campaigns/${created.data.campaign_id}/duplicate/`),
      {},
      owner,
    );
    expect(copy.status, JSON.stringify(copy.data)).toBe(200);
    expect(copy.data.name).toBe('Copy of Autumn pies');
    expect(copy.data.source_campaign_id).toBe(created.data.campaign_id);
    expect(copy.data.payload).toMatchObject({
      objective_type: 'CONSIDERATION',
      ad_groups: [
        {
          name: 'US bakers',
          budget_in_micro_currency: 5_000_000,
          targeting_spec: { LOCATION: ['US', 'CA'] },
          ads: [{ pin_id: pinA, destination_url: 'https://maras.test/tart' }],
        },
        {
          name: 'Plum lovers',
          status: 'PAUSED',
          budget_in_micro_currency: 2_000_000,
          ads: [{ pin_id: pinB, destination_url: 'https://maras.test/plum' }],
        },
      ],
    });
    const rows = await history();
    expect(rows[0]).toMatchObject({
      entity_type: 'CAMPAIGN',
      entity_id: created.data.campaign_id,
      action: 'duplicate',
      changes: { draft_id: copy.data.id },
    });
    // The copy publishes as a campaign of its own.
    const { source_campaign_id: _source, ...payload } = copy.data.payload;
    const published = await test.client.send<CampaignSaved>(
      'POST',
      url('/campaigns/'),
      { ...payload, draft_id: copy.data.id },
      owner,
    );
    expect(published.status, JSON.stringify(published.data)).toBe(200);
    expect(published.data.campaign_id).not.toBe(created.data.campaign_id);
    expect(published.data.ad_groups.map((saved) => saved.status)).toEqual(['ACTIVE', 'PAUSED']);
  });
});

describe('creative picker', () => {
  it("lists the business's and the editor's pins that can be ads, never secret or others' pins", async () => {
    const pins = await test.client.get<PromotablePin[]>(url('/promotable_pins/'), owner);
    const ids = pins.data.map((pin) => pin.id);
    expect(ids).toEqual(expect.arrayContaining([pinA, pinB]));
    expect(ids).not.toContain(secretPin);
    expect(ids).not.toContain(strangerPin);
    expect(ids).toContain(ownerPin);
    // A member sees the business's pins, not the owner's personal ones, and cannot use them.
    const manager = members.get('CAMPAIGN_MANAGER') ?? null;
    const theirs = await test.client.get<PromotablePin[]>(url('/promotable_pins/'), manager);
    expect(theirs.data.map((pin) => pin.id)).not.toContain(ownerPin);
    const refused = await test.client.send(
      'POST',
      url('/campaigns/'),
      withAds([{ pin_id: ownerPin, destination_url: 'https://maras.test/' }]),
      manager,
    );
    expect(refused.code).toBe(CODES.AD_PIN_NOT_PROMOTABLE.code);
    const paged = await test.client.get<PromotablePin[]>(
      url('/promotable_pins/?page_size=1'),
      owner,
    );
    expect(paged.data).toHaveLength(1);
    expect(paged.bookmark).toBeTruthy();
  });
});

describe('permission × endpoint', () => {
  async function endpoints() {
    const created = await test.client.send<CampaignSaved>(
      'POST',
      url('/campaigns/'),
      body(),
      owner,
    );
    const draftRow = await test.client.send<AdDraftItem>(
      'POST',
      url('/drafts/'),
      { name: 'Perm', payload: {} },
      owner,
    );
    const campaign = created.data.campaign_id;
    const draftId = draftRow.data.id;
    return {
      reads: [['GET', url(`/campaigns/${campaign}/editor/`), undefined]] as const,
      writes: [
        ['POST', url('/campaigns/'), body()],
        ['PUT', url(`/campaigns/${campaign}/`), { ...body(), status: 'ACTIVE' }],
        ['POST', url(`/campaigns/${campaign}/duplicate/`), {}],
        ['GET', url('/drafts/'), undefined],
        ['POST', url('/drafts/'), { name: 'x', payload: {} }],
        ['GET', url(`/drafts/${draftId}/`), undefined],
        ['PUT', url(`/drafts/${draftId}/`), { name: 'y', payload: {} }],
        ['GET', url('/promotable_pins/'), undefined],
        ['DELETE', url(`/drafts/${draftId}/`), undefined],
      ] as const,
    };
  }

  it('ANALYST, FINANCE_MANAGER and AUDIENCE_MANAGER get 403 on every editor write; they may read', async () => {
    const { reads, writes } = await endpoints();
    for (const permission of ['ANALYST', 'FINANCE_MANAGER', 'AUDIENCE_MANAGER'] as const) {
      const who = members.get(permission) ?? null;
      for (const [method, path, payload] of writes) {
        const answer =
          method === 'GET'
            ? await test.client.get(path, who)
            : await test.client.send(method, path, payload, who);
        expect(answer.status, `${permission} ${method} ${path}`).toBe(403);
        expect(answer.code, `${permission} ${method} ${path}`).toBe(
          CODES.BUSINESS_PERMISSION_DENIED.code,
        );
      }
      for (const [, path] of reads) {
        expect((await test.client.get(path, who)).status, `${permission} ${path}`).toBe(200);
      }
    }
  });

  it('OWNER, ADMIN and CAMPAIGN_MANAGER may use every endpoint', async () => {
    for (const who of [owner, members.get('ADMIN'), members.get('CAMPAIGN_MANAGER')]) {
      const { reads, writes } = await endpoints();
      for (const [method, path, payload] of [...reads, ...writes]) {
        const answer =
          method === 'GET'
            ? await test.client.get(path, who ?? null)
            : await test.client.send(method, path, payload, who ?? null);
        expect(answer.status, `${method} ${path} ${JSON.stringify(answer.data)}`).toBe(200);
      }
    }
  });

  it('someone without access learns nothing (ADVERTISER_NOT_FOUND); a visitor must sign in', async () => {
    const { writes } = await endpoints();
    for (const [method, path, payload] of writes) {
      const answer =
        method === 'GET'
          ? await test.client.get(path, stranger)
          : await test.client.send(method, path, payload, stranger);
      expect(answer.code, `${method} ${path}`).toBe(CODES.ADVERTISER_NOT_FOUND.code);
      const visitor =
        method === 'GET'
          ? await test.client.get(path, null)
          : await test.client.send(method, path, payload, null);
      expect(visitor.status, `${method} ${path}`).toBe(401);
    }
  });
});
