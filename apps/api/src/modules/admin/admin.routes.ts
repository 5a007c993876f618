// The admin side's own endpoints (operators only, docs/decisions/019):
//   GET    /v3/admin/overview/                 → data: AdminOverview
//   GET    /v3/admin/operators/?bookmark=      → data: UserSummary[] (oldest first)
//   PUT    /v3/admin/operators/{username}/     → grant (idempotent)
//   DELETE /v3/admin/operators/{username}/     → revoke (idempotent; never the last operator)
// Other modules add their own admin endpoints under /v3/admin/<area>/ with `access: 'admin'`.
import { z } from 'zod';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { userSummarySchema } from '../../core/api.schemas.ts';
import { registerRoute } from '../../core/http/route.ts';
import { pageQuerySchema, pageRequest } from '../../core/schemas.ts';
import { adminOverviewSchema, operatorParamsSchema } from './admin.schemas.ts';
import { adminOverview, grantAdmin, operators, revokeAdmin } from './admin.service.ts';

const tags = ['admin'];
const done200 = z.object({ username: z.string() });

export const adminRoutes: ModuleRoutes = (app, { deps }, done) => {
  registerRoute(app, {
    method: 'GET',
    url: '/v3/admin/overview/',
    summary: 'Counts of what the product holds (operators only)',
    tags,
    access: 'admin',
    response: adminOverviewSchema,
    handler: async () => ({ data: await adminOverview(deps) }),
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/admin/operators/',
    summary: 'The operators, oldest first (operators only)',
    tags,
    access: 'admin',
    query: pageQuerySchema,
    response: z.array(userSummarySchema),
    handler: async ({ query }) => {
      const page = await operators(deps, pageRequest(query));
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerRoute(app, {
    method: 'PUT',
    url: '/v3/admin/operators/:username/',
    summary: 'Makes a person an operator (operators only)',
    tags,
    access: 'admin',
    params: operatorParamsSchema,
    response: done200,
    handler: async ({ viewer, params: { username } }) => {
      await grantAdmin(deps, viewer, username);
      return { data: { username } };
    },
  });

  registerRoute(app, {
    method: 'DELETE',
    url: '/v3/admin/operators/:username/',
    summary: "Takes a person's operator rights away; never the last operator (operators only)",
    tags,
    access: 'admin',
    params: operatorParamsSchema,
    response: done200,
    handler: async ({ viewer, params: { username } }) => {
      await revokeAdmin(deps, viewer, username);
      return { data: { username } };
    },
  });
  done();
};
