// GET /v3/feeds/home/ and the UserHomefeedResource `get` verb (same service, same answer);
// GET /v3/feeds/following/, the signed-in Following tab (issue 10, docs/decisions/050).
import { z } from 'zod';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { pinSchema } from '../../core/api.schemas.ts';
import { registerRoute } from '../../core/http/route.ts';
import { registerResource, resourceVerb } from '../../core/resources/resource-registry.ts';
import { pageQuerySchema, pageRequest } from '../../core/schemas.ts';
import { followingFeed, homeFeed } from './feeds.service.ts';

export const feedRoutes: ModuleRoutes = (app, { deps }, done) => {
  registerRoute(app, {
    method: 'GET',
    url: '/v3/feeds/home/',
    summary:
      "The home feed: newest pins of public boards (the viewer's topics first, ADR 082), with promoted pins for signed-in viewers",
    tags: ['feeds'],
    access: 'anyone',
    visitorCache: {},
    query: pageQuerySchema,
    response: z.array(pinSchema),
    handler: async ({ viewer, query }) => {
      const page = await homeFeed(deps, viewer, pageRequest(query));
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/feeds/following/',
    summary: 'Pins saved to followed boards and by followed people, newest first',
    tags: ['feeds'],
    access: 'viewer',
    query: pageQuerySchema,
    response: z.array(pinSchema),
    handler: async ({ viewer, query }) => {
      const page = await followingFeed(deps, viewer, pageRequest(query));
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerResource(app, 'UserHomefeedResource', {
    get: resourceVerb({
      access: 'anyone',
      summary: 'The home feed (as GET /v3/feeds/home/)',
      options: pageQuerySchema,
      response: z.array(pinSchema),
      handler: async ({ viewer, options }) => {
        const page = await homeFeed(deps, viewer, pageRequest(options));
        return { data: page.items, bookmark: page.bookmark };
      },
    }),
  });
  done();
};
