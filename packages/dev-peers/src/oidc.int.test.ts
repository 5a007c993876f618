// The OIDC peer end to end from Node: discovery, authorization code + PKCE through the chooser
// (driven over HTTP like a browser), ID tokens verified against each issuer's JWKS, errors the
// real providers give, the Google Identity Services credential flow and LINE's verify endpoint.
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, errors as joseErrors } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEV_ENTERPRISE, DEV_GOOGLE, DEV_LINE } from './credentials.ts';
import { authorizeWithChoice, HttpBrowser, parseForms, submitChoice } from './login-driver.ts';
import { startOidcPeer, type OidcPeer } from './oidc.ts';
import {
  ENTERPRISE_TEST_ACCOUNTS,
  GOOGLE_TEST_ACCOUNTS,
  LINE_TEST_ACCOUNTS,
} from './test-accounts.ts';

const APP = 'http://127.0.0.1:1';
const GOOGLE_CALLBACK = `${APP}/api/auth/oauth2/callback/google`;
const LINE_CALLBACK = `${APP}/api/auth/oauth2/callback/line`;
const SSO_CALLBACK = `${APP}/api/auth/sso/callback/acme`;
const atCallback = (url: URL) => url.origin === APP;

let peer: OidcPeer;

beforeAll(async () => {
  peer = await startOidcPeer({
    issuers: [
      {
        id: 'google',
        displayName: 'Google',
        flavour: 'google',
        clients: [
          {
            clientId: DEV_GOOGLE.clientId,
            clientSecret: DEV_GOOGLE.clientSecret,
            redirectUris: [GOOGLE_CALLBACK, `${APP}/login/google/`],
            name: 'Corkboard',
          },
        ],
        accounts: GOOGLE_TEST_ACCOUNTS,
      },
      {
        id: 'line',
        displayName: 'LINE',
        flavour: 'line',
        clients: [
          {
            clientId: DEV_LINE.channelId,
            clientSecret: DEV_LINE.channelSecret,
            redirectUris: [LINE_CALLBACK],
            tokenEndpointAuthMethod: 'client_secret_post',
          },
        ],
        accounts: LINE_TEST_ACCOUNTS,
      },
      {
        id: 'enterprise',
        displayName: 'Acme Corp SSO',
        flavour: 'generic',
        clients: [
          {
            clientId: DEV_ENTERPRISE.clientId,
            clientSecret: DEV_ENTERPRISE.clientSecret,
            redirectUris: [SSO_CALLBACK],
            tokenEndpointAuthMethod: 'client_secret_basic',
          },
        ],
        accounts: ENTERPRISE_TEST_ACCOUNTS,
      },
    ],
  });
});

afterAll(async () => {
  await peer.stop();
});

async function configFor(issuerId: string, clientId: string, secret: string, basic = false) {
  const info = peer.issuers[issuerId];
  if (!info) throw new Error(issuerId);
  return client.discovery(
    new URL(info.issuer),
    clientId,
    undefined,
    basic ? client.ClientSecretBasic(secret) : client.ClientSecretPost(secret),
    { execute: [client.allowInsecureRequests] },
  );
}

async function codeFlow(
  issuerId: string,
  clientId: string,
  secret: string,
  redirectUri: string,
  choice: Parameters<typeof authorizeWithChoice>[1],
  basic = false,
) {
  const config = await configFor(issuerId, clientId, secret, basic);
  const verifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  const state = client.randomState();
  const authorizationUrl = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    nonce,
    state,
  });
  const callback = await authorizeWithChoice(authorizationUrl, choice, atCallback);
  const tokens = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    expectedNonce: nonce,
    expectedState: state,
  });
  return { config, tokens, nonce, callback };
}

