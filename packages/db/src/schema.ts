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
/**
 * The pin sizes always; `170x` (board cards, docs/decisions/143) for images stored since it was
 * added, and for older ones once the `image-variant-backfill` job made it.
 */
export type StoredVariants = Record<'236x' | '474x' | '736x' | 'orig', StoredVariant> & {
  '170x'?: StoredVariant;
};

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
  // Added by migrations/2026-11-23T12-00-organise (docs/decisions/055).
  /** How their profile sorts their boards for everyone. */
  profile_board_sort: ColumnType<ProfileBoardSort, ProfileBoardSort | undefined, ProfileBoardSort>;
  /** When they last arranged their boards by hand (custom order). */
  board_order_modified_at: NullableTimestamp;
  // Added by migrations/2026-11-23T17-00-business (docs/decisions/100).
  /** Ad targeting by gender (business.md §3); null is "unknown". */
  gender: ColumnType<UserGender | null, UserGender | null | undefined, UserGender | null>;
}

export type UserGender = 'female' | 'male' | 'unknown';

export type ProfileBoardSort = 'last_saved' | 'alphabetical' | 'custom';

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
  /** Added by migrations/2026-11-23T16-00-storage-quota: bytes of all stored files (0 = unknown). */
  bytes: ColumnType<string, number | undefined, number>;
  /** Who first stored it; their storage quota counts it (decision 099). */
  uploaded_by_id: IdRef | null;
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
  // Added by migrations/2026-11-23T12-00-organise (docs/decisions/053, 056).
  layout: ColumnType<BoardLayout, BoardLayout | undefined, BoardLayout>;
  sensitivity_reason: ColumnType<
    BoardSensitivityReason | null,
    BoardSensitivityReason | null | undefined,
    BoardSensitivityReason | null
  >;
  /** When the board's pins were last arranged by hand; null while they are newest first. */
  board_order_modified_at: NullableTimestamp;
}

export type BoardLayout = 'default' | 'grid' | 'thumbnail';
export type BoardSensitivityReason = 'graphic' | 'self_harm' | 'adult';

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
  // Added by migrations/2026-11-23T12-00-organise (docs/decisions/053).
  alt_text: ColumnType<string, string | undefined, string>;
  /** Place in the board's custom order; null: not placed (before the placed ones, newest first). */
  board_position: ColumnType<
    string | null,
    string | number | null | undefined,
    string | number | null
  >;
  section_position: ColumnType<
    string | null,
    string | number | null | undefined,
    string | number | null
  >;
  /** Added by migrations/2026-11-23T14-00-search: repins of this pin, kept by a trigger. */
  save_count: ColumnType<number, never, never>;
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
  // Added by migrations/2026-11-23T20-00-site-claims (docs/decisions/127).
  /** How ownership was proven on /settings/claim/; null for seeded and operator rows. */
  method: ColumnType<
    SiteClaimMethod | null,
    SiteClaimMethod | null | undefined,
    SiteClaimMethod | null
  >;
  /** The address the person entered when claiming. */
  site_url: ColumnType<string | null, string | null | undefined, string | null>;
}

export type SiteClaimMethod = 'meta' | 'file' | 'dns';

// ---- Added by migrations/2026-11-23T20-00-site-claims (docs/decisions/127, 128) ----

/** A person's website-verification token (one per person). */
export interface SiteVerificationTokensTable {
  user_id: IdRef;
  token: string;
  created_at: CreatedAt;
}

/** A started Instagram connection (the state's SHA-256), single use. */
export interface InstagramOauthStatesTable {
  state_hash: string;
  user_id: IdRef;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  created_at: CreatedAt;
}

