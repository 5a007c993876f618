// GET /v3/search/pins/?q=
import { z } from 'zod';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { pinSchema } from '../../core/api.schemas.ts';
import { registerRoute } from '../../core/http/route.ts';
import { pageQuerySchema, pageRequest } from '../../core/schemas.ts';
import { searchPins } from './search.service.ts';

// q is optional here so a missing or blank query gets its own code (SEARCH_QUERY_REQUIRED),
// which the client shows as "Type something to search for", not a generic validation error.
const querystring = pageQuerySchema.extend({ q: z.string().optional() });

export const searchRoutes: ModuleRoutes = (app, { deps }, done) => {
  registerRoute(app, {
    method: 'GET',
    url: '/v3/search/pins/',
    summary: 'Pins of public boards matching q, best match first',
    tags: ['search'],
    access: 'anyone',
    query: querystring,
    response: z.array(pinSchema),
    handler: async ({ query }) => {
      const page = await searchPins(deps, query.q, pageRequest(query));
      return { data: page.items, bookmark: page.bookmark };
    },
  });
  done();
};