describe('discovery', () => {
  test('each issuer publishes its own discovery document with the real provider paths', async () => {
    const discovery = async (id: string) =>
      (await (await fetch(peer.issuers[id]?.discoveryUrl ?? '')).json()) as Record<string, unknown>;
    const google = await discovery('google');
    expect(google).toMatchObject({
      issuer: `${peer.url}/google`,
      authorization_endpoint: `${peer.url}/google/o/oauth2/v2/auth`,
      token_endpoint: `${peer.url}/google/token`,
      userinfo_endpoint: `${peer.url}/google/v1/userinfo`,
      jwks_uri: `${peer.url}/google/oauth2/v3/certs`,
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['RS256'],
      response_types_supported: ['code'],
    });
    expect(google.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));

    const line = await discovery('line');
    expect(line).toMatchObject({
      issuer: `${peer.url}/line`,
      authorization_endpoint: `${peer.url}/line/oauth2/v2.1/authorize`,
      token_endpoint: `${peer.url}/line/oauth2/v2.1/token`,
      jwks_uri: `${peer.url}/line/oauth2/v2.1/certs`,
      id_token_signing_alg_values_supported: ['ES256'],
    });

    const enterprise = await discovery('enterprise');
    expect(enterprise.issuer).toBe(`${peer.url}/enterprise`);
    expect(enterprise.end_session_endpoint).toBe(`${peer.url}/enterprise/session/end`);
  });

  test('the JWKS holds public keys only', async () => {
    const jwks = (await (await fetch(peer.issuers.google?.jwksUri ?? '')).json()) as {
      keys: Record<string, unknown>[];
    };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });
});

