// The Facebook peer from Node: the login dialog (token and code flows, permissions, Cancel), the
// code exchange, debug_token, /me with fields and permission gating, revocation and expiry,
// appsecret_proof, pictures, versioned paths and Graph's error shape.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEV_FACEBOOK } from './credentials.ts';
import { startFacebookPeer, type FacebookPeer } from './facebook.ts';
import { HttpBrowser, parseForms, submitChoice } from './login-driver.ts';
import { FACEBOOK_TEST_USERS } from './test-accounts.ts';

const APP = 'http://127.0.0.1:1';
const CALLBACK = `${APP}/connect/facebook/`;
const OTHER_APP = {
  appId: '100000000000999',
  appSecret: 'other-secret',
  name: 'Other app',
  redirectUris: [`${APP}/other/`],
};
const atApp = (url: URL) => url.origin === APP;

let peer: FacebookPeer;

beforeAll(async () => {
  peer = await startFacebookPeer({
    apps: [
      {
        appId: DEV_FACEBOOK.appId,
        appSecret: DEV_FACEBOOK.appSecret,
        name: DEV_FACEBOOK.appName,
        redirectUris: [CALLBACK],
      },
      OTHER_APP,
    ],
    users: FACEBOOK_TEST_USERS,
  });
});

afterAll(async () => {
  await peer.stop();
});

function dialogUrl(params: Record<string, string>, version = 'v2.7') {
  const url = new URL(`${peer.url}/${version}/dialog/oauth`);
  url.search = new URLSearchParams({
    client_id: DEV_FACEBOOK.appId,
    redirect_uri: CALLBACK,
    ...params,
  }).toString();
  return url;
}

