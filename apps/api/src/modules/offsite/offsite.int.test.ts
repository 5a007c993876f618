// Offsite link checks (business.md §5.3, §7; docs/decisions/080): the statuses from the
// operators' list and from the Safe Browsing adapter against its loopback peer, internal and
// non-http links, the cache and the fail-open rule, the direct/confirm answer, the click log and
// its deduplication, the service function for the ad review, and the admin endpoints' access.
import { startSafeBrowsingPeer, type SafeBrowsingPeer } from '@corkboard/dev-peers/safe-browsing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { VISITOR_ID_COOKIE } from '@corkboard/shared/auth/api';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type {
  AdminOffsiteCheck,
  AdminOffsiteDomain,
  OffsiteCheckAnswer,
} from '@corkboard/shared/offsite/offsite';
import { as } from '../../test/test-viewer.ts';
import { answer } from '../../test/api-client.ts';
import { createFixtures, type Fixtures, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, testConfig, type TestApp } from '../../test/test-app.ts';
import {
  checkOutboundUrl,
  CLICK_DEDUP_WINDOW_MS,
  offsiteClickCounts,
  SAFE_BROWSING_CLEAN_TTL_MS,
} from './offsite.service.ts';

const API_KEY = 'test-safe-browsing-key';
const VISITOR = 'v'.repeat(22);

let handle: DbHandle;
let peer: SafeBrowsingPeer;
let test: TestApp;
let f: Fixtures;
let operator: UserFixture;
let person: UserFixture;

beforeAll(async () => {
  handle = await createTestDb();
  peer = await startSafeBrowsingPeer({
    apiKeys: [API_KEY],
    entries: [
      { threatType: 'MALWARE', url: 'malware.example/' },
      { threatType: 'SOCIAL_ENGINEERING', url: 'phishing.example/' },
      { threatType: 'UNWANTED_SOFTWARE', url: 'unwanted.example/' },
      { threatType: 'POTENTIALLY_HARMFUL_APPLICATION', url: 'harmful-app.example/' },
    ],
  });
  test = await buildTestApp(handle.db, {
    config: {
      providers: { ...testConfig().providers, safeBrowsing: { url: peer.url, apiKey: API_KEY } },
    },
  });
  f = createFixtures(handle.db);
  operator = await f.user({ isAdmin: true });
  person = await f.user();
  for (const [domain, status] of [
    ['blocked.example', 'blocked'],
    ['shady.example', 'suspicious'],
    ['adult.example', 'porn'],
    ['malware.example', 'allowed'],
  ] as const) {
    const listed = await test.client.send(
      'PUT',
      `/v3/admin/offsite/${domain}/`,
      { status, note: 'test' },
      operator,
    );
    expect(listed.status).toBe(200);
  }
});

afterAll(async () => {
  await test.close();
  await peer.stop();
  await handle.close();
});

beforeEach(async () => {
  await handle.db.deleteFrom('offsite_clicks').execute();
});

async function check(
  query: Record<string, string>,
  who: UserFixture | null = null,
  headers: Record<string, string> = {},
) {
  const search = new URLSearchParams({ check_only: 'true', ...query }).toString();
  return answer<OffsiteCheckAnswer>(
    await test.app.inject({
      method: 'GET',
      url: `/v3/offsite/?${search}`,
      headers: { cookie: `${VISITOR_ID_COOKIE}=${VISITOR}`, ...as(who), ...headers },
    }),
  );
}

