// The OpenAPI 3.1 document of the whole API, generated from the zod schemas every route and
// resource verb registers (never written by hand), served at GET /v3/openapi.json. @fastify/swagger
// collects the routes as they are registered, so this must be registered before any of them.
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerRawRoute } from './route.ts';

export const OPENAPI_PATH = '/v3/openapi.json';

export async function registerOpenApi(
  app: FastifyInstance,
  options: { publicUrl: string },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Corkboard API',
        version: '3',
        description:
          'Every answer is the envelope { resource_response: { status, code, message, data, bookmark?, error? } }; ' +
          'failures carry a registry code (docs/api-errors.md). Resources are served at /resource/<Name>/<verb>/: ' +
          '`get` takes ?options=<URL-encoded JSON>, the other verbs a JSON body { "options": {…} }. ' +
          'Writes need the X-CSRFToken header equal to the csrftoken cookie.',
      },
      servers: [{ url: options.publicUrl }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
}

/** GET /v3/openapi.json: the generated document. */
export function registerOpenApiRoute(app: FastifyInstance): void {
  registerRawRoute(app, {
    method: 'GET',
    url: OPENAPI_PATH,
    summary: 'This API as an OpenAPI 3.1 document (generated from the route schemas)',
    tags: ['meta'],
    access: 'anyone',
    produces: {
      'application/json': z.looseObject({
        openapi: z.string(),
        paths: z.record(z.string(), z.unknown()),
      }),
    },
    handler: async ({ reply }) => reply.header('Cache-Control', 'no-cache').send(app.swagger()),
  });
}
