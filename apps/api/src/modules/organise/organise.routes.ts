// Moving and deleting pins in bulk (saving.md §7; docs/decisions/051, 052), signed in only:
//   POST /resource/BulkEditSelectAllResource/update/ { options: { board_id, new_board_id?,
//     old_section_id?, new_section_id?, pin_ids, inverse_selection? } } → data: BulkEditResult
//   POST /resource/BoardSectionEditResource/update/ { options: { section_id, pins } }
//   POST /resource/BoardSectionPinsResource/delete/ { options: { section_id, pins } }
//   POST /resource/BulkEditResource/update/ { options: { board_id, section_id?, pin_ids } }
//   POST /resource/BulkEditResource/delete/ { options: { board_id, section_id?, pin_ids,
//     inverse_selection? } }
// 2171/2172/2173 while another bulk action runs on one of the boards.
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerResource, resourceVerb } from '../../core/resources/resource-registry.ts';
import {
  boardSectionEditOptionsSchema,
  boardSectionPinsDeleteOptionsSchema,
  bulkDeleteOptionsSchema,
  bulkEditOptionsSchema,
  bulkEditResultSchema,
  bulkEditSelectAllOptionsSchema,
  bulkInputErrors,
} from './organise.schemas.ts';
import {
  boardSectionEdit,
  boardSectionPinsDelete,
  bulkDelete,
  bulkEdit,
  bulkEditSelectAll,
} from './organise.service.ts';

export const organiseRoutes: ModuleRoutes = (app, { deps }, done) => {
  registerResource(app, 'BulkEditSelectAllResource', {
    update: resourceVerb({
      access: 'viewer',
      summary: 'Moves pins of a board or section (listed, or all except the listed ones)',
      options: bulkEditSelectAllOptionsSchema,
      inputErrors: bulkInputErrors,
      response: bulkEditResultSchema,
      handler: async ({ viewer, options }) => ({
        data: await bulkEditSelectAll(deps, viewer, options),
      }),
    }),
  });

  registerResource(app, 'BoardSectionEditResource', {
    update: resourceVerb({
      access: 'viewer',
      summary: "Moves pins of the section's board into the section",
      options: boardSectionEditOptionsSchema,
      inputErrors: bulkInputErrors,
      response: bulkEditResultSchema,
      handler: async ({ viewer, options }) => ({
        data: await boardSectionEdit(deps, viewer, options),
      }),
    }),
  });

  registerResource(app, 'BoardSectionPinsResource', {
    delete: resourceVerb({
      access: 'viewer',
      summary: 'Takes pins out of a section (they stay on the board)',
      options: boardSectionPinsDeleteOptionsSchema,
      inputErrors: bulkInputErrors,
      response: bulkEditResultSchema,
      handler: async ({ viewer, options }) => ({
        data: await boardSectionPinsDelete(deps, viewer, options),
      }),
    }),
  });

  registerResource(app, 'BulkEditResource', {
    update: resourceVerb({
      access: 'viewer',
      summary: 'Moves pins, wherever they are, to a board (and section)',
      options: bulkEditOptionsSchema,
      inputErrors: bulkInputErrors,
      response: bulkEditResultSchema,
      handler: async ({ viewer, options }) => ({ data: await bulkEdit(deps, viewer, options) }),
    }),
    delete: resourceVerb({
      access: 'viewer',
      summary: 'Deletes pins of a board or section (listed, or all except the listed ones)',
      options: bulkDeleteOptionsSchema,
      inputErrors: bulkInputErrors,
      response: bulkEditResultSchema,
      handler: async ({ viewer, options }) => ({ data: await bulkDelete(deps, viewer, options) }),
    }),
  });
  done();
};
