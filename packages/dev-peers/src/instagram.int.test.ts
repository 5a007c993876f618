// The Instagram-shaped peer from Node: authorize (choose, Cancel, bad client or redirect), the
// code exchange and its errors, long-lived tokens, /me, /me/media paging and media nodes.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEV_INSTAGRAM } from './credentials.ts';
import { startInstagramPeer, type InstagramPeer } from './instagram.ts';
import { authorizeWithChoice } from './login-driver.ts';
import { INSTAGRAM_TEST_USERS } from './test-accounts.ts';

const APP = 'http://127.0.0.1:1';
const CALLBACK = `${APP}/settings/claim/instagram/callback/`;
const atApp = (url: URL) => url.origin === APP;
let peer: InstagramPeer;

beforeAll(async () => {
  peer = await startInstagramPeer({
    apps: [
      {
        appId: DEV_INSTAGRAM.appId,
        appSecret: DEV_INSTAGRAM.appSecret,
        name: DEV_INSTAGRAM.appName,
        redirectUris: [CALLBACK],
      },
    ],
    users: INSTAGRAM_TEST_USERS,
  });
});

afterAll(async () => {
  await peer.stop();
});

function authorizeUrl(params: Record<string, string> = {}) {
  const url = new URL(`${peer.url}/oauth/authorize`);
  url.search = new URLSearchParams({
    client_id: DEV_INSTAGRAM.appId,
    redirect_uri: CALLBACK,
    scope: 'user_profile,user_media',
    response_type: 'code',
    state: 'st',
    ...params,
  }).toString();
  return url;
}

