// Kysely table types. Keep in step with migrations/ (which are frozen in time: a change to the
// schema is a new migration plus an edit here).
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** bigint ids travel as strings (both drivers are configured so) to stay exact in JS. */
type IdRef = ColumnType<string, string | number, string | number>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Counter = ColumnType<number, number | undefined, number>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

export type BoardPrivacyColumn = 'public' | 'secret' | 'protected';

/** One stored variant of an image (see packages/media). Keys are storage keys, not URLs. */
export interface StoredVariant {
  key: string;
  webp_key: string;
  width: number;
  height: number;
}
export type StoredVariants = Record<'236x' | '474x' | '736x' | 'orig', StoredVariant>;

export interface UsersTable {
  id: Generated<string>;
  username: string;
  email: string | null;
  email_verified: ColumnType<boolean, boolean | undefined, boolean>;
  first_name: string;
  last_name: string;
  about: ColumnType<string, string | undefined, string>;
  avatar_image_id: IdRef | null;
  country: string | null;
  locale: ColumnType<string, string | undefined, string>;
  birthday: ColumnType<string | null, string | null | undefined, string | null>;
  account_type: ColumnType<
    'personal' | 'business',
    'personal' | 'business' | undefined,
    'personal' | 'business'
  >;
  board_count: Counter;
  pin_count: Counter;
  follower_count: Counter;
  following_count: Counter;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  // Added by migrations/2026-11-21T01-auth (docs/decisions/006).
  /** A remote avatar (e.g. from a social profile) when there is no uploaded one. */
  image_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** Voluntary deactivation; logging in within 28 days reactivates, after that it is purged. */
  deactivated_at: NullableTimestamp;
  suspended_at: NullableTimestamp;
  suspension_reason: ColumnType<
    SuspensionReason | null,
    SuspensionReason | null | undefined,
    SuspensionReason | null
  >;
  /** "We protected your account": password cleared and sessions revoked until a reset. */
  soft_banned_at: NullableTimestamp;
  marketing_notifs_opt_out: ColumnType<boolean, boolean | undefined, boolean>;
  kr_privacy_consent_at: NullableTimestamp;
  // Added by migrations/2026-11-21T02-saving (docs/decisions/008).
  /** saving.md §3 "User settings read": the website the person lists on their profile. */
  listed_website_url: ColumnType<string | null, string | null | undefined, string | null>;
  // Added by migrations/2026-11-23T05-admin (docs/decisions/019).
  /** An operator: may use the admin pages (/admin/) and the /v3/admin/ endpoints. */
  is_admin: ColumnType<boolean, boolean | undefined, boolean>;
}

export type SuspensionReason = 'community_guidelines' | 'unusual_activity' | 'closure_request';

export interface ImagesTable {
  id: Generated<string>;
  /** sha256 of the original bytes: one stored copy however often an image is saved. */
  sha256: string;
  width: number;
  height: number;
  dominant_color: string;
  variants: ColumnType<StoredVariants, string, string>;
  created_at: CreatedAt;
}