describe('authorization code + PKCE', () => {
  test('Google: choosing a test account yields an RS256 ID token with the profile claims', async () => {
    const { tokens, nonce } = await codeFlow(
      'google',
      DEV_GOOGLE.clientId,
      DEV_GOOGLE.clientSecret,
      GOOGLE_CALLBACK,
      { account: '104000000000000000001' },
    );
    const idToken = tokens.id_token ?? '';
    expect(decodeProtectedHeader(idToken).alg).toBe('RS256');
    const { payload } = await jwtVerify(
      idToken,
      createRemoteJWKSet(new URL(peer.issuers.google?.jwksUri ?? '')),
      {
        issuer: `${peer.url}/google`,
        audience: DEV_GOOGLE.clientId,
      },
    );
    expect(payload).toMatchObject({
      sub: '104000000000000000001',
      email: 'ada.lovelace@example.com',
      email_verified: true,
      name: 'Ada Lovelace',
      given_name: 'Ada',
      family_name: 'Lovelace',
      locale: 'en',
      nonce,
      picture: `${peer.url}/google/avatar/104000000000000000001.png`,
    });
    const picture = await fetch(String(payload.picture));
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await picture.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  test('Google: the Workspace account carries hd; the unverified one says so', async () => {
    const workspace = await codeFlow(
      'google',
      DEV_GOOGLE.clientId,
      DEV_GOOGLE.clientSecret,
      GOOGLE_CALLBACK,
      {
        account: '104000000000000000003',
      },
    );
    expect(workspace.tokens.claims()).toMatchObject({ hd: 'bletchley.example' });
    const unverified = await codeFlow(
      'google',
      DEV_GOOGLE.clientId,
      DEV_GOOGLE.clientSecret,
      GOOGLE_CALLBACK,
      {
        account: '104000000000000000002',
      },
    );
    expect(unverified.tokens.claims()).toMatchObject({ email_verified: false });
  });

  test('userinfo answers the same claims for the access token', async () => {
    const { config, tokens } = await codeFlow(
      'google',
      DEV_GOOGLE.clientId,
      DEV_GOOGLE.clientSecret,
      GOOGLE_CALLBACK,
      { account: '104000000000000000001' },
    );
    const userinfo = await client.fetchUserInfo(
      config,
      tokens.access_token,
      '104000000000000000001',
    );
    expect(userinfo).toMatchObject({ email: 'ada.lovelace@example.com', name: 'Ada Lovelace' });
  });

  test('LINE: ES256 ID token with amr linesso, no email for the account that shares none', async () => {
    const { tokens } = await codeFlow(
      'line',
      DEV_LINE.channelId,
      DEV_LINE.channelSecret,
      LINE_CALLBACK,
      {
        account: 'U4af4980629c9a4f0a1b2c3d4e5f60002',
      },
    );
    const idToken = tokens.id_token ?? '';
    expect(decodeProtectedHeader(idToken).alg).toBe('ES256');
    const { payload } = await jwtVerify(
      idToken,
      createRemoteJWKSet(new URL(peer.issuers.line?.jwksUri ?? '')),
      {
        issuer: `${peer.url}/line`,
        audience: DEV_LINE.channelId,
      },
    );
    expect(payload).toMatchObject({
      sub: 'U4af4980629c9a4f0a1b2c3d4e5f60002',
      name: 'Sato Taro',
      amr: ['linesso'],
    });
    expect(payload).not.toHaveProperty('email');
    expect(payload).not.toHaveProperty('email_verified');
  });

  test('enterprise: client_secret_basic, a new account typed into the form', async () => {
    const { tokens } = await codeFlow(
      'enterprise',
      DEV_ENTERPRISE.clientId,
      DEV_ENTERPRISE.clientSecret,
      SSO_CALLBACK,
      {
        newAccount: {
          email: 'jordan.lee@acme.example',
          name: 'Jordan Lee',
          given_name: 'Jordan',
          family_name: 'Lee',
          birthdate: '1990-05-17',
        },
      },
      true,
    );
    const claims = tokens.claims();
    expect(claims).toMatchObject({
      iss: `${peer.url}/enterprise`,
      aud: DEV_ENTERPRISE.clientId,
      email: 'jordan.lee@acme.example',
      email_verified: true,
      name: 'Jordan Lee',
      birthdate: '1990-05-17',
    });
    // The typed account is kept, with a stable subject derived from the e-mail address.
    expect(peer.accounts('enterprise').map((a) => a.sub)).toContain(claims?.sub);
  });

  test('an ID token of one issuer does not verify as another issuer (distinct keys)', async () => {
    const { tokens } = await codeFlow(
      'google',
      DEV_GOOGLE.clientId,
      DEV_GOOGLE.clientSecret,
      GOOGLE_CALLBACK,
      {
        account: '104000000000000000001',
      },
    );
    await expect(
      jwtVerify(
        tokens.id_token ?? '',
        createRemoteJWKSet(new URL(peer.issuers.enterprise?.jwksUri ?? '')),
      ),
    ).rejects.toBeInstanceOf(joseErrors.JWKSNoMatchingKey);
  });

  test('Cancel sends the browser back with error=access_denied and the state', async () => {
    const config = await configFor('google', DEV_GOOGLE.clientId, DEV_GOOGLE.clientSecret);
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: GOOGLE_CALLBACK,
      scope: 'openid email',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'st-123',
    });
    const callback = await authorizeWithChoice(url, 'cancel', atCallback);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe('st-123');
    expect(callback.searchParams.get('iss')).toBe(`${peer.url}/google`);
  });

  test('without PKCE the request is refused back to the client with invalid_request', async () => {
    const url = new URL(peer.issuers.google?.authorizationEndpoint ?? '');
    url.search = new URLSearchParams({
      client_id: DEV_GOOGLE.clientId,
      redirect_uri: GOOGLE_CALLBACK,
      response_type: 'code',
      scope: 'openid',
      state: 's',
    }).toString();
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe(GOOGLE_CALLBACK);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  test('an unregistered redirect URI gets an error page, not a redirect', async () => {
    const url = new URL(peer.issuers.google?.authorizationEndpoint ?? '');
    url.search = new URLSearchParams({
      client_id: DEV_GOOGLE.clientId,
      redirect_uri: `${APP}/somewhere-else`,
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    }).toString();
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    const page = await response.text();
    expect(page).toContain('redirect_uri did not match any of the client');
    expect(page).toContain('Development identity provider — not Google');
  });

  test('a wrong client secret is refused at the token endpoint with invalid_client', async () => {
    const config = await configFor('google', DEV_GOOGLE.clientId, 'not-the-secret');
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: GOOGLE_CALLBACK,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const callback = await authorizeWithChoice(
      url,
      { account: '104000000000000000001' },
      atCallback,
    );
    await expect(
      client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: verifier,
        expectedState: client.skipStateCheck,
      }),
    ).rejects.toMatchObject({ error: 'invalid_client' });
  });

  test('a code is single-use', async () => {
    const { config, callback } = await codeFlow(
      'google',
      DEV_GOOGLE.clientId,
      DEV_GOOGLE.clientSecret,
      GOOGLE_CALLBACK,
      { account: '104000000000000000001' },
    );
    await expect(
      client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: 'reused'.repeat(8),
        expectedState: client.skipStateCheck,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  test('prompt=select_account shows the chooser again although a session exists', async () => {
    const config = await configFor('google', DEV_GOOGLE.clientId, DEV_GOOGLE.clientSecret);
    const browser = new HttpBrowser();
    const authorize = async (extra: Record<string, string>) =>
      client.buildAuthorizationUrl(config, {
        redirect_uri: GOOGLE_CALLBACK,
        scope: 'openid email',
        code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
        code_challenge_method: 'S256',
        ...extra,
      });
    await authorizeWithChoice(
      await authorize({}),
      { account: '104000000000000000001' },
      atCallback,
      browser,
    );
    // Same browser, no prompt: straight back with a code (the session is remembered).
    const silent = await browser.request(await authorize({}), {}, { stopAt: atCallback });
    expect(silent.url.searchParams.get('code')).toBeTruthy();
    const again = await browser.request(
      await authorize({ prompt: 'select_account' }),
      {},
      { stopAt: atCallback },
    );
    expect(again.status).toBe(200);
    expect(again.text).toContain('Continue as Ada Lovelace');
  });

  test('the chooser lists the login_hint account first and labels the page', async () => {
    const config = await configFor(
      'enterprise',
      DEV_ENTERPRISE.clientId,
      DEV_ENTERPRISE.clientSecret,
      true,
    );
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: SSO_CALLBACK,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      login_hint: 'sam.chen@acme.example',
    });
    const page = await new HttpBrowser().request(url);
    expect(page.text).toContain('Development identity provider — not Acme Corp SSO');
    const buttons = parseForms(page).flatMap((form) => form.buttons.map((b) => b.label));
    expect(buttons[0]).toBe('Continue as Sam Chen');
    expect(buttons).toContain('Continue as Alex Rivera');
    expect(buttons).toContain('Cancel');
  });

  test('an invalid new account re-renders the form with an error', async () => {
    const config = await configFor('google', DEV_GOOGLE.clientId, DEV_GOOGLE.clientSecret);
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: GOOGLE_CALLBACK,
      scope: 'openid email',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const browser = new HttpBrowser();
    const chooser = await browser.request(url);
    const result = await submitChoice(
      browser,
      chooser,
      { newAccount: { email: 'not-an-address' } },
      atCallback,
    );
    expect(result.status).toBe(400);
    expect(result.text).toContain('role="alert"');
    expect(result.text).toContain('Enter an e-mail address such as name@example.com.');
    expect(result.text).toContain('value="not-an-address"');
  });
});

function postedMessage(page: string): Record<string, string> {
  const found = /postMessage\((\{.*?\}), ("[^"]*")\)/.exec(page);
  if (!found?.[1]) throw new Error('no postMessage on the page');
  return {
    ...(JSON.parse(found[1]) as Record<string, string>),
    targetOrigin: JSON.parse(found[2] ?? '""') as string,
  };
}

describe('dynamic client registration (enterprise issuer)', () => {
  test('an RP registers itself with its redirect URIs and signs in with the new client', async () => {
    const redirectUri = `${APP}/api/auth/sso/callback/globex`;
    const response = await fetch(`${peer.url}/enterprise/reg`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        redirect_uris: [redirectUri],
        client_name: 'Corkboard (Globex)',
        token_endpoint_auth_method: 'client_secret_basic',
      }),
    });
    expect(response.status).toBe(201);
    const registered = (await response.json()) as { client_id: string; client_secret: string };
    const { tokens } = await codeFlow(
      'enterprise',
      registered.client_id,
      registered.client_secret,
      redirectUri,
      { account: '00u1a2b3c4d5e6f7g8h9' },
      true,
    );
    expect(tokens.claims()).toMatchObject({
      aud: registered.client_id,
      email: 'alex.rivera@acme.example',
    });
    expect(
      (
        await fetch(`${peer.url}/google/reg`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(404);
  });
});

describe('Google Identity Services stand-in', () => {
  const selectUrl = (params: Record<string, string>) => {
    const url = new URL(peer.issuers.google?.gsiSelectUrl ?? '');
    url.search = new URLSearchParams(params).toString();
    return url;
  };

  test('popup mode: the chosen account comes back as a signed credential for the registered origin', async () => {
    const browser = new HttpBrowser();
    const chooser = await browser.request(
      selectUrl({
        client_id: DEV_GOOGLE.clientId,
        ux_mode: 'popup',
        origin: APP,
        nonce: 'n-1',
        request_id: 'r1',
        select_by: 'btn',
      }),
    );
    expect(chooser.status).toBe(200);
    expect(chooser.text).toContain('Development identity provider — not Google');
    const delivered = await submitChoice(
      browser,
      chooser,
      { account: '104000000000000000001' },
      () => false,
    );
    const message = postedMessage(delivered.text);
    expect(message).toMatchObject({
      type: 'corkboard-dev-gsi',
      requestId: 'r1',
      result: 'credential',
      select_by: 'btn',
      clientId: DEV_GOOGLE.clientId,
      targetOrigin: APP,
    });
    const { payload, protectedHeader } = await jwtVerify(
      message.credential ?? '',
      createRemoteJWKSet(new URL(peer.issuers.google?.jwksUri ?? '')),
      { issuer: `${peer.url}/google`, audience: DEV_GOOGLE.clientId },
    );
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({
      azp: DEV_GOOGLE.clientId,
      sub: '104000000000000000001',
      email: 'ada.lovelace@example.com',
      email_verified: true,
      name: 'Ada Lovelace',
      picture: `${peer.url}/google/avatar/104000000000000000001.png`,
      nonce: 'n-1',
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
    expect(payload.jti).toMatch(/^[0-9a-f]{40}$/);
  });

  test('popup mode: Cancel posts a dismissal', async () => {
    const browser = new HttpBrowser();
    const chooser = await browser.request(
      selectUrl({
        client_id: DEV_GOOGLE.clientId,
        origin: APP,
        request_id: 'r2',
        display: 'onetap',
        select_by: 'user',
      }),
    );
    const delivered = await submitChoice(browser, chooser, 'cancel', () => false);
    expect(postedMessage(delivered.text)).toMatchObject({ result: 'dismissed', requestId: 'r2' });
    expect(delivered.text).toContain('window.parent');
  });

  test('redirect mode: a form posts credential, g_csrf_token and select_by to the login URI', async () => {
    const browser = new HttpBrowser();
    const loginUri = `${APP}/login/google/`;
    const chooser = await browser.request(
      selectUrl({
        client_id: DEV_GOOGLE.clientId,
        ux_mode: 'redirect',
        login_uri: loginUri,
        g_csrf_token: 'csrf-abc',
      }),
    );
    const delivered = await submitChoice(
      browser,
      chooser,
      { account: '104000000000000000003' },
      () => false,
    );
    const [form] = parseForms(delivered);
    expect(form?.action.href).toBe(loginUri);
    expect(form?.fields).toMatchObject({ g_csrf_token: 'csrf-abc', select_by: 'btn' });
    const { payload } = await jwtVerify(
      form?.fields.credential ?? '',
      createRemoteJWKSet(new URL(peer.issuers.google?.jwksUri ?? '')),
      {
        audience: DEV_GOOGLE.clientId,
      },
    );
    expect(payload).toMatchObject({ sub: '104000000000000000003', hd: 'bletchley.example' });
  });

  test('refuses an unknown client, an unregistered origin and an unregistered login URI', async () => {
    const unknown = await fetch(selectUrl({ client_id: 'nope', origin: APP }));
    expect(unknown.status).toBe(401);
    expect(await unknown.text()).toContain('invalid_client');
    const origin = await fetch(
      selectUrl({ client_id: DEV_GOOGLE.clientId, origin: 'http://127.0.0.1:2' }),
    );
    expect(origin.status).toBe(400);
    expect(await origin.text()).toContain('origin_mismatch');
    const login = await fetch(
      selectUrl({
        client_id: DEV_GOOGLE.clientId,
        ux_mode: 'redirect',
        login_uri: `${APP}/elsewhere`,
      }),
    );
    expect(login.status).toBe(400);
    expect(await login.text()).toContain('redirect_uri_mismatch');
  });

  test('serves the google.accounts.id script', async () => {
    const response = await fetch(peer.issuers.google?.gsiClientUrl ?? '');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const script = await response.text();
    expect(script).toContain('window.google.accounts.id = id');
    expect((await fetch(`${peer.url}/line/gsi/client`)).status).toBe(404);
  });

  test('mintIdToken signs with the issuer key; expired or overridden claims fail verification', async () => {
    const jwks = createRemoteJWKSet(new URL(peer.issuers.google?.jwksUri ?? ''));
    const good = await peer.mintIdToken('google', {
      clientId: DEV_GOOGLE.clientId,
      sub: '104000000000000000001',
      nonce: 'abc',
    });
    await expect(
      jwtVerify(good, jwks, { issuer: `${peer.url}/google`, audience: DEV_GOOGLE.clientId }),
    ).resolves.toBeTruthy();
    const expired = await peer.mintIdToken('google', {
      clientId: DEV_GOOGLE.clientId,
      sub: '104000000000000000001',
      issuedAt: Math.floor(Date.now() / 1000) - 7200,
    });
    await expect(jwtVerify(expired, jwks)).rejects.toBeInstanceOf(joseErrors.JWTExpired);
    const otherAudience = await peer.mintIdToken('google', {
      clientId: DEV_GOOGLE.clientId,
      sub: '104000000000000000001',
      claims: { aud: 'someone-else' },
    });
    await expect(
      jwtVerify(otherAudience, jwks, { audience: DEV_GOOGLE.clientId }),
    ).rejects.toBeInstanceOf(joseErrors.JWTClaimValidationFailed);
  });
});

describe("LINE's ID token verify endpoint", () => {
  const verify = async (fields: Record<string, string>) => {
    const response = await fetch(peer.issuers.line?.verifyEndpoint ?? '', {
      method: 'POST',
      body: new URLSearchParams(fields),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  test('answers the claims of a valid token and the errors LINE gives', async () => {
    const token = await peer.mintIdToken('line', {
      clientId: DEV_LINE.channelId,
      sub: 'U4af4980629c9a4f0a1b2c3d4e5f60001',
      nonce: 'line-nonce',
    });
    const ok = await verify({
      id_token: token,
      client_id: DEV_LINE.channelId,
      nonce: 'line-nonce',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      iss: `${peer.url}/line`,
      aud: DEV_LINE.channelId,
      sub: 'U4af4980629c9a4f0a1b2c3d4e5f60001',
      email: 'hanako.yamada@example.jp',
      name: '山田 花子',
    });
    expect(await verify({ id_token: token, client_id: '1999999999' })).toEqual({
      status: 400,
      body: { error: 'invalid_request', error_description: 'Invalid IdToken Audience.' },
    });
    expect(
      (await verify({ id_token: token, client_id: DEV_LINE.channelId, nonce: 'other' })).body
        .error_description,
    ).toBe('Invalid IdToken Nonce.');
    expect(
      (await verify({ id_token: `${token}x`, client_id: DEV_LINE.channelId })).body
        .error_description,
    ).toBe('Invalid IdToken.');
    const expired = await peer.mintIdToken('line', {
      clientId: DEV_LINE.channelId,
      sub: 'U4af4980629c9a4f0a1b2c3d4e5f60001',
      issuedAt: Math.floor(Date.now() / 1000) - 7200,
    });
    expect(
      (await verify({ id_token: expired, client_id: DEV_LINE.channelId })).body.error_description,
    ).toBe('IdToken expired.');
  });
});
