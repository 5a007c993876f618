// Experiments per request (docs/decisions/005, 006): the group is bucketed by the signed-in
// user's id, else by a `visitor_id` cookie set on the first page or API answer. Overrides come
// from the EXPERIMENTS setting and, outside production, from `?exp=name:group`.
// GET /v3/experiments/ (modules/experiments) tells the page its groups, since only the server
// knows the overrides.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VISITOR_ID_COOKIE } from '@corkboard/shared/auth/api';
import {
  buildOverrides,
  EXPERIMENTS,
  resolveGroup,
  type ExperimentName,
  type ExperimentOverrides,
} from '@corkboard/shared/experiments/experiments';

/** 16 random bytes, base64url: 22 characters. */
const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** A year, like the CSRF cookie: long enough to keep someone in one arm of an experiment. */
export const VISITOR_ID_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Immutable files and probes get no cookie (a Set-Cookie would stop shared caches). */
const NO_VISITOR_PREFIXES = ['/assets/', '/media/', '/healthz'];

export interface RequestExperiments {
  /** The id bucketing used: the user's id when signed in, else the visitor id. */
  readonly subjectId: string;
  group(name: ExperimentName): string;
  isEnabled(name: ExperimentName): boolean;
  all(): Record<ExperimentName, string>;
}

declare module 'fastify' {
  interface FastifyRequest {
    visitorId: string;
    experiments: RequestExperiments;
  }
}

export interface ExperimentsOptions {
  config: ExperimentOverrides;
  isProduction: boolean;
  secureCookie: boolean;
}

function querySearch(request: FastifyRequest): string {
  const index = request.url.indexOf('?');
  return index < 0 ? '' : request.url.slice(index);
}

function experimentsFor(request: FastifyRequest, options: ExperimentsOptions): RequestExperiments {
  const subjectId = request.viewer?.id ?? request.visitorId;
  let overrides: ExperimentOverrides | undefined;
  const currentOverrides = (): ExperimentOverrides =>
    (overrides ??= buildOverrides({
      config: options.config,
      search: querySearch(request),
      isProduction: options.isProduction,
    }));
  const group = (name: ExperimentName): string => resolveGroup(name, subjectId, currentOverrides());
  return {
    subjectId,
    group,
    isEnabled: (name) => group(name) !== 'control',
    all: () => {
      const groups = {} as Record<ExperimentName, string>;
      for (const name of Object.keys(EXPERIMENTS) as ExperimentName[]) groups[name] = group(name);
      return groups;
    },
  };
}

/** Register after the viewer plugin: bucketing needs `request.viewer`. */
export function registerExperiments(app: FastifyInstance, options: ExperimentsOptions): void {
  // A getter over a WeakMap: Fastify 5 refuses shared object values on decorators.
  const perRequest = new WeakMap<FastifyRequest, RequestExperiments>();
  app.decorateRequest('visitorId', '');
  app.decorateRequest('experiments', {
    getter(this: FastifyRequest): RequestExperiments {
      const value = perRequest.get(this);
      if (!value) throw new Error('request.experiments is read before the onRequest hook set it');
      return value;
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.cookies[VISITOR_ID_COOKIE];
    if (raw !== undefined && VISITOR_ID_PATTERN.test(raw)) {
      request.visitorId = raw;
    } else {
      request.visitorId = randomBytes(16).toString('base64url');
      if (!NO_VISITOR_PREFIXES.some((prefix) => request.url.startsWith(prefix))) {
        // Readable by script: the page buckets client-only experiments with the same id.
        reply.setCookie(VISITOR_ID_COOKIE, request.visitorId, {
          path: '/',
          sameSite: 'lax',
          httpOnly: false,
          secure: options.secureCookie,
          maxAge: VISITOR_ID_MAX_AGE_SECONDS,
        });
      }
    }
    perRequest.set(request, experimentsFor(request, options));
    done();
  });
}
