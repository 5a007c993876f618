// Media storage (local disk or S3), shared by the media route and the serializers that turn
// storage keys into URLs.
import type { FastifyInstance } from 'fastify';
import type { MediaStorage } from '@corkboard/media/storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: MediaStorage;
  }
}

export function registerStorage(app: FastifyInstance, storage: MediaStorage): void {
  app.decorate('storage', storage);
}
