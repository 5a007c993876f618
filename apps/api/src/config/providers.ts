// Third-party providers from the environment (docs/decisions/020). Each provider is configured
// when its key variable is set, and absent (undefined) otherwise: the feature that needs it then
// says it is unavailable instead of failing. URLs default to the real provider's; the local
// launchers (npm start, npm run dev, e2e) point them at @corkboard/dev-peers on loopback.
import { z } from 'zod';

export const GOOGLE_DEFAULT_ISSUER = 'https://accounts.google.com';
export const GOOGLE_DEFAULT_GSI_CLIENT_URL = 'https://accounts.google.com/gsi/client';
export const LINE_DEFAULT_ISSUER = 'https://access.line.me';
export const FACEBOOK_DEFAULT_GRAPH_URL = 'https://graph.facebook.com';
export const FACEBOOK_DEFAULT_DIALOG_URL = 'https://www.facebook.com';
export const FACEBOOK_DEFAULT_SDK_BASE_URL = 'https://connect.facebook.net';
/** auth.md §7: "SDK (version v2.7 …)". */
export const FACEBOOK_DEFAULT_GRAPH_VERSION = 'v2.7';
export const INSTAGRAM_DEFAULT_AUTHORIZE_URL = 'https://api.instagram.com';
export const INSTAGRAM_DEFAULT_API_URL = 'https://api.instagram.com';
export const INSTAGRAM_DEFAULT_GRAPH_URL = 'https://graph.instagram.com';
export const TWILIO_DEFAULT_API_URL = 'https://api.twilio.com';
export const STRIPE_DEFAULT_API_URL = 'https://api.stripe.com';
export const SAFE_BROWSING_DEFAULT_URL = 'https://safebrowsing.googleapis.com';

export interface GoogleProviderConfig {
  clientId: string;
  clientSecret: string | undefined;
  issuer: string;
  /** The Google Identity Services script the sign-in page loads. */
  gsiClientUrl: string;
}

export interface LineProviderConfig {
  channelId: string;
  channelSecret: string;
  issuer: string;
}

/** An enterprise IdP registered from the environment (the dev peer's); more come from the admin. */
export interface EnvSsoProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  emailDomain: string;
  providerId: string;
}

export interface FacebookProviderConfig {
  appId: string;
  appSecret: string;
  graphUrl: string;
  dialogUrl: string;
  sdkBaseUrl: string;
  graphVersion: string;
}

export interface InstagramProviderConfig {
  appId: string;
  appSecret: string;
  authorizeUrl: string;
  apiUrl: string;
  graphUrl: string;
}

export interface SmsProviderConfig {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  fromNumber: string | undefined;
  messagingServiceSid: string | undefined;
}

export interface StripeProviderConfig {
  apiUrl: string;
  secretKey: string;
  publishableKey: string | undefined;
  webhookSecret: string | undefined;
}

export interface SafeBrowsingProviderConfig {
  url: string;
  apiKey: string;
}

export interface ProvidersConfig {
  /** Running against @corkboard/dev-peers (DEV_PEERS_ACTIVE=1): the web labels them as such. */
  devPeers: boolean;
  google: GoogleProviderConfig | undefined;
  line: LineProviderConfig | undefined;
  envSso: EnvSsoProviderConfig | undefined;
  facebook: FacebookProviderConfig | undefined;
  instagram: InstagramProviderConfig | undefined;
  sms: SmsProviderConfig | undefined;
  stripe: StripeProviderConfig | undefined;
  safeBrowsing: SafeBrowsingProviderConfig | undefined;
  /** `host:port` of the DNS server used for domain-ownership TXT proofs; system resolver if unset. */
  dnsServer: string | undefined;
  /**
   * A request header carrying the visitor's ISO country code, set by the reverse proxy or CDN in
   * front of the server (CF-IPCountry, CloudFront-Viewer-Country, …): trusted only when this
   * names it (docs/decisions/032). Lower-cased.
   */
  countryHeader: string | undefined;
}

const blank = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const text = z.preprocess(blank, z.string().trim().optional());
const url = z.preprocess(blank, z.url({ protocol: /^https?$/ }).optional());

