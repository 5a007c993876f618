// The contract of the email-auth /v3 endpoints beyond their request schemas (schemas.ts): answer
// shapes, cookie names, captcha actions and the field names errors are placed on. Shared so the
// web modals and the server cannot drift apart (docs/decisions/006).

/**
 * auth.md §7: one captcha token per action. `web_*` is the desktop site, `mweb_*` the mobile
 * site; `*_auth` is used while already signed in (adding or switching an account).
 */
export const CAPTCHA_ACTIONS = [
  'web_auth',
  'web_unauth',
  'mweb_auth',
  'mweb_login',
  'mweb_signup',
  'web_reset_password',
  'mweb_reset_password',
  'web_change_password',
  'mweb_change_password',
] as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];

/** The actions each endpoint accepts a token for. */
export const LOGIN_CAPTCHA_ACTIONS: readonly CaptchaAction[] = [
  'web_unauth',
  'mweb_login',
  'web_auth',
  'mweb_auth',
];
export const SIGNUP_CAPTCHA_ACTIONS: readonly CaptchaAction[] = ['web_unauth', 'mweb_signup'];
export const RESET_PASSWORD_CAPTCHA_ACTIONS: readonly CaptchaAction[] = [
  'web_reset_password',
  'mweb_reset_password',
];
/** auth.md §7 "reset and change password variants": /settings/password/ (ADR 148). */
export const CHANGE_PASSWORD_CAPTCHA_ACTIONS: readonly CaptchaAction[] = [
  'web_change_password',
  'mweb_change_password',
];

/**
 * `standard`: the invisible check on every login/signup (`recaptchaV3Token`). `challenge`: the
 * step-up after AUTH_LOGIN_TOO_FAST_IP (`recaptchaV2Token`): a checkbox with reCAPTCHA, a
 * harder proof of work with ALTCHA.
 */
export const CAPTCHA_LEVELS = ['standard', 'challenge'] as const;
export type CaptchaLevel = (typeof CAPTCHA_LEVELS)[number];

export type CaptchaProviderName = 'altcha' | 'recaptcha' | 'off';

/** GET /v3/captcha/config/ */
export interface CaptchaClientConfig {
  provider: CaptchaProviderName;
  /** reCAPTCHA Enterprise score key (provider `recaptcha`). */
  site_key: string | null;
  /** reCAPTCHA Enterprise checkbox key for the step-up (provider `recaptcha`). */
  challenge_site_key: string | null;
}

/**
 * auth.md §4 "Under-age": set to UNDERAGE_COOKIE_VALUE by the server with AUTH_UNDERAGE; readable
 * by script so the birthday input can be disabled, and cleared by the client on 'Edit'.
 */
export const UNDERAGE_COOKIE = 'underage';
export const UNDERAGE_COOKIE_VALUE = '1';
/** A day: long enough to survive reloads and a new tab, short enough not to brand a device. */
export const UNDERAGE_COOKIE_MAX_AGE_SECONDS = 24 * 60 * 60;

/** Stable anonymous id for experiment bucketing before login; readable by script. */
export const VISITOR_ID_COOKIE = 'visitor_id';

/** auth.md §2: the reset page the e-mail links to, with `?token=`. */
export const PASSWORD_RESET_PAGE_PATH = '/password/reset/';

/** Where an auth error belongs in the form (`error.data.field`); auth.md §8 field mapping. */
export type AuthErrorField = 'email' | 'password' | 'birthday' | 'consent' | 'captcha';

/** The signed-in person (GET /v3/users/me/, and `data.user` of login and register). */
export interface AuthUser {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string | null;
  image_small_url: string | null;
  image_medium_url: string | null;
  account_type: 'personal' | 'business';
  /** auth.md §3 Viewer.isPartner: a business account. */
  is_partner: boolean;
  country: string | null;
  locale: string;
  /** auth.md §3 Viewer.info.hasPassword: false for social-only accounts. */
  has_password: boolean;
  connected_to_google: boolean;
  connected_to_facebook: boolean;
  /** An operator: the account menu links the admin pages (docs/decisions/019). */
  is_admin: boolean;
}

/** POST /v3/login/ and POST /v3/register/ answer this in `resource_response.data`. */
export interface AuthSuccess {
  user: AuthUser;
  /** The `next` the request carried, when it is one of our own paths (safeNextPath), else null. */
  next: string | null;
  /** True when this login brought back a voluntarily deactivated account. */
  reactivated: boolean;
}

/** POST /v3/users/password/reset/ */
export interface PasswordResetBody {
  token: string;
  new_password: string;
}
