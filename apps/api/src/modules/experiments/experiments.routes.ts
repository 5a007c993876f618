// GET /v3/experiments/ → data: { visitor_id, groups }: the page's experiment groups for this
// visitor or user, overrides applied (only the server knows them; docs/decisions/005).
import { z } from 'zod';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';

const experimentsSchema = z.object({
  visitor_id: z.string(),
  groups: z.record(z.string(), z.string()),
});

export const experimentRoutes: ModuleRoutes = (app, _options, done) => {
  registerRoute(app, {
    method: 'GET',
    url: '/v3/experiments/',
    summary: "This visitor's experiment groups",
    tags: ['experiments'],
    access: 'anyone',
    response: experimentsSchema,
    handler: ({ request, reply }) => {
      reply.header('Cache-Control', 'no-store');
      return Promise.resolve({
        data: { visitor_id: request.visitorId, groups: request.experiments.all() },
      });
    },
  });
  done();
};
