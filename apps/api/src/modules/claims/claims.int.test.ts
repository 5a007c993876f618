// /settings/claim/ (docs/decisions/127, 128) against a loopback website, the loopback DNS peer
// and the loopback Instagram peer: each proof of ownership (meta tag, file, DNS TXT) succeeding
// and failing, the SSRF refusal of a private-address site, one owner per domain, removal and
// the listed website, the claim making its owner the link domain's official user; the
// Instagram connection (authorization code), its state check, a taken account, disconnecting,
// and connected_to_instagram in /v3/users/settings.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { DEV_INSTAGRAM } from '@corkboard/dev-peers/credentials';
import { startDnsPeer, type DnsPeer } from '@corkboard/dev-peers/dns';
import { startInstagramPeer, type InstagramPeer } from '@corkboard/dev-peers/instagram';
import { INSTAGRAM_TEST_USERS } from '@corkboard/dev-peers/test-accounts';
import type { PinDetail } from '@corkboard/shared/api-types';
import {
  MAX_CLAIMED_WEBSITES,
  verificationFilePath,
  verificationMetaTag,
  verificationTxtValue,
  type ClaimedWebsite,
  type ClaimState,
  type InstagramAuthorization,
  type InstagramConnection,
} from '@corkboard/shared/claim/claim';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { UserSettingsData } from '@corkboard/shared/saving/api';
import { TEST_CSRF_TOKEN, type Who } from '../../test/api-client.ts';
import { createFixtures, type Fixtures, type UserFixture } from '../../test/fixtures.ts';
import { startLoopbackServer, type LoopbackServer } from '../../test/loopback-server.ts';
import { buildTestApp, testConfig, type TestApp } from '../../test/test-app.ts';
import { INSTAGRAM_STATE_COOKIE } from './claims.service.ts';

const ORIGIN = 'http://corkboard.test';
const REDIRECT_URI = `${ORIGIN}/settings/claim/instagram/callback/`;
const [MARA] = INSTAGRAM_TEST_USERS;

let handle: DbHandle;
let f: Fixtures;
let site: LoopbackServer;
let dns: DnsPeer;
let instagram: InstagramPeer;
let test: TestApp;
let alice: UserFixture;
let bob: UserFixture;
let carol: UserFixture;

function page(res: ServerResponse, html: string, status = 200) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(html);
}

function homePage(head: string): string {
  return `<!doctype html><html><head><title>Shop</title>${head}</head><body><h1>Shop</h1></body></html>`;
}

async function state(who: UserFixture): Promise<ClaimState> {
  const answer = await test.client.get<ClaimState>('/v3/users/me/claim/', who);
  expect(answer.status).toBe(200);
  return answer.data;
}

async function claim(who: Who, url: string, method: 'meta' | 'file' | 'dns') {
  return test.client.send<ClaimedWebsite>('POST', '/v3/users/me/websites/', { url, method }, who);
}

async function settings(who: UserFixture): Promise<UserSettingsData> {
  return (await test.client.get<UserSettingsData>('/v3/users/settings', who)).data;
}

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  alice = await f.user();
  bob = await f.user();
  carol = await f.user();
  site = await startLoopbackServer();
  dns = await startDnsPeer();
  instagram = await startInstagramPeer({
    apps: [
      {
        appId: DEV_INSTAGRAM.appId,
        appSecret: DEV_INSTAGRAM.appSecret,
        name: DEV_INSTAGRAM.appName,
        redirectUris: [REDIRECT_URI],
      },
    ],
    users: INSTAGRAM_TEST_USERS,
  });
  test = await buildTestApp(handle.db, {
    config: {
      fetchAllowHosts: ['127.0.0.1:*'],
      providers: {
        ...testConfig().providers,
        devPeers: true,
        dnsServer: dns.server,
        instagram: {
          appId: DEV_INSTAGRAM.appId,
          appSecret: DEV_INSTAGRAM.appSecret,
          authorizeUrl: instagram.url,
          apiUrl: instagram.url,
          graphUrl: instagram.url,
        },
      },
    },
  });
});

