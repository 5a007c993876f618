// Starts every peer with the shared dev credentials and test accounts, registers the product's
// redirect URIs, and answers the URLs plus the environment variables that point the product's
// adapters at them. Used by `npm run dev` / `npm start` (when no real provider is configured),
// by the e2e global setup, and by the CLI.
import {
  DEV_ENTERPRISE,
  DEV_FACEBOOK,
  DEV_GOOGLE,
  DEV_INSTAGRAM,
  DEV_LINE,
  DEV_SAFE_BROWSING,
  DEV_STRIPE,
  DEV_TWILIO,
} from './credentials.ts';
import { startDnsPeer, type DnsPeer } from './dns.ts';
import { startFacebookPeer, type FacebookPeer } from './facebook.ts';
import { assertNotProduction } from './guard.ts';
import { startInstagramPeer, type InstagramPeer } from './instagram.ts';
import { startOidcPeer, type OidcPeer } from './oidc.ts';
import type { OidcIssuerOptions } from './oidc-issuer.ts';
import {
  startSafeBrowsingPeer,
  type SafeBrowsingPeer,
  type ThreatListEntry,
} from './safe-browsing.ts';
import { startSmsPeer, type SmsPeer } from './sms.ts';
import { startStripePeer, type StripePeer } from './stripe.ts';
import {
  ENTERPRISE_TEST_ACCOUNTS,
  FACEBOOK_TEST_USERS,
  GOOGLE_TEST_ACCOUNTS,
  INSTAGRAM_TEST_USERS,
  LINE_TEST_ACCOUNTS,
} from './test-accounts.ts';

export type RedirectProvider = 'google' | 'line' | 'enterprise' | 'facebook' | 'instagram';

export type DevOidcIssuerId = 'google' | 'line' | 'enterprise';

/** The OpenID Connect peer's issuers, with their test accounts (the API's tests start some). */
export const DEV_OIDC_ISSUERS: Readonly<Record<DevOidcIssuerId, OidcIssuerOptions>> = {
  google: {
    id: 'google',
    displayName: 'Google',
    flavour: 'google',
    clients: [],
    accounts: GOOGLE_TEST_ACCOUNTS,
  },
  line: {
    id: 'line',
    displayName: 'LINE',
    flavour: 'line',
    clients: [],
    accounts: LINE_TEST_ACCOUNTS,
  },
  enterprise: {
    id: 'enterprise',
    displayName: 'Acme Corp SSO',
    flavour: 'generic',
    clients: [],
    accounts: ENTERPRISE_TEST_ACCOUNTS,
  },
};

/** The product's client at each issuer: the credentials devPeersEnv hands the product. */
export const DEV_OIDC_CLIENTS: Readonly<
  Record<DevOidcIssuerId, { readonly clientId: string; readonly clientSecret: string }>
> = {
  google: { clientId: DEV_GOOGLE.clientId, clientSecret: DEV_GOOGLE.clientSecret },
  line: { clientId: DEV_LINE.channelId, clientSecret: DEV_LINE.channelSecret },
  enterprise: { clientId: DEV_ENTERPRISE.clientId, clientSecret: DEV_ENTERPRISE.clientSecret },
};

/**
 * Callback paths registered on every app origin unless the caller names its own: Better Auth's
 * social and generic-OAuth callbacks, its SSO plugin callback for the dev enterprise provider, the
 * Facebook manual-login popup of auth.md, and the Instagram connect callback of the claim page
 * (docs/decisions/015-local-peers.md).
 */
export const DEFAULT_REDIRECT_PATHS: Readonly<Record<RedirectProvider, readonly string[]>> = {
  google: ['/api/auth/callback/google', '/api/auth/oauth2/callback/google'],
  line: ['/api/auth/callback/line', '/api/auth/oauth2/callback/line'],
  enterprise: [`/api/auth/sso/callback/${DEV_ENTERPRISE.providerId}`],
  facebook: ['/api/auth/callback/facebook', '/connect/facebook/'],
  instagram: ['/settings/claim/instagram/callback/'],
};

/** Lists the reputation peer starts with: one reserved host per threat type. */
export const DEFAULT_THREAT_ENTRIES: readonly ThreatListEntry[] = [
  { threatType: 'MALWARE', url: 'malware.example/' },
  { threatType: 'SOCIAL_ENGINEERING', url: 'phishing.example/' },
  { threatType: 'UNWANTED_SOFTWARE', url: 'unwanted.example/' },
  { threatType: 'POTENTIALLY_HARMFUL_APPLICATION', url: 'harmful-app.example/' },
];

export type PeerName =
  'oidc' | 'facebook' | 'instagram' | 'sms' | 'stripe' | 'safeBrowsing' | 'dns' | 'dnsControl';

