// The saving API as the client sees it (saving.md §3, §7; docs/decisions/008): answer shapes of
// the saving resources and endpoints, and the request bodies of the REST endpoints whose paths
// the spec leaves to us (collaborator invites, the client log, image intake). The server answers
// these shapes and parses these bodies; the web client reads and sends them.
import { z } from 'zod';
import type {
  BoardViewerFields,
  BoardPrivacy,
  FollowableUser,
  ImageVariant,
  Pin,
  PinImages,
  UserSummary,
} from '../api-types.ts';
import { EMAIL_MAX_LENGTH } from '../auth/email.ts';
import { entityIdSchema, httpUrlSchema, PIN_GUID_MAX_LENGTH } from './schemas.ts';

/** What the viewer may do with a board (saving.md §3 "boardAccess (includes write)"). */
export type BoardAccess = 'read' | 'write';

/**
 * A board as the picker, the create-board answer and BoardResource get describe it (saving.md §3
 * "Board"). Owner is decided by `owner.id` equal to the viewer's id; edit ability by
 * `board_access` including `write`.
 */
export interface PickerBoardItem extends BoardViewerFields {
  id: string;
  name: string;
  slug: string;
  /** Site-relative board page URL, e.g. `/alice/summer-recipes/`. */
  url: string;
  privacy: BoardPrivacy;
  description: string;
  owner: UserSummary;
  /** Up to 3 accepted collaborators, earliest first (the picker names up to three avatars). */
  collaborating_users: UserSummary[];
  /** Accepted collaborators in total. */
  collaborator_count: number;
  is_collaborative: boolean;
  should_show_board_collaborators: boolean;
  board_access: BoardAccess[];
  pin_count: number;
  section_count: number;
  follower_count: number;
  has_custom_cover: boolean;
  /** The cover (chosen cover pin, else the newest pin), 236 wide; null for an empty board. */
  image_cover_url: string | null;
  image_thumbnail_url: string | null;
  /** Up to 3 newest pin images, 236 wide. */
  pin_thumbnail_urls: string[];
  /** When the viewer last saved a pin to this board; null when never (or for a visitor). */
  last_saved_at: string | null;
  created_at: string;
}

/** BoardPickerBoardsResource get. `bookmark` (next page of all_boards) is in the envelope. */
export interface BoardPickerData {
  /** Boards the viewer can save to, newest first (the picker sorts by name). */
  all_boards: PickerBoardItem[];
  /** 'Top choices': recent, then relevant to the pin (pickShortlist). Only on the first page. */
  boards_shortlist: PickerBoardItem[];
}

/** saving.md §3 "Board section: id, title, slug, preview_pins". */
export interface SectionPreviewPin {
  image_square_url: string;
  image_square_size_pixels: { width: number; height: number };
}

export interface PickerSectionItem {
  id: string;
  board_id: string;
  title: string;
  slug: string;
  pin_count: number;
  /** Up to 3 newest pins of the section. */
  preview_pins: SectionPreviewPin[];
}

/** The board a save found the same pin or image on (saving.md §2.8 'Psst! …'). */
export interface AlreadySaved {
  board_id: string;
  board_name: string;
}

/** PinResource create / RepinResource create: the new pin plus what the saved dialog needs. */
export interface SavedPin extends Pin {
  repin_of_id: string | null;
  /** Set when the viewer had already saved this pin or image: the pin is saved again anyway. */
  already_saved: AlreadySaved | null;
  /** The viewer's first pin ever ('You saved your first Pin to {board}!'). */
  is_first_save: boolean;
  /** saving.md §7: `button` without a guid is reported as `button_external`. */
  reported_method: string;
  /** business.md §5.1: 'Promote your Pin' is offered (decided on the server, docs/decisions/102). */
  is_promotable: boolean;
}

/** One pinnable image found at a page (saving.md §3 "Found images"). */
export interface FoundImageItem {
  type: 'image';
  url: string;
  width: number;
  height: number;
  source: 'og:image' | 'twitter:image' | 'link:image_src' | 'img';
  pinnable: true;
}

/** FindPinImagesResource get. */
export interface FoundImagesData {
  /** The page's final URL after redirects: the pin's link. */
  url: string;
  title: string | null;
  description: string | null;
  items: FoundImageItem[];
}

/** An image taken in and waiting to become a pin (POST /v3/media/uploads/). */
export interface MediaUploadData {
  media_upload_id: string;
  width: number;
  height: number;
  dominant_color: string;
  images: PinImages;
  expires_at: string;
}

export type ImageIntakeJobStatus = 'pending' | 'processing' | 'succeeded' | 'failed';

/** PUT /v3/pins/image/ and GET /v3/pins/image/{id}/. */
export interface ImageIntakeJobData {
  id: string;
  status: ImageIntakeJobStatus;
  image_url: string;
  /** Set once succeeded: use it as PinResource create's media_upload_id. */
  media_upload_id: string | null;
  error: { api_error_code: number; message: string } | null;
  created_at: string;
}

