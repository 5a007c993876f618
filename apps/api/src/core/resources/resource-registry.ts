// Resources (ARCHITECTURE.md "API shape"): `/resource/<Name>/<verb>/`, `get` with
// `?options=<URL-encoded JSON>`, the other verbs with a JSON body `{ "options": {...} }`.
//
// A module registers a resource with a schema per verb (docs/decisions/014):
//   registerResource(app, 'PinResource', {
//     get: resourceVerb({ access: 'anyone', summary, options: schema, response: schema, handler }),
//   });
// Each verb becomes its own Fastify route (so it appears in the OpenAPI document with its
// options and answer schemas). The dispatcher (`resourceVerb`'s `run`) checks access, parses the
// options once with parseInput (VALIDATION_FAILED paths start with `options.`, or the verb's
// specific codes) and hands the handler typed options. The generic /resource/:name/:verb/ route
// (resource-routes.ts) answers the rest: unknown resources and verbs, and the wrong method.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import { success } from '@corkboard/shared/envelope';
import { failureEnvelopeSchema, successEnvelopeSchema } from '../http/envelope.schemas.ts';
import { parseInput, type InputErrorMapper } from '../http/input.ts';
import type { Access, Answer, ViewerOf } from '../http/route.ts';
import { checkAccess } from '../access.ts';

export const RESOURCE_VERBS = ['get', 'create', 'update', 'delete'] as const;
export type ResourceVerb = (typeof RESOURCE_VERBS)[number];

/** Resource names look like `UserHomefeedResource`. */
const RESOURCE_NAME = /^[A-Z][A-Za-z0-9]*Resource$/;

export interface ResourceVerbContext<A extends Access, Options> {
  request: FastifyRequest;
  reply: FastifyReply;
  viewer: ViewerOf<A>;
  options: Options;
}

export interface ResourceVerbSpec<A extends Access, Options, Data> {
  access: A;
  /** One line for the OpenAPI document. */
  summary: string;
  options: z.ZodType<Options>;
  /** Specific codes for options that break the schema (else VALIDATION_FAILED). */
  inputErrors?: InputErrorMapper | undefined;
  /** The success answer's `data`. */
  response: z.ZodType<Data>;
  /** A larger body limit than the app's 1 MiB (PinResource create carries images). */
  bodyLimit?: number | undefined;
  errorHandler?: RouteOptions['errorHandler'];
  handler(context: ResourceVerbContext<A, Options>): Promise<Answer<Data>>;
}

/** One verb of a resource, with its schemas and its dispatcher. */
export interface ResourceVerbDefinition {
  /** Who may call it; the body gate (core/http/body-gate.ts) reads it before the body. */
  readonly access: Access;
  readonly summary: string;
  readonly options: z.ZodType;
  readonly response: z.ZodType;
  readonly bodyLimit: number | undefined;
  readonly errorHandler: RouteOptions['errorHandler'] | undefined;
  /** Access check, options parse, handler. `rawOptions` as the request carried them. */
  run(request: FastifyRequest, reply: FastifyReply, rawOptions: unknown): Promise<Answer<unknown>>;
}

export type ResourceDefinition = Partial<Record<ResourceVerb, ResourceVerbDefinition>>;

