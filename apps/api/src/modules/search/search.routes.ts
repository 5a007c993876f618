// GET /v3/search/pins/?q=
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '@corkboard/shared/envelope';
import { depsOf } from '../../core/service-deps.ts';
import { pageQuerySchema, pageRequest } from '../../core/schemas.ts';
import { searchPins } from './search.service.ts';

// q is optional here so a missing or blank query gets its own code (SEARCH_QUERY_REQUIRED),
// which the client shows as "Type something to search for", not a generic validation error.
const querystring = pageQuerySchema.extend({ q: z.string().optional() });

export const searchRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get('/v3/search/pins/', { schema: { querystring } }, async (request) => {
    const page = await searchPins(
      depsOf(app),
      request.viewer,
      request.query.q,
      pageRequest(request.query),
    );
    return success(page.items, page.bookmark);
  });
  done();
};