async function graph(path: string, params: Record<string, string> = {}, init: RequestInit = {}) {
  const url = new URL(`${peer.url}${path}`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const appToken = `${DEV_FACEBOOK.appId}|${DEV_FACEBOOK.appSecret}`;

describe('login dialog', () => {
  test('token flow: the fragment carries access_token, expiry, state and the granted scopes', async () => {
    const browser = new HttpBrowser();
    const page = await browser.request(
      dialogUrl({
        response_type: 'token',
        scope: 'public_profile,email,user_friends',
        state: 'abc',
        return_scopes: 'true',
      }),
    );
    expect(page.status).toBe(200);
    expect(page.text).toContain('Development login dialog — not Facebook');
    const back = await submitChoice(browser, page, { account: '10000000000000001' }, atApp);
    expect(back.url.origin + back.url.pathname).toBe(CALLBACK);
    const fragment = new URLSearchParams(back.url.hash.slice(1));
    expect(fragment.get('state')).toBe('abc');
    expect(fragment.get('expires_in')).toBe('7200');
    expect(Number(fragment.get('data_access_expiration_time'))).toBeGreaterThan(Date.now() / 1000);
    expect(fragment.get('granted_scopes')).toBe('public_profile,email,user_friends');
    expect(fragment.get('denied_scopes')).toBe('');
    const token = fragment.get('access_token') ?? '';
    expect(token).toMatch(/^EAA/);

    const debug = await graph('/v2.7/debug_token', { input_token: token, access_token: appToken });
    expect(debug.status).toBe(200);
    expect(debug.body.data).toMatchObject({
      app_id: DEV_FACEBOOK.appId,
      type: 'USER',
      application: DEV_FACEBOOK.appName,
      is_valid: true,
      scopes: ['public_profile', 'email', 'user_friends'],
      user_id: '10000000000000001',
    });
  });

  test('Cancel redirects with error=access_denied and error_reason=user_denied', async () => {
    const browser = new HttpBrowser();
    const page = await browser.request(
      dialogUrl({ response_type: 'token', scope: 'email', state: 'xyz' }),
    );
    const back = await submitChoice(browser, page, 'cancel', atApp);
    expect(Object.fromEntries(back.url.searchParams)).toEqual({
      error: 'access_denied',
      error_code: '200',
      error_description: 'Permissions error',
      error_reason: 'user_denied',
      state: 'xyz',
    });
    expect(back.url.hash).toBe('#_=_');
  });

  test('declining the e-mail permission: /me has no email and /me/permissions says declined', async () => {
    const browser = new HttpBrowser();
    const page = await browser.request(
      dialogUrl({ response_type: 'token', scope: 'public_profile,email' }),
    );
    const [form] = parseForms(page);
    const fields = { ...form?.fields };
    delete fields.grant;
    const back = await browser.request(
      form?.action ?? '',
      { form: { ...fields, account: '10000000000000001' } },
      { stopAt: atApp },
    );
    const token = new URLSearchParams(back.url.hash.slice(1)).get('access_token') ?? '';
    const me = await graph('/me', { fields: 'id,email,first_name', access_token: token });
    expect(me.body).toEqual({ id: '10000000000000001', first_name: 'Maya' });
    const permissions = await graph('/v2.7/me/permissions', { access_token: token });
    expect(permissions.body.data).toEqual([
      { permission: 'public_profile', status: 'granted' },
      { permission: 'email', status: 'declined' },
    ]);
  });

  test('code flow: code in the query, exchanged once for a token with the same redirect_uri', async () => {
    const browser = new HttpBrowser();
    const page = await browser.request(dialogUrl({ scope: 'email', state: 's1' }));
    const back = await submitChoice(browser, page, { account: '10000000000000004' }, atApp);
    const code = back.url.searchParams.get('code') ?? '';
    expect(back.url.searchParams.get('state')).toBe('s1');
    const exchange = (params: Record<string, string>) =>
      graph('/v2.7/oauth/access_token', {
        client_id: DEV_FACEBOOK.appId,
        client_secret: DEV_FACEBOOK.appSecret,
        redirect_uri: CALLBACK,
        code,
        ...params,
      });
    const wrongRedirect = await exchange({ redirect_uri: `${APP}/elsewhere/` });
    expect(wrongRedirect.status).toBe(400);
    expect(wrongRedirect.body.error).toMatchObject({
      type: 'OAuthException',
      code: 100,
      error_subcode: 36008,
    });
    const wrongSecret = await exchange({ client_secret: 'nope' });
    expect(wrongSecret.body.error).toMatchObject({
      message: 'Error validating client secret.',
      code: 1,
    });
    const ok = await exchange({});
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: 'bearer' });
    expect(ok.body.expires_in).toBeGreaterThan(7000);
    const again = await exchange({});
    expect(again.body.error).toMatchObject({
      message: 'This authorization code has been used.',
      error_subcode: 36009,
    });
    const me = await graph('/me', {
      fields: 'id,birthday,email',
      access_token: String(ok.body.access_token),
    });
    expect(me.body).toEqual({ id: '10000000000000004', email: 'jun.park@example.com' });
  });

  test('an unregistered redirect URI or app id gets an error page', async () => {
    const blocked = await fetch(dialogUrl({ redirect_uri: `${APP}/evil/` }));
    expect(blocked.status).toBe(400);
    expect(await blocked.text()).toContain('URL blocked');
    const badApp = await fetch(dialogUrl({ client_id: '42' }));
    expect(badApp.status).toBe(400);
    expect(await badApp.text()).toContain('Invalid App ID');
    const badScope = await fetch(dialogUrl({ scope: 'email,manage_everything' }));
    expect(await badScope.text()).toContain('Invalid Scopes: manage_everything.');
  });
});

