// Which peer variables reach the product: every provider group unless the real environment
// configures that provider, plus the "running against the peers" flag.
import { describe, expect, test } from 'vitest';
import { DEV_PEERS_ACTIVE_VAR, PROVIDER_ENV_GROUPS, productEnvFor } from './product-env.ts';

const peersEnv = Object.fromEntries(
  Object.values(PROVIDER_ENV_GROUPS)
    .flat()
    .map((name) => [name, `peer-${name}`]),
);

describe('productEnvFor', () => {
  test('hands over every group when nothing real is configured', () => {
    const env = productEnvFor(peersEnv, {});
    expect(env.GOOGLE_ISSUER).toBe('peer-GOOGLE_ISSUER');
    expect(env.STRIPE_SECRET_KEY).toBe('peer-STRIPE_SECRET_KEY');
    expect(env.DNS_SERVER).toBe('peer-DNS_SERVER');
    expect(env[DEV_PEERS_ACTIVE_VAR]).toBe('1');
  });

  test('leaves a configured provider alone, group and all', () => {
    const env = productEnvFor(peersEnv, { GOOGLE_CLIENT_ID: 'real-client.apps' });
    for (const name of PROVIDER_ENV_GROUPS.GOOGLE_CLIENT_ID ?? [])
      expect(env[name]).toBeUndefined();
    expect(env.LINE_ISSUER).toBe('peer-LINE_ISSUER');
    // A blank variable is not a configuration.
    expect(productEnvFor(peersEnv, { STRIPE_SECRET_KEY: ' ' }).STRIPE_API_URL).toBe(
      'peer-STRIPE_API_URL',
    );
  });
});
