// The launcher: every peer up with the shared dev credentials, the env the product reads, redirect
// URIs registered per app origin (and added later), a full sign-in through the launched Google
// issuer, the production guard, and a clean stop.
import { Resolver } from 'node:dns/promises';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEV_GOOGLE, DEV_SAFE_BROWSING, DEV_STRIPE } from './credentials.ts';
import { DevPeersInProductionError, assertNotProduction } from './guard.ts';
import { startDevPeers, type DevPeers } from './launcher.ts';
import { authorizeWithChoice } from './login-driver.ts';
import { startSmsPeer } from './sms.ts';

const APP = 'http://127.0.0.1:1';
let peers: DevPeers;

beforeAll(async () => {
  peers = await startDevPeers({ appOrigins: [APP] });
});

afterAll(async () => {
  await peers.stop();
});

describe('startDevPeers', () => {
  test('answers the env the product reads, every URL on loopback', () => {
    expect(Object.keys(peers.env).sort()).toEqual(
      [
        'DNS_SERVER',
        'FACEBOOK_APP_ID',
        'FACEBOOK_APP_SECRET',
        'FACEBOOK_DIALOG_URL',
        'FACEBOOK_GRAPH_URL',
        'FACEBOOK_GRAPH_VERSION',
        'FACEBOOK_SDK_BASE_URL',
        'GOOGLE_CLIENT_ID',
        'GOOGLE_CLIENT_SECRET',
        'GOOGLE_GSI_CLIENT_URL',
        'GOOGLE_ISSUER',
        'INSTAGRAM_API_URL',
        'INSTAGRAM_APP_ID',
        'INSTAGRAM_APP_SECRET',
        'INSTAGRAM_AUTHORIZE_URL',
        'INSTAGRAM_GRAPH_URL',
        'LINE_CHANNEL_ID',
        'LINE_CHANNEL_SECRET',
        'LINE_ISSUER',
        'SAFE_BROWSING_API_KEY',
        'SAFE_BROWSING_URL',
        'SMS_PROVIDER_URL',
        'SSO_DEV_CLIENT_ID',
        'SSO_DEV_CLIENT_SECRET',
        'SSO_DEV_EMAIL_DOMAIN',
        'SSO_DEV_ISSUER',
        'SSO_DEV_PROVIDER_ID',
        'STRIPE_API_URL',
        'STRIPE_PUBLISHABLE_KEY',
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'TWILIO_ACCOUNT_SID',
        'TWILIO_AUTH_TOKEN',
        'TWILIO_FROM_NUMBER',
        'TWILIO_MESSAGING_SERVICE_SID',
      ].sort(),
    );
    for (const [name, value] of Object.entries(peers.env)) {
      if (name.endsWith('_URL') || name.endsWith('_ISSUER'))
        expect(value, name).toMatch(/^http:\/\/127\.0\.0\.1:\d+(\/|$)/);
    }
    expect(peers.env.DNS_SERVER).toMatch(/^127\.0\.0\.1:\d+$/);
    const { oidc, facebook, instagram, sms, stripe, safeBrowsing, dnsControl, dnsServer } =
      peers.urls;
    const servers = [
      oidc,
      facebook,
      instagram,
      sms,
      stripe,
      safeBrowsing,
      dnsControl,
      `dns://${dnsServer}`,
    ];
    // Eight listeners, each on its own port.
    expect(new Set(servers.map((url) => new URL(url).port)).size).toBe(8);
  });

  test('each peer answers in its provider’s shape', async () => {
    const discovery = (await (
      await fetch(`${peers.env.GOOGLE_ISSUER}/.well-known/openid-configuration`)
    ).json()) as { issuer: string };
    expect(discovery.issuer).toBe(peers.env.GOOGLE_ISSUER);
    expect((await fetch(`${peers.env.STRIPE_API_URL}/v1/customers`)).status).toBe(401);
    expect(
      (
        await fetch(`${peers.env.STRIPE_API_URL}/v1/customers`, {
          headers: { authorization: `Bearer ${DEV_STRIPE.secretKey}` },
        })
      ).status,
    ).toBe(200);
    const lists = await fetch(
      `${peers.env.SAFE_BROWSING_URL}/v4/threatLists?key=${DEV_SAFE_BROWSING.apiKey}`,
    );
    expect(((await lists.json()) as { threatLists: unknown[] }).threatLists).toHaveLength(4);
    const sms = await fetch(
      `${peers.env.SMS_PROVIDER_URL}/2010-04-01/Accounts/${peers.env.TWILIO_ACCOUNT_SID}/Messages.json`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${peers.env.TWILIO_ACCOUNT_SID}:${peers.env.TWILIO_AUTH_TOKEN}`).toString('base64')}`,
        },
        body: new URLSearchParams({
          To: '+15551234567',
          From: peers.env.TWILIO_FROM_NUMBER ?? '',
          Body: 'Code 111222',
        }),
      },
    );
    expect(sms.status).toBe(201);
    expect(peers.sms.messages({ to: '+15551234567' })).toHaveLength(1);
    const resolver = new Resolver({ timeout: 2000, tries: 1 });
    resolver.setServers([peers.env.DNS_SERVER ?? '']);
    peers.dns.setTxt('_corkboard-challenge.launch.example', ['token']);
    expect(await resolver.resolveTxt('_corkboard-challenge.launch.example')).toEqual([['token']]);
    const graph = await fetch(
      `${peers.env.FACEBOOK_GRAPH_URL}/${peers.env.FACEBOOK_GRAPH_VERSION}/me`,
    );
    expect(((await graph.json()) as { error: { code: number } }).error.code).toBe(2500);
  });

  test('signs in through the launched Google issuer with the registered redirect URI', async () => {
    const config = await client.discovery(
      new URL(peers.env.GOOGLE_ISSUER ?? ''),
      DEV_GOOGLE.clientId,
      undefined,
      client.ClientSecretPost(DEV_GOOGLE.clientSecret),
      { execute: [client.allowInsecureRequests] },
    );
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: `${APP}/api/auth/oauth2/callback/google`,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const callback = await authorizeWithChoice(
      url,
      { account: '104000000000000000001' },
      (u) => u.origin === APP,
    );
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: client.skipStateCheck,
    });
    expect(tokens.claims()?.email).toBe('ada.lovelace@example.com');
  });

  test('an origin added later gets its redirect URIs and GIS origin', async () => {
    const later = 'http://127.0.0.1:2';
    const gsi = (origin: string) =>
      fetch(
        `${peers.urls.googleIssuer}/gsi/select?client_id=${encodeURIComponent(DEV_GOOGLE.clientId)}&origin=${encodeURIComponent(origin)}`,
      );
    expect((await gsi(later)).status).toBe(400);
    peers.addAppOrigin(`${later}/some/page`);
    expect((await gsi(later)).status).toBe(200);
    const dialog = await fetch(
      `${peers.urls.facebook}/v2.7/dialog/oauth?client_id=${peers.env.FACEBOOK_APP_ID ?? ''}&redirect_uri=${encodeURIComponent(`${later}/connect/facebook/`)}`,
    );
    expect(dialog.status).toBe(200);
  });
});

