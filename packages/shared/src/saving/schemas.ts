// Request options of the saving resources (saving.md §3, §7): BoardResource create,
// BoardSectionResource create, PinResource create and RepinResource create. The web forms and
// the server parse with these, so one rule decides on both sides. A rule failure is a zod issue
// on the field's path with the sentence as message and `params.reason` as a stable code.
import { z } from 'zod';
import { ERROR_CODES } from '../error-codes.ts';
import {
  BOARD_DESCRIPTION_MAX_LENGTH,
  BOARD_NAME_COPY,
  normalizeName,
  validateBoardName,
  validateSectionName,
} from './board-name.ts';

/**
 * Mirrors MAX_IMAGE_BYTES of packages/media/src/pipeline.ts (which this browser-safe package
 * cannot import); apps/api/src/lib/limits.test.ts keeps the two equal.
 */
export const PIN_IMAGE_MAX_BYTES = 32 * 1024 * 1024;
/** Base64 of PIN_IMAGE_MAX_BYTES: 4 characters per 3 bytes, padded. */
export const PIN_IMAGE_BASE64_MAX_LENGTH = 4 * Math.ceil(PIN_IMAGE_MAX_BYTES / 3);

/** Not in the spec: Pinterest's pin title limit. */
export const PIN_TITLE_MAX_LENGTH = 100;
/** Not in the spec: Pinterest's pin description limit. */
export const PIN_DESCRIPTION_MAX_LENGTH = 500;
/**
 * Not in the spec: the longest link or image URL. 2048 is what browsers, CDNs and sitemaps
 * reliably carry; anything longer is almost always tracking junk or an attack on a parser.
 */
export const PIN_URL_MAX_LENGTH = 2048;
/** Not in the spec: a client-made id; UUIDs (36) and hex digests (32–64) fit. */
export const PIN_GUID_MAX_LENGTH = 64;
/** Not in the spec: opaque client tracking data, kept bounded. */
export const CLIENT_TRACKING_PARAMS_MAX_LENGTH = 2048;
/** Not in the spec: aux_data.source is a short token such as `board_picker`. */
export const AUX_SOURCE_MAX_LENGTH = 64;
/**
 * Not in the spec: pins moved into a new section by its create call. The picker sends at most
 * the pins picked in one organise step; bigger moves go through BulkEditResource, and 50 keeps
 * the create transaction short.
 */
export const SECTION_INITIAL_PINS_MAX = 50;
/** A section create with pinImport moves at most this many unsectioned pins (ADR 134). */
export const SECTION_PIN_IMPORT_MAX = 500;

/** saving.md §3: "name_source (0 typed, 1 recommended, 2 edited recommendation)". */
export const SECTION_NAME_SOURCES = { typed: 0, recommended: 1, editedRecommendation: 2 } as const;
export type SectionNameSource = (typeof SECTION_NAME_SOURCES)[keyof typeof SECTION_NAME_SOURCES];

/**
 * saving.md §9 "Pin create methods: bookmarklet, create", plus `button` (§7: "With the button
 * method and no guid the creation is reported as button_external").
 */
export const PIN_CREATE_METHODS = ['bookmarklet', 'create', 'button'] as const;
export type PinCreateMethod = (typeof PIN_CREATE_METHODS)[number];

/**
 * The privacy a person may ask for. `protected` is never requested: the server forces it for
 * advertiser boards (saving.md §4, §6).
 */
export const BOARD_CREATE_PRIVACIES = ['public', 'secret'] as const;
export type BoardCreatePrivacy = (typeof BOARD_CREATE_PRIVACIES)[number];

export const PIN_CREATE_COPY = {
  /** Ours: the API answer when a pin create names no image, or more than one. */
  imageSource: 'A Pin needs exactly one image: image_url, image_base64 or media_upload_id.',
  /** Ours. */
  invalidUrl: 'Please enter a valid web address (http or https).',
} as const;

function addIssue(ctx: z.RefinementCtx, message: string, reason: string, path: PropertyKey[] = []) {
  ctx.addIssue({ code: 'custom', message, path, params: { reason } });
}

/** Largest Postgres bigint; ids travel as decimal strings (packages/db/src/schema.ts). */
const MAX_BIGINT = '9223372036854775807';

/** An entity id: a positive bigint as a decimal string. */
export const entityIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,18}$/)
  // Same-length decimal strings compare like their numbers.
  .refine((id) => id.length < MAX_BIGINT.length || id <= MAX_BIGINT, {
    params: { reason: 'out_of_range' },
  });

/** True for an absolute http(s) URL without user info (`https://bank.example@evil.example`). */
export function isHttpUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.username === '' &&
    url.password === '' &&
    url.hostname.length > 0
  );
}

