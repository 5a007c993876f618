// Route registration with schemas at the edge (docs/decisions/014). A module declares each route
// with its input schemas (params, query string, body), its answer's `data` schema and a thin
// handler; `registerRoute` gives Fastify the schemas (for the OpenAPI document and the answer
// check in serializer.ts) and runs the request in one fixed order:
//   1. access (core/access.ts): UNAUTHORIZED / ADMIN_REQUIRED before any input is read;
//   2. `before`: rules that count every attempt, valid or not (the auth rate limits);
//   3. params, body, query string, each parsed once by parseInput (Fastify's own order);
//   4. the handler, with typed input; its `{ data, bookmark }` goes out in the success envelope.
// Fastify's validator is switched off for these routes: the parse in step 3 is the only one.
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteOptions,
} from 'fastify';
import type { z } from 'zod';
import { success } from '@corkboard/shared/envelope';
import {
  answerFromPageCache,
  answerHitOnArrival,
  type VisitorCacheOption,
} from '../../plugins/app/public-caching.ts';
import { checkAccess, type Access, type ViewerOf } from '../access.ts';
import { failureEnvelopeSchema, successEnvelopeSchema } from './envelope.schemas.ts';
import { parseInput, type InputContext, type InputErrorMapper } from './input.ts';

export type { Access, ViewerOf };

export interface Answer<Data> {
  data: Data;
  /** The next page's cursor for lists; absent at the end. */
  bookmark?: string | undefined;
}

export interface RouteContext<A extends Access, Params, Query, Body> {
  request: FastifyRequest;
  reply: FastifyReply;
  viewer: ViewerOf<A>;
  params: Params;
  query: Query;
  body: Body;
}

/** Input and answer schemas; `undefined` parts are not read. */
interface RouteSchemas<Params, Query, Body> {
  params?: z.ZodType<Params> | undefined;
  query?: z.ZodType<Query> | undefined;
  body?: z.ZodType<Body> | undefined;
  /**
   * The body schema for this request when it depends on the request (signup's password minimum
   * follows an experiment); `body` is then the one the documentation shows.
   */
  bodyFor?: ((request: FastifyRequest) => z.ZodType<Body>) | undefined;
  /** Specific codes for schema failures (else VALIDATION_FAILED). */
  inputErrors?: InputErrorMapper | undefined;
  /**
   * A body the handler reads itself (a multipart upload), for the documentation only, with the
   * content type it comes in.
   */
  bodyDocumentation?: { contentType: string; schema: z.ZodType } | undefined;
}

interface RouteBase<A extends Access> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** One line for the OpenAPI document. */
  summary: string;
  tags?: string[] | undefined;
  access: A;
  /** Runs after the access check and before the input is parsed. */
  before?: ((context: InputContext) => Promise<void> | void) | undefined;
  bodyLimit?: number | undefined;
  rateLimit?: { max: number; timeWindow: string } | undefined;
  errorHandler?: RouteOptions['errorHandler'];
  /**
   * A public page (GET, access `anyone`): visitors' answers are cached and revalidated
   * (plugins/app/public-caching.ts, docs/decisions/144).
   */
  visitorCache?: VisitorCacheOption | undefined;
}

/** A route answering the JSON envelope (almost all of them). */
export interface EnvelopeRoute<A extends Access, Params, Query, Body, Data>
  extends RouteBase<A>, RouteSchemas<Params, Query, Body> {
  /** The success answer's `data`. */
  response: z.ZodType<Data>;
  /** 200 unless said (202 for accepted background work). */
  status?: 200 | 202;
  handler(context: RouteContext<A, Params, Query, Body>): Promise<Answer<Data>>;
}

/** A route answering something else (an image, an HTML page, a probe): it sends the reply itself. */
export interface RawRoute<A extends Access, Params, Query, Body>
  extends RouteBase<A>, RouteSchemas<Params, Query, Body> {
  /** What the success answer is, per content type. */
  produces: Record<string, z.ZodType>;
  /** The success status the documentation shows. */
  status?: 200 | 302;
  handler(context: RouteContext<A, Params, Query, Body>): Promise<FastifyReply>;
}

