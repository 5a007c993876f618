// GET /v3/pins/{id}/ → data: PinDetail (the pin with its link domain and official user)
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '@corkboard/shared/envelope';
import { depsOf } from '../../core/service-deps.ts';
import { idSchema } from '../../core/schemas.ts';
import { getPin } from './pins.service.ts';

export const pinRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get('/v3/pins/:id/', { schema: { params: z.object({ id: idSchema }) } }, async (request) =>
    success(await getPin(depsOf(app), request.viewer, request.params.id)),
  );
  done();
};
