// GET /v3/feeds/home/ and the UserHomefeedResource `get` verb (same service, same answer).
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { success } from '@corkboard/shared/envelope';
import { depsOf } from '../../core/service-deps.ts';
import { parseOptions } from '../../core/resources/resource-registry.ts';
import { pageQuerySchema, pageRequest } from '../../core/schemas.ts';
import { homeFeed } from './feeds.service.ts';

export const feedRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get('/v3/feeds/home/', { schema: { querystring: pageQuerySchema } }, async (request) => {
    const page = await homeFeed(depsOf(app), request.viewer, pageRequest(request.query));
    return success(page.items, page.bookmark);
  });

  app.resources.register('UserHomefeedResource', {
    get: async ({ request, options }) => {
      const query = parseOptions(pageQuerySchema, options);
      const page = await homeFeed(depsOf(app), request.viewer, pageRequest(query));
      return { data: page.items, bookmark: page.bookmark };
    },
  });
  done();
};