/** GET /v3/users/settings (saving.md §3 "User settings read"). */
export interface UserSettingsData {
  connected_to_instagram: boolean;
  listed_website_url: string | null;
  /**
   * The domains of "that photo site" of the Instagram upsell (§2.8; docs/decisions/129):
   * instagram.com, plus the Instagram stand-in's host when running against the dev peers.
   */
  instagram_site_domains: string[];
}

/**
 * GET /v3/search/autocomplete/ answers a list of these (saving.md §3 "Hashtag suggestion: query,
 * pin_count"): `query` is the tag with its '#', `pin_count` the pins of public boards carrying it,
 * or null unless `show_pin_count` was asked for (docs/decisions/060).
 */
export interface HashtagSuggestionItem {
  query: string;
  pin_count: number | null;
}

/** GET /v3/pins/{id}/board_title_suggestions/ answers a list of these. */
export interface BoardTitleSuggestionItem {
  title: string;
}

/** An invitation waiting for the viewer (GET /v3/users/me/board_invites/). */
export interface BoardInviteItem {
  board: {
    id: string;
    name: string;
    url: string;
    privacy: BoardPrivacy;
    owner: UserSummary;
    pin_count: number;
    cover_images: ImageVariant[];
  };
  invited_by: UserSummary;
  created_at: string;
}

/** POST /v3/boards/{id}/collaborators/invite/. */
export interface CollaboratorInviteResult {
  board_id: string;
  users: { user: UserSummary; status: 'invited' | 'accepted' }[];
  /** `failed`: the mail could not be handed to the mail server; nothing was kept, try again. */
  emails: { email: string; status: 'sent' | 'failed' }[];
}

/** Accept or decline answers (user invitations and e-mail links). */
export interface CollaboratorInviteOutcome {
  board: { id: string; name: string; url: string };
  status: 'accepted' | 'declined';
}

/** GET /v3/board_invites/?token=: what an e-mail link invites to, before accepting. */
export interface EmailInvitePreview {
  board: { id: string; name: string };
  invited_by: UserSummary;
  expires_at: string;
  /** True once someone accepted it (following the link again is harmless for them). */
  accepted: boolean;
}

/** Not in the spec: people plus addresses one invite call may name. */
export const COLLABORATOR_INVITE_BATCH_MAX = 20;

/** POST /v3/boards/{id}/collaborators/invite/ body: users (from suggestions) and typed e-mails. */
export const collaboratorInviteBodySchema = z
  .object({
    user_ids: z.array(entityIdSchema).max(COLLABORATOR_INVITE_BATCH_MAX).default([]),
    emails: z
      .array(z.string().trim().max(EMAIL_MAX_LENGTH))
      .max(COLLABORATOR_INVITE_BATCH_MAX)
      .default([]),
  })
  .refine(
    (body) =>
      body.user_ids.length + body.emails.length > 0 &&
      body.user_ids.length + body.emails.length <= COLLABORATOR_INVITE_BATCH_MAX,
    { message: `Name between 1 and ${COLLABORATOR_INVITE_BATCH_MAX} people or addresses.` },
  );
export type CollaboratorInviteBody = z.input<typeof collaboratorInviteBodySchema>;

/** Not in the spec: invitation tokens are 32 random bytes (43 base64url characters). */
export const INVITE_TOKEN_MAX_LENGTH = 256;
export const inviteTokenBodySchema = z.object({
  token: z.string().min(1).max(INVITE_TOKEN_MAX_LENGTH),
});

/** saving.md §7 logging events of a pin create. */
export const PIN_CLIENT_EVENTS = ['pin_create_success', 'pin_create_fail'] as const;
/** saving.md §2.9 "On show, the dialog logs a render and a 'promote' or 'send' metric." */
export const PIN_SAVED_DIALOG_RENDER_EVENT = 'pin_saved_dialog_render';
/** 'promote' when the dialog offers 'Promote your Pin', else 'send' (the button it shows). */
export const PIN_SAVED_DIALOG_METRICS = ['send', 'promote'] as const;
export type PinSavedDialogMetric = (typeof PIN_SAVED_DIALOG_METRICS)[number];
/** Not in the spec: keys in a logged query, and the length of each key and value. */
export const CLIENT_LOG_QUERY_MAX_KEYS = 20;
export const CLIENT_LOG_QUERY_KEY_MAX_LENGTH = 64;
export const CLIENT_LOG_QUERY_VALUE_MAX_LENGTH = 2048;

/** A pin create's log event (saving.md §7: client, event, pin_id, path (method), query). */
const pinCreateLogEventSchema = z.object({
  event: z.enum(PIN_CLIENT_EVENTS),
  client: z.literal('web').optional(),
  pin_id: entityIdSchema.nullish(),
  path: z
    .string()
    .regex(/^[a-z_]{1,32}$/)
    .nullish(),
  guid: z
    .string()
    .regex(new RegExp(`^[\\x21-\\x7e]{1,${PIN_GUID_MAX_LENGTH}}$`))
    .nullish(),
  error_code: z.number().int().min(0).max(1_000_000).nullish(),
  query: z
    .record(
      z.string().max(CLIENT_LOG_QUERY_KEY_MAX_LENGTH),
      z.string().max(CLIENT_LOG_QUERY_VALUE_MAX_LENGTH),
    )
    .refine((query) => Object.keys(query).length <= CLIENT_LOG_QUERY_MAX_KEYS, {
      message: `At most ${CLIENT_LOG_QUERY_MAX_KEYS} query parameters.`,
    })
    .optional(),
});

