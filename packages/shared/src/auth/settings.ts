// The account settings contract (issue 9 "Account settings"; docs/decisions/148–150): limits and
// request schemas shared by the /settings/ forms and the /v3/users/me/… endpoints, and the answer
// shapes. One rule, two sides.
import { z } from 'zod';
import { NAME_MAX_LENGTH } from './schemas.ts';
import { facebookLoginFields, ID_TOKEN_MAX_LENGTH } from './social-schemas.ts';

/** Decision (148): an "about" text of up to 500 characters, like a board description. */
export const ABOUT_MAX_LENGTH = 500;
/** Decision (148): a website address of up to 2048 characters (the common URL ceiling). */
export const WEBSITE_MAX_LENGTH = 2048;
/** auth.md §4 and §9: "Account recovery resurrection window: 28 days." */
export const RESURRECTION_WINDOW_DAYS = 28;
/** The same window in milliseconds (what the server compares times with). */
export const RESURRECTION_WINDOW_MS = RESURRECTION_WINDOW_DAYS * 24 * 60 * 60 * 1000;
/** Decision (149): an e-mail change link works for 24 hours. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000;
/** The page the e-mail change link opens (it confirms the change with the token). */
export const EMAIL_CHANGE_CONFIRM_PATH = '/settings/email/confirm/';
/** Decision (150): sessions listed per page (a person rarely has more than a handful). */
export const SESSIONS_PAGE_SIZE = 50;

export const profileUpdateSchema = z
  .object({
    first_name: z.string().trim().min(1).max(NAME_MAX_LENGTH),
    last_name: z.string().trim().max(NAME_MAX_LENGTH),
    username: z.string().trim().min(1).max(64),
    about: z.string().max(ABOUT_MAX_LENGTH),
    /** An http(s) URL, or '' to remove it. */
    website_url: z.string().trim().max(WEBSITE_MAX_LENGTH),
    /** A /v3/media/uploads/ id to make the avatar; null removes it; absent keeps it. */
    avatar_media_upload_id: z
      .string()
      .regex(/^\d{1,19}$/)
      .nullable(),
  })
  .partial()
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const passwordChangeSchema = z
  .object({
    /** Required when the account has a password; absent when setting a first one. */
    current_password: z.string().max(256).optional(),
    new_password: z.string().max(256),
    /** The captcha token for web_change_password / mweb_change_password (auth.md §7). */
    recaptchaV3Token: z.string().max(8192).optional(),
  })
  .strict();
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const emailChangeSchema = z
  .object({ email: z.string().max(320), password: z.string().max(256).optional() })
  .strict();
export const emailConfirmSchema = z.object({ token: z.string().min(1).max(256) }).strict();

export const deactivateSchema = z.object({ password: z.string().max(256).optional() }).strict();

/** DELETE /v3/users/me/connected_accounts/:provider/ (ADR 165): re-authentication as for deactivation. */
export const disconnectSchema = z.object({ password: z.string().max(256).optional() }).strict();

/**
 * POST /v3/users/me/connected_accounts/:provider/ (ADR 188): the provider's token as its log-in
 * flow hands it to the page (a Google or LINE ID token, a Facebook access token, whose SDK user
 * id comes along), and the password as for disconnecting.
 */
export const connectSchema = z
  .object({
    credential: z.string().min(1).max(ID_TOKEN_MAX_LENGTH),
    facebook_id: facebookLoginFields.facebook_id.optional(),
    password: z.string().max(256).optional(),
  })
  .strict();
export type ConnectRequest = z.infer<typeof connectSchema>;

export interface ProfileSettings {
  username: string;
  first_name: string;
  last_name: string;
  about: string;
  website_url: string | null;
  image_medium_url: string | null;
  email: string | null;
}

export const CONNECTABLE_PROVIDERS = ['google', 'facebook', 'line'] as const;
export type ConnectableProvider = (typeof CONNECTABLE_PROVIDERS)[number];

export interface ConnectedAccounts {
  has_password: boolean;
  accounts: { provider: ConnectableProvider; connected: boolean; connected_at: string | null }[];
}

export interface SessionInfo {
  id: string;
  /** A short description of the browser and system ("Chrome on Linux"), or null when unknown. */
  device: string | null;
  created_at: string;
  /** The session's last refresh (accurate to a day; ADR 150). */
  last_seen_at: string;
  current: boolean;
}

export interface DeactivationAnswer {
  /** Until when logging in brings the account back (ISO time). */
  resurrect_until: string;
  /**
   * The account now active in this browser: another one it holds (account switching, ADR 161;
   * deactivating one account signs the browser out of that one only), or null (signed out).
   */
  active: { id: string; username: string } | null;
}
