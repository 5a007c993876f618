// The contract of social sign-in and SSO between the web and the server (auth.md §3, §7;
// docs/decisions/030–036): provider names, login method codes, the shapes of the answers. Types
// and constants only, so the browser bundle pays nothing for zod.

/** auth.md §3 "Login method classes". */
export const LOGIN_METHOD_CLASSES = [
  'facebook',
  'google',
  'google_one_tap',
  'line',
  'sso',
  'email',
  'other',
] as const;
export type LoginMethodClass = (typeof LOGIN_METHOD_CLASSES)[number];

/** The providers a person can connect (auth_accounts.provider_id; SSO is `sso:<slug>`). */
export const SOCIAL_PROVIDERS = ['google', 'facebook', 'line'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const SSO_PROVIDER_PREFIX = 'sso:';

/** auth.md §2, §9: "Line button only for country JP" (the country as the server knows it, ADR 032). */
export const LINE_COUNTRY = 'JP';

/** auth.md §3: register types other than email. */
export const SOCIAL_SIGNUP_TYPES = ['google', 'google_one_tap', 'facebook', 'line', 'sso'] as const;
export type SocialSignupType = (typeof SOCIAL_SIGNUP_TYPES)[number];

/**
 * GET /v3/auth/providers/: which providers this server offers, and what the page needs to start
 * them (public identifiers only). `dev_peers` is true when they are the local stand-ins.
 */
export interface AuthProvidersAnswer {
  dev_peers: boolean;
  google: { client_id: string; gsi_client_url: string } | null;
  /** The SDK's host, the login dialog's host (the manual pop-up, ADR 135), the Graph version. */
  facebook: {
    app_id: string;
    sdk_base_url: string;
    dialog_url: string;
    graph_version: string;
  } | null;
  line: { enabled: true } | null;
  sso: { enabled: boolean };
  /** The visitor's country as the server knows it (docs/decisions/032), or null. */
  country: string | null;
}

/** POST /v3/auth/nonce/: a single-use nonce for the next ID token (Google one tap, button). */
export interface SocialNonceAnswer {
  nonce: string;
  expires_at: string;
}

/** auth.md §3 "First social provider profile" (POST /v3/facebook/profile_data/). */
export interface FacebookProfileData {
  id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  gender: string | null;
  /** Epoch seconds of 00:00 UTC on the birth date, when Facebook shared a whole date. */
  birthday: number | null;
  /** The picture URL, or null when it is the silhouette (auth.md §3). */
  picture: string | null;
}

/** auth.md §3 "SSO lookup result", server form (POST /v3/sso/info/). */
export interface SsoInfoAnswer {
  is_sso: boolean;
  existing_user: boolean;
  existing_user_is_sso: boolean;
  authorization_uri: string | null;
  redirect_uri: string | null;
  exchange_code_to_token_info_url: string | null;
}

/** auth.md §3 "Token exchange response". */
export interface SsoTokensAnswer {
  sso_id: string;
  sso_id_token: string;
  sso_email: string;
  sso_user_name: string;
}

/** What the SSO callback page posts to its opener (docs/decisions/033). */
export const SSO_CALLBACK_MESSAGE_TYPE = 'corkboard-sso-callback';
export interface SsoCallbackMessage {
  type: typeof SSO_CALLBACK_MESSAGE_TYPE;
  code: string | null;
  state: string | null;
  error: string | null;
}

/**
 * The SSO pop-up's result, asked from the server when the pop-up closed and its message did not
 * arrive (docs/decisions/213): the message can be lost or come after `popup.closed` on a slow
 * machine. The opener names its pop-up by a random attempt id sent with the authorization URI.
 */
export const SSO_POPUP_RESULT_PATH = '/v3/sso/popup-result/';
/** The query parameter of the authorization URI that carries the opener's attempt id. */
export const SSO_POPUP_ATTEMPT_PARAM = 'attempt';
/** The attempt id: 16–64 base64url characters (the web sends 22, from 16 random bytes). */
export const SSO_POPUP_ATTEMPT_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export interface SsoPopupResultAnswer {
  /** False while the identity provider has not sent this attempt's pop-up back. */
  finished: boolean;
  code: string | null;
  state: string | null;
  error: string | null;
}

/** What the LINE callback page posts to its opener (docs/decisions/032). */
export const LINE_CALLBACK_MESSAGE_TYPE = 'corkboard-line-callback';
export interface LineCallbackMessage {
  type: typeof LINE_CALLBACK_MESSAGE_TYPE;
  line_id_token: string | null;
  error: string | null;
}

/** auth.md §4: the manual Facebook pop-up's messages to its opener (same origin only). */
export const SOCIAL_CONNECT_COMPLETE = 'social-connect-complete';
export const SOCIAL_CONNECT_ERROR = 'social-connect-error';
export type FacebookConnectMessage =
  | {
      type: typeof SOCIAL_CONNECT_COMPLETE;
      provider: 'facebook';
      access_token: string;
      user_id: string;
      granted_scopes: string[];
    }
  | { type: typeof SOCIAL_CONNECT_ERROR; provider: 'facebook'; error: string };

/** The path of the manual Facebook pop-up (auth.md §2). */
export const FACEBOOK_CONNECT_PATH = '/connect/facebook/';
/** auth.md §2: business signup by SSO. */
export const SSO_BUSINESS_SIGNUP_PATH = '/signup/sso-business-account';

/** A connected way to log in (GET /v3/users/me/connected_accounts/). */
export interface ConnectedAccount {
  provider: SocialProvider | 'sso';
  /** The SSO provider's name, or the e-mail/name the provider knows the person by. */
  label: string | null;
  connected_at: string;
}

export interface ConnectedAccountsAnswer {
  has_password: boolean;
  accounts: ConnectedAccount[];
}

/** Admin (GET /v3/admin/sso/providers/; docs/decisions/154, 155) and business (ADR 190). */
export interface SsoDomainItem {
  id: string;
  domain: string;
  verified: boolean;
  verified_by: 'dns' | 'email' | null;
  verified_at: string | null;
  /** The TXT record to publish: name and value. */
  txt_record: { name: string; value: string };
  /** Where the proof link was last mailed. */
  email_sent_to: string | null;
}

/** An organisation's identity provider. The client secret is write-only: never in an answer. */
export interface SsoProviderItem {
  id: string;
  slug: string;
  name: string;
  issuer: string;
  client_id: string;
  /** What the organisation registers at its IdP as the redirect URI. */
  redirect_uri: string;
  domains: SsoDomainItem[];
  /** A disabled provider keeps its domains and proofs but signs nobody in (ADR 190). */
  enabled: boolean;
  /** The business that registered it (ADR 190); null when an operator did. */
  business: { id: string; name: string } | null;
  created_at: string;
}

/** The local parts a domain-proof mail may go to (ADR 155: the CA/Browser Forum's list). */
export const SSO_DOMAIN_PROOF_MAILBOXES = [
  'admin',
  'administrator',
  'hostmaster',
  'postmaster',
  'webmaster',
] as const;
export type SsoDomainProofMailbox = (typeof SSO_DOMAIN_PROOF_MAILBOXES)[number];

/** The page a domain-proof mail links to (`?token=`). */
export const SSO_DOMAIN_VERIFY_PATH = '/sso/verify-domain/';

/** POST /v3/sso/domains/verify/: the domain the link proved. */
export interface SsoDomainVerified {
  domain: string;
}

/**
 * A sign-in pop-up's page (the SSO/LINE/Google callback page, /connect/facebook/) posts its
 * result to the opener and leaves the closing to the opener, which closes the pop-up once it has
 * handled the message (ADR 213 addendum). Closing itself at once raced the message: the opener's
 * `popup.closed` poll could run before the message was dispatched and end the sign-in as "closed".
 * The page still closes itself after this long, for an opener that is gone or never answers.
 * Not in the spec: long enough for a starved renderer to dispatch a queued message, short enough
 * that a stray pop-up does not linger.
 */
export const POPUP_SELF_CLOSE_FALLBACK_MS = 3_000;
