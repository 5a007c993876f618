// Development credentials shared by the peers and the product's dev/test configuration. They are
// public on purpose: they only ever unlock the loopback stand-ins in this package, and the
// `assertNotProduction` guard keeps the stand-ins out of production.

/** Google (OpenID Connect + Google Identity Services). */
export const DEV_GOOGLE = {
  clientId: '100000000001-corkboard-dev.apps.localhost',
  clientSecret: 'GOCSPX-corkboard-dev-google-secret',
} as const;

/** LINE Login (OpenID Connect): a channel id and channel secret. */
export const DEV_LINE = {
  channelId: '2000000001',
  channelSecret: '6c696e65646576736563726574303031',
} as const;

/** The enterprise identity provider used for SSO by e-mail domain. */
export const DEV_ENTERPRISE = {
  clientId: 'corkboard-dev-sso',
  clientSecret: 'corkboard-dev-sso-secret',
  /** Work e-mail domain whose people sign in through this IdP. */
  emailDomain: 'acme.example',
  /** The product's id for this SSO provider (its callback path ends with it). */
  providerId: 'acme',
} as const;

/** Facebook Login + Graph API app. */
export const DEV_FACEBOOK = {
  appId: '100000000000001',
  appSecret: 'fb0dev0000000000000000000000c0de',
  appName: 'Corkboard (development)',
  /** The Graph API version the product's SDK path uses (auth.md §7). */
  graphVersion: 'v2.7',
} as const;

/** Instagram (Instagram Login / Basic Display) app. */
export const DEV_INSTAGRAM = {
  appId: '200000000000002',
  appSecret: 'ig0dev0000000000000000000000c0de',
  appName: 'Corkboard (development)',
} as const;

/** Twilio Messages API account. `fromNumber` is Twilio's "valid sender" test number. */
export const DEV_TWILIO = {
  accountSid: 'AC00000000000000000000000000c0de',
  authToken: '0000000000000000000000000000c0de',
  fromNumber: '+15005550006',
  messagingServiceSid: 'MG00000000000000000000000000c0de',
} as const;

/** Stripe test-mode keys. */
export const DEV_STRIPE = {
  secretKey: 'sk_test_corkboard_dev_0000000000000000',
  publishableKey: 'pk_test_corkboard_dev_0000000000000000',
  /** Signing secret of the webhook endpoint the launcher registers (when given one). */
  webhookSecret: 'whsec_corkboard_dev_00000000000000000000',
} as const;

/** Google Safe Browsing (Lookup API v4) key. */
export const DEV_SAFE_BROWSING = {
  apiKey: 'AIzaCorkboardDevSafeBrowsingKey0000000',
} as const;
