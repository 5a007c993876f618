// GET /healthz for load balancers and the e2e harness: 200 when the database answers.
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { AppError } from '@corkboard/shared/app-error';

export const healthRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get('/healthz', async (_request, reply) => {
    try {
      await sql`select 1`.execute(app.db);
    } catch (error) {
      // The error handler logs 5xx answers with their cause.
      throw new AppError('SERVICE_UNAVAILABLE', { data: { db: 'unavailable' }, cause: error });
    }
    // Never cached: a stale "ok" would hide an outage.
    return reply.header('Cache-Control', 'no-store').send({ status: 'ok', db: 'ok' });
  });
  done();
};
