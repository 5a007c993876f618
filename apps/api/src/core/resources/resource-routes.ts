// The generic /resource/<Name>/<verb>/ route. Every registered verb has its own route
// (registerResource), so what reaches this one is what has no route: an unknown resource
// (UNKNOWN_RESOURCE), an unknown verb (UNKNOWN_RESOURCE_VERB), a known verb with the wrong method
// (METHOD_NOT_ALLOWED), or a name the router did not match literally (percent-encoded), which is
// dispatched like its own route.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import { registerRoute } from '../http/route.ts';
import {
  getQuerySchema,
  isResourceVerb,
  methodOf,
  optionsOfBody,
  parseOptionsParam,
  postBodySchema,
  type ResourceRegistry,
  type ResourceVerbDefinition,
} from './resource-registry.ts';

const params = z.object({ name: z.string().max(100), verb: z.string().max(20) });

function resolveVerb(
  registry: ResourceRegistry,
  name: string,
  verb: string,
  request: FastifyRequest,
): ResourceVerbDefinition {
  const definition = registry.lookup(name);
  if (!definition) throw new AppError('UNKNOWN_RESOURCE', { data: { resource: name } });
  if (!isResourceVerb(verb))
    throw new AppError('UNKNOWN_RESOURCE_VERB', { data: { resource: name, verb } });
  const expected = methodOf(verb);
  if (request.method !== expected && !(request.method === 'HEAD' && expected === 'GET')) {
    throw new AppError('METHOD_NOT_ALLOWED', { data: { resource: name, verb, method: expected } });
  }
  const spec = definition[verb];
  if (!spec) throw new AppError('UNKNOWN_RESOURCE_VERB', { data: { resource: name, verb } });
  return spec;
}

export function registerResourceFallback(app: FastifyInstance): void {
  const common = {
    url: '/resource/:name/:verb/',
    tags: ['resources'],
    access: 'anyone' as const,
    params,
    // Real verbs have their own paths; this one documents the errors.
    response: z.unknown(),
  };
  registerRoute(app, {
    ...common,
    method: 'GET',
    summary:
      'Unknown resources, verbs and methods (UNKNOWN_RESOURCE, UNKNOWN_RESOURCE_VERB, METHOD_NOT_ALLOWED)',
    query: getQuerySchema,
    handler: async ({ request, reply, params, query }) => {
      const spec = resolveVerb(app.resources, params.name, params.verb, request);
      return spec.run(request, reply, parseOptionsParam(query.options));
    },
  });
  registerRoute(app, {
    ...common,
    method: 'POST',
    summary:
      'Unknown resources, verbs and methods (UNKNOWN_RESOURCE, UNKNOWN_RESOURCE_VERB, METHOD_NOT_ALLOWED)',
    body: postBodySchema,
    handler: async ({ request, reply, params, body }) => {
      const spec = resolveVerb(app.resources, params.name, params.verb, request);
      return spec.run(request, reply, optionsOfBody(body));
    },
  });
}
