// Input and answer schemas of the boards module.
import { z } from 'zod';
import type { BoardDetail } from '@corkboard/shared/api-types';
import type {
  BoardPickerData,
  BoardTitleSuggestionItem,
  PickerBoardItem,
} from '@corkboard/shared/saving/api';
import { BOARD_SHORTLIST_SIZE } from '@corkboard/shared/saving/board-sort';
import {
  BOARD_PIN_SORTS,
  PROFILE_BOARD_SORTS,
  type BoardPinOrderData,
  type ProfileBoardOrderData,
} from '@corkboard/shared/saving/organise';
import {
  boardCreateOptionsSchema as sharedBoardCreateOptionsSchema,
  PIN_DESCRIPTION_MAX_LENGTH,
  PIN_TITLE_MAX_LENGTH,
  PIN_URL_MAX_LENGTH,
} from '@corkboard/shared/saving/schemas';
import {
  boardFields,
  boardViewerFields,
  boardPrivacySchema,
  boardSectionSchema,
  userSummarySchema,
} from '../../core/api.schemas.ts';
import {
  optionalIdSchema,
  optionalTextSchema,
  pageOptionFields,
  pageQuerySchema,
  requiredIdSchema,
} from '../../core/schemas.ts';

/** BoardResource update and delete (the shared rules the edit dialog uses too; ADR 058). */
export {
  boardDeleteOptionsSchema,
  boardEditOptionsSchema,
} from '@corkboard/shared/saving/organise';

/** Manual ordering (ADR 123): the bodies the web client sends. */
export {
  boardOrderBodySchema,
  boardPinSortBodySchema,
  boardSortBodySchema,
  pinOrderBodySchema,
} from '@corkboard/shared/saving/organise';

export const boardArchiveDataSchema = z.object({
  board_id: z.string(),
  archived_by_me_at: z.string().nullable(),
});

/** BoardPickerBoardsResource get. */
export const boardPickerOptionsSchema = z.object({
  pin_id: optionalIdSchema,
  /** The pin being saved when it is not a pin yet (bookmarklet, create page). */
  title: optionalTextSchema(PIN_TITLE_MAX_LENGTH),
  description: optionalTextSchema(PIN_DESCRIPTION_MAX_LENGTH),
  link: optionalTextSchema(PIN_URL_MAX_LENGTH),
  username: optionalTextSchema(30),
  user_id: optionalIdSchema,
  advertiser_id: optionalIdSchema,
  orbac_subject_id: optionalIdSchema,
  filter: z.enum(['all', 'protected']).default('all'),
  field_set_key: z.string().max(64).optional(),
  shortlist_suggestions: z.coerce
    .number()
    .int()
    .min(0)
    .max(BOARD_SHORTLIST_SIZE)
    .default(BOARD_SHORTLIST_SIZE),
  isDesktop: z.boolean().optional(),
  ...pageOptionFields,
});

export const sectionPickerOptionsSchema = z.object({
  board_id: requiredIdSchema,
  orbac_subject_id: optionalIdSchema,
  ...pageOptionFields,
});
export type BoardPickerOptions = z.output<typeof boardPickerOptionsSchema>;

/** BoardResource get. */
export const boardGetOptionsSchema = z.object({
  board_id: requiredIdSchema,
  field_set_key: z.string().max(64).optional(),
  orbac_subject_id: optionalIdSchema,
});
export type BoardGetOptions = z.output<typeof boardGetOptionsSchema>;

/**
 * BoardResource create: the shared rule the web form uses, plus `protected`, which no form sends:
 * the service answers it with BOARD_PRIVACY_NOT_ALLOWED unless acting for an advertiser, whose
 * boards are always protected (saving.md §4, §6).
 */
export const boardCreateOptionsSchema = sharedBoardCreateOptionsSchema.extend({
  privacy: z.union([z.literal('protected'), sharedBoardCreateOptionsSchema.shape.privacy]),
});
export type BoardCreateOptions = z.output<typeof boardCreateOptionsSchema>;

/** RelatedBoardForPinRandomFeedResource get. */
export const relatedBoardOptionsSchema = z
  .object({
    pin: optionalIdSchema,
    pin_id: optionalIdSchema,
    page_size: z.coerce.number().int().optional(),
    orbac_subject_id: optionalIdSchema,
    no_cache: z.boolean().optional(),
  })
  .refine((options) => options.pin !== undefined || options.pin_id !== undefined, {
    message: 'pin is required',
    path: ['pin'],
  });
export type RelatedBoardOptions = z.output<typeof relatedBoardOptionsSchema>;

export const boardDetailSchema: z.ZodType<BoardDetail> = z.object({
  ...boardFields,
  sections: z.array(boardSectionSchema),
  board_access: z.array(z.enum(['read', 'write'])),
});

export const pickerBoardItemSchema: z.ZodType<PickerBoardItem> = z.object({
  ...boardViewerFields,
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  privacy: boardPrivacySchema,
  description: z.string(),
  owner: userSummarySchema,
  collaborating_users: z.array(userSummarySchema),
  collaborator_count: z.number().int(),
  is_collaborative: z.boolean(),
  should_show_board_collaborators: z.boolean(),
  board_access: z.array(z.enum(['read', 'write'])),
  pin_count: z.number().int(),
  section_count: z.number().int(),
  follower_count: z.number().int(),
  has_custom_cover: z.boolean(),
  image_cover_url: z.string().nullable(),
  image_thumbnail_url: z.string().nullable(),
  pin_thumbnail_urls: z.array(z.string()),
  last_saved_at: z.string().nullable(),
  created_at: z.string(),
});

export const boardPickerDataSchema: z.ZodType<BoardPickerData> = z.object({
  all_boards: z.array(pickerBoardItemSchema),
  boards_shortlist: z.array(pickerBoardItemSchema),
});

export const boardTitleSuggestionSchema: z.ZodType<BoardTitleSuggestionItem> = z.object({
  title: z.string(),
});

export const profileBoardOrderDataSchema: z.ZodType<ProfileBoardOrderData> = z.object({
  board_sort: z.enum(PROFILE_BOARD_SORTS),
  board_order_modified_at: z.string().nullable(),
});

export const boardPinOrderDataSchema: z.ZodType<BoardPinOrderData> = z.object({
  board_id: z.string(),
  pin_sort: z.enum(BOARD_PIN_SORTS),
  board_order_modified_at: z.string().nullable(),
});

/** GET /v3/boards/{id}/pins/: `sort` asks for an order other than the board's (Reorder mode). */
export const boardPinsQuerySchema = pageQuerySchema.extend({
  sort: z.enum(BOARD_PIN_SORTS).optional(),
});
