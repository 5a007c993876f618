// The operators' search advisory list (docs/decisions/073):
//   GET    /v3/admin/search-advisories/?q=&bookmark=&page_size=  → data: AdminSearchAdvisory[]
//   POST   /v3/admin/search-advisories/ {entry}                   → data: AdminSearchAdvisory
//   PUT    /v3/admin/search-advisories/{id}/ {entry}              → data: AdminSearchAdvisory
//   DELETE /v3/admin/search-advisories/{id}/                      → data: { id }
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import { pageRequest } from '../../core/schemas.ts';
import {
  adminSearchAdvisorySchema,
  advisoryInputErrors,
  advisoryInputSchema,
  advisoryListQuerySchema,
  advisoryParamsSchema,
} from './advisories.schemas.ts';
import {
  changeSearchAdvisory,
  createSearchAdvisory,
  listSearchAdvisories,
  removeSearchAdvisory,
} from './advisories.service.ts';

const tags = ['admin', 'search'];

export function registerAdvisoryAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, {
    method: 'GET',
    url: '/v3/admin/search-advisories/',
    summary: "The operators' search advisories, oldest first (operators only)",
    tags,
    access: 'admin',
    query: advisoryListQuerySchema,
    response: z.array(adminSearchAdvisorySchema),
    handler: async ({ query, reply }) => {
      void reply.header('Cache-Control', 'private, no-store');
      const page = await listSearchAdvisories(deps, query.q, pageRequest(query));
      return { data: page.items, bookmark: page.bookmark };
    },
  });
  registerRoute(app, {
    method: 'POST',
    url: '/v3/admin/search-advisories/',
    summary: 'Adds a term or pattern with its advisory (operators only)',
    tags,
    access: 'admin',
    body: advisoryInputSchema,
    inputErrors: advisoryInputErrors,
    response: adminSearchAdvisorySchema,
    handler: async ({ viewer, body }) => ({
      data: await createSearchAdvisory(deps, viewer, body),
    }),
  });
  registerRoute(app, {
    method: 'PUT',
    url: '/v3/admin/search-advisories/:id/',
    summary: 'Replaces a search advisory entry (operators only)',
    tags,
    access: 'admin',
    params: advisoryParamsSchema,
    body: advisoryInputSchema,
    inputErrors: advisoryInputErrors,
    response: adminSearchAdvisorySchema,
    handler: async ({ viewer, params, body }) => ({
      data: await changeSearchAdvisory(deps, viewer, params.id, body),
    }),
  });
  registerRoute(app, {
    method: 'DELETE',
    url: '/v3/admin/search-advisories/:id/',
    summary: 'Removes a search advisory entry (operators only)',
    tags,
    access: 'admin',
    params: advisoryParamsSchema,
    response: z.object({ id: z.string() }),
    handler: async ({ viewer, params }) => ({
      data: await removeSearchAdvisory(deps, viewer, params.id),
    }),
  });
}
