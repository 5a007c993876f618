// How the product's launchers (npm start, npm run dev, the e2e journey servers) run the peers:
// start them unless DEV_PEERS=off, and hand the product the environment that points its adapters
// at them — per provider, only where no real provider is configured, so a real GOOGLE_CLIENT_ID
// (say) keeps Google real while the rest stay local (docs/decisions/020).
import { startDevPeers, type DevPeers } from './launcher.ts';

/** Each provider's variable group, keyed by the variable that says "configured". */
export const PROVIDER_ENV_GROUPS: Readonly<Record<string, readonly string[]>> = {
  GOOGLE_CLIENT_ID: [
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
    'GOOGLE_ISSUER',
    'GOOGLE_GSI_CLIENT_URL',
  ],
  LINE_CHANNEL_ID: ['LINE_CHANNEL_ID', 'LINE_CHANNEL_SECRET', 'LINE_ISSUER'],
  SSO_DEV_ISSUER: [
    'SSO_DEV_ISSUER',
    'SSO_DEV_CLIENT_ID',
    'SSO_DEV_CLIENT_SECRET',
    'SSO_DEV_EMAIL_DOMAIN',
    'SSO_DEV_PROVIDER_ID',
  ],
  FACEBOOK_APP_ID: [
    'FACEBOOK_APP_ID',
    'FACEBOOK_APP_SECRET',
    'FACEBOOK_GRAPH_URL',
    'FACEBOOK_DIALOG_URL',
    'FACEBOOK_SDK_BASE_URL',
    'FACEBOOK_GRAPH_VERSION',
  ],
  INSTAGRAM_APP_ID: [
    'INSTAGRAM_APP_ID',
    'INSTAGRAM_APP_SECRET',
    'INSTAGRAM_AUTHORIZE_URL',
    'INSTAGRAM_API_URL',
    'INSTAGRAM_GRAPH_URL',
  ],
  TWILIO_ACCOUNT_SID: [
    'SMS_PROVIDER_URL',
    'TWILIO_ACCOUNT_SID',
    'TWILIO_AUTH_TOKEN',
    'TWILIO_FROM_NUMBER',
    'TWILIO_MESSAGING_SERVICE_SID',
  ],
  STRIPE_SECRET_KEY: [
    'STRIPE_API_URL',
    'STRIPE_SECRET_KEY',
    'STRIPE_PUBLISHABLE_KEY',
    'STRIPE_WEBHOOK_SECRET',
  ],
  SAFE_BROWSING_API_KEY: ['SAFE_BROWSING_URL', 'SAFE_BROWSING_API_KEY'],
  DNS_SERVER: ['DNS_SERVER'],
};

/** Set in the product's environment while it runs against the peers (the web shows a label). */
export const DEV_PEERS_ACTIVE_VAR = 'DEV_PEERS_ACTIVE';

/** The peers' variables minus every group the real environment already configures. */
export function productEnvFor(
  peersEnv: Readonly<Record<string, string>>,
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [marker, group] of Object.entries(PROVIDER_ENV_GROUPS)) {
    if (env[marker]?.trim()) continue;
    for (const name of group) {
      const value = peersEnv[name];
      if (value !== undefined) result[name] = value;
    }
  }
  result[DEV_PEERS_ACTIVE_VAR] = '1';
  return result;
}

export interface ProductPeers {
  peers: DevPeers;
  /** Variables to add to the product's environment. */
  env: Record<string, string>;
}

/**
 * Starts the peers for a product at `appOrigins` unless `env.DEV_PEERS` is `off`; undefined then.
 * Throws DevPeersInProductionError where they must not run (guard.ts).
 */
export async function startPeersForProduct(options: {
  appOrigins: readonly string[];
  env?: Readonly<Record<string, string | undefined>>;
  stripeWebhookUrl?: string;
}): Promise<ProductPeers | undefined> {
  const env = options.env ?? process.env;
  if (env.DEV_PEERS?.trim().toLowerCase() === 'off') return undefined;
  const peers = await startDevPeers({
    appOrigins: options.appOrigins,
    env,
    ...(options.stripeWebhookUrl ? { stripeWebhookUrl: options.stripeWebhookUrl } : {}),
  });
  return { peers, env: productEnvFor(peers.env, env) };
}