async function clickCount(): Promise<number> {
  const row = await handle.db
    .selectFrom('offsite_clicks')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('GET /v3/offsite/ statuses', () => {
  it.each([
    ['an admin-blocked domain', 'https://blocked.example/page', 'blocked'],
    ['a subdomain of an admin-blocked domain', 'https://www.shop.blocked.example/', 'blocked'],
    ['an admin-suspicious domain', 'http://shady.example/', 'suspicious'],
    ['an admin-porn domain', 'https://adult.example/x?y=1', 'porn'],
    [
      'Safe Browsing MALWARE on an allowed parent is still allowed',
      'https://malware.example/',
      'ok',
    ],
    ['Safe Browsing SOCIAL_ENGINEERING', 'https://login.phishing.example/verify', 'blocked'],
    ['Safe Browsing UNWANTED_SOFTWARE', 'http://unwanted.example/setup.exe', 'suspicious'],
    ['Safe Browsing POTENTIALLY_HARMFUL_APPLICATION', 'https://harmful-app.example/', 'suspicious'],
    ['a clean link', 'https://recipes.example/soup', 'ok'],
  ])('%s → %s', async (_label, url, status) => {
    const result = await check({ url });
    expect(result.status).toBe(200);
    expect(result.data.redirect_status).toBe(status);
    expect(result.data.url).toBe(new URL(url).href);
    expect(result.response.headers['cache-control']).toBe('no-store');
  });

  it('lets the most specific list entry decide', async () => {
    await test.client.send(
      'PUT',
      '/v3/admin/offsite/ok.blocked.example/',
      { status: 'allowed' },
      operator,
    );
    expect((await check({ url: 'https://ok.blocked.example/' })).data.redirect_status).toBe('ok');
    expect((await check({ url: 'https://a.ok.blocked.example/' })).data.redirect_status).toBe('ok');
    expect((await check({ url: 'https://other.blocked.example/' })).data.redirect_status).toBe(
      'blocked',
    );
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['ftp', 'ftp://files.example/a'],
    ['data', 'data:text/html,hi'],
    ['a relative path', '/pin/1/'],
    ['credentials', 'https://corkboard.test@evil.example/'],
    ['nothing', ''],
  ])('refuses %s with OFFSITE_URL_NOT_HTTP', async (_label, url) => {
    const result = await check({ url });
    expect(result.status).toBe(400);
    expect(result.code).toBe(ERROR_CODES.OFFSITE_URL_NOT_HTTP.code);
    expect(await clickCount()).toBe(0);
  });

  it.each([
    'http://corkboard.test/pin/1/',
    'https://CORKBOARD.TEST:8443/',
    'http://www.corkboard.test/',
  ])('refuses our own host %s with OFFSITE_URL_INTERNAL', async (url) => {
    const result = await check({ url });
    expect(result.status).toBe(400);
    expect(result.code).toBe(ERROR_CODES.OFFSITE_URL_INTERNAL.code);
  });

  it('refuses a token out of range', async () => {
    const result = await check({ url: 'https://recipes.example/', token: '1001' });
    expect(result.code).toBe(ERROR_CODES.VALIDATION_FAILED.code);
  });
});

describe('direct or confirm', () => {
  it("goes on directly only to the named pin's own link", async () => {
    const board = await f.board(person);
    const pin = await f.pin({ board, link: 'https://recipes.example/bread' });
    const own = await check({ url: 'https://recipes.example/bread', pin: pin.id });
    expect(own.data).toEqual({
      redirect_status: 'ok',
      url: 'https://recipes.example/bread',
      direct: true,
    });
    const other = await check({ url: 'https://recipes.example/elsewhere', pin: pin.id });
    expect(other.data.direct).toBe(false);
    const noPin = await check({ url: 'https://recipes.example/bread' });
    expect(noPin.data.direct).toBe(false);
  });

  it('never vouches for a pin on a secret board the viewer cannot see', async () => {
    const secret = await f.board(person, { privacy: 'secret' });
    const pin = await f.pin({ board: secret, link: 'https://recipes.example/secret' });
    const visitor = await check({ url: 'https://recipes.example/secret', pin_id: pin.id });
    expect(visitor.data.direct).toBe(false);
    const owner = await check({ url: 'https://recipes.example/secret', pin_id: pin.id }, person);
    expect(owner.data.direct).toBe(true);
    const clicks = await handle.db.selectFrom('offsite_clicks').select('pin_id').execute();
    expect(clicks.map((click) => click.pin_id)).toEqual([null, pin.id]);
  });

  it('is not direct for a refused link even when it is the pin link', async () => {
    const board = await f.board(person);
    const pin = await f.pin({ board, link: 'https://blocked.example/p' });
    const result = await check({ url: 'https://blocked.example/p', pin: pin.id });
    expect(result.data).toMatchObject({ redirect_status: 'blocked', direct: false });
  });
});

describe('the click log', () => {
  it('records pin, ad flag, person or visitor, time and status', async () => {
    const board = await f.board(person);
    const pin = await f.pin({ board, link: 'https://recipes.example/cake' });
    test.clock.current = new Date('2026-12-01T10:00:00Z');
    await check({ url: 'https://recipes.example/cake', pin: pin.id, isThirdPartyAd: 'true' });
    await check({ url: 'https://adult.example/' }, person);
    const rows = await handle.db.selectFrom('offsite_clicks').selectAll().orderBy('id').execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      pin_id: pin.id,
      is_third_party_ad: true,
      user_id: null,
      visitor_id: VISITOR,
      status: 'ok',
      domain: 'recipes.example',
    });
    expect(rows[0]?.created_at.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(rows[1]).toMatchObject({
      pin_id: null,
      user_id: person.id,
      visitor_id: null,
      status: 'porn',
    });
  });

  it('counts a repeated click once within the window, and again after it', async () => {
    const url = 'https://recipes.example/dedup';
    test.clock.current = new Date('2026-12-02T10:00:00Z');
    await check({ url, token: '5' });
    await check({ url, token: '6' });
    expect(await clickCount()).toBe(1);
    test.clock.advance(CLICK_DEDUP_WINDOW_MS + 1);
    await check({ url, token: '7' });
    expect(await clickCount()).toBe(2);
    // A reload of the first /offsite/ page (same token) hours later is still the same click.
    test.clock.advance(3 * 60 * 60_000);
    await check({ url, token: '5' });
    expect(await clickCount()).toBe(2);
    // Another person clicking is another click.
    await check({ url, token: '5' }, person);
    expect(await clickCount()).toBe(3);
  });

  it("does not count checks embedded in other sites' pages", async () => {
    await check({ url: 'https://recipes.example/x' }, null, { 'sec-fetch-site': 'cross-site' });
    expect(await clickCount()).toBe(0);
    await check({ url: 'https://recipes.example/x' }, null, { 'sec-fetch-site': 'same-origin' });
    expect(await clickCount()).toBe(1);
  });

  it('gives ad reporting the ok clicks per pin', async () => {
    const board = await f.board(person);
    const ad = await f.pin({ board, link: 'https://shop.example/a' });
    const quiet = await f.pin({ board, link: 'https://shop.example/b' });
    test.clock.current = new Date('2026-12-03T10:00:00Z');
    await check({ url: 'https://shop.example/a', pin: ad.id, isThirdPartyAd: 'true' });
    await check({ url: 'https://shop.example/a', pin: ad.id }, person);
    await check({ url: 'https://blocked.example/', pin: ad.id }, operator);
    const all = await offsiteClickCounts(
      { db: handle.db },
      {
        pinIds: [ad.id, quiet.id],
        from: new Date('2026-12-03T00:00:00Z'),
        to: new Date('2026-12-04T00:00:00Z'),
      },
    );
    expect(Object.fromEntries(all)).toEqual({ [ad.id]: 2, [quiet.id]: 0 });
    const adsOnly = await offsiteClickCounts(
      { db: handle.db },
      {
        pinIds: [ad.id],
        from: new Date('2026-12-03T00:00:00Z'),
        to: new Date('2026-12-04T00:00:00Z'),
        thirdPartyAdOnly: true,
      },
    );
    expect(adsOnly.get(ad.id)).toBe(1);
  });
});

