// Media (docs/decisions/008, 010):
//   GET  /media/<key>             stored image bytes (local storage) or a 302 to the S3 URL
//   POST /v3/media/uploads/       multipart/form-data, one file part (≤ 32 MiB)
//                                 → data: MediaUploadData (media_upload_id for PinResource create)
//   PUT  /v3/pins/image/          { image_url }  → 202, data: ImageIntakeJobData (status pending;
//                                 a durable job fetches it, decision 139)
//   GET  /v3/pins/image/{id}/     → data: ImageIntakeJobData (the viewer's own jobs only)
//   GET  /resource/FindPinImagesResource/get/?options={ url, scrapeMetric? }
//                                 → data: FoundImagesData
// All but /media/ are signed-in only (401 UNAUTHORIZED). Multipart is accepted by the upload
// route alone. Keys are content-addressed and never change meaning, so /media/ answers are
// cached for a year as immutable.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isValidMediaKey } from '@corkboard/media/media-keys';
import { MAX_IMAGE_BYTES } from '@corkboard/media/pipeline';
import { AppError } from '@corkboard/shared/app-error';
import { registerImageBodySchema } from '@corkboard/shared/saving/api';
import type { AppDeps, ModuleRoutes } from '../../core/app-deps.ts';
import { registerRawRoute, registerRoute } from '../../core/http/route.ts';
import { savingInputErrors } from '../../core/http/input-errors.ts';
import { registerResource, resourceVerb } from '../../core/resources/resource-registry.ts';
import { bodyOrEmpty, idSchema } from '../../core/schemas.ts';
import { createMediaUpload, findImagesAt, purgeExpiredUploads } from './image-intake.service.ts';
import { defineMediaGcJob } from './media-gc.jobs.ts';
import { defineImageVariantBackfillJob } from './image-variant-backfill.jobs.ts';
import { defineImageIntakeJob, imageJobStatus, registerImage } from './image-register.service.ts';
import {
  findImagesOptionsSchema,
  foundImagesSchema,
  imageIntakeJobSchema,
  mediaUploadDataSchema,
  uploadBodySchema,
} from './media.schemas.ts';

export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Only image types leave /media/, so a stored file can never be served as HTML or script. */
const SERVABLE_CONTENT_TYPE = /^image\/(?:jpeg|png|webp|gif|avif)$/;
/** Expired uploads are swept this often. */
export const MEDIA_UPLOAD_PURGE_INTERVAL_MS = 60 * 60_000;

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null
    ? (error as { code?: unknown }).code
    : undefined;
}

/** @fastify/multipart's codes for a body that breaks the form's rules or limits. */
const MULTIPART_ERROR_CODES = new Set([
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_PARTS_LIMIT',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PROTO_VIOLATION',
]);
/** @fastify/busboy's messages for a form it cannot read (it sets no code). */
const BUSBOY_MESSAGE =
  /^(?:Multipart: |Malformed|Unexpected end of (?:form|multipart data)|\w+ terminated early)/;

/** What a failure while reading an upload is answered with (issue 13: these were 500s). */
function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = errorCode(error);
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('MEDIA_TOO_LARGE', { data: { max_bytes: MAX_IMAGE_BYTES } });
  }
  if (
    (typeof code === 'string' && MULTIPART_ERROR_CODES.has(code)) ||
    (error instanceof Error && BUSBOY_MESSAGE.test(error.message))
  ) {
    return new AppError('MULTIPART_INVALID', { cause: error });
  }
  return error;
}

/**
 * The one file of an upload, read within `timeoutMs` (REQUEST_TIMEOUT after it: the connection
 * is then closed, which also ends the abandoned read). Null when the form has no file.
 */
async function readUploadedFile(
  request: FastifyRequest,
  reply: FastifyReply,
  timeoutMs: number,
): Promise<Buffer | null> {
  const reading = (async () => {
    const file = await request.file();
    return file ? file.toBuffer() : null;
  })();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reply.header('Connection', 'close');
      reject(new AppError('REQUEST_TIMEOUT', { data: { timeout_ms: timeoutMs } }));
    }, timeoutMs);
  });
  // After a timeout nobody awaits the read; its own failure (the closed stream) is expected.
  reading.catch(() => undefined);
  try {
    return await Promise.race([reading, deadline]);
  } catch (error) {
    throw uploadError(error);
  } finally {
    clearTimeout(timer);
  }
}