async function exchange(fields: Record<string, string>) {
  const response = await fetch(`${peer.url}/oauth/access_token`, {
    method: 'POST',
    body: new URLSearchParams({
      client_id: DEV_INSTAGRAM.appId,
      client_secret: DEV_INSTAGRAM.appSecret,
      grant_type: 'authorization_code',
      redirect_uri: CALLBACK,
      ...fields,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function graph(path: string, params: Record<string, string>) {
  const url = new URL(`${peer.url}${path}`);
  url.search = new URLSearchParams(params).toString();
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('authorize and token exchange', () => {
  test('choosing an account returns a code (with #_) that exchanges once for { access_token, user_id }', async () => {
    const back = await authorizeWithChoice(authorizeUrl(), { account: '7841400000000001' }, atApp);
    expect(back.searchParams.get('state')).toBe('st');
    expect(back.hash).toBe('#_');
    const code = back.searchParams.get('code') ?? '';
    const wrongRedirect = await exchange({ code, redirect_uri: `${APP}/elsewhere/` });
    expect(wrongRedirect).toEqual({
      status: 400,
      body: {
        error_type: 'OAuthException',
        code: 400,
        error_message:
          'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      },
    });
    expect((await exchange({ code, client_secret: 'nope' })).body).toEqual({
      error_type: 'OAuthException',
      code: 400,
      error_message: 'Error validating client secret.',
    });
    const ok = await exchange({ code });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ user_id: 7841400000000001 });
    expect(String(ok.body.access_token)).toMatch(/^IGQV/);
    expect((await exchange({ code })).body.error_message).toBe(
      'Matching code was not found or was already used',
    );

    const me = await graph('/me', {
      fields: 'id,username,account_type,media_count',
      access_token: String(ok.body.access_token),
    });
    expect(me.body).toEqual({
      id: '7841400000000001',
      username: 'mara_cooks',
      account_type: 'BUSINESS',
      media_count: 3,
    });
  });

  test('Cancel redirects with error=access_denied', async () => {
    const back = await authorizeWithChoice(authorizeUrl(), 'cancel', atApp);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error: 'access_denied',
      error_reason: 'user_denied',
      error_description: 'The user denied your request.',
      state: 'st',
    });
  });

  test('unknown app, unregistered redirect URI and unknown scope are refused in the OAuth error shape', async () => {
    const badApp = await fetch(authorizeUrl({ client_id: '1' }));
    expect(badApp.status).toBe(400);
    expect(await badApp.json()).toEqual({
      error_type: 'OAuthException',
      code: 400,
      error_message: 'Invalid platform app',
    });
    expect(await (await fetch(authorizeUrl({ redirect_uri: `${APP}/x` }))).json()).toMatchObject({
      error_message: 'Invalid redirect_uri',
    });
    expect(await (await fetch(authorizeUrl({ scope: 'everything' }))).json()).toMatchObject({
      error_message: 'Invalid scope: everything',
    });
    expect((await exchange({ code: 'AQnope' })).body.error_message).toBe(
      'Matching code was not found or was already used',
    );
    expect((await exchange({ code: '' })).body.error_message).toBe('You must provide a code');
  });

  test('long-lived exchange and refresh', async () => {
    const short = peer.issueToken(DEV_INSTAGRAM.appId, '7841400000000002');
    const long = await graph('/access_token', {
      grant_type: 'ig_exchange_token',
      client_secret: DEV_INSTAGRAM.appSecret,
      access_token: short,
    });
    expect(long.body).toMatchObject({ token_type: 'bearer', expires_in: 5183944 });
    const refreshed = await graph('/refresh_access_token', {
      grant_type: 'ig_refresh_token',
      access_token: String(long.body.access_token),
    });
    expect(refreshed.body).toMatchObject({ token_type: 'bearer', expires_in: 5183944 });
    const wrongSecret = await graph('/access_token', {
      grant_type: 'ig_exchange_token',
      client_secret: 'x',
      access_token: short,
    });
    expect(wrongSecret.body.error).toMatchObject({ type: 'OAuthException', code: 1 });
  });
});

describe('Graph', () => {
  test('/me/media pages newest first; media nodes and images resolve locally', async () => {
    const token = peer.issueToken(DEV_INSTAGRAM.appId, '7841400000000001');
    const first = await graph('/v21.0/me/media', {
      fields: 'id,caption,media_type,media_url,permalink,timestamp',
      limit: '2',
      access_token: token,
    });
    const data = first.body.data as { id: string; media_url: string; caption: string }[];
    expect(data.map((m) => m.id)).toEqual(['9000000000000103', '9000000000000102']);
    expect(data[0]).toMatchObject({
      media_type: 'CAROUSEL_ALBUM',
      caption: 'Market stall',
      permalink: `${peer.url}/p/9000000000000103/`,
    });
    const next = (first.body.paging as { next: string }).next;
    const second = (await (await fetch(next)).json()) as {
      data: { id: string }[];
      paging: { next?: string };
    };
    expect(second.data.map((m) => m.id)).toEqual(['9000000000000101']);
    expect(second.paging.next).toBeUndefined();
    const image = await fetch(data[0]?.media_url ?? '');
    expect(image.headers.get('content-type')).toBe('image/png');
    const node = await graph('/9000000000000101', {
      fields: 'id,media_type,username',
      access_token: token,
    });
    expect(node.body).toEqual({
      id: '9000000000000101',
      media_type: 'IMAGE',
      username: 'mara_cooks',
    });
    const notMine = await graph('/9000000000000101', {
      access_token: peer.issueToken(DEV_INSTAGRAM.appId, '7841400000000002'),
    });
    expect(notMine.body.error).toMatchObject({ type: 'IGApiException', code: 100 });
  });

  test('token errors and unknown fields answer Graph errors', async () => {
    expect((await graph('/me', { access_token: 'IGQVnope' })).body.error).toMatchObject({
      message: 'Invalid OAuth access token - Cannot parse access token',
      type: 'OAuthException',
      code: 190,
    });
    const token = peer.issueToken(DEV_INSTAGRAM.appId, '7841400000000001');
    expect(
      (await graph('/me', { fields: 'id,followers', access_token: token })).body.error,
    ).toMatchObject({ code: 100 });
    peer.revokeToken(token);
    expect((await graph('/me', { access_token: token })).body.error).toMatchObject({ code: 190 });
    const profileOnly = peer.issueToken(DEV_INSTAGRAM.appId, '7841400000000001', ['user_profile']);
    expect((await graph('/me/media', { access_token: profileOnly })).body.error).toMatchObject({
      code: 10,
    });
  });
});
