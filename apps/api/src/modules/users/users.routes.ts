// GET /v3/users/{username}/, …/boards/, …/pins/
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '@corkboard/shared/envelope';
import { depsOf } from '../../core/service-deps.ts';
import { pageQuerySchema, pageRequest, usernameSchema } from '../../core/schemas.ts';
import { getUser, userBoards, userPins } from './users.service.ts';

const params = z.object({ username: usernameSchema });

export const userRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get('/v3/users/:username/', { schema: { params } }, async (request) =>
    success(await getUser(depsOf(app), request.viewer, request.params.username)),
  );

  app.get(
    '/v3/users/:username/boards/',
    { schema: { params, querystring: pageQuerySchema } },
    async (request) => {
      const page = await userBoards(
        depsOf(app),
        request.viewer,
        request.params.username,
        pageRequest(request.query),
      );
      return success(page.items, page.bookmark);
    },
  );

  app.get(
    '/v3/users/:username/pins/',
    { schema: { params, querystring: pageQuerySchema } },
    async (request) => {
      const page = await userPins(
        depsOf(app),
        request.viewer,
        request.params.username,
        pageRequest(request.query),
      );
      return success(page.items, page.bookmark);
    },
  );
  done();
};
