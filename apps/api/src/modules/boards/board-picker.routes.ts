// BoardPickerBoardsResource get and BoardSectionsRepinResource get (saving.md §7).
//   /resource/BoardPickerBoardsResource/get/?options={pin_id?, title?, description?, link?,
//     filter: all|protected, shortlist_suggestions?, advertiser_id?, bookmark?, page_size?}
//     → data: { all_boards, boards_shortlist }, bookmark for more all_boards
//   /resource/BoardSectionsRepinResource/get/?options={board_id, bookmark?, page_size?}
//     → data: sections of a board the viewer can save to
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { depsOf } from '../../core/service-deps.ts';
import { boardPicker, sectionPicker } from './board-picker.service.ts';

export const boardPickerRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.resources.register('BoardPickerBoardsResource', {
    get: async ({ request, options }) => boardPicker(depsOf(app), request.viewer, options),
  });
  app.resources.register('BoardSectionsRepinResource', {
    get: async ({ request, options }) => {
      const page = await sectionPicker(depsOf(app), request.viewer, options);
      return { data: page.items, bookmark: page.bookmark };
    },
  });
  done();
};