/** Inputs are parsed by the route itself (parseInput); Fastify's validator must not run again. */
const noValidation = () => (value: unknown) => ({ value });

function errorResponses(): Record<string, z.ZodType> {
  return { '4xx': failureEnvelopeSchema, '5xx': failureEnvelopeSchema };
}

function fastifySchema(
  route: RouteBase<Access> & RouteSchemas<unknown, unknown, unknown>,
  response: Record<string, unknown>,
): FastifySchema {
  return {
    summary: route.summary,
    ...(route.tags ? { tags: route.tags } : {}),
    ...(route.params ? { params: route.params } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    ...(route.body ? { body: route.body } : {}),
    ...(route.bodyDocumentation
      ? {
          consumes: [route.bodyDocumentation.contentType],
          body: route.bodyDocumentation.schema,
        }
      : {}),
    response,
  };
}

async function readInput<A extends Access, Params, Query, Body>(
  route: RouteBase<A> & RouteSchemas<Params, Query, Body>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<RouteContext<A, Params, Query, Body>> {
  const viewer = await checkAccess(request, route.access);
  const context: InputContext = { request, reply };
  await route.before?.(context);
  const errors = route.inputErrors;
  const params = route.params
    ? parseInput(route.params, request.params, 'params', context, errors)
    : undefined;
  const bodySchema = route.bodyFor?.(request) ?? route.body;
  const body = bodySchema
    ? parseInput(bodySchema, request.body, 'body', context, errors)
    : undefined;
  const query = route.query
    ? parseInput(route.query, request.query, 'querystring', context, errors)
    : undefined;
  return {
    request,
    reply,
    viewer,
    params: params as Params,
    query: query as Query,
    body: body as Body,
  };
}

function baseOptions(route: RouteBase<Access>): Partial<RouteOptions> {
  return {
    validatorCompiler: noValidation,
    ...(route.bodyLimit === undefined ? {} : { bodyLimit: route.bodyLimit }),
    config: {
      access: route.access,
      ...(route.rateLimit === undefined ? {} : { rateLimit: route.rateLimit }),
      ...(route.visitorCache === undefined ? {} : { visitorCache: route.visitorCache }),
    },
    ...(route.visitorCache === undefined
      ? {}
      : { onRequest: answerHitOnArrival, preHandler: answerFromPageCache }),
    ...(route.errorHandler === undefined ? {} : { errorHandler: route.errorHandler }),
  };
}

/** Registers a JSON-envelope route (see the file comment). */
export function registerRoute<
  A extends Access,
  Params = undefined,
  Query = undefined,
  Body = undefined,
  Data = unknown,
>(app: FastifyInstance, route: EnvelopeRoute<A, Params, Query, Body, Data>): void {
  const status = route.status ?? 200;
  app.route({
    ...baseOptions(route),
    method: route.method,
    url: route.url,
    schema: fastifySchema(route, {
      [status]: successEnvelopeSchema(route.response),
      ...errorResponses(),
    }),
    handler: async (request, reply) => {
      const context = await readInput(route, request, reply);
      const answer = await route.handler(context);
      return reply.status(status).send(success(answer.data, answer.bookmark));
    },
  });
}

/** Registers a route that sends its own answer (see RawRoute). */
export function registerRawRoute<
  A extends Access,
  Params = undefined,
  Query = undefined,
  Body = undefined,
>(app: FastifyInstance, route: RawRoute<A, Params, Query, Body>): void {
  const content = Object.fromEntries(
    Object.entries(route.produces).map(([type, schema]) => [type, { schema }]),
  );
  app.route({
    ...baseOptions(route),
    method: route.method,
    url: route.url,
    schema: fastifySchema(route, {
      [route.status ?? 200]: { description: route.summary, content },
      ...errorResponses(),
    }),
    handler: async (request, reply) => route.handler(await readInput(route, request, reply)),
  });
}