/** The pin-saved dialog's render (saving.md §2.9): signed-in viewers only, the saved pin named. */
const pinSavedDialogLogEventSchema = z.object({
  event: z.literal(PIN_SAVED_DIALOG_RENDER_EVENT),
  client: z.literal('web').optional(),
  pin_id: entityIdSchema,
  metric: z.enum(PIN_SAVED_DIALOG_METRICS),
});

/** saving.md §7 "POST of browser_extension_installed to the server log" (docs/decisions/061). */
export const BROWSER_EXTENSION_INSTALLED_EVENT = 'browser_extension_installed';
export const BROWSER_EXTENSION_BROWSERS = ['chromium', 'firefox', 'other'] as const;
export type BrowserExtensionBrowser = (typeof BROWSER_EXTENSION_BROWSERS)[number];
/** The extension's manifest version ("1.0.0"), as its content script reports it. */
export const EXTENSION_VERSION_PATTERN = /^[0-9A-Za-z.+-]{1,32}$/;

/** The web saw the browser extension installed (the signal that stops its upsell). */
const browserExtensionInstalledEventSchema = z.object({
  event: z.literal(BROWSER_EXTENSION_INSTALLED_EVENT),
  client: z.literal('web').optional(),
  browser: z.enum(BROWSER_EXTENSION_BROWSERS),
  version: z.string().regex(EXTENSION_VERSION_PATTERN).nullish(),
});

/** POST /v3/client_log/ body: one of the events above, told apart by `event`. */
export const clientLogEventSchema = z.discriminatedUnion('event', [
  pinCreateLogEventSchema,
  pinSavedDialogLogEventSchema,
  browserExtensionInstalledEventSchema,
]);
export type ClientLogEvent = z.input<typeof clientLogEventSchema>;

/**
 * UserFollowResource create / delete answer: the person as they now stand for the viewer
 * (`followed_by_me` true after create, false after delete) with their follower count.
 */
export interface UserFollowData extends FollowableUser {
  follower_count: number;
}

/**
 * UserFollowResource create / delete options (saving.md §7 "user_id, invite_code, aux_data
 * pin_id, client_tracking_params"). user_id may come as a number, as some clients send ids.
 * invite_code and client_tracking_params are accepted and ignored (no invite programme or
 * tracking exists); aux_data.pin_id names the pin the follow came from (logged, not stored).
 */
export const userFollowOptionsSchema = z.object({
  user_id: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    entityIdSchema,
  ),
  invite_code: z.unknown().optional(),
  aux_data: z
    .object({
      pin_id: z.preprocess(
        (value) => (typeof value === 'number' ? String(value) : value),
        entityIdSchema.nullish(),
      ),
    })
    .nullish(),
  client_tracking_params: z.unknown().optional(),
});
export type UserFollowOptions = z.input<typeof userFollowOptionsSchema>;

/** PUT /v3/pins/image/ body (saving.md §7: image_url). */
export const registerImageBodySchema = z.object({ image_url: httpUrlSchema });
export type RegisterImageBody = z.input<typeof registerImageBodySchema>;

/** UserResource field sets (saving.md §7 "UserResource with field_set_key save_behavior"). */
export const USER_RESOURCE_FIELD_SETS = ['save_behavior'] as const;

/**
 * UserResource get options: the person by `user_id` or by `username` (exactly one), and the
 * field set. The spec names only save_behavior (docs/decisions/131).
 */
export const userResourceOptionsSchema = z
  .object({
    user_id: z
      .preprocess((value) => (typeof value === 'number' ? String(value) : value), entityIdSchema)
      .optional(),
    username: z
      .string()
      .regex(/^[A-Za-z0-9_]{1,30}$/, 'Not a valid username')
      .optional(),
    field_set_key: z.enum(USER_RESOURCE_FIELD_SETS),
  })
  .refine((options) => (options.user_id === undefined) !== (options.username === undefined), {
    message: 'Give user_id or username, not both',
    path: ['user_id'],
  });
export type UserResourceOptions = z.input<typeof userResourceOptionsSchema>;

/**
 * UserResource get, field set save_behavior: the §3 User fields a save flow reads (the
 * first-save message, the partner look of 'See it now', the creator card's follow state).
 */
export interface SaveBehaviorUser extends FollowableUser {
  first_name: string;
  /** The person is the viewer (saving.md §3 User "isAuth"). */
  is_auth: boolean;
  /** A business (partner) account (saving.md §1, §3 "isPartner"). */
  is_partner: boolean;
  created_at: string;
  /** Pins they saved that this viewer may see. */
  pin_count: number;
  /** Their next save is their first ('You saved your first Pin to {board}!'); only for oneself. */
  next_save_is_first: boolean | null;
}
