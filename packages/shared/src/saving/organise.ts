// Organising pins and boards (saving.md §3, §4, §5, §7; issue 10; docs/decisions/050–056): the
// request options of the bulk resources, pin and board edits, ordering and following, with their
// answer shapes. The server parses with these; the web client sends and reads them.
import { z } from 'zod';
import type { UserSummary } from '../api-types.ts';
import { BOARD_DESCRIPTION_MAX_LENGTH } from './board-name.ts';
import {
  boardNameSchema,
  entityIdSchema,
  httpUrlSchema,
  PIN_DESCRIPTION_MAX_LENGTH,
  PIN_TITLE_MAX_LENGTH,
  sectionNameSchema,
} from './schemas.ts';

/**
 * Not in the spec (ADR 052): pins one bulk action may list. The organise bar selects what is on
 * screen; 250 is ten full pages of the board grid. A longer selection uses "select all"
 * (inverse selection), bounded by PIN_BULK_INVERSE_MAX.
 */
export const PIN_BULK_MAX = 250;
/**
 * Not in the spec (ADR 052): pins one inverse-selection action may touch. The move is one
 * transaction; 5,000 rows keep it to a second or two and the board's lock short.
 */
export const PIN_BULK_INVERSE_MAX = 5000;

/** saving.md §8: the copy for 2171, 2172 and 2173. */
export const BOARD_ACTION_BUSY_MESSAGE = 'Please wait until the previous board action finishes.';
export const BOARD_ACTION_BUSY_CODES = [2171, 2172, 2173] as const;

/** Ids arrive as strings or numbers (some clients send numbers). */
const idInput = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  entityIdSchema,
);
const optionalId = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value === '' ? null : value),
  entityIdSchema.nullish(),
);
const pinIdList = (max: number) =>
  z
    .array(idInput)
    .max(max)
    .transform((ids) => [...new Set(ids)]);

/**
 * BulkEditSelectAllResource update (saving.md §7 "board_id, new_board_id, old_section_id,
 * new_section_id, pin_ids, inverse selection"): pins of a board, or of one of its sections, to
 * another board or section. With `inverse_selection` the pins moved are all of the source's
 * except `pin_ids` ("select all, then unselect a few").
 */
export const bulkEditSelectAllOptionsSchema = z
  .object({
    board_id: idInput,
    new_board_id: optionalId,
    old_section_id: optionalId,
    new_section_id: optionalId,
    pin_ids: pinIdList(PIN_BULK_MAX).default([]),
    inverse_selection: z.boolean().default(false),
  })
  .refine((options) => options.inverse_selection || options.pin_ids.length > 0, {
    message: 'Choose at least one Pin.',
    path: ['pin_ids'],
  });
export type BulkEditSelectAllOptions = z.input<typeof bulkEditSelectAllOptionsSchema>;

/** BoardSectionEditResource update (§7 "section_id, pins"): pins of its board into the section. */
export const boardSectionEditOptionsSchema = z.object({
  section_id: idInput,
  pins: pinIdList(PIN_BULK_MAX).refine((ids) => ids.length > 0, 'Choose at least one Pin.'),
});
export type BoardSectionEditOptions = z.input<typeof boardSectionEditOptionsSchema>;

/** BoardSectionPinsResource delete (§7 "section_id, pins"): out of the section, still on the board. */
export const boardSectionPinsDeleteOptionsSchema = boardSectionEditOptionsSchema;
export type BoardSectionPinsDeleteOptions = z.input<typeof boardSectionPinsDeleteOptionsSchema>;

/** BulkEditResource update (§7 "board_id, section_id, pin_ids"): pins, wherever they are, to a board. */
export const bulkEditOptionsSchema = z.object({
  board_id: idInput,
  section_id: optionalId,
  pin_ids: pinIdList(PIN_BULK_MAX).refine((ids) => ids.length > 0, 'Choose at least one Pin.'),
});
export type BulkEditOptions = z.input<typeof bulkEditOptionsSchema>;

