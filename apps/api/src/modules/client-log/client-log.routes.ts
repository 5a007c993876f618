// POST /v3/client_log/ → data: null, with one of
//   { event: pin_create_success | pin_create_fail, client?, pin_id?, path?, guid?, error_code?,
//     query? }  (visitors too)
//   { event: pin_saved_dialog_render, client?, pin_id, metric: send | promote }  (signed in)
//   { event: browser_extension_installed, client?, browser, version? }  (visitors too)
// Its own small body limit and rate limit: it is called on every save and must not become a way
// to fill the database.
import { z } from 'zod';
import { clientLogEventSchema } from '@corkboard/shared/saving/api';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import { savingInputErrors } from '../../core/http/input-errors.ts';
import { bodyOrEmpty } from '../../core/schemas.ts';
import { purgeOldClientEvents, recordClientEvent } from './client-log.service.ts';

/** Not in the spec: the largest event body (a logged query of 20 long parameters fits). */
export const CLIENT_LOG_BODY_LIMIT_BYTES = 64 * 1024;
/** Not in the spec: events per client IP per minute (a person saves far fewer pins). */
export const CLIENT_LOG_RATE_LIMIT_MAX = 60;
export const CLIENT_LOG_PURGE_INTERVAL_MS = 60 * 60_000;

export const clientLogRoutes: ModuleRoutes = (app, { deps }, done) => {
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

  registerRoute(app, {
    method: 'POST',
    url: '/v3/client_log/',
    summary:
      "Records a pin-create outcome, the pin-saved dialog's render or the extension's presence",
    tags: ['client-log'],
    access: 'anyone',
    bodyLimit: CLIENT_LOG_BODY_LIMIT_BYTES,
    rateLimit: { max: CLIENT_LOG_RATE_LIMIT_MAX, timeWindow: '1 minute' },
    body: bodyOrEmpty(clientLogEventSchema),
    inputErrors: savingInputErrors(),
    response: z.null(),
    handler: async ({ viewer, body }) => ({
      data: await recordClientEvent(deps.db, viewer, body, deps.now()),
    }),
  });
  done();
};
