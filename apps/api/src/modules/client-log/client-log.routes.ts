// POST /v3/client_log/ → data: null, with one of
//   { event: pin_create_success | pin_create_fail, client?, pin_id?, path?, guid?, error_code?,
//     query? }  (visitors too)
//   { event: pin_saved_dialog_render, client?, pin_id, metric: send | promote }  (signed in)
// Its own small body limit and rate limit: it is called on every save and must not become a way
// to fill the database.
import type { FastifyPluginCallback } from 'fastify';
import { success } from '@corkboard/shared/envelope';
import type { SavingRoutesOptions } from '../../core/app-deps.ts';
import { purgeOldClientEvents, recordClientEvent } from './client-log.service.ts';

/** Not in the spec: the largest event body (a logged query of 20 long parameters fits). */
export const CLIENT_LOG_BODY_LIMIT_BYTES = 64 * 1024;
/** Not in the spec: events per client IP per minute (a person saves far fewer pins). */
export const CLIENT_LOG_RATE_LIMIT_MAX = 60;
export const CLIENT_LOG_PURGE_INTERVAL_MS = 60 * 60_000;

export const clientLogRoutes: FastifyPluginCallback<SavingRoutesOptions> = (
  app,
  { deps },
  done,
) => {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', (hookDone) => {
    timer = setInterval(() => {
      purgeOldClientEvents(deps.db, deps.now())
        .then((count) => deps.log.debug({ count }, 'old pin client events purged'))
        .catch((error: unknown) => deps.log.error({ err: error }, 'client event purge failed'));
    }, CLIENT_LOG_PURGE_INTERVAL_MS);
    timer.unref();
    hookDone();
  });
  app.addHook('onClose', (_instance, hookDone) => {
    if (timer) clearInterval(timer);
    hookDone();
  });

  app.post(
    '/v3/client_log/',
    {
      bodyLimit: CLIENT_LOG_BODY_LIMIT_BYTES,
      config: { rateLimit: { max: CLIENT_LOG_RATE_LIMIT_MAX, timeWindow: '1 minute' } },
    },
    async (request) =>
      success(await recordClientEvent(deps.db, request.viewer, request.body, deps.now())),
  );
  done();
};
