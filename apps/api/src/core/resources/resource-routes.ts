// The generic resource router: GET /resource/<Name>/get/?options=<url-encoded JSON> and
// POST /resource/<Name>/<create|update|delete>/ with a JSON body { "options": {...} }.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import { success } from '@corkboard/shared/envelope';
import {
  isResourceVerb,
  type ResourceHandler,
  type ResourceRegistry,
} from './resource-registry.ts';

const params = z.object({ name: z.string().max(100), verb: z.string().max(20) });
const getQuery = z.object({ options: z.string().optional() });
// Missing body (no content type) is the same as `{}`; extra top-level keys are ignored.
const postBody = z.object({ options: z.record(z.string(), z.unknown()).optional() }).nullish();

function resolveHandler(
  registry: ResourceRegistry,
  name: string,
  verb: string,
  method: string,
): ResourceHandler {
  const definition = registry.lookup(name);
  if (!definition) throw new AppError('UNKNOWN_RESOURCE', { data: { resource: name } });
  if (!isResourceVerb(verb))
    throw new AppError('UNKNOWN_RESOURCE_VERB', { data: { resource: name, verb } });
  // `get` reads (GET, cacheable, no body); the other verbs change state (POST, CSRF-checked).
  const expectedMethod = verb === 'get' ? 'GET' : 'POST';
  if (method !== expectedMethod && !(method === 'HEAD' && expectedMethod === 'GET')) {
    throw new AppError('METHOD_NOT_ALLOWED', {
      data: { resource: name, verb, method: expectedMethod },
    });
  }
  const handler = definition[verb];
  if (!handler) throw new AppError('UNKNOWN_RESOURCE_VERB', { data: { resource: name, verb } });
  return handler;
}

function parseOptionsParam(raw: string | undefined): unknown {
  if (raw === undefined || raw === '') return {};
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new AppError('INVALID_JSON', { detail: 'The options parameter is not valid JSON.' });
  }
}

async function run(
  handler: ResourceHandler,
  request: FastifyRequest,
  reply: FastifyReply,
  options: unknown,
): Promise<ReturnType<typeof success>> {
  const result = await handler({ request, reply, options });
  return success(result.data, result.bookmark);
}

export const resourceRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/resource/:name/:verb/',
    { schema: { params, querystring: getQuery } },
    async (request, reply) => {
      const handler = resolveHandler(
        app.resources,
        request.params.name,
        request.params.verb,
        request.method,
      );
      return run(handler, request, reply, parseOptionsParam(request.query.options));
    },
  );

  app.post(
    '/resource/:name/:verb/',
    { schema: { params, body: postBody } },
    async (request, reply) => {
      const handler = resolveHandler(
        app.resources,
        request.params.name,
        request.params.verb,
        request.method,
      );
      return run(handler, request, reply, request.body?.options ?? {});
    },
  );
  done();
};
