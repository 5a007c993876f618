// Experiments (docs/decisions/005, 120):
//   GET    /v3/experiments/                                   → data: { visitor_id, groups }
//   POST   /v3/experiments/exposures/ { experiments }         → data: { groups } (logs exposures)
//   GET    /v3/admin/experiments/                             → data: AdminExperiment[]
//   PUT    /v3/admin/experiments/{name}/ { groups }           → data: { name }
//   GET    /v3/admin/experiments/{name}/overrides/            → data: AdminExperimentOverride[]
//   PUT    /v3/admin/experiments/{name}/overrides/{username}/ { group } → data: { name }
//   DELETE /v3/admin/experiments/{name}/overrides/{username}/ → data: { name }
//   GET    /v3/admin/experiments/{name}/exposures/?group=     → data: AdminExperimentExposure[]
// GET /v3/experiments/ tells the page its groups (only the server knows the overrides); the
// page reports what it used with POST …/exposures/, which is what makes it an exposure.
import { z } from 'zod';
import {
  experimentAllocationBodySchema,
  experimentOverrideBodySchema,
} from '@corkboard/shared/experiments/admin';
import { EXPERIMENTS, type ExperimentName } from '@corkboard/shared/experiments/experiments';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import { pageQuerySchema, pageRequest } from '../../core/schemas.ts';
import {
  adminExperimentSchema,
  adminExposureSchema,
  adminOverrideSchema,
  experimentNameAnswer,
  experimentParamsSchema,
  experimentsSchema,
  exposureAnswerSchema,
  exposureBodySchema,
  exposureListQuerySchema,
  overrideParamsSchema,
} from './experiments.schemas.ts';
import {
  listExperiments,
  listExposures,
  listOverrides,
  removeOverride,
  setAllocation,
  setOverride,
} from './experiments.service.ts';

/** Not in the spec: exposure reports per client IP per minute (a page sends a handful). */
export const EXPOSURE_RATE_LIMIT_MAX = 60;

const adminTags = ['admin', 'experiments'];

function isExperimentName(name: string): name is ExperimentName {
  return Object.hasOwn(EXPERIMENTS, name);
}

export const experimentRoutes: ModuleRoutes = (app, { deps }, done) => {
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

  registerRoute(app, {
    method: 'POST',
    url: '/v3/experiments/exposures/',
    summary: 'Records that the page decided something with these experiments',
    tags: ['experiments'],
    access: 'anyone',
    rateLimit: { max: EXPOSURE_RATE_LIMIT_MAX, timeWindow: '1 minute' },
    body: exposureBodySchema,
    response: exposureAnswerSchema,
    handler: ({ request, reply, body }) => {
      reply.header('Cache-Control', 'no-store');
      // Names the code does not read are ignored: a page older than the server may ask for one.
      const groups: Record<string, string> = {};
      for (const name of body.experiments) {
        if (isExperimentName(name)) groups[name] = request.experiments.group(name);
      }
      return Promise.resolve({ data: { groups } });
    },
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/admin/experiments/',
    summary: 'Every experiment with its groups, shares, exposures and overrides (operators only)',
    tags: adminTags,
    access: 'admin',
    response: z.array(adminExperimentSchema),
    handler: async () => ({ data: await listExperiments(deps) }),
  });

  registerRoute(app, {
    method: 'PUT',
    url: '/v3/admin/experiments/:name/',
    summary: "Sets the share of each of an experiment's groups (operators only)",
    tags: adminTags,
    access: 'admin',
    params: experimentParamsSchema,
    body: experimentAllocationBodySchema,
    response: experimentNameAnswer,
    handler: async ({ viewer, params, body }) => {
      await setAllocation(deps, viewer, params.name, body);
      return { data: { name: params.name } };
    },
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/admin/experiments/:name/overrides/',
    summary: "An experiment's per-person overrides, by username (operators only)",
    tags: adminTags,
    access: 'admin',
    params: experimentParamsSchema,
    query: pageQuerySchema,
    response: z.array(adminOverrideSchema),
    handler: async ({ params, query }) => {
      const page = await listOverrides(deps, params.name, pageRequest(query));
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerRoute(app, {
    method: 'PUT',
    url: '/v3/admin/experiments/:name/overrides/:username/',
    summary: 'Puts one person into a group of an experiment (operators only)',
    tags: adminTags,
    access: 'admin',
    params: overrideParamsSchema,
    body: experimentOverrideBodySchema,
    response: experimentNameAnswer,
    handler: async ({ viewer, params, body }) => {
      await setOverride(deps, viewer, params.name, params.username, body.group);
      return { data: { name: params.name } };
    },
  });

  registerRoute(app, {
    method: 'DELETE',
    url: '/v3/admin/experiments/:name/overrides/:username/',
    summary: "Removes a person's override: their bucket decides again (operators only)",
    tags: adminTags,
    access: 'admin',
    params: overrideParamsSchema,
    response: experimentNameAnswer,
    handler: async ({ viewer, params }) => {
      await removeOverride(deps, viewer, params.name, params.username);
      return { data: { name: params.name } };
    },
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/admin/experiments/:name/exposures/',
    summary: "An experiment's exposure log, newest first (operators only)",
    tags: adminTags,
    access: 'admin',
    params: experimentParamsSchema,
    query: pageQuerySchema.extend(exposureListQuerySchema.shape),
    response: z.array(adminExposureSchema),
    handler: async ({ params, query }) => {
      const page = await listExposures(deps, params.name, query.group, pageRequest(query));
      return { data: page.items, bookmark: page.bookmark };
    },
  });
  done();
};
