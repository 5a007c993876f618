// GET /v3/feeds/home/ and the UserHomefeedResource `get` verb (same service, same answer).
import { z } from 'zod';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { pinSchema } from '../../core/api.schemas.ts';
import { registerRoute } from '../../core/http/route.ts';
import { registerResource, resourceVerb } from '../../core/resources/resource-registry.ts';
import { pageQuerySchema, pageRequest } from '../../core/schemas.ts';
import { homeFeed } from './feeds.service.ts';

export const feedRoutes: ModuleRoutes = (app, { deps }, done) => {
  registerRoute(app, {
    method: 'GET',
    url: '/v3/feeds/home/',
    summary: 'The home feed: newest pins of public boards',
    tags: ['feeds'],
    access: 'anyone',
    query: pageQuerySchema,
    response: z.array(pinSchema),
    handler: async ({ query }) => {
      const page = await homeFeed(deps, pageRequest(query));
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerResource(app, 'UserHomefeedResource', {
    get: resourceVerb({
      access: 'anyone',
      summary: 'The home feed (as GET /v3/feeds/home/)',
      options: pageQuerySchema,
      response: z.array(pinSchema),
      handler: async ({ options }) => {
        const page = await homeFeed(deps, pageRequest(options));
        return { data: page.items, bookmark: page.bookmark };
      },
    }),
  });
  done();
};