function registerMediaFiles(app: FastifyInstance, deps: AppDeps): void {
  const { storage } = deps;
  registerRawRoute(app, {
    method: 'GET',
    url: '/media/*',
    summary: 'A stored image (local storage), or a 302 to its public URL (S3)',
    tags: ['media'],
    access: 'anyone',
    params: z.object({ '*': z.string() }),
    produces: { 'image/*': z.string().meta({ format: 'binary' }) },
    handler: async ({ reply, params }) => {
      const key = params['*'];
      // Keys are lower-case path segments without `.`/`..` (packages/media), so nothing that
      // could climb out of the media root, or name something else, reaches storage.
      if (!isValidMediaKey(key)) throw new AppError('MEDIA_NOT_FOUND');

      if (storage.kind === 's3') {
        // Objects live in the bucket; send the browser there. Temporary (302, short cache) so
        // that moving the bucket or CDN (S3_PUBLIC_URL) does not strand browsers on an old address.
        const target = storage.publicUrl(key);
        if (!/^https?:\/\//.test(target)) throw new AppError('MEDIA_NOT_FOUND');
        return reply.header('Cache-Control', 'public, max-age=3600').redirect(target, 302);
      }

      const object = await storage.get(key);
      if (!object) throw new AppError('MEDIA_NOT_FOUND');
      if (!SERVABLE_CONTENT_TYPE.test(object.contentType)) {
        object.body.destroy();
        throw new AppError('MEDIA_NOT_FOUND');
      }
      return reply
        .header('Content-Type', object.contentType)
        .header('Content-Length', String(object.size))
        .header('Cache-Control', MEDIA_CACHE_CONTROL)
        .header('X-Content-Type-Options', 'nosniff')
        .send(object.body);
    },
  });
}

/** The upload route lives in its own scope so only it parses multipart bodies. */
async function registerUpload(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });
  registerRoute(app, {
    method: 'POST',
    url: '/v3/media/uploads/',
    summary: 'Uploads one image; answers a media_upload_id usable for 24 hours',
    tags: ['media'],
    // Visitors are refused before a byte of the upload is read.
    access: 'viewer',
    bodyDocumentation: { contentType: 'multipart/form-data', schema: uploadBodySchema },
    response: mediaUploadDataSchema,
    handler: async ({ request, reply, viewer }) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      // Refuse before reading up to 32 MiB that the image pool could not take anyway.
      deps.imageWork.assertAvailable();
      const bytes = await readUploadedFile(request, reply, deps.config.uploadBodyTimeoutMs);
      if (!bytes) {
        throw new AppError('VALIDATION_FAILED', {
          data: {
            location: 'body',
            fields: [{ path: 'file', code: 'required', message: 'Required' }],
          },
        });
      }
      return { data: await createMediaUpload(deps, viewer.id, bytes, 'file') };
    },
  });
}

export const mediaRoutes: ModuleRoutes = (app, { deps }, done) => {
  let timer: NodeJS.Timeout | undefined;
  const purge = (): void => {
    purgeExpiredUploads(deps.db, deps.now())
      .then((count) => deps.log.debug({ count }, 'expired media uploads purged'))
      .catch((error: unknown) => deps.log.error({ err: error }, 'media upload purge failed'));
  };
  // The media GC (decisions 094, 139): a scheduled job; a process that works jobs also sweeps
  // once at start (a crash leaves its debris behind). Closing waits for a run in progress.
  const mediaGc = defineMediaGcJob(deps);
  defineImageIntakeJob(deps);
  // The 170x backfill (decision 143): a process that works jobs queues a run at start while any
  // image lacks the board-card size (the queue keeps one waiting however many processes ask).
  const backfill = defineImageVariantBackfillJob(deps);
  app.addHook('onReady', (hookDone) => {
    timer = setInterval(purge, MEDIA_UPLOAD_PURGE_INTERVAL_MS);
    timer.unref();
    if (mediaGc && deps.jobs.works) {
      mediaGc
        .run()
        .catch((error: unknown) =>
          deps.log.error({ err: error }, 'media garbage collection failed'),
        );
    }
    if (deps.jobs.works) {
      backfill
        .queueIfMissing()
        .then((queued) => {
          if (queued) deps.log.info('170x backfill queued');
        })
        .catch((error: unknown) => deps.log.error({ err: error }, '170x backfill not queued'));
    }
    hookDone();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await mediaGc?.settled();
  });

  registerMediaFiles(app, deps);
  void app.register(async (scope) => registerUpload(scope, deps));

  registerRoute(app, {
    method: 'PUT',
    url: '/v3/pins/image/',
    summary: 'Registers a pin image by URL; it is fetched and processed in the background',
    tags: ['media'],
    access: 'viewer',
    body: bodyOrEmpty(registerImageBodySchema),
    inputErrors: savingInputErrors(),
    response: imageIntakeJobSchema,
    status: 202,
    handler: async ({ viewer, body }) => ({
      data: await registerImage(deps, viewer, body.image_url),
    }),
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/pins/image/:id/',
    summary: "The state of one of the viewer's image registrations",
    tags: ['media'],
    access: 'viewer',
    params: z.object({ id: idSchema }),
    response: imageIntakeJobSchema,
    handler: async ({ viewer, params }) => ({
      data: await imageJobStatus(deps, viewer, params.id),
    }),
  });

  registerResource(app, 'FindPinImagesResource', {
    get: resourceVerb({
      access: 'viewer',
      summary: 'The pinnable images of a web page',
      options: findImagesOptionsSchema,
      inputErrors: savingInputErrors(),
      response: foundImagesSchema,
      handler: async ({ options }) => ({ data: await findImagesAt(deps.fetcher, options.url) }),
    }),
  });
  done();
};