export interface BoardsTable {
  id: Generated<string>;
  owner_id: IdRef;
  name: string;
  slug: string;
  description: ColumnType<string, string | undefined, string>;
  privacy: ColumnType<BoardPrivacyColumn, BoardPrivacyColumn | undefined, BoardPrivacyColumn>;
  cover_pin_id: IdRef | null;
  pin_count: Counter;
  section_count: Counter;
  follower_count: Counter;
  collaborator_count: Counter;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface BoardSectionsTable {
  id: Generated<string>;
  board_id: IdRef;
  title: string;
  slug: string;
  position: Counter;
  pin_count: Counter;
  created_at: CreatedAt;
}

export interface PinsTable {
  id: Generated<string>;
  pinner_id: IdRef;
  board_id: IdRef;
  section_id: IdRef | null;
  image_id: IdRef;
  title: ColumnType<string, string | undefined, string>;
  description: ColumnType<string, string | undefined, string>;
  link: string | null;
  domain: string | null;
  dominant_color: string;
  repin_of_id: IdRef | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface BoardCollaboratorsTable {
  board_id: IdRef;
  user_id: IdRef;
  invited_by_id: IdRef;
  status: ColumnType<
    'invited' | 'accepted',
    'invited' | 'accepted' | undefined,
    'invited' | 'accepted'
  >;
  created_at: CreatedAt;
  accepted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface UserFollowsTable {
  follower_id: IdRef;
  followee_id: IdRef;
  created_at: CreatedAt;
}

export interface BoardFollowsTable {
  user_id: IdRef;
  board_id: IdRef;
  created_at: CreatedAt;
}

/** Better Auth's session model (docs/decisions/006). */
export interface AuthSessionsTable {
  id: Generated<string>;
  user_id: IdRef;
  /** Random; the cookie carries it signed. */
  token: string;
  expires_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** Added by migrations/2026-11-23T11-00-account-security: the last re-authentication. */
  reauthenticated_at: NullableTimestamp;
}

/** Better Auth's account model: provider 'credential' holds the password hash. */
export interface AuthAccountsTable {
  id: Generated<string>;
  user_id: IdRef;
  provider_id: string;
  account_id: string;
  password: string | null;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: NullableTimestamp;
  refresh_token_expires_at: NullableTimestamp;
  scope: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Better Auth's verification model: single-use secrets (reset tokens stored as hashes). */
export interface AuthVerificationsTable {
  id: Generated<string>;
  identifier: string;
  value: string;
  expires_at: Timestamp;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Fixed-window counters behind login lockout and the auth endpoints' per-IP limits. */
export interface AuthRateLimitsTable {
  key: string;
  count: number;
  window_started_at: Timestamp;
  locked_until: NullableTimestamp;
}

export interface CaptchaRedemptionsTable {
  challenge_id: string;
  expires_at: Timestamp;
}

export interface DevMailboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: CreatedAt;
}

/** An e-mail collaborator invitation (docs/decisions/008); the token is stored as its SHA-256. */
export interface BoardInvitesTable {
  id: Generated<string>;
  board_id: IdRef;
  invited_by_id: IdRef;
  /** As typed (trimmed); compared case-insensitively. */
  email: string;
  token_hash: string;
  expires_at: Timestamp;
  created_at: CreatedAt;
  accepted_by_id: IdRef | null;
  accepted_at: NullableTimestamp;
}

export type MediaUploadSource = 'file' | 'url';

/** An image taken in before it becomes a pin (`media_upload_id`); usable by its uploader only. */
export interface MediaUploadsTable {
  id: Generated<string>;
  user_id: IdRef;
  image_id: IdRef;
  source: MediaUploadSource;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

export type ImageIntakeStatus = 'pending' | 'processing' | 'succeeded' | 'failed';

/** PUT /v3/pins/image/: an image URL registered for processing in the background. */
export interface ImageIntakeJobsTable {
  id: Generated<string>;
  user_id: IdRef;
  image_url: string;
  status: ColumnType<ImageIntakeStatus, ImageIntakeStatus | undefined, ImageIntakeStatus>;
  media_upload_id: IdRef | null;
  /** The api_error_code the job failed with. */
  error_code: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type PinClientEventName =
  | 'pin_create_success'
  | 'pin_create_fail'
  // Added by migrations/2026-11-21T03-domains (docs/decisions/013).
  | 'pin_saved_dialog_render';

/** saving.md §2.9 "a 'promote' or 'send' metric" of the pin-saved dialog's render. */
export type PinSavedDialogMetric = 'send' | 'promote';

/** saving.md §7's logging request, stored instead of sent to an outside host. */
export interface PinClientEventsTable {
  id: Generated<string>;
  user_id: IdRef | null;
  event: PinClientEventName;
  pin_id: IdRef | null;
  /** The create method (saving.md §7 "path (method)"). */
  path: string | null;
  guid: string | null;
  error_code: number | null;
  query: ColumnType<Record<string, string>, string | undefined, string>;
  created_at: CreatedAt;
  // Added by migrations/2026-11-21T03-domains: set exactly for pin_saved_dialog_render.
  metric: ColumnType<
    PinSavedDialogMetric | null,
    PinSavedDialogMetric | null | undefined,
    PinSavedDialogMetric | null
  >;
}

/**
 * The official user of a link domain (saving.md §3 "linkDomain with officialUser";
 * docs/decisions/013). `domain` is written like pins.domain: lower case, without `www.`.
 */
export interface VerifiedDomainsTable {
  domain: string;
  user_id: IdRef;
  verified_at: ColumnType<Date, Date | string | undefined, Date | string>;
  created_at: CreatedAt;
}

// Added by migrations/2026-11-23T10-00-social-tokens (docs/decisions/030).
/** An ID token that produced a session, by its SHA-256, kept until it expires (no replay). */
export interface SocialTokenUsesTable {
  token_hash: string;
  expires_at: Timestamp;
}

// ---- Added by migrations/2026-11-23T11-00-account-security (docs/decisions/041) ----

export type MfaFactorKind = 'sms' | 'totp';

/** One SMS and one authenticator factor at most per person; counts once verified_at is set. */
export interface MfaFactorsTable {
  id: Generated<string>;
  user_id: IdRef;
  kind: MfaFactorKind;
  phone_number: string | null;
  /** The TOTP secret, encrypted with AUTH_SECRET. */
  secret_encrypted: string | null;
  /** The last TOTP time step accepted: a code is never accepted twice. */
  last_used_step: ColumnType<
    string | null,
    string | number | null | undefined,
    string | number | null
  >;
  verified_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface MfaBackupCodesTable {
  id: Generated<string>;
  user_id: IdRef;
  code_hash: string;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface MfaChallengesTable {
  id_hash: string;
  user_id: IdRef | null;
  purpose: string;
  code_hash: string | null;
  code_sent_at: NullableTimestamp;
  sends: ColumnType<number, number | undefined, number>;
  attempts: ColumnType<number, number | undefined, number>;
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  images: ImagesTable;
  boards: BoardsTable;
  board_sections: BoardSectionsTable;
  pins: PinsTable;
  board_collaborators: BoardCollaboratorsTable;
  user_follows: UserFollowsTable;
  board_follows: BoardFollowsTable;
  auth_sessions: AuthSessionsTable;
  auth_accounts: AuthAccountsTable;
  auth_verifications: AuthVerificationsTable;
  auth_rate_limits: AuthRateLimitsTable;
  captcha_redemptions: CaptchaRedemptionsTable;
  dev_mailbox: DevMailboxTable;
  board_invites: BoardInvitesTable;
  media_uploads: MediaUploadsTable;
  image_intake_jobs: ImageIntakeJobsTable;
  pin_client_events: PinClientEventsTable;
  verified_domains: VerifiedDomainsTable;
  social_token_uses: SocialTokenUsesTable;
  mfa_factors: MfaFactorsTable;
  mfa_backup_codes: MfaBackupCodesTable;
  mfa_challenges: MfaChallengesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ImageRow = Selectable<ImagesTable>;
export type NewImage = Insertable<ImagesTable>;
export type BoardRow = Selectable<BoardsTable>;
export type NewBoard = Insertable<BoardsTable>;
export type BoardSectionRow = Selectable<BoardSectionsTable>;
export type NewBoardSection = Insertable<BoardSectionsTable>;
export type PinRow = Selectable<PinsTable>;
export type NewPin = Insertable<PinsTable>;