describe('the Safe Browsing adapter', () => {
  it('asks the peer once per URL and then answers from the cache', async () => {
    const url = 'https://cache-check.example/page';
    const before = peer.lookups().length;
    expect((await check({ url })).data.redirect_status).toBe('ok');
    expect((await check({ url })).data.redirect_status).toBe('ok');
    expect(peer.lookups().length).toBe(before + 1);
    expect(peer.lookups().at(-1)?.urls).toEqual([url]);
    // Past the clean verdict's lifetime the service is asked again.
    test.clock.advance(SAFE_BROWSING_CLEAN_TTL_MS + 1);
    await check({ url });
    expect(peer.lookups().length).toBe(before + 2);
  });

  it('keeps a match for the cacheDuration the service gave', async () => {
    const url = 'https://cached.unwanted.example/';
    const before = peer.lookups().length;
    expect((await check({ url })).data.redirect_status).toBe('suspicious');
    // The peer answers cacheDuration 300s: still cached after 4 minutes, asked again after 6.
    test.clock.advance(4 * 60_000);
    await check({ url });
    expect(peer.lookups().length).toBe(before + 1);
    test.clock.advance(2 * 60_000);
    await check({ url });
    expect(peer.lookups().length).toBe(before + 2);
  });

  it('is not asked about a listed domain', async () => {
    const before = peer.lookups().length;
    await check({ url: 'https://blocked.example/q' });
    expect(peer.lookups().length).toBe(before);
  });

  it('fails open when the service cannot answer, and does not cache the failure', async () => {
    const safeBrowsing = { url: peer.url, apiKey: 'wrong-key' };
    const deps = {
      db: handle.db,
      log: test.app.log,
      now: () => new Date(),
      publicUrl: 'http://corkboard.test',
      config: testConfig({ providers: { ...testConfig().providers, safeBrowsing } }),
    };
    const url = 'https://fail-open.phishing.example/';
    expect(await checkOutboundUrl(deps, url)).toMatchObject({
      status: 'ok',
      reputationChecked: false,
      source: 'none',
    });
    // The same app once the service answers again: the real verdict, so nothing was cached.
    safeBrowsing.apiKey = API_KEY;
    expect(await checkOutboundUrl(deps, url)).toMatchObject({
      status: 'blocked',
      reputationChecked: true,
    });
  });

  it('reports the threat types and the source to the ad review', async () => {
    const verdict = await checkOutboundUrl(
      {
        db: handle.db,
        log: test.app.log,
        now: () => new Date(),
        publicUrl: 'http://corkboard.test',
        config: testConfig({
          providers: {
            ...testConfig().providers,
            safeBrowsing: { url: peer.url, apiKey: API_KEY },
          },
        }),
      },
      'https://deep.phishing.example/a/b',
    );
    expect(verdict).toMatchObject({
      status: 'blocked',
      source: 'safe_browsing',
      threatTypes: ['SOCIAL_ENGINEERING'],
      reputationChecked: true,
    });
  });

  it('without Safe Browsing configured only the list decides', async () => {
    const verdict = await checkOutboundUrl(
      {
        db: handle.db,
        log: test.app.log,
        now: () => new Date(),
        publicUrl: 'http://corkboard.test',
        config: testConfig(),
      },
      'https://malware.example.net/',
    );
    expect(verdict).toMatchObject({ status: 'ok', reputationChecked: true, source: 'none' });
  });
});

