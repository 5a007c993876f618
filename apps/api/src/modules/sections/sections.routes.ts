// Sections (saving.md §7):
//   GET  /v3/board/sections/{id}/pins/                      → data: Pin[] (+ bookmark)
//   GET  /resource/BoardSectionResource/get/?options={ section_id, field_set_key? }
//                                                           → data: PickerSectionItem
//   POST /resource/BoardSectionResource/create/ { options: { board_id, name, name_source?: 0|1|2,
//     initial_pins?: [pin ids] } }                          → data: PickerSectionItem
//   GET  /resource/BoardSectionsRepinResource/get/?options={ board_id, bookmark?, page_size? }
//                                                           → data: PickerSectionItem[] (+ bookmark)
import { z } from 'zod';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { pinSchema } from '../../core/api.schemas.ts';
import { registerRoute } from '../../core/http/route.ts';
import { SECTION_NAME_CODES, savingInputErrors } from '../../core/http/input-errors.ts';
import { registerResource, resourceVerb } from '../../core/resources/resource-registry.ts';
import { idSchema, pageQuerySchema, pageRequest } from '../../core/schemas.ts';
import { createSection } from './section-create.service.ts';
import {
  pickerSectionItemSchema,
  sectionCreateOptionsSchema,
  sectionGetOptionsSchema,
  sectionPickerOptionsSchema,
} from './sections.schemas.ts';
import { getSection, sectionPicker, sectionPins } from './sections.service.ts';

export const sectionRoutes: ModuleRoutes = (app, { deps }, done) => {
  registerRoute(app, {
    method: 'GET',
    url: '/v3/board/sections/:id/pins/',
    summary: "A section's pins, newest first",
    tags: ['sections'],
    access: 'anyone',
    params: z.object({ id: idSchema }),
    query: pageQuerySchema,
    response: z.array(pinSchema),
    handler: async ({ viewer, params, query }) => {
      const page = await sectionPins(deps, viewer, params.id, pageRequest(query));
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
