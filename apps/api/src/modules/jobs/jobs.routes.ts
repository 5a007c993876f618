// The jobs admin (operators only, docs/decisions/139):
//   GET    /v3/admin/jobs/?bookmark=        → data: DeadJob[] (dead letters, oldest first)
//   POST   /v3/admin/jobs/{id}/retry/       → back onto its queue with all its retries
//   DELETE /v3/admin/jobs/{id}/             → gone for good
// Both actions answer JOB_NOT_FOUND (1607) for a dead letter that is not there (any more).
import { z } from 'zod';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import { pageQuerySchema, pageRequest } from '../../core/schemas.ts';
import { deadJobDoneSchema, deadJobParamsSchema, deadJobSchema } from './jobs.schemas.ts';
import { deadJobs, deleteDeadJob, retryDeadJob } from './jobs.service.ts';

const tags = ['admin'];

export const jobRoutes: ModuleRoutes = (app, { deps }, done) => {
  registerRoute(app, {
    method: 'GET',
    url: '/v3/admin/jobs/',
    summary: 'Background jobs that failed their last retry, oldest first (operators only)',
    tags,
    access: 'admin',
    query: pageQuerySchema,
    response: z.array(deadJobSchema),
    handler: async ({ query }) => {
      const page = await deadJobs(deps, pageRequest(query));
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/admin/jobs/:id/retry/',
    summary: 'Sends a failed job back onto its queue (operators only)',
    tags,
    access: 'admin',
    params: deadJobParamsSchema,
    response: deadJobDoneSchema,
    handler: async ({ params: { id } }) => {
      await retryDeadJob(deps, id);
      return { data: { id } };
    },
  });

  registerRoute(app, {
    method: 'DELETE',
    url: '/v3/admin/jobs/:id/',
    summary: 'Deletes a failed job (operators only)',
    tags,
    access: 'admin',
    params: deadJobParamsSchema,
    response: deadJobDoneSchema,
    handler: async ({ params: { id } }) => {
      await deleteDeadJob(deps, id);
      return { data: { id } };
    },
  });
  done();
};