/** BulkEditResource delete (ADR 052): pins of a board (or a section), listed or "all except". */
export const bulkDeleteOptionsSchema = z
  .object({
    board_id: idInput,
    section_id: optionalId,
    pin_ids: pinIdList(PIN_BULK_MAX).default([]),
    inverse_selection: z.boolean().default(false),
  })
  .refine((options) => options.inverse_selection || options.pin_ids.length > 0, {
    message: 'Choose at least one Pin.',
    path: ['pin_ids'],
  });
export type BulkDeleteOptions = z.input<typeof bulkDeleteOptionsSchema>;

/** What a bulk action did. */
export interface BulkEditResult {
  /** The pins moved (or deleted), in no particular order. */
  pin_ids: string[];
  count: number;
  /** Where they went; null for a delete. */
  target: { board_id: string; section_id: string | null } | null;
}

// ---- pins ------------------------------------------------------------------------------------

/** Not in the spec: Pinterest's alt-text limit. */
export const PIN_ALT_TEXT_MAX_LENGTH = 500;

/** The board-name copy of saving.md §5, used for every edit field with a length limit. */
export function tooLongMessage(maxLength: number): string {
  return `Please enter no more than ${maxLength} characters.`;
}

function editText(maxLength: number) {
  return z.string().trim().max(maxLength, tooLongMessage(maxLength)).optional();
}

/**
 * PinResource update (issue 10 "pin edit (title, description, link, board, section, alt text)"):
 * the fields given change, the others stay. `link: null` or '' removes the link; `section_id:
 * null` takes the pin out of its section.
 */
export const pinEditOptionsSchema = z.object({
  id: idInput,
  title: editText(PIN_TITLE_MAX_LENGTH),
  description: editText(PIN_DESCRIPTION_MAX_LENGTH),
  link: z.preprocess((value) => (value === '' ? null : value), httpUrlSchema.nullable()).optional(),
  alt_text: editText(PIN_ALT_TEXT_MAX_LENGTH),
  board_id: idInput.optional(),
  section_id: optionalId,
});
export type PinEditOptions = z.input<typeof pinEditOptionsSchema>;

export const pinDeleteOptionsSchema = z.object({ id: idInput });
export type PinDeleteOptions = z.input<typeof pinDeleteOptionsSchema>;

export { PIN_EDIT_LOGIN_MESSAGE } from './organise-copy.ts';

/** PUT /v3/boards/{id}/pins/order/: put the pin right after `after_pin_id` (null: first). */
export const pinOrderBodySchema = z.object({
  pin_id: idInput,
  after_pin_id: optionalId,
  /** Order within this section instead of the whole board. */
  section_id: optionalId,
});
export type PinOrderBody = z.input<typeof pinOrderBodySchema>;

// ---- boards ----------------------------------------------------------------------------------

/** saving.md §3 Board "layout": how the board page lays its pins out (ADR 056). */
export const BOARD_LAYOUTS = ['default', 'grid', 'thumbnail'] as const;
export type BoardLayout = (typeof BOARD_LAYOUTS)[number];

/** BoardResource update: the owner's board edit; fields given change, the others stay. */
export const boardEditOptionsSchema = z.object({
  board_id: idInput,
  name: boardNameSchema.optional(),
  description: z.string().trim().max(BOARD_DESCRIPTION_MAX_LENGTH).optional(),
  privacy: z.enum(['public', 'secret']).optional(),
  /** A pin of this board, or null for "newest pins". */
  cover_pin_id: optionalId,
  layout: z.enum(BOARD_LAYOUTS).optional(),
});
export type BoardEditOptions = z.input<typeof boardEditOptionsSchema>;

export const boardDeleteOptionsSchema = z.object({ board_id: idInput });
export type BoardDeleteOptions = z.input<typeof boardDeleteOptionsSchema>;

/** PUT /v3/users/me/boards/order/: put the board right after `after_board_id` (null: first). */
export const boardOrderBodySchema = z.object({
  board_id: idInput,
  after_board_id: optionalId,
});
export type BoardOrderBody = z.input<typeof boardOrderBodySchema>;

