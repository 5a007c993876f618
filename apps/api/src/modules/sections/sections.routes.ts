// Sections (saving.md §7):
//   GET  /v3/board/sections/{id}/pins/                      → data: Pin[] (+ bookmark)
//   GET  /resource/BoardSectionResource/get/?options={ section_id, field_set_key? }
//                                                           → data: PickerSectionItem
//   POST /resource/BoardSectionResource/create/ { options: { board_id, name, name_source?: 0|1|2,
//     initial_pins?: [pin ids] } }                          → data: PickerSectionItem
//   POST /resource/BoardSectionResource/update/ { options: { section_id, name } }
//                                                           → data: PickerSectionItem
//   POST /resource/BoardSectionResource/delete/ { options: { section_id } }  (pins stay)
//                                                           → data: { section_id, pins_kept }
//   PUT  /v3/boards/{id}/sections/order/ { section_id, after_section_id? }
//                                                           → data: { section_ids } (new order)
//   (rename, delete, reorder: section-edit.service.ts, docs/decisions/059)
//   GET  /resource/BoardSectionsRepinResource/get/?options={ board_id, bookmark?, page_size? }
//                                                           → data: PickerSectionItem[] (+ bookmark)
import { z } from 'zod';
import { BOARD_PIN_SORTS } from '@corkboard/shared/saving/organise';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { pinSchema } from '../../core/api.schemas.ts';
import { registerRoute } from '../../core/http/route.ts';
import { SECTION_NAME_CODES, savingInputErrors } from '../../core/http/input-errors.ts';
import { registerResource, resourceVerb } from '../../core/resources/resource-registry.ts';
import { idSchema, pageQuerySchema, pageRequest } from '../../core/schemas.ts';
import { createSection } from './section-create.service.ts';
import { deleteSection, renameSection, reorderSection } from './section-edit.service.ts';
import {
  pickerSectionItemSchema,
  sectionCreateOptionsSchema,
  sectionDeletedSchema,
  sectionDeleteOptionsSchema,
  sectionEditOptionsSchema,
  sectionOrderBodySchema,
  sectionOrderSchema,
  sectionGetOptionsSchema,
  sectionPickerOptionsSchema,
} from './sections.schemas.ts';
import { getSection, sectionPicker, sectionPins } from './sections.service.ts';

export const sectionRoutes: ModuleRoutes = (app, { deps }, done) => {
  registerRoute(app, {
    method: 'GET',
    url: '/v3/board/sections/:id/pins/',
    summary: "A section's pins, in its board's sort or `sort`",
    tags: ['sections'],
    access: 'anyone',
    params: z.object({ id: idSchema }),
    query: pageQuerySchema.extend({ sort: z.enum(BOARD_PIN_SORTS).optional() }),
    response: z.array(pinSchema),
    handler: async ({ viewer, params, query }) => {
      const page = await sectionPins(deps, viewer, params.id, pageRequest(query), query.sort);
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerResource(app, 'BoardSectionResource', {
    get: resourceVerb({
      access: 'anyone',
      summary: 'A section of a board the viewer may see',
      options: sectionGetOptionsSchema,
      response: pickerSectionItemSchema,
      handler: async ({ viewer, options }) => ({ data: await getSection(deps, viewer, options) }),
    }),
    create: resourceVerb({
      access: 'viewer',
      summary:
        'Creates a section on a board the viewer can save to, optionally moving pins into it',
      options: sectionCreateOptionsSchema,
      inputErrors: savingInputErrors(SECTION_NAME_CODES),
      response: pickerSectionItemSchema,
      handler: async ({ viewer, options }) => ({
        data: await createSection(deps, viewer, options),
      }),
    }),
    update: resourceVerb({
      access: 'viewer',
      summary: 'Renames a section (the board owner and collaborators)',
      options: sectionEditOptionsSchema,
      inputErrors: savingInputErrors(SECTION_NAME_CODES),
      response: pickerSectionItemSchema,
      handler: async ({ viewer, options }) => ({
        data: await renameSection(deps, viewer, options),
      }),
    }),
    delete: resourceVerb({
      access: 'viewer',
      summary: 'Deletes a section; its pins stay on the board',
      options: sectionDeleteOptionsSchema,
      response: sectionDeletedSchema,
      handler: async ({ viewer, options }) => ({
        data: await deleteSection(deps, viewer, options),
      }),
    }),
  });

  registerRoute(app, {
    method: 'PUT',
    url: '/v3/boards/:id/sections/order/',
    summary: "Puts a section right after another in the board's order (null: first)",
    tags: ['sections'],
    access: 'viewer',
    params: z.object({ id: idSchema }),
    body: sectionOrderBodySchema,
    response: sectionOrderSchema,
    handler: async ({ viewer, params, body }) => ({
      data: await reorderSection(deps, viewer, params.id, body),
    }),
  });

  registerResource(app, 'BoardSectionsRepinResource', {
    get: resourceVerb({
      access: 'viewer',
      summary: 'The section picker: sections of a board the viewer can save to',
      options: sectionPickerOptionsSchema,
      response: z.array(pickerSectionItemSchema),
      handler: async ({ viewer, options }) => {
        const page = await sectionPicker(deps, viewer, options);
        return { data: page.items, bookmark: page.bookmark };
      },
    }),
  });
  done();
};