/** An absolute http(s) URL, trimmed, at most PIN_URL_MAX_LENGTH. */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(PIN_URL_MAX_LENGTH)
  .superRefine((value, ctx) => {
    if (!isHttpUrl(value)) addIssue(ctx, PIN_CREATE_COPY.invalidUrl, 'invalid_url');
  });

/** `''` and null mean "not given" (forms send empty fields), so both become undefined. */
function optional<T extends z.ZodType<unknown, string>>(schema: T) {
  return z
    .string()
    .nullish()
    .transform((value) => (value === '' || value === null ? undefined : value))
    .pipe(schema.optional());
}

/** Free text: trimmed, bounded, '' when absent. */
function text(maxLength: number) {
  return z
    .string()
    .trim()
    .max(maxLength)
    .nullish()
    .transform((value) => value ?? '');
}

/** Board name (saving.md §5): normalised (normalizeName), then required and length rules. */
export const boardNameSchema = z
  .string({ error: BOARD_NAME_COPY.required })
  .transform(normalizeName)
  .superRefine((name, ctx) => {
    const failure = validateBoardName(name);
    if (failure) addIssue(ctx, failure.message, failure.reason);
  });

/** Section name (saving.md §5): trimmed, not empty, bounded. */
export const sectionNameSchema = z
  .string()
  .transform(normalizeName)
  .superRefine((name, ctx) => {
    const failure = validateSectionName(name);
    if (failure) addIssue(ctx, failure.message, failure.reason);
  });

/** `#rrggbb`, lower-cased (the dominant colour the bookmarklet passes on). */
export const colorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/)
  .transform((color) => color.toLowerCase());

const guidSchema = z.string().regex(new RegExp(`^[\\x21-\\x7e]{1,${PIN_GUID_MAX_LENGTH}}$`));

const DATA_URL_PREFIX = /^data:image\/[a-z0-9.+-]+;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * An uploaded image as base64, optionally as a `data:image/...;base64,` URL; line breaks are
 * ignored. Out: the bare base64 text (the server decodes and checks the bytes).
 */
export const imageBase64Schema = z
  .string()
  // Bounds the work before the transform. The slack covers a data-URL prefix and MIME line
  // breaks (CRLF every 76 characters: 1/38 more); the exact limit is checked below.
  .max(
    PIN_IMAGE_BASE64_MAX_LENGTH + Math.ceil(PIN_IMAGE_BASE64_MAX_LENGTH / 38) + 256,
    'That image is too large.',
  )
  .transform((value) => value.replace(DATA_URL_PREFIX, '').replace(/[\r\n]/g, ''))
  .superRefine((value, ctx) => {
    if (value.length === 0 || value.length % 4 !== 0 || !BASE64.test(value)) {
      addIssue(ctx, 'The image data is not valid base64.', 'invalid_base64');
    } else if (value.length > PIN_IMAGE_BASE64_MAX_LENGTH) {
      addIssue(ctx, 'That image is too large.', 'too_large');
    }
  });

/**
 * Not in the spec (decision 012): sections a board may be created with. The create-board form
 * offers one; the cap keeps one request's transaction small.
 */
export const BOARD_CREATE_SECTIONS_MAX = 10;

/**
 * Names of the sections a new board starts with (decision 012): each follows the section rule,
 * and no two are the same name ignoring case (the board_sections_board_title_key index).
 */
export const boardCreateSectionNamesSchema = z
  .array(sectionNameSchema)
  .max(BOARD_CREATE_SECTIONS_MAX)
  .superRefine((names, ctx) => {
    const seen = new Set<string>();
    names.forEach((name, index) => {
      const key = name.toLowerCase();
      if (seen.has(key))
        addIssue(ctx, ERROR_CODES.SECTION_NAME_TAKEN.message, 'duplicate', [index]);
      seen.add(key);
    });
  });

/** BoardResource create (saving.md §3 "Board create options", §6). */
export const boardCreateOptionsSchema = z.object({
  name: boardNameSchema,
  /** Decision 012: a new board may start with sections ('A new board with sections', §2.3). */
  section_names: boardCreateSectionNamesSchema.optional(),
  privacy: z.enum(BOARD_CREATE_PRIVACIES).default('public'),
  description: text(BOARD_DESCRIPTION_MAX_LENGTH),
  /** Acting for an advertiser; the server checks the viewer may, and makes the board protected. */
  advertiser_id: optional(entityIdSchema),
  aux_data: z.object({ source: z.string().max(AUX_SOURCE_MAX_LENGTH).optional() }).optional(),
  orbac_subject_id: optional(entityIdSchema),
});
export type BoardCreateOptions = z.output<typeof boardCreateOptionsSchema>;
export type BoardCreateOptionsInput = z.input<typeof boardCreateOptionsSchema>;