export function resourceVerb<A extends Access, Options, Data>(
  spec: ResourceVerbSpec<A, Options, Data>,
): ResourceVerbDefinition {
  return {
    access: spec.access,
    summary: spec.summary,
    options: spec.options,
    response: spec.response,
    bodyLimit: spec.bodyLimit,
    errorHandler: spec.errorHandler,
    async run(request, reply, rawOptions) {
      const viewer = await checkAccess(request, spec.access);
      const options = parseInput(
        spec.options,
        rawOptions ?? {},
        'options',
        { request, reply },
        spec.inputErrors,
      );
      return spec.handler({ request, reply, viewer, options });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    resources: ResourceRegistry;
  }
}

export function isResourceVerb(value: string): value is ResourceVerb {
  return (RESOURCE_VERBS as readonly string[]).includes(value);
}

/** The HTTP method of a verb: `get` reads (GET, cacheable), the others change state (POST, CSRF). */
export function methodOf(verb: ResourceVerb): 'GET' | 'POST' {
  return verb === 'get' ? 'GET' : 'POST';
}

export class ResourceRegistry {
  readonly #definitions = new Map<string, ResourceDefinition>();

  add(name: string, definition: ResourceDefinition): void {
    if (!RESOURCE_NAME.test(name)) throw new Error(`Invalid resource name: ${name}`);
    if (this.#definitions.has(name)) throw new Error(`Resource registered twice: ${name}`);
    this.#definitions.set(name, definition);
  }

  lookup(name: string): ResourceDefinition | undefined {
    return this.#definitions.get(name);
  }

  names(): string[] {
    return [...this.#definitions.keys()].sort();
  }
}

/** `?options=` of a `get`: URL-encoded JSON, absent or empty meaning `{}`. */
export function parseOptionsParam(raw: string | undefined): unknown {
  if (raw === undefined || raw === '') return {};
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new AppError('INVALID_JSON', { detail: 'The options parameter is not valid JSON.' });
  }
}

export const getQuerySchema = z.object({ options: z.string().optional() });
/** A missing body (no content type) is the same as `{}`; other top-level keys are ignored. */
export const postBodySchema = z
  .object({ options: z.record(z.string(), z.unknown()).optional() })
  .nullish();

export function optionsOfBody(body: z.output<typeof postBodySchema>): unknown {
  return body?.options ?? {};
}

/** The options a request carries, by its method (see the file comment). */
export function requestOptions(request: FastifyRequest, reply: FastifyReply): unknown {
  const context = { request, reply };
  if (request.method === 'GET' || request.method === 'HEAD') {
    return parseOptionsParam(
      parseInput(getQuerySchema, request.query, 'querystring', context).options,
    );
  }
  return optionsOfBody(parseInput(postBodySchema, request.body, 'body', context));
}

function optionsDocumentation(verb: ResourceVerb, options: z.ZodType) {
  if (verb === 'get') {
    return {
      querystring: z.object({
        options: z
          .string()
          .optional()
          .meta({
            description: 'The options as URL-encoded JSON.',
            contentMediaType: 'application/json',
            contentSchema: z.toJSONSchema(options, { io: 'input', unrepresentable: 'any' }),
          }),
      }),
    };
  }
  return { body: z.object({ options: options.optional() }).nullish() };
}

/** Registers a resource: its verbs in the registry and one Fastify route per verb. */
export function registerResource(
  app: FastifyInstance,
  name: string,
  definition: ResourceDefinition,
): void {
  app.resources.add(name, definition);
  for (const verb of RESOURCE_VERBS) {
    const spec = definition[verb];
    if (!spec) continue;
    app.route({
      method: methodOf(verb),
      url: `/resource/${name}/${verb}/`,
      // Options are parsed by the dispatcher (parseInput), not again by Fastify.
      validatorCompiler: () => (value: unknown) => ({ value }),
      ...(spec.bodyLimit === undefined ? {} : { bodyLimit: spec.bodyLimit }),
      config: { access: spec.access },
      ...(spec.errorHandler === undefined ? {} : { errorHandler: spec.errorHandler }),
      schema: {
        summary: spec.summary,
        tags: ['resources'],
        ...optionsDocumentation(verb, spec.options),
        response: {
          200: successEnvelopeSchema(spec.response),
          '4xx': failureEnvelopeSchema,
          '5xx': failureEnvelopeSchema,
        },
      },
      handler: async (request, reply) => {
        const answer = await spec.run(request, reply, requestOptions(request, reply));
        return success(answer.data, answer.bookmark);
      },
    });
  }
}