describe('the production guard', () => {
  test('assertNotProduction throws only for NODE_ENV=production', () => {
    expect(() => assertNotProduction({ NODE_ENV: 'production' })).toThrow(
      DevPeersInProductionError,
    );
    expect(() => assertNotProduction({ NODE_ENV: ' Production ' })).toThrow(
      DevPeersInProductionError,
    );
    expect(() => assertNotProduction({ NODE_ENV: 'development' })).not.toThrow();
    expect(() => assertNotProduction({})).not.toThrow();
  });

  test('production is allowed only as the local demo: DEV_PEERS=on and a loopback PUBLIC_URL', () => {
    const demo = { NODE_ENV: 'production', DEV_PEERS: 'on' };
    expect(() => assertNotProduction(demo)).not.toThrow();
    expect(() =>
      assertNotProduction({ ...demo, PUBLIC_URL: 'http://127.0.0.1:3000' }),
    ).not.toThrow();
    expect(() => assertNotProduction({ ...demo, PUBLIC_URL: 'http://[::1]:3000' })).not.toThrow();
    // A deployment's public origin never qualifies, whatever DEV_PEERS says.
    expect(() =>
      assertNotProduction({ ...demo, PUBLIC_URL: 'https://corkboard.example.com' }),
    ).toThrow(DevPeersInProductionError);
    expect(() =>
      assertNotProduction({ ...demo, PUBLIC_URL: 'http://localhost.example.com' }),
    ).toThrow(DevPeersInProductionError);
    expect(() =>
      assertNotProduction({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' }),
    ).toThrow(DevPeersInProductionError);
  });

  test('the launcher and each peer refuse to start in production', async () => {
    await expect(startDevPeers({ env: { NODE_ENV: 'production' } })).rejects.toBeInstanceOf(
      DevPeersInProductionError,
    );
    await expect(
      startSmsPeer({ accounts: [], env: { NODE_ENV: 'production' } }),
    ).rejects.toBeInstanceOf(DevPeersInProductionError);
  });
});

test('stop closes every port', async () => {
  const own = await startDevPeers({ appOrigins: [APP] });
  const { sms, stripe } = own.urls;
  expect((await fetch(`${sms}/`)).status).toBe(200);
  await own.stop();
  await expect(fetch(`${sms}/`)).rejects.toThrow();
  await expect(fetch(`${stripe}/v1/customers`)).rejects.toThrow();
});
