// PinResource get/create and RepinResource create (saving.md §7):
//   GET  /resource/PinResource/get/?options={ id, field_set_key? }      → data: PinDetail
//   POST /resource/PinResource/create/   { options: PinCreateOptionsInput }   → data: SavedPin
//   POST /resource/RepinResource/create/ { options: RepinCreateOptionsInput } → data: SavedPin
// PinResource create gets its own route with a larger body limit (image_base64 carries up to
// 32 MiB of image, ~43 MiB as base64); every other route keeps the 1 MiB JSON limit. A body over
// that larger limit is MEDIA_TOO_LARGE like an image over 32 MiB.
import type { FastifyError, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import { success } from '@corkboard/shared/envelope';
import { PIN_IMAGE_BASE64_MAX_LENGTH, PIN_IMAGE_MAX_BYTES } from '@corkboard/shared/saving/schemas';
import { sendAppError, toAppError } from '../../plugins/app/errors.ts';
import { getPin } from './pins.service.ts';
import { parseOptions } from '../../core/resources/resource-registry.ts';
import { optionalIdSchema, requiredIdSchema } from '../../core/option-schemas.ts';
import { createPin, createRepin } from './pin-create.service.ts';
import type { SavingRoutesOptions } from '../../core/app-deps.ts';

/**
 * The base64 of a 32 MiB image with MIME line breaks and a data-URL prefix (the most the shared
 * schema accepts), plus 64 KiB for the other fields.
 */
export const PIN_CREATE_BODY_LIMIT_BYTES =
  PIN_IMAGE_BASE64_MAX_LENGTH + Math.ceil(PIN_IMAGE_BASE64_MAX_LENGTH / 38) + 256 + 64 * 1024;

/** saving.md §7 "GET PinResource with id, field_set_key 'detailed', orbac_subject_id". */
const pinGetOptionsSchema = z.object({
  id: requiredIdSchema,
  field_set_key: z.string().max(64).optional(),
  orbac_subject_id: optionalIdSchema,
});

const postBody = z.object({ options: z.record(z.string(), z.unknown()).optional() }).nullish();

/** The app's error handling, except that an oversized body here means an oversized image. */
function pinCreateErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return sendAppError(
      reply,
      new AppError('MEDIA_TOO_LARGE', {
        data: { field: 'image_base64', max_bytes: PIN_IMAGE_MAX_BYTES },
      }),
    );
  }
  const appError = toAppError(error);
  if (appError && appError.httpStatus < 500) return sendAppError(reply, appError);
  request.log.error({ err: error }, appError ? 'request failed' : 'unhandled error');
  return sendAppError(reply, appError ?? new AppError('INTERNAL'));
}

export const savingRoutes: FastifyPluginCallback<SavingRoutesOptions> = (app, { deps }, done) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // A static path wins over /resource/:name/:verb/ in the router.
  routes.route({
    method: 'POST',
    url: '/resource/PinResource/create/',
    bodyLimit: PIN_CREATE_BODY_LIMIT_BYTES,
    schema: { body: postBody },
    errorHandler: (error, request, reply) => {
      pinCreateErrorHandler(error, request, reply);
    },
    handler: async (request) =>
      success(await createPin(deps, request.viewer, request.body?.options ?? {})),
  });

  app.resources.register('PinResource', {
    // The same answer as GET /v3/pins/{id}/: visibility-checked, PIN_NOT_FOUND otherwise.
    get: async ({ request, options }) => {
      const { id } = parseOptions(pinGetOptionsSchema, options);
      return { data: await getPin(deps, request.viewer, id) };
    },
    // Requests arrive through the dedicated route above; registered too so the registry lists
    // every verb the resource has.
    create: async ({ request, options }) => ({
      data: await createPin(deps, request.viewer, options),
    }),
  });
  app.resources.register('RepinResource', {
    create: async ({ request, options }) => ({
      data: await createRepin(deps, request.viewer, options),
    }),
  });
  done();
};
