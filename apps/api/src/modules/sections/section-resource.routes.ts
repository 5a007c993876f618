// BoardSectionResource (saving.md §7):
//   POST /resource/BoardSectionResource/create/ { options: { board_id, name, name_source?: 0|1|2,
//     initial_pins?: [pin ids] } }                                → data: PickerSectionItem
//   GET  /resource/BoardSectionResource/get/?options={ section_id, field_set_key? }
//                                                                 → data: PickerSectionItem
import type { FastifyPluginCallback } from 'fastify';
import type { SavingRoutesOptions } from '../../core/app-deps.ts';
import { createSection, getSection } from './section-create.service.ts';

export const sectionsWriteRoutes: FastifyPluginCallback<SavingRoutesOptions> = (
  app,
  { deps },
  done,
) => {
  app.resources.register('BoardSectionResource', {
    get: async ({ request, options }) => ({
      data: await getSection(deps, request.viewer, options),
    }),
    create: async ({ request, options }) => ({
      data: await createSection(deps, request.viewer, options),
    }),
  });
  done();
};