export const providersEnvSchema = z.object({
  DEV_PEERS_ACTIVE: text,
  GOOGLE_CLIENT_ID: text,
  GOOGLE_CLIENT_SECRET: text,
  GOOGLE_ISSUER: url,
  GOOGLE_GSI_CLIENT_URL: url,
  LINE_CHANNEL_ID: text,
  LINE_CHANNEL_SECRET: text,
  LINE_ISSUER: url,
  SSO_DEV_ISSUER: url,
  SSO_DEV_CLIENT_ID: text,
  SSO_DEV_CLIENT_SECRET: text,
  SSO_DEV_EMAIL_DOMAIN: text,
  SSO_DEV_PROVIDER_ID: text,
  FACEBOOK_APP_ID: text,
  FACEBOOK_APP_SECRET: text,
  FACEBOOK_GRAPH_URL: url,
  FACEBOOK_DIALOG_URL: url,
  FACEBOOK_SDK_BASE_URL: url,
  FACEBOOK_GRAPH_VERSION: z.preprocess(
    blank,
    z
      .string()
      .regex(/^v\d+\.\d+$/)
      .optional(),
  ),
  INSTAGRAM_APP_ID: text,
  INSTAGRAM_APP_SECRET: text,
  INSTAGRAM_AUTHORIZE_URL: url,
  INSTAGRAM_API_URL: url,
  INSTAGRAM_GRAPH_URL: url,
  SMS_PROVIDER_URL: url,
  TWILIO_ACCOUNT_SID: text,
  TWILIO_AUTH_TOKEN: text,
  TWILIO_FROM_NUMBER: text,
  TWILIO_MESSAGING_SERVICE_SID: text,
  STRIPE_API_URL: url,
  STRIPE_SECRET_KEY: text,
  STRIPE_PUBLISHABLE_KEY: text,
  STRIPE_WEBHOOK_SECRET: text,
  SAFE_BROWSING_URL: url,
  SAFE_BROWSING_API_KEY: text,
  GEO_COUNTRY_HEADER: z.preprocess(
    blank,
    z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/)
      .optional(),
  ),
  DNS_SERVER: z.preprocess(
    blank,
    z
      .string()
      .regex(/^[A-Za-z0-9.:[\]-]+:\d{1,5}$|^[A-Za-z0-9.:[\]-]+$/)
      .optional(),
  ),
});

type ProvidersEnv = z.output<typeof providersEnvSchema>;

const trimSlash = (value: string): string => value.replace(/\/+$/, '');

