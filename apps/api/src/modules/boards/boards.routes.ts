// Boards: the board page and its pins, the board picker, BoardResource, board-title suggestions
// and related boards (saving.md §7):
//   GET  /v3/boards/{id}/pins/?sort=newest|custom   → data: Pin[] (+ bookmark)
//   GET  /v3/boards/{username}/{slug}/             → data: BoardDetail
//   GET  /v3/pins/{id}/board_title_suggestions/    → data: [{ title }] (≤ 5)
//   GET  /resource/BoardResource/get/?options={ board_id, field_set_key? } → data: PickerBoardItem
//   POST /resource/BoardResource/create/ { options: { name, privacy?, description?,
//     advertiser_id?, aux_data?: { source }, section_names? } }          → data: PickerBoardItem
//   POST /resource/BoardResource/update/ { options: { board_id, name?, description?,
//     privacy?: public|secret, cover_pin_id?, layout? } }             → data: PickerBoardItem
//   POST /resource/BoardResource/delete/ { options: { board_id } }   → data: { board_id }
//   PUT / DELETE /v3/boards/{id}/archive/   → data: { board_id, archived_by_me_at }
//   (board edit, archive and delete: board-edit.service.ts, docs/decisions/058)
//   GET  /resource/BoardPickerBoardsResource/get/?options={pin_id?, title?, description?, link?,
//     filter: all|protected, shortlist_suggestions?, advertiser_id?, bookmark?, page_size?}
//     → data: { all_boards, boards_shortlist }, bookmark for more all_boards
//   GET  /resource/RelatedBoardForPinRandomFeedResource/get/?options={ pin, page_size: 1 }
//     → data: Board[] (empty when nothing related: the dialog then shows the pin preview)
//   Manual ordering (board-order.service.ts, docs/decisions/123):
//   PUT /v3/users/me/boards/order/ { board_id, after_board_id? }  → data: ProfileBoardOrderData
//   PUT /v3/users/me/boards/sort/  { sort: last_saved|alphabetical|custom } → same
//   PUT /v3/boards/{id}/pins/order/ { pin_id, after_pin_id?, section_id? } → data: BoardPinOrderData
//   PUT /v3/boards/{id}/pins/sort/  { sort: newest|custom }                 → same
import { z } from 'zod';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { boardSchema, pinSchema } from '../../core/api.schemas.ts';
import { registerRoute } from '../../core/http/route.ts';
import { BOARD_NAME_CODES, savingInputErrors } from '../../core/http/input-errors.ts';
import { registerResource, resourceVerb } from '../../core/resources/resource-registry.ts';
import { idSchema, pageRequest, slugSchema, usernameSchema } from '../../core/schemas.ts';
import { createBoard, getBoard } from './board-create.service.ts';
import { deleteBoard, editBoard, setBoardArchived } from './board-edit.service.ts';
import {
  reorderBoardPin,
  reorderProfileBoard,
  setBoardPinSort,
  setProfileBoardSort,
} from './board-order.service.ts';
import { boardPicker } from './board-picker.service.ts';
import { boardTitleSuggestions } from './board-title-suggestions.service.ts';
import {
  boardArchiveDataSchema,
  boardCreateOptionsSchema,
  boardPinsQuerySchema,
  boardDeleteOptionsSchema,
  boardEditOptionsSchema,
  boardDetailSchema,
  boardOrderBodySchema,
  boardPinOrderDataSchema,
  boardPinSortBodySchema,
  boardSortBodySchema,
  boardGetOptionsSchema,
  boardPickerDataSchema,
  boardPickerOptionsSchema,
  boardTitleSuggestionSchema,
  pickerBoardItemSchema,
  pinOrderBodySchema,
  profileBoardOrderDataSchema,
  relatedBoardOptionsSchema,
} from './boards.schemas.ts';
import { withEarnedPins } from '../ads/delivery.service.ts';
import { boardPins, getBoardBySlug } from './boards.service.ts';
import { relatedBoards } from './related-boards.service.ts';

