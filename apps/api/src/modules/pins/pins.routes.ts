// Pins (saving.md §7):
//   GET  /v3/pins/{id}/                                  → data: PinDetail
//   GET  /resource/PinResource/get/?options={ id, field_set_key? }   → data: PinDetail
//   POST /resource/PinResource/create/   { options: PinCreateOptionsInput }   → data: SavedPin
//   POST /resource/RepinResource/create/ { options: RepinCreateOptionsInput } → data: SavedPin
//   POST /resource/PinResource/update/ { options: { id, title?, description?, link?, alt_text?,
//     board_id?, section_id? } } → data: PinDetail (issue 10 pin edit; pin-edit.service.ts)
//   POST /resource/PinResource/delete/ { options: { id } } → data: { id }
// PinResource create has a larger body limit (image_base64 carries up to 32 MiB of image, ~43 MiB
// as base64); every other route keeps the 1 MiB JSON limit. A body over that larger limit is
// MEDIA_TOO_LARGE like an image over 32 MiB.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import { PIN_IMAGE_BASE64_MAX_LENGTH, PIN_IMAGE_MAX_BYTES } from '@corkboard/shared/saving/schemas';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import { savingInputErrors } from '../../core/http/input-errors.ts';
import { registerResource, resourceVerb } from '../../core/resources/resource-registry.ts';
import { idSchema } from '../../core/schemas.ts';
import { sendAppError, toAppError } from '../../plugins/app/errors.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { createPin, createRepin } from './pin-create.service.ts';
import {
  pinCreateOptionsSchema,
  pinDeleteOptionsSchema,
  pinDetailSchema,
  pinEditOptionsSchema,
  pinDeletedSchema,
  pinGetOptionsSchema,
  repinCreateOptionsSchema,
  savedPinSchema,
} from './pins.schemas.ts';
import { getPin } from './pins.service.ts';
import { deletePin, editPin } from './pin-edit.service.ts';

/**
 * The base64 of a 32 MiB image with MIME line breaks and a data-URL prefix (the most the shared
 * schema accepts), plus 64 KiB for the other fields.
 */
export const PIN_CREATE_BODY_LIMIT_BYTES =
  PIN_IMAGE_BASE64_MAX_LENGTH + Math.ceil(PIN_IMAGE_BASE64_MAX_LENGTH / 38) + 256 + 64 * 1024;

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

/**
 * business.md §6 "Unauthenticated visitors may see aggregate-save counts behind experiments"
 * (ADR 122). The group is read, and so the visitor exposed, only for signed-out visitors.
 */
function showsAggregateSaves(request: FastifyRequest, viewer: Viewer | null): boolean {
  return viewer === null && request.experiments.isEnabled('web_unauth_aggregate_save_counts');
}

export const pinRoutes: ModuleRoutes = (app, { deps }, done) => {
  registerRoute(app, {
    method: 'GET',
    url: '/v3/pins/:id/',
    summary: 'A pin with its link domain and official user',
    tags: ['pins'],
    access: 'anyone',
    // The aggregate-save experiment changes a visitor's answer (ADR 122).
    visitorCache: { variant: (request) => (showsAggregateSaves(request, null) ? 'saves' : '') },
    params: z.object({ id: idSchema }),
    response: pinDetailSchema,
    handler: async ({ request, viewer, params }) => ({
      data: await getPin(deps, viewer, params.id, {
        aggregateSaves: showsAggregateSaves(request, viewer),
      }),
    }),
  });

  registerResource(app, 'PinResource', {
    // The same answer as GET /v3/pins/{id}/: visibility-checked, PIN_NOT_FOUND otherwise.
    get: resourceVerb({
      access: 'anyone',
      summary: 'A pin (as GET /v3/pins/{id}/)',
      options: pinGetOptionsSchema,
      response: pinDetailSchema,
      handler: async ({ request, viewer, options }) => ({
        data: await getPin(deps, viewer, options.id, {
          aggregateSaves: showsAggregateSaves(request, viewer),
        }),
      }),
    }),
    create: resourceVerb({
      access: 'viewer',
      summary: 'Saves a new pin from one image (image_url, image_base64 or media_upload_id)',
      options: pinCreateOptionsSchema,
      inputErrors: savingInputErrors(),
      response: savedPinSchema,
      bodyLimit: PIN_CREATE_BODY_LIMIT_BYTES,
      errorHandler: (error, request, reply) => {
        pinCreateErrorHandler(error, request, reply);
      },
      handler: async ({ viewer, options }) => ({ data: await createPin(deps, viewer, options) }),
    }),
    // The board's owner or an accepted collaborator (docs/decisions/057).
    update: resourceVerb({
      access: 'viewer',
      summary: "Edits a pin's title, description, link, alt text, board or section",
      options: pinEditOptionsSchema,
      inputErrors: savingInputErrors(),
      response: pinDetailSchema,
      handler: async ({ viewer, options }) => ({ data: await editPin(deps, viewer, options) }),
    }),
    delete: resourceVerb({
      access: 'viewer',
      summary: 'Deletes a pin (and its image files when nothing else uses them)',
      options: pinDeleteOptionsSchema,
      response: pinDeletedSchema,
      handler: async ({ viewer, options }) => ({ data: await deletePin(deps, viewer, options) }),
    }),
  });
  registerResource(app, 'RepinResource', {
    create: resourceVerb({
      access: 'viewer',
      summary: 'Saves a pin the viewer can see to one of their boards (a repin)',
      options: repinCreateOptionsSchema,
      inputErrors: savingInputErrors(),
      response: savedPinSchema,
      handler: async ({ viewer, options }) => ({ data: await createRepin(deps, viewer, options) }),
    }),
  });
  done();
};
