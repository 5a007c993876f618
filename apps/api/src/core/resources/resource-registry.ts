// The resource registry behind `/resource/<Name>/<verb>/` (ARCHITECTURE.md "API shape"). Each
// feature registers its resources by name from its own routes file, so adding a resource never
// touches the router.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';

export const RESOURCE_VERBS = ['get', 'create', 'update', 'delete'] as const;
export type ResourceVerb = (typeof RESOURCE_VERBS)[number];

/** Resource names look like `UserHomefeedResource`. */
const RESOURCE_NAME = /^[A-Z][A-Za-z0-9]*Resource$/;

export interface ResourceContext {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The caller's `options` object, not yet validated: each handler parses it with its schema. */
  options: unknown;
}

export interface ResourceResult {
  data: unknown;
  /** Next-page cursor for list resources. */
  bookmark?: string | undefined;
}

export type ResourceHandler = (context: ResourceContext) => Promise<ResourceResult>;
export type ResourceDefinition = Partial<Record<ResourceVerb, ResourceHandler>>;

declare module 'fastify' {
  interface FastifyInstance {
    resources: ResourceRegistry;
  }
}

export function isResourceVerb(value: string): value is ResourceVerb {
  return (RESOURCE_VERBS as readonly string[]).includes(value);
}

export class ResourceRegistry {
  readonly #definitions = new Map<string, ResourceDefinition>();

  register(name: string, definition: ResourceDefinition): void {
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

/** Validates a resource's options; problems are VALIDATION_FAILED with `options.<field>` paths. */
export function parseOptions<Schema extends z.ZodType>(
  schema: Schema,
  options: unknown,
): z.output<Schema> {
  const result = schema.safeParse(options ?? {});
  if (result.success) return result.data;
  throw new AppError('VALIDATION_FAILED', {
    data: {
      location: 'options',
      fields: result.error.issues.map((issue) => ({
        path: ['options', ...issue.path.map(String)].join('.'),
        code: issue.code,
        message: issue.message,
      })),
    },
  });
}