afterAll(async () => {
  await test.close();
  await instagram.stop();
  await dns.stop();
  await site.close();
  await handle.close();
});

describe('GET /v3/users/me/claim/', () => {
  it('issues one verification token per person, kept across visits', async () => {
    const first = await state(alice);
    expect(first.verification_token).toMatch(/^[a-f0-9]{32}$/);
    expect((await state(alice)).verification_token).toBe(first.verification_token);
    expect((await state(bob)).verification_token).not.toBe(first.verification_token);
    expect(first).toMatchObject({ websites: [], instagram: null, instagram_available: true });
  });

  it('needs a signed-in person', async () => {
    const answer = await test.client.get('/v3/users/me/claim/', null);
    expect(answer.status).toBe(401);
    expect(answer.code).toBe(ERROR_CODES.UNAUTHORIZED.code);
  });
});

describe('claiming a website', () => {
  it('refuses an address that is not a website', async () => {
    for (const url of [
      'ftp://files.maras.test/',
      'https://user:pw@maras.test/',
      'intranet',
      '../..',
      'https://a..test/',
      '&.O',
      'https://-maras.test/',
    ]) {
      const answer = await claim(alice, url, 'meta');
      expect(answer.status).toBe(400);
      expect(answer.code).toBe(ERROR_CODES.WEBSITE_URL_INVALID.code);
    }
  });

  it('meta tag: refuses a home page without the tag or with another token', async () => {
    site.route('/', (_req, res) => page(res, homePage('')));
    const missing = await claim(alice, site.url('/'), 'meta');
    expect(missing.code).toBe(ERROR_CODES.WEBSITE_VERIFICATION_FAILED.code);
    expect(missing.errorData).toEqual({ method: 'meta', reason: 'meta_tag_missing' });

    const bobs = (await state(bob)).verification_token;
    site.route('/', (_req, res) => page(res, homePage(verificationMetaTag(bobs))));
    const mismatch = await claim(alice, site.url('/'), 'meta');
    expect(mismatch.code).toBe(ERROR_CODES.WEBSITE_VERIFICATION_FAILED.code);
    expect(mismatch.errorData).toEqual({ method: 'meta', reason: 'meta_tag_mismatch' });

    // A tag in the body is not the home page's head.
    const token = (await state(alice)).verification_token;
    site.route('/', (_req, res) =>
      page(res, `<!doctype html><html><head></head><body>${verificationMetaTag(token)}</body>`),
    );
    expect((await claim(alice, site.url('/'), 'meta')).errorData.reason).toBe('meta_tag_missing');
    expect((await state(alice)).websites).toEqual([]);
    expect((await settings(alice)).listed_website_url).toBeNull();
  });

  it('meta tag: claims the domain, lists the website and makes its owner the official user', async () => {
    const token = (await state(alice)).verification_token;
    site.route('/', (_req, res) => page(res, homePage(verificationMetaTag(token))));
    const answer = await claim(alice, site.url('/shop/?ref=1'), 'meta');
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      domain: '127.0.0.1',
      url: site.url('/'),
      method: 'meta',
    });
    expect((await state(alice)).websites.map((w) => w.domain)).toEqual(['127.0.0.1']);
    expect((await settings(alice)).listed_website_url).toBe(site.url('/'));

    const board = await f.board(carol);
    const pin = await f.pin({ board, link: site.url('/products/lamp') });
    const detail = await test.app.inject({
      method: 'GET',
      url: `/v3/pins/${pin.id}/`,
      headers: { 'x-test-viewer': carol.id },
    });
    const data = detail.json<{ resource_response: { data: PinDetail } }>().resource_response.data;
    expect(data.link_domain?.official_user?.username).toBe(alice.username);
  });

  it('one owner per domain: a second claimant is refused before anything is fetched', async () => {
    const before = site.requests.length;
    const answer = await claim(bob, site.url('/'), 'meta');
    expect(answer.status).toBe(409);
    expect(answer.code).toBe(ERROR_CODES.WEBSITE_CLAIMED_BY_SOMEONE_ELSE.code);
    expect(site.requests.length).toBe(before);
    expect((await state(bob)).websites).toEqual([]);
  });

  it('removes a claim (only the owner), and the listed website with it', async () => {
    const stranger = await test.client.send(
      'DELETE',
      '/v3/users/me/websites/127.0.0.1/',
      undefined,
      bob,
    );
    expect(stranger.status).toBe(404);
    expect(stranger.code).toBe(ERROR_CODES.WEBSITE_NOT_CLAIMED.code);
    const removed = await test.client.send(
      'DELETE',
      '/v3/users/me/websites/127.0.0.1/',
      undefined,
      alice,
    );
    expect(removed.status).toBe(200);
    expect((await state(alice)).websites).toEqual([]);
    expect((await settings(alice)).listed_website_url).toBeNull();
  });

  it('file: refuses a missing file or one without the token, accepts the right one', async () => {
    const token = (await state(bob)).verification_token;
    site.route('/', (_req, res) => page(res, homePage('')));
    const missing = await claim(bob, site.url('/'), 'file');
    expect(missing.code).toBe(ERROR_CODES.WEBSITE_VERIFICATION_FAILED.code);
    expect(missing.errorData).toEqual({ method: 'file', reason: 'file_missing' });

    site.route(verificationFilePath(token), (_req, res) => page(res, 'nothing here'));
    const wrong = await claim(bob, site.url('/'), 'file');
    expect(wrong.errorData).toEqual({ method: 'file', reason: 'file_mismatch' });

    site.route(verificationFilePath(token), (_req, res) =>
      page(res, `corkboard-site-verification: ${token}`),
    );
    const ok = await claim(bob, site.url('/'), 'file');
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({ domain: '127.0.0.1', method: 'file' });
    expect((await settings(bob)).listed_website_url).toBe(site.url('/'));
    await test.client.send('DELETE', '/v3/users/me/websites/127.0.0.1/', undefined, bob);
  });

  it('DNS: refuses a domain without the TXT record or with another value, accepts the record', async () => {
    const token = (await state(carol)).verification_token;
    const missing = await claim(carol, 'https://www.shop-one.example/', 'dns');
    expect(missing.code).toBe(ERROR_CODES.WEBSITE_VERIFICATION_FAILED.code);
    expect(missing.errorData).toEqual({ method: 'dns', reason: 'record_missing' });

    dns.setTxt('shop-one.example', ['v=spf1 -all', verificationTxtValue('0'.repeat(32))]);
    const wrong = await claim(carol, 'https://www.shop-one.example/', 'dns');
    expect(wrong.errorData).toEqual({ method: 'dns', reason: 'record_missing' });

    dns.setTxt('shop-one.example', ['v=spf1 -all', verificationTxtValue(token)]);
    const ok = await claim(carol, 'www.shop-one.example', 'dns');
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({
      domain: 'shop-one.example',
      url: 'https://www.shop-one.example/',
      method: 'dns',
    });
    expect((await settings(carol)).listed_website_url).toBe('https://www.shop-one.example/');
    expect(dns.queries().some((q) => q.name === 'shop-one.example' && q.type === 'TXT')).toBe(true);
  });

  it('caps a person at MAX_CLAIMED_WEBSITES; removing the listed one lists the newest left', async () => {
    // carol holds shop-one.example (the DNS test) and, here, 19 older claims.
    await handle.db
      .insertInto('verified_domains')
      .values(
        Array.from({ length: MAX_CLAIMED_WEBSITES - 1 }, (_, i) => ({
          domain: `older-${i}.example`,
          user_id: carol.id,
          site_url: `https://older-${i}.example/`,
          method: 'dns' as const,
          verified_at: new Date(Date.UTC(2026, 0, 1 + i)),
        })),
      )
      .execute();
    expect((await state(carol)).websites).toHaveLength(MAX_CLAIMED_WEBSITES);
    dns.setTxt('one-too-many.example', [
      verificationTxtValue((await state(carol)).verification_token),
    ]);
    const full = await claim(carol, 'one-too-many.example', 'dns');
    expect(full.status).toBe(409);
    expect(full.code).toBe(ERROR_CODES.WEBSITE_CLAIMS_FULL.code);
    expect(full.errorData).toEqual({ max: MAX_CLAIMED_WEBSITES });

    const removed = await test.client.send(
      'DELETE',
      '/v3/users/me/websites/shop-one.example/',
      undefined,
      carol,
    );
    expect(removed.status).toBe(200);
    const newest = `https://older-${MAX_CLAIMED_WEBSITES - 2}.example/`;
    expect((await settings(carol)).listed_website_url).toBe(newest);
  });

  it('refuses to fetch a site on a private address (SSRF) and stores nothing', async () => {
    const answer = await claim(alice, `http://127.0.0.2:${site.port}/`, 'meta');
    expect(answer.status).toBe(400);
    expect(answer.code).toBe(ERROR_CODES.URL_BLOCKED.code);
    const file = await claim(alice, 'http://10.1.2.3/', 'file');
    expect(file.code).toBe(ERROR_CODES.URL_BLOCKED.code);
    expect((await state(alice)).websites).toEqual([]);
  });

  it('needs the CSRF token', async () => {
    const answer = await test.client.send(
      'POST',
      '/v3/users/me/websites/',
      { url: 'shop-two.example', method: 'dns' },
      alice,
      { cookie: '', 'x-csrftoken': '' },
    );
    expect(answer.code).toBe(ERROR_CODES.CSRF_FAILED.code);
  });
});