/** A person's connected Instagram account. */
export interface InstagramConnectionsTable {
  user_id: IdRef;
  instagram_user_id: string;
  username: string;
  connected_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A member's own state of a board (migrations/2026-11-23T12-00-organise). */
export interface BoardMemberStatesTable {
  user_id: IdRef;
  board_id: IdRef;
  profile_position: ColumnType<
    string | null,
    string | number | null | undefined,
    string | number | null
  >;
  archived_at: NullableTimestamp;
}

export type BoardActionKind = 'move' | 'delete' | 'board';

/** The bulk action running on a board (docs/decisions/051). */
export interface BoardActionsTable {
  board_id: IdRef;
  kind: BoardActionKind;
  /** Random, so only the claimer releases its own claim. */
  token: string;
  user_id: IdRef | null;
  started_at: Timestamp;
  expires_at: Timestamp;
}

/** Image files waiting to be removed from storage after their row went (docs/decisions/054). */
export interface MediaDeletionsTable {
  sha256: string;
  keys: ColumnType<string[], string, string>;
  /** Queued at; a repeated delete of the same image queues it afresh. */
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Set once the files are gone; the row stays a while as a trace (see the migration). */
  done_at: NullableTimestamp;
}

/**
 * A hashtag in its normal form (docs/decisions/060): NFC, lower case, without the '#'. pin_count
 * is the number of pin_hashtags rows of the tag (every pin, whatever its board's privacy), kept
 * by a trigger on pin_hashtags; what a reader may see is counted at read time.
 */
export interface HashtagsTable {
  id: Generated<string>;
  tag: string;
  pin_count: Counter;
  created_at: CreatedAt;
}

/** A pin carries a hashtag (its description names it). Written with the description. */
export interface PinHashtagsTable {
  pin_id: IdRef;
  hashtag_id: IdRef;
  /** Order of first appearance in the description, from 0. */
  position: number;
  created_at: CreatedAt;
}

export type BrowserExtensionBrowser = 'chromium' | 'firefox' | 'other';

/** saving.md §7 "POST of browser_extension_installed to the server log" (docs/decisions/061). */
export interface BrowserExtensionEventsTable {
  id: Generated<string>;
  user_id: IdRef | null;
  event: 'browser_extension_installed';
  browser: BrowserExtensionBrowser;
  extension_version: string | null;
  created_at: CreatedAt;
}

// ---- offsite link checks (migrations/2026-11-23T15-00-offsite; ADR 080) ----

export type OffsiteListStatusColumn = 'blocked' | 'suspicious' | 'porn' | 'allowed';
export type OffsiteClickStatusColumn = 'ok' | 'blocked' | 'suspicious' | 'porn';

/** The operators' reputation list for outbound links (business.md §5.3). */
export interface OffsiteDomainsTable {
  domain: string;
  status: OffsiteListStatusColumn;
  note: ColumnType<string, string | undefined, string>;
  updated_by: IdRef | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type ProductAvailability = 'in_stock' | 'out_of_stock' | 'preorder' | 'backorder';

/**
 * A pin's product offer from its page's structured data (docs/decisions/071); a pin with a row
 * is a buyable pin. `price` is numeric(12,2), read as a decimal string.
 */
export interface PinProductsTable {
  pin_id: IdRef;
  price: ColumnType<string, string | number, string | number>;
  currency: string;
  availability: ProductAvailability;
  captured_at: CreatedAt;
}

/**
 * A distinct word of some pin title, folded (migrations/2026-11-28T08-00; docs/decisions/200):
 * the vocabulary a misspelt query word is corrected against. Kept by triggers on pins.
 */
export interface SearchTitleWordsTable {
  word: string;
}

/** A signed-in person's recent search (one row per folded query; typeahead). */
export interface RecentSearchesTable {
  user_id: IdRef;
  query_key: string;
  query: string;
  scope: string;
  searched_at: Timestamp;
}

/**
 * An operators' search advisory entry (migrations/2026-11-23T14-02; docs/decisions/073).
 * `notices` holds @corkboard/shared/search/advisories AdvisoryNotice[] (written as JSON text).
 */
export interface SearchAdvisoriesTable {
  id: Generated<string>;
  match_kind: 'term' | 'pattern';
  match_text: string;
  match_key: string;
  like_pattern: string | null;
  advisory: string;
  severity: number;
  advisory_type: number;
  resource_country: string | null;
  notices: ColumnType<unknown[], string, string>;
  updated_by: IdRef | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One outbound click through /offsite/ (deduplicated; read by ad reporting). */
export interface OffsiteClicksTable {
  id: Generated<string>;
  pin_id: IdRef | null;
  is_third_party_ad: ColumnType<boolean, boolean | undefined, boolean>;
  user_id: IdRef | null;
  visitor_id: string | null;
  /** `u:<user id>` or `v:<visitor id>`: who clicked, for deduplication. */
  subject: string;
  url: string;
  domain: string;
  status: OffsiteClickStatusColumn;
  token: number | null;
  created_at: CreatedAt;
}

// ---- experiments admin (migrations/2026-11-23T18-00-experiments; ADR 120) ----

export interface ExperimentsTable {
  name: string;
  description: ColumnType<string, string | undefined, string>;
  updated_by: IdRef | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One group of an experiment; `basis_points` of 10 000 buckets, handed out by `position`. */
export interface ExperimentGroupsTable {
  experiment: string;
  name: string;
  position: number;
  basis_points: number;
}

export interface ExperimentOverridesTable {
  experiment: string;
  user_id: IdRef;
  group_name: string;
  created_by: IdRef | null;
  created_at: CreatedAt;
}

export type ExperimentExposureSource = 'allocation' | 'override' | 'config' | 'query';

export interface ExperimentExposuresTable {
  id: Generated<string>;
  experiment: string;
  /** `u:<user id>` or `v:<visitor id>`. */
  subject: string;
  user_id: IdRef | null;
  group_name: string;
  source: ExperimentExposureSource;
  exposed_at: CreatedAt;
}

/** A signed-out visitor's performance sample (migrations/2026-11-23T18-01; ADR 121). */
export interface VisitorPerformanceSamplesTable {
  id: Generated<string>;
  page: string;
  metric: 'image_visible' | 'lcp' | 'inp' | 'cls';
  /** ms, or the score for cls; null for a profiler that gave up. */
  value: number | null;
  state: 'complete' | 'disabled' | null;
  created_at: CreatedAt;
}

// ---- the experience platform (migrations/2026-11-23T15-01-experiences; ADR 081) ----

export type ExperienceStatusColumn =
  'triggered' | 'viewed' | 'completed' | 'completed_without_homefeed' | 'dismissed';

/** An in-product experience (business.md §3 "Experience"); JSON columns hold shared/experiences shapes. */
export interface ExperiencesTable {
  id: Generated<string>;
  placement_id: number;
  name: string;
  priority: ColumnType<number, number | undefined, number>;
  triggerable: ColumnType<boolean, boolean | undefined, boolean>;
  display_data: ColumnType<Record<string, unknown>, string, string>;
  audience: ColumnType<Record<string, unknown>, string | undefined, string>;
  starts_at: NullableTimestamp;
  ends_at: NullableTimestamp;
  max_views_per_person: number | null;
  max_people: number | null;
  created_by: IdRef | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A person's status for one experience (business.md §4.4). */
export interface UserExperiencesTable {
  user_id: IdRef;
  experience_id: IdRef;
  status: ExperienceStatusColumn;
  view_count: Counter;
  triggered_at: NullableTimestamp;
  first_viewed_at: NullableTimestamp;
  last_viewed_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  updated_at: UpdatedAt;
}

// ---- Topics (migrations/2026-11-23T15-02-topics, docs/decisions/082) ----

/** A board filed under a topic: its pins are in the topic. */
export interface BoardTopicsTable {
  board_id: IdRef;
  topic: string;
}

/** A topic a person picked in the first-run tour (seeds their home feed). */
export interface UserTopicsTable {
  user_id: IdRef;
  topic: string;
  created_at: CreatedAt;
}

// ---- Business I (migrations/2026-11-23T17-00-business, docs/decisions/100–105) ----

/** Money in micro-currency (1 unit = 1,000,000); bigint travels as a string. */
type Micro = ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
type TextArray = ColumnType<string[], string[] | undefined, string[]>;
type Json<T> = ColumnType<T, string, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

export interface BusinessProfilesTable {
  user_id: IdRef;
  business_name: string;
  website_url: string | null;
  country: string;
  language: string;
  advertising_intent: string;
  created_by_id: IdRef | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface BusinessMembersTable {
  profile_id: IdRef;
  user_id: IdRef;
  permissions: TextArray;
  invited_by_id: IdRef | null;
  created_at: CreatedAt;
}

export interface BusinessInvitesTable {
  id: Generated<string>;
  profile_id: IdRef;
  email: string;
  permissions: TextArray;
  token_hash: string;
  invited_by_id: IdRef | null;
  expires_at: Timestamp;
  created_at: CreatedAt;
  accepted_by_id: IdRef | null;
  accepted_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface BusinessMfaFlagsTable {
  user_id: IdRef;
  recorded_by: string;
  recorded_at: CreatedAt;
}

export type AdEntityStatus = 'ACTIVE' | 'PAUSED' | 'ARCHIVED';
export type AdObjectiveType = 'AWARENESS' | 'CONSIDERATION' | 'WEB_CONVERSION' | 'CATALOG_SALES';
export type AdReviewStatus = 'PENDING' | 'APPROVED' | 'REJECTED';

export interface AdAccountsTable {
  id: Generated<string>;
  profile_id: IdRef;
  name: string;
  country: string;
  currency: string;
  status: ColumnType<
    'ACTIVE' | 'DISABLED',
    'ACTIVE' | 'DISABLED' | undefined,
    'ACTIVE' | 'DISABLED'
  >;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface AdCampaignsTable {
  id: Generated<string>;
  ad_account_id: IdRef;
  name: string;
  objective_type: AdObjectiveType;
  status: ColumnType<AdEntityStatus, AdEntityStatus | undefined, AdEntityStatus>;
  ads_client_type: 'quick_promote' | 'console';
  flexible_daily_budget_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_by_id: IdRef | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** The stored targeting spec (Pinterest Ads API v5 keys). */
export interface StoredTargetingSpec {
  LOCATION: string[];
  AGE_BUCKET: string[];
  GENDER: string[];
  INTEREST: string[];
  KEYWORD: string[];
  AUDIENCE_EXCLUDE: string[];
}

export interface AdGroupsTable {
  id: Generated<string>;
  campaign_id: IdRef;
  ad_account_id: IdRef;
  name: string;
  status: ColumnType<AdEntityStatus, AdEntityStatus | undefined, AdEntityStatus>;
  budget_type: 'DAILY' | 'LIFETIME';
  budget_in_micro_currency: Micro;
  bid_in_micro_currency: Micro;
  billable_event: 'CLICKTHROUGH' | 'IMPRESSION';
  /** Spent over the group's life (LIFETIME budgets are enforced on it; docs/decisions/104). */
  spent_micro: Micro;
  targeting_spec: Json<StoredTargetingSpec>;
  auto_targeting_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  /** STANDARD spreads the budget evenly; ACCELERATED does not pace (docs/decisions/108). */
  pacing_delivery_type: ColumnType<
    'STANDARD' | 'ACCELERATED',
    'STANDARD' | 'ACCELERATED' | undefined,
    'STANDARD' | 'ACCELERATED'
  >;
  optimization_goal_metadata: NullableJson<Record<string, unknown>>;
  start_time: Timestamp;
  end_time: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface AdsTable {
  id: Generated<string>;
  ad_group_id: IdRef;
  campaign_id: IdRef;
  ad_account_id: IdRef;
  pin_id: IdRef;
  name: string;
  destination_url: string;
  status: ColumnType<AdEntityStatus, AdEntityStatus | undefined, AdEntityStatus>;
  review_status: ColumnType<AdReviewStatus, AdReviewStatus | undefined, AdReviewStatus>;
  rejection_reasons: TextArray;
  reviewed_by_id: IdRef | null;
  reviewed_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface AdDraftsTable {
  id: Generated<string>;
  ad_account_id: IdRef;
  created_by_id: IdRef | null;
  name: string;
  payload: Json<Record<string, unknown>>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface AdConversionTagsTable {
  id: Generated<string>;
  ad_account_id: IdRef;
  name: string;
  created_at: CreatedAt;
}

export interface AdAudiencesTable {
  id: Generated<string>;
  ad_account_id: IdRef;
  name: string;
  created_at: CreatedAt;
  audience_type: ColumnType<
    'CUSTOMER_LIST' | 'ENGAGEMENT',
    'CUSTOMER_LIST' | 'ENGAGEMENT' | undefined,
    'CUSTOMER_LIST' | 'ENGAGEMENT'
  >;
  size: ColumnType<number, number | undefined, number>;
}

/** An ad account's acceptance of the ad terms (the quick-promote GDPR step, ADR 181). */
export interface AdTermsAcceptancesTable {
  ad_account_id: IdRef;
  terms_version: string;
  accepted_by_id: IdRef | null;
  accepted_at: CreatedAt;
}

/** A save of a promoted pin during its campaign: engagement on it is earned (ADR 184). */
export interface AdEarnedPinsTable {
  pin_id: IdRef;
  ad_id: IdRef;
  created_at: CreatedAt;
}

export interface AdAudienceMembersTable {
  audience_id: IdRef;
  email_sha256: string;
}

export interface AdHidesTable {
  ad_id: IdRef;
  user_id: IdRef;
  created_at: CreatedAt;
}

/** One viewer × one ad × one UTC day: the dedupe window and the frequency cap (docs/decisions/104). */
export interface AdViewerDaysTable {
  viewer_key: string;
  /** UTC day, 'YYYY-MM-DD'. */
  day: ColumnType<string, string, string>;
  ad_id: IdRef;
  impressions: ColumnType<number, number | undefined, number>;
  last_impression_at: NullableTimestamp;
  clicks: ColumnType<number, number | undefined, number>;
  last_click_at: NullableTimestamp;
  saves: ColumnType<number, number | undefined, number>;
  last_save_at: NullableTimestamp;
  earned_impressions: ColumnType<number, number | undefined, number>;
  last_earned_impression_at: NullableTimestamp;
  earned_closeups: ColumnType<number, number | undefined, number>;
  last_earned_closeup_at: NullableTimestamp;
  earned_outbound_clicks: ColumnType<number, number | undefined, number>;
  last_earned_outbound_click_at: NullableTimestamp;
}

export interface AdGroupSpendDaysTable {
  ad_group_id: IdRef;
  day: ColumnType<string, string, string>;
  spent_micro: Micro;
}

type DailyCount = ColumnType<number, number | undefined, number>;

export interface AdDailyRollupsTable {
  ad_id: IdRef;
  day: ColumnType<string, string, string>;
  ad_group_id: IdRef;
  campaign_id: IdRef;
  ad_account_id: IdRef;
  spend_micro: Micro;
  paid_impressions: DailyCount;
  earned_impressions: DailyCount;
  paid_closeups: DailyCount;
  earned_closeups: DailyCount;
  paid_outbound_clicks: DailyCount;
  earned_outbound_clicks: DailyCount;
  paid_saves: DailyCount;
  earned_saves: DailyCount;
}

export interface AdDenyListTable {
  id: Generated<string>;
  domain: string;
  reason: ColumnType<string, string | undefined, string>;
  created_by_id: IdRef | null;
  created_at: CreatedAt;
}

export interface AdBillingProfilesTable {
  ad_account_id: IdRef;
  legal_name: string;
  billing_email: string;
  address_line1: string;
  address_line2: string | null;
  city: string;
  region: string | null;
  postal_code: string;
  country: string;
  tax_id: string | null;
  provider_customer_id: string | null;
  payment_method_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type AdInvoiceStatus = 'ISSUED' | 'PAID' | 'PAYMENT_FAILED' | 'NO_PAYMENT_METHOD';

export interface AdInvoicesTable {
  id: Generated<string>;
  ad_account_id: IdRef;
  /** The first day of the invoiced month, 'YYYY-MM-01'. */
  month: ColumnType<string, string, string>;
  amount_micro: Micro;
  currency: string;
  status: AdInvoiceStatus;
  provider_payment_id: string | null;
  failure_message: string | null;
  issued_at: CreatedAt;
  paid_at: NullableTimestamp;
  /** Sequential per ad account from 1 (docs/decisions/173). */
  invoice_sequence: number;
  charge_attempts: ColumnType<number, number | undefined, number>;
  /** Earlier invoices under the minimum charge added to this one (docs/decisions/173). */
  carried_in_micro: ColumnType<string, string | undefined, string>;
  /** Set on an invoice under the minimum once its amount went into a later one. */
  carried_into_invoice_id: string | null;
}

/** One attempt to charge an invoice (docs/decisions/173). */
export interface AdBillingChargesTable {
  id: Generated<string>;
  ad_account_id: IdRef;
  invoice_id: IdRef;
  amount_minor: ColumnType<string, string | number, string | number>;
  currency: string;
  status: 'SUCCEEDED' | 'FAILED';
  provider: string;
  provider_payment_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
  failure_code: string | null;
  failure_message: string | null;
  created_at: CreatedAt;
}

export interface AdInvoiceLinesTable {
  invoice_id: IdRef;
  campaign_id: IdRef;
  campaign_name: string;
  amount_micro: Micro;
}

export interface AdChangeHistoryTable {
  id: Generated<string>;
  ad_account_id: IdRef;
  actor_id: IdRef | null;
  entity_type: string;
  entity_id: IdRef;
  action: string;
  changes: Json<Record<string, unknown>>;
  created_at: CreatedAt;
}

export interface AdReportingPreferencesTable {
  ad_account_id: IdRef;
  user_id: IdRef;
  columns: TextArray;
  updated_at: UpdatedAt;
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

// ---- Added by migrations/2026-11-24T07-00-passkeys (docs/decisions/166) ----

/** A passkey (WebAuthn credential): its public key, never a private one. */
export interface WebauthnCredentialsTable {
  id: Generated<string>;
  user_id: IdRef;
  /** The credential id, base64url. */
  credential_id: string;
  /** The COSE public key. */
  public_key: Uint8Array;
  /** The authenticator's signature counter last seen (0 for authenticators that keep none). */
  sign_count: ColumnType<string, string | number | undefined, string | number>;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  device_type: 'singleDevice' | 'multiDevice';
  backed_up: boolean;
  aaguid: string;
  name: string;
  created_at: CreatedAt;
  last_used_at: NullableTimestamp;
}

// ---- Added by migrations/2026-11-23T11-01-trusted-devices (docs/decisions/042) ----

/** A browser that logged in to an account (OWASP device cookies); the id's SHA-256 only. */
export interface AuthTrustedDevicesTable {
  device_hash: string;
  user_id: IdRef;
  created_at: CreatedAt;
  last_used_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

// ---- Added by migrations/2026-11-24T05-00-sso-providers (docs/decisions/154–156) ----

/** An organisation's OpenID Connect identity provider; the client secret only encrypted. */
export interface SsoProvidersTable {
  id: Generated<string>;
  slug: string;
  name: string;
  issuer: string;
  client_id: string;
  client_secret_encrypted: string;
  created_by: IdRef | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  // Added by migrations/2026-11-28T03-00-sso-organisations (docs/decisions/190).
  /** The business profile that registered it; null when an operator did. */
  business_id: ColumnType<string | null, string | null | undefined, string | null>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
}

export type SsoDomainProofMethod = 'dns' | 'email';

/** An e-mail domain of a provider; SSO routes it only once verified. */
export interface SsoProviderDomainsTable {
  id: Generated<string>;
  provider_id: IdRef;
  domain: string;
  txt_token: string;
  verified_at: NullableTimestamp;
  verified_by: ColumnType<
    SsoDomainProofMethod | null,
    SsoDomainProofMethod | null | undefined,
    SsoDomainProofMethod | null
  >;
  email_sent_to: ColumnType<string | null, string | null | undefined, string | null>;
  /** SHA-256 of the mailed link's token; null once used. */
  email_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  email_token_expires_at: NullableTimestamp;
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
  board_member_states: BoardMemberStatesTable;
  board_actions: BoardActionsTable;
  media_deletions: MediaDeletionsTable;
  // Added by migrations/2026-11-23T13-* (docs/decisions/060, 061).
  hashtags: HashtagsTable;
  pin_hashtags: PinHashtagsTable;
  browser_extension_events: BrowserExtensionEventsTable;
  offsite_domains: OffsiteDomainsTable;
  offsite_clicks: OffsiteClicksTable;
  experiences: ExperiencesTable;
  user_experiences: UserExperiencesTable;
  board_topics: BoardTopicsTable;
  user_topics: UserTopicsTable;
  business_profiles: BusinessProfilesTable;
  business_members: BusinessMembersTable;
  business_invites: BusinessInvitesTable;
  business_mfa_flags: BusinessMfaFlagsTable;
  ad_accounts: AdAccountsTable;
  ad_campaigns: AdCampaignsTable;
  ad_groups: AdGroupsTable;
  ads: AdsTable;
  ad_drafts: AdDraftsTable;
  ad_conversion_tags: AdConversionTagsTable;
  ad_audiences: AdAudiencesTable;
  ad_audience_members: AdAudienceMembersTable;
  ad_hides: AdHidesTable;
  ad_viewer_days: AdViewerDaysTable;
  ad_group_spend_days: AdGroupSpendDaysTable;
  ad_daily_rollups: AdDailyRollupsTable;
  ad_terms_acceptances: AdTermsAcceptancesTable;
  ad_earned_pins: AdEarnedPinsTable;
  ad_deny_list: AdDenyListTable;
  ad_billing_profiles: AdBillingProfilesTable;
  ad_invoices: AdInvoicesTable;
  ad_invoice_lines: AdInvoiceLinesTable;
  ad_billing_charges: AdBillingChargesTable;
  ad_change_history: AdChangeHistoryTable;
  ad_reporting_preferences: AdReportingPreferencesTable;
  pin_products: PinProductsTable;
  recent_searches: RecentSearchesTable;
  search_title_words: SearchTitleWordsTable;
  mfa_factors: MfaFactorsTable;
  mfa_backup_codes: MfaBackupCodesTable;
  mfa_challenges: MfaChallengesTable;
  webauthn_credentials: WebauthnCredentialsTable;
  auth_trusted_devices: AuthTrustedDevicesTable;
  social_token_uses: SocialTokenUsesTable;
  search_advisories: SearchAdvisoriesTable;
  experiments: ExperimentsTable;
  experiment_groups: ExperimentGroupsTable;
  experiment_overrides: ExperimentOverridesTable;
  experiment_exposures: ExperimentExposuresTable;
  visitor_performance_samples: VisitorPerformanceSamplesTable;
  // Added by migrations/2026-11-23T20-00-site-claims (docs/decisions/127, 128).
  site_verification_tokens: SiteVerificationTokensTable;
  instagram_oauth_states: InstagramOauthStatesTable;
  instagram_connections: InstagramConnectionsTable;
  // Added by migrations/2026-11-24T05-00-sso-providers (docs/decisions/154–156).
  sso_providers: SsoProvidersTable;
  sso_provider_domains: SsoProviderDomainsTable;
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
