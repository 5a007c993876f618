// GET /v3/board/sections/{id}/pins/
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '@corkboard/shared/envelope';
import { depsOf } from '../../core/service-deps.ts';
import { idSchema, pageQuerySchema, pageRequest } from '../../core/schemas.ts';
import { sectionPins } from './sections.service.ts';

export const sectionRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/v3/board/sections/:id/pins/',
    { schema: { params: z.object({ id: idSchema }), querystring: pageQuerySchema } },
    async (request) => {
      const page = await sectionPins(
        depsOf(app),
        request.viewer,
        request.params.id,
        pageRequest(request.query),
      );
      return success(page.items, page.bookmark);
    },
  );
  done();
};