export interface DevPeersConfig {
  /** Origins of the product (web dev server, API, e2e server); redirect URIs are registered on each. */
  readonly appOrigins?: readonly string[];
  /** Callback paths per provider; default DEFAULT_REDIRECT_PATHS. */
  readonly redirectPaths?: Partial<Record<RedirectProvider, readonly string[]>>;
  /** Fixed ports (e.g. from the CLI); default 0 each (the OS picks). */
  readonly ports?: Partial<Record<PeerName, number>>;
  /** The product's Stripe webhook receiver (on this machine), signed with DEV_STRIPE.webhookSecret. */
  readonly stripeWebhookUrl?: string;
  /** Checked with assertNotProduction; default process.env. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface DevPeerUrls {
  /** The OIDC server; issuers below. */
  readonly oidc: string;
  readonly googleIssuer: string;
  readonly googleGsiClient: string;
  readonly lineIssuer: string;
  readonly enterpriseIssuer: string;
  readonly facebook: string;
  readonly facebookSdkBase: string;
  readonly instagram: string;
  readonly sms: string;
  /** The dev outbox page of the SMS peer. */
  readonly smsOutbox: string;
  readonly stripe: string;
  readonly safeBrowsing: string;
  /** `127.0.0.1:<port>` for Resolver#setServers. */
  readonly dnsServer: string;
  /** The DNS zone editor and its JSON API. */
  readonly dnsControl: string;
}

export interface DevPeers {
  readonly urls: DevPeerUrls;
  /** Environment variables configuring the product's adapters against the peers. */
  readonly env: Readonly<Record<string, string>>;
  readonly oidc: OidcPeer;
  readonly facebook: FacebookPeer;
  readonly instagram: InstagramPeer;
  readonly sms: SmsPeer;
  readonly stripe: StripePeer;
  readonly safeBrowsing: SafeBrowsingPeer;
  readonly dns: DnsPeer;
  /** Registers one more product origin (e.g. the e2e server once its port is known). */
  addAppOrigin(origin: string): void;
  stop(): Promise<void>;
}

function originOf(value: string): string {
  const url = URL.parse(value);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new Error(`not an origin: ${value}`);
  return url.origin;
}

/** The environment variables a product adapter reads, for the given peer URLs. */
export function devPeersEnv(urls: DevPeerUrls): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: DEV_GOOGLE.clientId,
    GOOGLE_CLIENT_SECRET: DEV_GOOGLE.clientSecret,
    GOOGLE_ISSUER: urls.googleIssuer,
    GOOGLE_GSI_CLIENT_URL: urls.googleGsiClient,
    LINE_CHANNEL_ID: DEV_LINE.channelId,
    LINE_CHANNEL_SECRET: DEV_LINE.channelSecret,
    LINE_ISSUER: urls.lineIssuer,
    SSO_DEV_ISSUER: urls.enterpriseIssuer,
    SSO_DEV_CLIENT_ID: DEV_ENTERPRISE.clientId,
    SSO_DEV_CLIENT_SECRET: DEV_ENTERPRISE.clientSecret,
    SSO_DEV_EMAIL_DOMAIN: DEV_ENTERPRISE.emailDomain,
    SSO_DEV_PROVIDER_ID: DEV_ENTERPRISE.providerId,
    FACEBOOK_APP_ID: DEV_FACEBOOK.appId,
    FACEBOOK_APP_SECRET: DEV_FACEBOOK.appSecret,
    FACEBOOK_GRAPH_URL: urls.facebook,
    FACEBOOK_DIALOG_URL: urls.facebook,
    FACEBOOK_SDK_BASE_URL: urls.facebookSdkBase,
    FACEBOOK_GRAPH_VERSION: DEV_FACEBOOK.graphVersion,
    INSTAGRAM_APP_ID: DEV_INSTAGRAM.appId,
    INSTAGRAM_APP_SECRET: DEV_INSTAGRAM.appSecret,
    INSTAGRAM_AUTHORIZE_URL: urls.instagram,
    INSTAGRAM_API_URL: urls.instagram,
    INSTAGRAM_GRAPH_URL: urls.instagram,
    SMS_PROVIDER_URL: urls.sms,
    TWILIO_ACCOUNT_SID: DEV_TWILIO.accountSid,
    TWILIO_AUTH_TOKEN: DEV_TWILIO.authToken,
    TWILIO_FROM_NUMBER: DEV_TWILIO.fromNumber,
    TWILIO_MESSAGING_SERVICE_SID: DEV_TWILIO.messagingServiceSid,
    STRIPE_API_URL: urls.stripe,
    STRIPE_SECRET_KEY: DEV_STRIPE.secretKey,
    STRIPE_PUBLISHABLE_KEY: DEV_STRIPE.publishableKey,
    STRIPE_WEBHOOK_SECRET: DEV_STRIPE.webhookSecret,
    SAFE_BROWSING_URL: urls.safeBrowsing,
    SAFE_BROWSING_API_KEY: DEV_SAFE_BROWSING.apiKey,
    DNS_SERVER: urls.dnsServer,
  };
}