describe('Graph API', () => {
  test('/me returns the §3 fields, gated by permissions, on versioned and unversioned paths', async () => {
    const token = peer.issueToken({
      appId: DEV_FACEBOOK.appId,
      userId: '10000000000000001',
      scopes: ['email', 'user_birthday', 'user_gender'],
    });
    const fields = 'id,first_name,last_name,email,gender,birthday,picture';
    const versioned = await graph('/v2.7/me', { fields, access_token: token });
    const unversioned = await graph('/me', { fields, access_token: token });
    expect(versioned.status).toBe(200);
    expect(unversioned.body).toEqual(versioned.body);
    expect(versioned.body).toEqual({
      id: '10000000000000001',
      first_name: 'Maya',
      last_name: 'Okafor',
      email: 'maya.okafor@example.com',
      gender: 'female',
      birthday: '04/12/1990',
      picture: {
        data: {
          height: 50,
          is_silhouette: false,
          url: `${peer.url}/platform/profilepic/?asid=10000000000000001&height=50&width=50`,
          width: 50,
        },
      },
    });
    // Without user_birthday / user_gender the fields are simply absent.
    const basic = peer.issueToken({
      appId: DEV_FACEBOOK.appId,
      userId: '10000000000000001',
      scopes: ['email'],
    });
    expect((await graph('/me', { fields, access_token: basic })).body).not.toHaveProperty(
      'birthday',
    );
    // Default fields: name and id.
    expect((await graph('/me', { access_token: basic })).body).toEqual({
      name: 'Maya Okafor',
      id: '10000000000000001',
    });
  });

  test('the silhouette, no-email and year-less birthday users', async () => {
    const scopes = ['email', 'user_birthday'];
    const me = async (userId: string) =>
      (
        await graph('/v2.7/me', {
          fields: 'id,email,birthday,picture.type(large)',
          access_token: peer.issueToken({ appId: DEV_FACEBOOK.appId, userId, scopes }),
        })
      ).body;
    const silhouette = await me('10000000000000003');
    expect(silhouette.picture).toMatchObject({
      data: { is_silhouette: true, width: 200, height: 200 },
    });
    const picture = await fetch((silhouette.picture as { data: { url: string } }).data.url);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(await me('10000000000000002')).not.toHaveProperty('email');
    expect((await me('10000000000000005')).birthday).toBe('07/22');
  });

  test('Graph errors: missing, malformed, app, expired and revoked tokens', async () => {
    const missing = await graph('/me');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      message: 'An active access token must be used to query information about the current user.',
      type: 'OAuthException',
      code: 2500,
    });
    expect((missing.body.error as { fbtrace_id: string }).fbtrace_id).toMatch(/^\w{11}$/);
    const malformed = await graph('/me', { access_token: 'garbage' });
    expect(malformed.body.error).toMatchObject({
      message: 'Invalid OAuth access token - Cannot parse access token',
      code: 190,
    });
    const app = await graph('/me', { access_token: appToken });
    expect(app.body.error).toMatchObject({ code: 2500 });

    const expired = peer.issueToken({ appId: DEV_FACEBOOK.appId, userId: '10000000000000001' });
    peer.expireToken(expired);
    const afterExpiry = await graph('/me', { access_token: expired });
    expect(afterExpiry.body.error).toMatchObject({ code: 190, error_subcode: 463 });
    expect((afterExpiry.body.error as { message: string }).message).toMatch(
      /^Error validating access token: Session has expired on /,
    );

    const revoked = peer.issueToken({ appId: DEV_FACEBOOK.appId, userId: '10000000000000001' });
    peer.revokeToken(revoked);
    expect((await graph('/me', { access_token: revoked })).body.error).toMatchObject({
      message: `Error validating access token: The user has not authorized application ${DEV_FACEBOOK.appId}.`,
      code: 190,
      error_subcode: 458,
    });
    const debug = await graph('/debug_token', { input_token: revoked, access_token: appToken });
    expect(debug.body.data).toMatchObject({ is_valid: false, error: { code: 190, subcode: 458 } });

    const unknownField = await graph('/me', {
      fields: 'id,shoe_size',
      access_token: peer.issueToken({ appId: DEV_FACEBOOK.appId, userId: '10000000000000001' }),
    });
    expect(unknownField.body.error).toMatchObject({
      message: '(#100) Tried accessing nonexisting field (shoe_size) on node type (User)',
      code: 100,
    });
  });

  test('debug_token: requires an app token, reports the token app id, flags garbage as invalid', async () => {
    const token = peer.issueToken({
      appId: DEV_FACEBOOK.appId,
      userId: '10000000000000006',
      scopes: ['email'],
    });
    const noAppToken = await graph('/debug_token', { input_token: token });
    expect(noAppToken.body.error).toMatchObject({
      message: 'An access token is required to request this resource.',
      code: 104,
    });
    const wrongSecret = await graph('/debug_token', {
      input_token: token,
      access_token: `${DEV_FACEBOOK.appId}|wrong`,
    });
    expect(wrongSecret.body.error).toMatchObject({
      message: 'Invalid OAuth access token signature.',
      code: 190,
    });
    const noInput = await graph('/debug_token', { access_token: appToken });
    expect(noInput.body.error).toMatchObject({
      message: '(#100) The parameter input_token is required',
      code: 100,
    });
    // Asked by another app: the answer names the app the token belongs to, for the caller to compare.
    const other = await graph('/debug_token', {
      input_token: token,
      access_token: `${OTHER_APP.appId}|${OTHER_APP.appSecret}`,
    });
    expect(other.body.data).toMatchObject({ app_id: DEV_FACEBOOK.appId, is_valid: true });
    const garbage = await graph('/debug_token', { input_token: 'EAAnope', access_token: appToken });
    expect(garbage).toEqual({
      status: 200,
      body: {
        data: {
          error: { code: 190, message: 'Invalid OAuth access token.' },
          is_valid: false,
          scopes: [],
        },
      },
    });
  });

  test('client_credentials app tokens work for debug_token', async () => {
    const issued = await graph('/oauth/access_token', {
      client_id: DEV_FACEBOOK.appId,
      client_secret: DEV_FACEBOOK.appSecret,
      grant_type: 'client_credentials',
    });
    const token = peer.issueToken({ appId: DEV_FACEBOOK.appId, userId: '10000000000000001' });
    const debug = await graph('/debug_token', {
      input_token: token,
      access_token: String(issued.body.access_token),
    });
    expect(debug.body.data).toMatchObject({ is_valid: true, user_id: '10000000000000001' });
  });

  test('appsecret_proof is checked when sent; DELETE /me/permissions deauthorizes', async () => {
    const token = peer.issueToken({
      appId: DEV_FACEBOOK.appId,
      userId: '10000000000000001',
      scopes: ['email'],
    });
    const proof = createHmac('sha256', DEV_FACEBOOK.appSecret).update(token).digest('hex');
    expect((await graph('/me', { access_token: token, appsecret_proof: proof })).status).toBe(200);
    const bad = await graph('/me', { access_token: token, appsecret_proof: 'f'.repeat(64) });
    expect(bad.body.error).toMatchObject({ type: 'GraphMethodException', code: 100 });
    const removed = await graph(
      '/v2.7/me/permissions',
      { access_token: token },
      { method: 'DELETE' },
    );
    expect(removed.body).toEqual({ success: true });
    expect((await graph('/me', { access_token: token })).body.error).toMatchObject({
      error_subcode: 458,
    });
  });

  test('/{id}/picture redirects to the image; redirect=0 answers JSON; unknown paths answer Graph errors', async () => {
    const redirected = await fetch(`${peer.url}/v2.7/10000000000000003/picture?type=large`, {
      redirect: 'manual',
    });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toContain(
      '/platform/profilepic/?asid=10000000000000003',
    );
    const json = await graph('/v2.7/10000000000000003/picture', { redirect: '0' });
    expect(json.body).toMatchObject({ data: { is_silhouette: true, width: 50 } });
    const unknown = await graph('/v2.7/nothing/here');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({
      type: 'GraphMethodException',
      code: 100,
      error_subcode: 33,
    });
  });

  test('the SDK stand-in is served for any locale', async () => {
    const response = await fetch(`${peer.url}/es_LA/sdk.js`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('window.fbAsyncInit');
  });
});
