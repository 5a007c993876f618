// Image intake endpoints (docs/decisions/008):
//   POST /v3/media/uploads/       multipart/form-data, one file part (≤ 32 MiB)
//                                 → data: MediaUploadData (media_upload_id for PinResource create)
//   PUT  /v3/pins/image/          { image_url }  → 202, data: ImageIntakeJobData (status pending)
//   GET  /v3/pins/image/{id}/     → data: ImageIntakeJobData (the viewer's own jobs only)
//   GET  /resource/FindPinImagesResource/get/?options={ url, scrapeMetric? }
//                                 → data: FoundImagesData
// Signed-in only (401 UNAUTHORIZED). Multipart is accepted by the upload route alone.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_IMAGE_BYTES } from '@corkboard/media/pipeline';
import { AppError } from '@corkboard/shared/app-error';
import { success } from '@corkboard/shared/envelope';
import type { FoundImagesData } from '@corkboard/shared/saving/api';
import { httpUrlSchema } from '@corkboard/shared/saving/schemas';
import { findPinImages } from './find-pin-images.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { requireViewer } from '../../core/board-access.ts';
import { idSchema } from '../../core/schemas.ts';
import type { SavingDeps, SavingRoutesOptions } from '../../core/app-deps.ts';
import { parseSavingInput, withFetchErrors } from '../../core/input-errors.ts';
import { createMediaUpload, purgeExpiredUploads } from './image-intake.service.ts';
import { imageJobStatus, registerImage } from './image-register.service.ts';
import type { IntakeQueue } from './intake-queue.ts';

/** Expired uploads are swept this often. */
export const MEDIA_UPLOAD_PURGE_INTERVAL_MS = 60 * 60_000;

export interface ImageIntakeRoutesOptions extends SavingRoutesOptions {
  /** The PUT /v3/pins/image/ queue (app.ts owns it so tests can await `idle()`). */
  queue: IntakeQueue;
}

const findImagesOptionsSchema = z.object({
  url: httpUrlSchema,
  scrapeMetric: z.unknown().optional(),
});

export async function findImagesAt(
  deps: SavingDeps,
  viewerOrVisitor: Viewer | null,
  rawOptions: unknown,
): Promise<FoundImagesData> {
  requireViewer(viewerOrVisitor);
  const { url } = parseSavingInput(findImagesOptionsSchema, rawOptions, { location: 'options' });
  const found = await withFetchErrors(() => findPinImages(url, { fetcher: deps.fetcher }));
  return {
    url: found.url,
    title: found.title,
    description: found.description,
    items: found.images.map((image) => ({ ...image })),
  };
}

function isFileTooLarge(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE'
  );
}

/** The upload route lives in its own scope so only it parses multipart bodies. */
async function uploadRoute(app: FastifyInstance, deps: SavingDeps): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });
  app.post('/v3/media/uploads/', async (request) => {
    // Refuse visitors before reading a byte of the upload.
    const viewer = requireViewer(request.viewer);
    if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    const file = await request.file();
    if (!file) {
      throw new AppError('VALIDATION_FAILED', {
        data: {
          location: 'body',
          fields: [{ path: 'file', code: 'required', message: 'Required' }],
        },
      });
    }
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch (error) {
      if (isFileTooLarge(error)) {
        throw new AppError('MEDIA_TOO_LARGE', { data: { max_bytes: MAX_IMAGE_BYTES } });
      }
      throw error;
    }
    return success(await createMediaUpload(deps, viewer.id, bytes, 'file'));
  });
}

export const imageIntakeRoutes: FastifyPluginAsync<ImageIntakeRoutesOptions> = async (
  app,
  { deps, queue },
) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  let timer: NodeJS.Timeout | undefined;
  const purge = (): void => {
    purgeExpiredUploads(deps.db, deps.now())
      .then((count) => deps.log.debug({ count }, 'expired media uploads purged'))
      .catch((error: unknown) => deps.log.error({ err: error }, 'media upload purge failed'));
  };
  app.addHook('onReady', (done) => {
    timer = setInterval(purge, MEDIA_UPLOAD_PURGE_INTERVAL_MS);
    timer.unref();
    done();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await queue.close();
  });

  await app.register(async (scope) => uploadRoute(scope, deps));

  routes.put('/v3/pins/image/', async (request, reply) => {
    const job = await registerImage(deps, queue, request.viewer, request.body);
    return reply.status(202).send(success(job));
  });

  routes.get(
    '/v3/pins/image/:id/',
    { schema: { params: z.object({ id: idSchema }) } },
    async (request) => success(await imageJobStatus(deps, request.viewer, request.params.id)),
  );

  app.resources.register('FindPinImagesResource', {
    get: async ({ request, options }) => ({
      data: await findImagesAt(deps, request.viewer, options),
    }),
  });
};