/** Profile board sort (issue 10 "sort options (last saved, A–Z, custom)"). */
export const PROFILE_BOARD_SORTS = ['last_saved', 'alphabetical', 'custom'] as const;
export type ProfileBoardSort = (typeof PROFILE_BOARD_SORTS)[number];
export const boardSortBodySchema = z.object({ sort: z.enum(PROFILE_BOARD_SORTS) });
export type BoardSortBody = z.input<typeof boardSortBodySchema>;

// ---- sections --------------------------------------------------------------------------------

/** BoardSectionResource update: rename. */
export const sectionEditOptionsSchema = z.object({
  section_id: idInput,
  name: sectionNameSchema,
});
export type SectionEditOptions = z.input<typeof sectionEditOptionsSchema>;

/** BoardSectionResource delete: the section goes, its pins stay on the board. */
export const sectionDeleteOptionsSchema = z.object({ section_id: idInput });
export type SectionDeleteOptions = z.input<typeof sectionDeleteOptionsSchema>;

/** PUT /v3/boards/{id}/sections/order/: the section right after `after_section_id` (null: first). */
export const sectionOrderBodySchema = z.object({
  section_id: idInput,
  after_section_id: optionalId,
});
export type SectionOrderBody = z.input<typeof sectionOrderBodySchema>;

// ---- following -------------------------------------------------------------------------------

/** Not in the spec: people one bulk follow may name. */
export const USER_FOLLOW_BULK_MAX = 50;

/**
 * PUT /v3/users/follow/ (§7 "followee_ids as a comma-joined string"): ids separated by commas,
 * blanks around them ignored, repeats once.
 */
export const bulkFollowBodySchema = z.object({
  followee_ids: z
    .string()
    .max(USER_FOLLOW_BULK_MAX * 21)
    .transform((value) =>
      [
        ...new Set(
          value
            .split(',')
            .map((id) => id.trim())
            .filter((id) => id !== ''),
        ),
      ].slice(0, USER_FOLLOW_BULK_MAX + 1),
    )
    .pipe(z.array(entityIdSchema).min(1).max(USER_FOLLOW_BULK_MAX)),
});
export type { BulkFollowBody } from './follow-body.ts';
export { bulkFollowBody } from './follow-body.ts';

export interface BulkFollowResult {
  /** Everyone named, now followed (idempotent). */
  followee_ids: string[];
  /** The viewer's following_count after the follow. */
  following_count: number;
}

/** PUT / DELETE /v3/boards/{id}/follow/. */
export interface BoardFollowData {
  board_id: string;
  followed_by_me: boolean;
  follower_count: number;
}

// ---- custom order of a board's pins (docs/decisions/123) ------------------------------------

/** A board's pin sort: newest first, or the hand-arranged order (boardOrderModifiedAt set). */
export const BOARD_PIN_SORTS = ['newest', 'custom'] as const;
export type BoardPinSort = (typeof BOARD_PIN_SORTS)[number];
export const boardPinSortBodySchema = z.object({ sort: z.enum(BOARD_PIN_SORTS) });
export type BoardPinSortBody = z.input<typeof boardPinSortBodySchema>;

/** What a profile reorder or sort change answers. */
export interface ProfileBoardOrderData {
  board_sort: ProfileBoardSort;
  board_order_modified_at: string | null;
}

/** What a board's pin reorder or sort change answers. */
export interface BoardPinOrderData {
  board_id: string;
  pin_sort: BoardPinSort;
  board_order_modified_at: string | null;
}

// ---- collaborators in board edit (docs/decisions/125) ---------------------------------------

/** GET /v3/boards/{id}/collaborators/: one member or invited person. */
export interface BoardCollaboratorItem {
  user: UserSummary;
  status: 'invited' | 'accepted';
  /** When they were invited. */
  created_at: string;
  accepted_at: string | null;
}

/** DELETE /v3/boards/{id}/collaborators/{user_id}/ and POST …/collaborators/leave/. */
export interface CollaboratorRemovedData {
  board_id: string;
  user_id: string;
}
