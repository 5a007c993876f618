// GET /v3/boards/{id}/pins/ and GET /v3/boards/{username}/{slug}/
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '@corkboard/shared/envelope';
import { depsOf } from '../../core/service-deps.ts';
import { idSchema, pageQuerySchema, pageRequest, slugSchema, usernameSchema } from '../../core/schemas.ts';
import { boardPins, getBoardBySlug } from './boards.service.ts';

export const boardRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/v3/boards/:id/pins/',
    { schema: { params: z.object({ id: idSchema }), querystring: pageQuerySchema } },
    async (request) => {
      const page = await boardPins(
        depsOf(app),
        request.viewer,
        request.params.id,
        pageRequest(request.query),
      );
      return success(page.items, page.bookmark);
    },
  );

  // The router prefers the static `pins` segment above, so for an all-digit username the board
  // slugged "pins" is reachable only by id; every other username/slug pair resolves here.
  app.get(
    '/v3/boards/:username/:slug/',
    { schema: { params: z.object({ username: usernameSchema, slug: slugSchema }) } },
    async (request) =>
      success(
        await getBoardBySlug(
          depsOf(app),
          request.viewer,
          request.params.username,
          request.params.slug,
        ),
      ),
  );
  done();
};