export async function startDevPeers(config: DevPeersConfig = {}): Promise<DevPeers> {
  const env = config.env ?? process.env;
  assertNotProduction(env);
  const origins = new Set((config.appOrigins ?? []).map(originOf));
  const paths = { ...DEFAULT_REDIRECT_PATHS, ...config.redirectPaths };
  const redirectUris = (provider: RedirectProvider) =>
    [...origins].flatMap((origin) => (paths[provider] ?? []).map((path) => `${origin}${path}`));

  const started: { stop(): Promise<void> }[] = [];
  try {
    const oidc = await startOidcPeer({
      env,
      port: config.ports?.oidc,
      issuers: [DEV_OIDC_ISSUERS.google, DEV_OIDC_ISSUERS.line, DEV_OIDC_ISSUERS.enterprise],
    });
    started.push(oidc);
    const facebook = await startFacebookPeer({
      env,
      port: config.ports?.facebook,
      apps: [],
      users: FACEBOOK_TEST_USERS,
    });
    started.push(facebook);
    const instagram = await startInstagramPeer({
      env,
      port: config.ports?.instagram,
      apps: [],
      users: INSTAGRAM_TEST_USERS,
    });
    started.push(instagram);
    const sms = await startSmsPeer({
      env,
      port: config.ports?.sms,
      accounts: [
        {
          accountSid: DEV_TWILIO.accountSid,
          authToken: DEV_TWILIO.authToken,
          phoneNumbers: [DEV_TWILIO.fromNumber],
          messagingServiceSids: [DEV_TWILIO.messagingServiceSid],
        },
      ],
    });
    started.push(sms);
    const stripe = await startStripePeer({
      env,
      port: config.ports?.stripe,
      secretKeys: [DEV_STRIPE.secretKey],
      publishableKeys: [DEV_STRIPE.publishableKey],
      webhookEndpoints: config.stripeWebhookUrl
        ? [{ url: config.stripeWebhookUrl, secret: DEV_STRIPE.webhookSecret }]
        : [],
    });
    started.push(stripe);
    const safeBrowsing = await startSafeBrowsingPeer({
      env,
      port: config.ports?.safeBrowsing,
      apiKeys: [DEV_SAFE_BROWSING.apiKey],
      entries: DEFAULT_THREAT_ENTRIES,
    });
    started.push(safeBrowsing);
    const dns = await startDnsPeer({
      env,
      port: config.ports?.dns,
      controlPort: config.ports?.dnsControl,
    });
    started.push(dns);

    const register = () => {
      oidc.upsertClient('google', {
        ...DEV_OIDC_CLIENTS.google,
        redirectUris: redirectUris('google'),
        javascriptOrigins: [...origins],
        name: 'Corkboard (development)',
      });
      for (const id of ['line', 'enterprise'] as const) {
        oidc.upsertClient(id, {
          ...DEV_OIDC_CLIENTS[id],
          redirectUris: redirectUris(id),
          name: 'Corkboard (development)',
        });
      }
      facebook.upsertApp({
        appId: DEV_FACEBOOK.appId,
        appSecret: DEV_FACEBOOK.appSecret,
        name: DEV_FACEBOOK.appName,
        redirectUris: redirectUris('facebook'),
        sdkOrigins: [...origins],
      });
      instagram.upsertApp({
        appId: DEV_INSTAGRAM.appId,
        appSecret: DEV_INSTAGRAM.appSecret,
        name: DEV_INSTAGRAM.appName,
        redirectUris: redirectUris('instagram'),
      });
    };
    register();

    const urls: DevPeerUrls = {
      oidc: oidc.url,
      googleIssuer: oidc.issuers.google?.issuer ?? '',
      googleGsiClient: oidc.issuers.google?.gsiClientUrl ?? '',
      lineIssuer: oidc.issuers.line?.issuer ?? '',
      enterpriseIssuer: oidc.issuers.enterprise?.issuer ?? '',
      facebook: facebook.url,
      facebookSdkBase: facebook.url,
      instagram: instagram.url,
      sms: sms.url,
      smsOutbox: `${sms.url}/`,
      stripe: stripe.url,
      safeBrowsing: safeBrowsing.url,
      dnsServer: dns.server,
      dnsControl: dns.controlUrl,
    };
    return {
      urls,
      env: devPeersEnv(urls),
      oidc,
      facebook,
      instagram,
      sms,
      stripe,
      safeBrowsing,
      dns,
      addAppOrigin(origin) {
        origins.add(originOf(origin));
        register();
      },
      stop: async () => {
        await Promise.all(started.map((peer) => peer.stop()));
      },
    };
  } catch (error) {
    await Promise.allSettled(started.map((peer) => peer.stop()));
    throw error;
  }
}
