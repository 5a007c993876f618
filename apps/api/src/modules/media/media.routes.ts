// GET /media/<key>: serves stored image bytes for local storage. Keys are content-addressed and
// never change meaning, so answers are cached for a year as immutable.
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isValidMediaKey } from '@corkboard/media/media-keys';
import { AppError } from '@corkboard/shared/app-error';

export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Only image types leave this route, so a stored file can never be served as HTML or script. */
const SERVABLE_CONTENT_TYPE = /^image\/(?:jpeg|png|webp|gif|avif)$/;

export const mediaRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/media/*',
    { schema: { params: z.object({ '*': z.string() }) } },
    async (request, reply) => {
      const key = request.params['*'];
      // Keys are lower-case path segments without `.`/`..` (packages/media), so nothing that
      // could climb out of the media root, or name something else, reaches storage.
      if (!isValidMediaKey(key)) throw new AppError('MEDIA_NOT_FOUND');

      if (app.storage.kind === 's3') {
        // Objects live in the bucket; send the browser there. Temporary (302, short cache) so that
        // moving the bucket or CDN (S3_PUBLIC_URL) does not strand browsers on an old address.
        const target = app.storage.publicUrl(key);
        if (!/^https?:\/\//.test(target)) throw new AppError('MEDIA_NOT_FOUND');
        return reply.header('Cache-Control', 'public, max-age=3600').redirect(target, 302);
      }

      const object = await app.storage.get(key);
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
  );
  done();
};
