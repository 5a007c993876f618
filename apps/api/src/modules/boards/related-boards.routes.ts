// RelatedBoardForPinRandomFeedResource (saving.md §7), signed-in only:
//   GET /resource/RelatedBoardForPinRandomFeedResource/get/?options={ pin, page_size: 1 }
//   → data: Board[] (empty when nothing related: the dialog then shows the pin preview)
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { depsOf } from '../../core/service-deps.ts';
import { relatedBoards } from './related-boards.service.ts';

export const relatedBoardRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.resources.register('RelatedBoardForPinRandomFeedResource', {
    get: async ({ request, options }) => ({
      data: await relatedBoards(depsOf(app), request.viewer, options),
    }),
  });
  done();
};