describe('the admin list', () => {
  it('answers visitors UNAUTHORIZED and people who are not operators ADMIN_REQUIRED', async () => {
    for (const [method, url] of [
      ['GET', '/v3/admin/offsite/'],
      ['GET', '/v3/admin/offsite/check/?url=https://a.example/'],
      ['GET', '/v3/admin/offsite/clicks/'],
      ['PUT', '/v3/admin/offsite/a.example/'],
      ['DELETE', '/v3/admin/offsite/blocked.example/'],
    ] as const) {
      const visitor =
        method === 'GET'
          ? await test.client.get(url, null)
          : await test.client.send(method, url, { status: 'blocked' }, null);
      expect(visitor.code, `${method} ${url}`).toBe(ERROR_CODES.UNAUTHORIZED.code);
      const someone =
        method === 'GET'
          ? await test.client.get(url, person)
          : await test.client.send(method, url, { status: 'blocked' }, person);
      expect(someone.code, `${method} ${url}`).toBe(ERROR_CODES.ADMIN_REQUIRED.code);
    }
    expect((await check({ url: 'https://blocked.example/' })).data.redirect_status).toBe('blocked');
  });

  it('lists, searches, pages, changes and removes domains', async () => {
    const put = await test.client.send(
      'PUT',
      '/v3/admin/offsite/WWW.Tricky.Example./',
      { status: 'suspicious', note: '  reported twice ' },
      operator,
    );
    expect(put.data).toEqual({ domain: 'www.tricky.example' });
    const search = await test.client.get<AdminOffsiteDomain[]>(
      '/v3/admin/offsite/?q=tricky',
      operator,
    );
    expect(search.data).toEqual([
      expect.objectContaining({
        domain: 'www.tricky.example',
        status: 'suspicious',
        note: 'reported twice',
        updated_by: operator.username,
      }),
    ]);
    const first = await test.client.get<AdminOffsiteDomain[]>(
      '/v3/admin/offsite/?page_size=2',
      operator,
    );
    expect(first.data.map((row) => row.domain)).toEqual(['adult.example', 'blocked.example']);
    const second = await test.client.get<AdminOffsiteDomain[]>(
      `/v3/admin/offsite/?page_size=2&bookmark=${first.bookmark ?? ''}`,
      operator,
    );
    expect(second.data[0]?.domain).toBe('malware.example');

    const removed = await test.client.send(
      'DELETE',
      '/v3/admin/offsite/www.tricky.example/',
      undefined,
      operator,
    );
    expect(removed.status).toBe(200);
    const again = await test.client.send(
      'DELETE',
      '/v3/admin/offsite/www.tricky.example/',
      undefined,
      operator,
    );
    expect(again.code).toBe(ERROR_CODES.OFFSITE_DOMAIN_NOT_FOUND.code);
  });

  it.each(['https://a.example/', 'a.example:80', 'a..example', '-a.example', 'a_b.example'])(
    'refuses %s as a domain',
    async (domain) => {
      const result = await test.client.send(
        'PUT',
        `/v3/admin/offsite/${encodeURIComponent(domain)}/`,
        { status: 'blocked' },
        operator,
      );
      expect(result.code).toBe(ERROR_CODES.OFFSITE_DOMAIN_INVALID.code);
    },
  );

  it('refuses an unknown status', async () => {
    const result = await test.client.send(
      'PUT',
      '/v3/admin/offsite/a.example/',
      { status: 'evil' },
      operator,
    );
    expect(result.code).toBe(ERROR_CODES.VALIDATION_FAILED.code);
  });

  it('explains a verdict and sums clicks for operators', async () => {
    const explained = await test.client.get<AdminOffsiteCheck>(
      `/v3/admin/offsite/check/?url=${encodeURIComponent('https://x.phishing.example/')}`,
      operator,
    );
    expect(explained.data).toEqual({
      url: 'https://x.phishing.example/',
      redirect_status: 'blocked',
      source: 'safe_browsing',
      listed_domain: null,
      threat_types: ['SOCIAL_ENGINEERING'],
      reputation_checked: true,
    });
    const listed = await test.client.get<AdminOffsiteCheck>(
      `/v3/admin/offsite/check/?url=${encodeURIComponent('https://a.adult.example/')}`,
      operator,
    );
    expect(listed.data).toMatchObject({ source: 'admin_list', listed_domain: 'adult.example' });

    test.clock.current = new Date();
    await check({ url: 'https://blocked.example/' });
    await check({ url: 'https://recipes.example/' });
    const clicks = await test.client.get<{ by_status: Record<string, number> }>(
      '/v3/admin/offsite/clicks/?days=1',
      operator,
    );
    expect(clicks.data.by_status).toEqual({ ok: 1, blocked: 1, suspicious: 0, porn: 0 });
  });
});