/** The providers, plus the problems of half-configured ones (a secret without its id, …). */
export function providersConfig(e: ProvidersEnv): {
  providers: ProvidersConfig;
  problems: string[];
} {
  const problems: string[] = [];
  const need = (provider: string, names: (keyof ProvidersEnv)[]) => {
    for (const name of names) if (!e[name]) problems.push(`${name}: required with ${provider}`);
  };

  const google: GoogleProviderConfig | undefined = e.GOOGLE_CLIENT_ID
    ? {
        clientId: e.GOOGLE_CLIENT_ID,
        clientSecret: e.GOOGLE_CLIENT_SECRET,
        issuer: trimSlash(e.GOOGLE_ISSUER ?? GOOGLE_DEFAULT_ISSUER),
        gsiClientUrl: e.GOOGLE_GSI_CLIENT_URL ?? GOOGLE_DEFAULT_GSI_CLIENT_URL,
      }
    : undefined;

  let line: LineProviderConfig | undefined;
  if (e.LINE_CHANNEL_ID) {
    need('LINE_CHANNEL_ID', ['LINE_CHANNEL_SECRET']);
    line = {
      channelId: e.LINE_CHANNEL_ID,
      channelSecret: e.LINE_CHANNEL_SECRET ?? '',
      issuer: trimSlash(e.LINE_ISSUER ?? LINE_DEFAULT_ISSUER),
    };
  }

  let envSso: EnvSsoProviderConfig | undefined;
  if (e.SSO_DEV_ISSUER) {
    need('SSO_DEV_ISSUER', [
      'SSO_DEV_CLIENT_ID',
      'SSO_DEV_CLIENT_SECRET',
      'SSO_DEV_EMAIL_DOMAIN',
      'SSO_DEV_PROVIDER_ID',
    ]);
    envSso = {
      issuer: trimSlash(e.SSO_DEV_ISSUER),
      clientId: e.SSO_DEV_CLIENT_ID ?? '',
      clientSecret: e.SSO_DEV_CLIENT_SECRET ?? '',
      emailDomain: (e.SSO_DEV_EMAIL_DOMAIN ?? '').toLowerCase(),
      providerId: e.SSO_DEV_PROVIDER_ID ?? '',
    };
  }

  let facebook: FacebookProviderConfig | undefined;
  if (e.FACEBOOK_APP_ID) {
    need('FACEBOOK_APP_ID', ['FACEBOOK_APP_SECRET']);
    facebook = {
      appId: e.FACEBOOK_APP_ID,
      appSecret: e.FACEBOOK_APP_SECRET ?? '',
      graphUrl: trimSlash(e.FACEBOOK_GRAPH_URL ?? FACEBOOK_DEFAULT_GRAPH_URL),
      dialogUrl: trimSlash(e.FACEBOOK_DIALOG_URL ?? FACEBOOK_DEFAULT_DIALOG_URL),
      sdkBaseUrl: trimSlash(e.FACEBOOK_SDK_BASE_URL ?? FACEBOOK_DEFAULT_SDK_BASE_URL),
      graphVersion: e.FACEBOOK_GRAPH_VERSION ?? FACEBOOK_DEFAULT_GRAPH_VERSION,
    };
  }

  let instagram: InstagramProviderConfig | undefined;
  if (e.INSTAGRAM_APP_ID) {
    need('INSTAGRAM_APP_ID', ['INSTAGRAM_APP_SECRET']);
    instagram = {
      appId: e.INSTAGRAM_APP_ID,
      appSecret: e.INSTAGRAM_APP_SECRET ?? '',
      authorizeUrl: trimSlash(e.INSTAGRAM_AUTHORIZE_URL ?? INSTAGRAM_DEFAULT_AUTHORIZE_URL),
      apiUrl: trimSlash(e.INSTAGRAM_API_URL ?? INSTAGRAM_DEFAULT_API_URL),
      graphUrl: trimSlash(e.INSTAGRAM_GRAPH_URL ?? INSTAGRAM_DEFAULT_GRAPH_URL),
    };
  }

  let sms: SmsProviderConfig | undefined;
  if (e.TWILIO_ACCOUNT_SID) {
    need('TWILIO_ACCOUNT_SID', ['TWILIO_AUTH_TOKEN']);
    if (!e.TWILIO_FROM_NUMBER && !e.TWILIO_MESSAGING_SERVICE_SID) {
      problems.push('TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID: one is required');
    }
    sms = {
      apiUrl: trimSlash(e.SMS_PROVIDER_URL ?? TWILIO_DEFAULT_API_URL),
      accountSid: e.TWILIO_ACCOUNT_SID,
      authToken: e.TWILIO_AUTH_TOKEN ?? '',
      fromNumber: e.TWILIO_FROM_NUMBER,
      messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
    };
  }

  // The publishable key lets browsers hand cards to Stripe themselves (ADR 172): without it a
  // card number would have to pass through our servers, so Stripe is not half-configured.
  if (e.STRIPE_SECRET_KEY) need('Stripe', ['STRIPE_PUBLISHABLE_KEY']);
  const stripe: StripeProviderConfig | undefined = e.STRIPE_SECRET_KEY
    ? {
        apiUrl: trimSlash(e.STRIPE_API_URL ?? STRIPE_DEFAULT_API_URL),
        secretKey: e.STRIPE_SECRET_KEY,
        publishableKey: e.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      }
    : undefined;

  const safeBrowsing: SafeBrowsingProviderConfig | undefined = e.SAFE_BROWSING_API_KEY
    ? {
        url: trimSlash(e.SAFE_BROWSING_URL ?? SAFE_BROWSING_DEFAULT_URL),
        apiKey: e.SAFE_BROWSING_API_KEY,
      }
    : undefined;

  return {
    providers: {
      devPeers: e.DEV_PEERS_ACTIVE === '1',
      google,
      line,
      envSso,
      facebook,
      instagram,
      sms,
      stripe,
      safeBrowsing,
      dnsServer: e.DNS_SERVER,
      countryHeader: e.GEO_COUNTRY_HEADER?.toLowerCase(),
    },
    problems,
  };
}
