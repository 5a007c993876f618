// Types and lifetimes shared by the Facebook peer's Graph API and login dialog modules.

export interface FacebookTestUser {
  /** The (app-scoped) user id. */
  readonly id: string;
  readonly first_name: string;
  readonly last_name: string;
  /** Default: first and last name. */
  readonly name?: string;
  /** Absent for people who registered with a phone number. */
  readonly email?: string;
  readonly gender?: string;
  /** Graph's formats: `MM/DD/YYYY`, `MM/DD` (year hidden) or `YYYY`; absent when not shared. */
  readonly birthday?: string;
  /** No profile photo: `picture.data.is_silhouette` is true. */
  readonly silhouette?: boolean;
}

export interface FacebookApp {
  readonly appId: string;
  readonly appSecret: string;
  readonly name: string;
  /** Valid OAuth redirect URIs (strict mode: exact match). */
  readonly redirectUris: readonly string[];
  /** Origins allowed to use the JavaScript SDK; default: the redirect URIs' origins. */
  readonly sdkOrigins?: readonly string[];
  /** "Require App Secret": server calls must send `appsecret_proof`. */
  readonly requireAppSecretProof?: boolean;
}

export interface IssueTokenOptions {
  readonly appId: string;
  readonly userId: string;
  /** Granted permissions; `public_profile` is always granted. */
  readonly scopes?: readonly string[];
  readonly expiresInSeconds?: number;
}

/** Lifetime of a user token from the dialog: short-lived tokens last one to two hours. */
export const FACEBOOK_SHORT_TOKEN_TTL_SECONDS = 2 * 3600;
/** Lifetime after `fb_exchange_token`: about 60 days. */
export const FACEBOOK_LONG_TOKEN_TTL_SECONDS = 60 * 24 * 3600;
/** Data access expires 90 days after the user last used the app. */
export const FACEBOOK_DATA_ACCESS_TTL_SECONDS = 90 * 24 * 3600;
/** Authorization codes are single use and short-lived. */
export const FACEBOOK_CODE_TTL_SECONDS = 600;
/** What postMessage carries from the peer's pages to the SDK stand-in. */
export const FACEBOOK_SDK_MESSAGE_TYPE = 'corkboard-dev-fb';