/** BoardSectionResource create (saving.md §3 "Section create", §7). */
export const boardSectionCreateOptionsSchema = z.object({
  board_id: entityIdSchema,
  name: sectionNameSchema,
  name_source: z
    .union([
      z.literal(SECTION_NAME_SOURCES.typed),
      z.literal(SECTION_NAME_SOURCES.recommended),
      z.literal(SECTION_NAME_SOURCES.editedRecommendation),
    ])
    .default(SECTION_NAME_SOURCES.typed),
  initial_pins: z
    .array(entityIdSchema)
    .max(SECTION_INITIAL_PINS_MAX)
    .transform((ids) => [...new Set(ids)])
    .optional(),
  /**
   * saving.md §3 "Section create: … pinImport": also move every pin of the board that is in no
   * section yet into the new one (docs/decisions/134).
   */
  pinImport: z.boolean().default(false),
  orbac_subject_id: optional(entityIdSchema),
});
export type BoardSectionCreateOptions = z.output<typeof boardSectionCreateOptionsSchema>;
export type BoardSectionCreateOptionsInput = z.input<typeof boardSectionCreateOptionsSchema>;

/** Fields PinResource create and RepinResource create share (saving.md §3 "Pin create request"). */
const savePinFields = {
  board_id: entityIdSchema,
  /** The section id, when saving into a section. */
  section: optional(entityIdSchema),
  description: text(PIN_DESCRIPTION_MAX_LENGTH),
  title: text(PIN_TITLE_MAX_LENGTH),
  link: optional(httpUrlSchema),
  color: optional(colorSchema),
  guid: optional(guidSchema),
  method: z.enum(PIN_CREATE_METHODS).default('create'),
  /** saving.md §3: sent only when the board is not secret; both default false. */
  share_facebook: z.boolean().default(false),
  share_twitter: z.boolean().default(false),
  advertiser_id: optional(entityIdSchema),
  /** saving.md §3: "is_buyable_pin (always false)". */
  is_buyable_pin: z.literal(false).optional(),
  is_removable: z.boolean().optional(),
  clientTrackingParams: optional(z.string().max(CLIENT_TRACKING_PARAMS_MAX_LENGTH)),
  shuffle_asset: optional(entityIdSchema),
  orbac_subject_id: optional(entityIdSchema),
};

/** PinResource create: a new pin from exactly one image source. */
export const pinCreateOptionsSchema = z
  .object({
    ...savePinFields,
    image_url: optional(httpUrlSchema),
    image_base64: optional(imageBase64Schema),
    media_upload_id: optional(entityIdSchema),
  })
  .superRefine((options, ctx) => {
    const sources = [options.image_url, options.image_base64, options.media_upload_id].filter(
      (source) => source !== undefined,
    );
    if (sources.length !== 1) {
      addIssue(
        ctx,
        PIN_CREATE_COPY.imageSource,
        sources.length === 0 ? 'image_source_missing' : 'image_source_conflict',
        ['image_url'],
      );
    }
  });
export type PinCreateOptions = z.output<typeof pinCreateOptionsSchema>;
export type PinCreateOptionsInput = z.input<typeof pinCreateOptionsSchema>;

/** RepinResource create: saving an existing pin (saving.md §3 "pin_id … when re-saving"). */
export const repinCreateOptionsSchema = z.object({
  ...savePinFields,
  pin_id: entityIdSchema,
});
export type RepinCreateOptions = z.output<typeof repinCreateOptionsSchema>;
export type RepinCreateOptionsInput = z.input<typeof repinCreateOptionsSchema>;

/**
 * The share flags a save may carry (saving.md §3, §4): none for a secret board, else the two
 * flags as chosen. The client uses it to build the request, the server to ignore flags a
 * secret board should never have received.
 */
export function shareFlagsForBoard(
  privacy: 'public' | 'secret' | 'protected',
  flags: { readonly share_facebook?: boolean; readonly share_twitter?: boolean },
): { share_facebook?: boolean; share_twitter?: boolean } {
  if (privacy === 'secret') return {};
  return {
    share_facebook: flags.share_facebook ?? false,
    share_twitter: flags.share_twitter ?? false,
  };
}

/** saving.md §7: "With the button method and no guid the creation is reported as button_external." */
export function reportedCreateMethod(
  method: PinCreateMethod,
  guid: string | null | undefined,
): PinCreateMethod | 'button_external' {
  return method === 'button' && !guid ? 'button_external' : method;
}