export const boardRoutes: ModuleRoutes = (app, { deps }, done) => {
  registerRoute(app, {
    method: 'GET',
    url: '/v3/boards/:id/pins/',
    summary: "A board's pins (sections included), in the board's sort or `sort`",
    tags: ['boards'],
    access: 'anyone',
    visitorCache: {},
    params: z.object({ id: idSchema }),
    query: boardPinsQuerySchema,
    response: z.array(pinSchema),
    handler: async ({ viewer, params, query }) => {
      const page = await boardPins(deps, viewer, params.id, pageRequest(query), query.sort);
      return { data: await withEarnedPins(deps, viewer, page.items), bookmark: page.bookmark };
    },
  });

  // The router prefers the static `pins` segment above, so for an all-digit username the board
  // slugged "pins" is reachable only by id; every other username/slug pair resolves here.
  registerRoute(app, {
    method: 'GET',
    url: '/v3/boards/:username/:slug/',
    summary: 'A board page: the board, its sections and what the viewer may do',
    tags: ['boards'],
    access: 'anyone',
    visitorCache: {},
    params: z.object({ username: usernameSchema, slug: slugSchema }),
    response: boardDetailSchema,
    handler: async ({ viewer, params }) => ({
      data: await getBoardBySlug(deps, viewer, params.username, params.slug),
    }),
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/pins/:id/board_title_suggestions/',
    summary: "Names for a new board from the pin's text, skipping the viewer's board names",
    tags: ['boards'],
    access: 'viewer',
    params: z.object({ id: idSchema }),
    response: z.array(boardTitleSuggestionSchema),
    handler: async ({ viewer, params }) => ({
      data: await boardTitleSuggestions(deps, viewer, params.id),
    }),
  });

  registerResource(app, 'BoardResource', {
    get: resourceVerb({
      access: 'anyone',
      summary: 'A board the viewer may see, as a picker row with their access',
      options: boardGetOptionsSchema,
      response: pickerBoardItemSchema,
      handler: async ({ viewer, options }) => ({ data: await getBoard(deps, viewer, options) }),
    }),
    create: resourceVerb({
      access: 'viewer',
      summary: 'Creates a board (optionally with its first sections)',
      options: boardCreateOptionsSchema,
      inputErrors: savingInputErrors(BOARD_NAME_CODES),
      response: pickerBoardItemSchema,
      handler: async ({ viewer, options }) => ({ data: await createBoard(deps, viewer, options) }),
    }),
    update: resourceVerb({
      access: 'viewer',
      summary: "The owner's board edit: name, description, privacy, cover pin, layout",
      options: boardEditOptionsSchema,
      inputErrors: savingInputErrors(BOARD_NAME_CODES),
      response: pickerBoardItemSchema,
      handler: async ({ viewer, options }) => ({ data: await editBoard(deps, viewer, options) }),
    }),
    delete: resourceVerb({
      access: 'viewer',
      summary: 'Deletes a board with its pins (the owner only)',
      options: boardDeleteOptionsSchema,
      response: z.object({ board_id: z.string() }),
      handler: async ({ viewer, options }) => ({ data: await deleteBoard(deps, viewer, options) }),
    }),
  });

  for (const [method, archived] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    registerRoute(app, {
      method,
      url: '/v3/boards/:id/archive/',
      summary: archived
        ? 'Archives a board for the viewer (owner or collaborator)'
        : 'Unarchives a board for the viewer',
      tags: ['boards'],
      access: 'viewer',
      params: z.object({ id: idSchema }),
      response: boardArchiveDataSchema,
      handler: async ({ viewer, params }) => ({
        data: await setBoardArchived(deps, viewer, params.id, archived),
      }),
    });
  }

  registerResource(app, 'BoardPickerBoardsResource', {
    get: resourceVerb({
      access: 'viewer',
      summary: "The board picker: boards the viewer can save to, with 'Top choices'",
      options: boardPickerOptionsSchema,
      response: boardPickerDataSchema,
      handler: async ({ viewer, options }) => boardPicker(deps, viewer, options),
    }),
  });

  registerResource(app, 'RelatedBoardForPinRandomFeedResource', {
    get: resourceVerb({
      access: 'viewer',
      summary: "Someone else's public board about what the pin is about",
      options: relatedBoardOptionsSchema,
      response: z.array(boardSchema),
      handler: async ({ viewer, options }) => ({
        data: await relatedBoards(deps, viewer, options),
      }),
    }),
  });

  registerRoute(app, {
    method: 'PUT',
    url: '/v3/users/me/boards/order/',
    summary: "Puts a board right after another on the viewer's profile (null: first)",
    tags: ['boards'],
    access: 'viewer',
    body: boardOrderBodySchema,
    response: profileBoardOrderDataSchema,
    handler: async ({ viewer, body }) => ({
      data: await reorderProfileBoard(deps, viewer, body),
    }),
  });

  registerRoute(app, {
    method: 'PUT',
    url: '/v3/users/me/boards/sort/',
    summary: "How the viewer's profile sorts their boards",
    tags: ['boards'],
    access: 'viewer',
    body: boardSortBodySchema,
    response: profileBoardOrderDataSchema,
    handler: async ({ viewer, body }) => ({
      data: await setProfileBoardSort(deps, viewer, body),
    }),
  });

  registerRoute(app, {
    method: 'PUT',
    url: '/v3/boards/:id/pins/order/',
    summary: 'Puts a pin right after another on its board or in its section (null: first)',
    tags: ['boards'],
    access: 'viewer',
    params: z.object({ id: idSchema }),
    body: pinOrderBodySchema,
    response: boardPinOrderDataSchema,
    handler: async ({ viewer, params, body }) => ({
      data: await reorderBoardPin(deps, viewer, params.id, body),
    }),
  });

  registerRoute(app, {
    method: 'PUT',
    url: '/v3/boards/:id/pins/sort/',
    summary: "A board's pin sort: newest first or the custom order",
    tags: ['boards'],
    access: 'viewer',
    params: z.object({ id: idSchema }),
    body: boardPinSortBodySchema,
    response: boardPinOrderDataSchema,
    handler: async ({ viewer, params, body }) => ({
      data: await setBoardPinSort(deps, viewer, params.id, body),
    }),
  });
  done();
};
