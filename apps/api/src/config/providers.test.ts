// Providers from the environment: absent unless configured, real defaults for URLs, a
// half-configured provider is a start-up error, and the dev peers' variables configure them all.
import { describe, expect, test } from 'vitest';
import { devPeersEnv } from '@corkboard/dev-peers/launcher';
import { ConfigError, loadConfig } from './config.ts';
import { GOOGLE_DEFAULT_ISSUER, STRIPE_DEFAULT_API_URL } from './providers.ts';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/corkboard-config-test' };

describe('providers', () => {
  test('none is configured by default, and the peers flag is off', () => {
    const { providers } = loadConfig(base);
    expect(providers.devPeers).toBe(false);
    expect(providers.google).toBeUndefined();
    expect(providers.facebook).toBeUndefined();
    expect(providers.stripe).toBeUndefined();
    expect(providers.dnsServer).toBeUndefined();
  });

  test('a configured provider gets the real URLs unless told otherwise', () => {
    const { providers } = loadConfig({
      ...base,
      GOOGLE_CLIENT_ID: 'client-1.apps',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
    });
    expect(providers.google).toMatchObject({
      clientId: 'client-1.apps',
      issuer: GOOGLE_DEFAULT_ISSUER,
    });
    expect(providers.stripe?.apiUrl).toBe(STRIPE_DEFAULT_API_URL);
  });

  test('a half-configured provider fails at start with every missing variable named', () => {
    const attempt = () =>
      loadConfig({
        ...base,
        LINE_CHANNEL_ID: '123',
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_AUTH_TOKEN: 't',
        STRIPE_SECRET_KEY: 'sk_live_x',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual(
        expect.arrayContaining([
          'LINE_CHANNEL_SECRET: required with LINE_CHANNEL_ID',
          'TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID: one is required',
          // Without it card numbers would have to pass through our servers (ADR 172).
          'STRIPE_PUBLISHABLE_KEY: required with Stripe',
        ]),
      );
    }
  });

  test('the dev peers configure every provider', () => {
    const peers = devPeersEnv({
      oidc: 'http://127.0.0.1:1',
      googleIssuer: 'http://127.0.0.1:1/google',
      googleGsiClient: 'http://127.0.0.1:1/google/gsi/client',
      lineIssuer: 'http://127.0.0.1:1/line',
      enterpriseIssuer: 'http://127.0.0.1:1/enterprise',
      facebook: 'http://127.0.0.1:2',
      facebookSdkBase: 'http://127.0.0.1:2',
      instagram: 'http://127.0.0.1:3',
      sms: 'http://127.0.0.1:4',
      smsOutbox: 'http://127.0.0.1:4/',
      stripe: 'http://127.0.0.1:5',
      safeBrowsing: 'http://127.0.0.1:6',
      dnsServer: '127.0.0.1:7',
      dnsControl: 'http://127.0.0.1:8',
    });
    const { providers } = loadConfig({ ...base, ...peers, DEV_PEERS_ACTIVE: '1' });
    expect(providers.devPeers).toBe(true);
    expect(providers.google?.issuer).toBe('http://127.0.0.1:1/google');
    expect(providers.line?.issuer).toBe('http://127.0.0.1:1/line');
    expect(providers.envSso?.emailDomain).toBe('acme.example');
    expect(providers.facebook?.graphVersion).toBe('v2.7');
    expect(providers.instagram?.graphUrl).toBe('http://127.0.0.1:3');
    expect(providers.sms?.apiUrl).toBe('http://127.0.0.1:4');
    expect(providers.stripe?.apiUrl).toBe('http://127.0.0.1:5');
    expect(providers.safeBrowsing?.url).toBe('http://127.0.0.1:6');
    expect(providers.dnsServer).toBe('127.0.0.1:7');
  });
});