// ---- Instagram ------------------------------------------------------------------------------

interface Started {
  state: string;
  cookie: string;
  authorizeUrl: URL;
}

async function start(who: UserFixture): Promise<Started> {
  const answer = await test.client.send<InstagramAuthorization>(
    'POST',
    '/v3/users/me/instagram/authorize/',
    undefined,
    who,
  );
  expect(answer.status).toBe(200);
  const authorizeUrl = new URL(answer.data.authorize_url);
  const setCookie = String(answer.response.headers['set-cookie'] ?? '');
  const cookie = new RegExp(`${INSTAGRAM_STATE_COOKIE}=([^;]+)`).exec(setCookie)?.[1] ?? '';
  return { state: authorizeUrl.searchParams.get('state') ?? '', cookie, authorizeUrl };
}

/** Chooses the account on the peer's authorize page, as a person would; answers the code. */
async function authorize(started: Started, account: string): Promise<string> {
  const form = new URLSearchParams(started.authorizeUrl.searchParams);
  form.set('account', account);
  const response = await fetch(`${instagram.url}/oauth/authorize`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const location = new URL(response.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
  expect(location.searchParams.get('state')).toBe(started.state);
  return location.searchParams.get('code') ?? '';
}

async function connect(who: UserFixture, body: { code: string; state: string }, cookie?: string) {
  const cookies = [`csrftoken=${TEST_CSRF_TOKEN}`];
  if (cookie !== undefined) cookies.push(`${INSTAGRAM_STATE_COOKIE}=${cookie}`);
  return test.client.send<InstagramConnection>(
    'POST',
    '/v3/users/me/instagram/connect/',
    body,
    who,
    { cookie: cookies.join('; ') },
  );
}

describe('connecting Instagram', () => {
  it('starts with the provider’s authorize address and a session-bound state cookie', async () => {
    const started = await start(alice);
    expect(started.authorizeUrl.origin).toBe(instagram.url);
    expect(started.authorizeUrl.pathname).toBe('/oauth/authorize');
    expect(started.authorizeUrl.searchParams.get('client_id')).toBe(DEV_INSTAGRAM.appId);
    expect(started.authorizeUrl.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(started.state.length).toBeGreaterThanOrEqual(43);
    expect(started.cookie).toBe(started.state);
  });

  it('refuses a state this browser did not start, another person’s, or a used one', async () => {
    const started = await start(alice);
    const code = await authorize(started, MARA?.id ?? '');
    // No cookie (the callback opened in another browser).
    const noCookie = await connect(alice, { code, state: started.state });
    expect(noCookie.code).toBe(ERROR_CODES.INSTAGRAM_STATE_INVALID.code);
    // The state is used up by that attempt, even with the right cookie now.
    const reused = await connect(alice, { code, state: started.state }, started.cookie);
    expect(reused.code).toBe(ERROR_CODES.INSTAGRAM_STATE_INVALID.code);

    const again = await start(alice);
    const code2 = await authorize(again, MARA?.id ?? '');
    // Someone else finishing alice's flow, even holding her cookie.
    const other = await connect(bob, { code: code2, state: again.state }, again.cookie);
    expect(other.code).toBe(ERROR_CODES.INSTAGRAM_STATE_INVALID.code);
    // A cookie that is not the state.
    const third = await start(alice);
    const mismatched = await connect(alice, { code: code2, state: third.state }, again.cookie);
    expect(mismatched.code).toBe(ERROR_CODES.INSTAGRAM_STATE_INVALID.code);
    expect((await settings(alice)).connected_to_instagram).toBe(false);
  });

  it('reports a code Instagram refuses', async () => {
    const started = await start(alice);
    const answer = await connect(
      alice,
      { code: 'AQnot-a-code', state: started.state },
      started.cookie,
    );
    expect(answer.status).toBe(502);
    expect(answer.code).toBe(ERROR_CODES.INSTAGRAM_CONNECT_FAILED.code);
    expect(answer.errorData).toEqual({ reason: 'code_rejected' });
    expect((await state(alice)).instagram).toBeNull();
  });

  it('connects the chosen account and sets connected_to_instagram', async () => {
    expect((await settings(alice)).connected_to_instagram).toBe(false);
    const started = await start(alice);
    const code = await authorize(started, MARA?.id ?? '');
    const answer = await connect(alice, { code, state: started.state }, started.cookie);
    expect(answer.status).toBe(200);
    expect(answer.data.username).toBe(MARA?.username);
    expect((await state(alice)).instagram?.username).toBe(MARA?.username);
    expect((await settings(alice)).connected_to_instagram).toBe(true);
    // Against the stand-ins the photo site is also the peer's host (ADR 129).
    expect((await settings(alice)).instagram_site_domains).toEqual(['instagram.com', '127.0.0.1']);
  });

  it('refuses an Instagram account connected to someone else', async () => {
    const started = await start(bob);
    const code = await authorize(started, MARA?.id ?? '');
    const answer = await connect(bob, { code, state: started.state }, started.cookie);
    expect(answer.status).toBe(409);
    expect(answer.code).toBe(ERROR_CODES.INSTAGRAM_ACCOUNT_TAKEN.code);
    expect((await settings(bob)).connected_to_instagram).toBe(false);
  });

  it('disconnects', async () => {
    const answer = await test.client.send('DELETE', '/v3/users/me/instagram/', undefined, alice);
    expect(answer.status).toBe(200);
    expect((await settings(alice)).connected_to_instagram).toBe(false);
    expect((await state(alice)).instagram).toBeNull();
    const again = await test.client.send('DELETE', '/v3/users/me/instagram/', undefined, alice);
    expect(again.status).toBe(404);
    expect(again.code).toBe(ERROR_CODES.INSTAGRAM_NOT_CONNECTED.code);
  });

  it('says it is unavailable when no Instagram provider is configured', async () => {
    const bare = await buildTestApp(handle.db);
    try {
      const answer = await bare.client.send(
        'POST',
        '/v3/users/me/instagram/authorize/',
        undefined,
        alice,
      );
      expect(answer.status).toBe(503);
      expect(answer.code).toBe(ERROR_CODES.INSTAGRAM_UNAVAILABLE.code);
      expect(
        (await bare.client.get<ClaimState>('/v3/users/me/claim/', alice)).data.instagram_available,
      ).toBe(false);
    } finally {
      await bare.close();
    }
  });
});
