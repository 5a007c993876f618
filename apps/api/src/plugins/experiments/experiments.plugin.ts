// Experiments per request (docs/decisions/005, 006, 120): the group is bucketed by the signed-in
// user's id, else by a `visitor_id` cookie set on the first page or API answer. Definitions and
// per-person overrides come from the experiments admin through an ExperimentSource (cached by
// its owner, modules/experiments); forced groups from the EXPERIMENTS setting and, outside
// production, `?exp=name:group` beat them. Reading a group with `group()`/`isEnabled()` is an
// exposure (the product decides something with it): exposures are written before the answer
// leaves. `all()` (GET /v3/experiments/, the page's copy) is not an exposure.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VISITOR_ID_COOKIE } from '@corkboard/shared/auth/api';
import {
  CONTROL_GROUP,
  EXPERIMENTS,
  parseExperimentQuery,
  resolveGroupWithSource,
  type ExperimentName,
  type ExperimentOverrides,
  type ExperimentRegistry,
  type GroupSource,
} from '@corkboard/shared/experiments/experiments';

/** 16 random bytes, base64url: 22 characters. */
const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** A year, like the CSRF cookie: long enough to keep someone in one arm of an experiment. */
export const VISITOR_ID_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Immutable files and probes get no cookie (a Set-Cookie would stop shared caches). */
const NO_VISITOR_PREFIXES = ['/assets/', '/media/', '/healthz'];

/** What the experiments admin holds, as of the owner's cache. */
export interface ExperimentsSnapshot {
  readonly registry: ExperimentRegistry;
  /** user id → experiment → forced group. */
  readonly overridesByUser: ReadonlyMap<string, ExperimentOverrides>;
}

export interface Exposure {
  readonly experiment: string;
  readonly group: string;
  readonly source: GroupSource;
  /** `u:<user id>` or `v:<visitor id>`. */
  readonly subject: string;
  readonly userId: string | null;
}

/** Implemented by modules/experiments (experiments.service.ts); wired in app.ts. */
export interface ExperimentSource {
  snapshot(): Promise<ExperimentsSnapshot>;
  /**
   * The snapshot `snapshot()` would answer, when it is held and fresh; undefined when it must be
   * loaded (then ask `snapshot()`). Lets a request go on without a promise (docs/decisions/196).
   */
  snapshotNow?(): ExperimentsSnapshot | undefined;
  recordExposures(exposures: readonly Exposure[]): Promise<void>;
  /** Drops the cached copy (an operator changed something): the next request reads afresh. */
  invalidate(): void;
}

export interface RequestExperiments {
  /** The id bucketing used: the user's id when signed in, else the visitor id. */
  readonly subjectId: string;
  /** The group, recorded as an exposure. */
  group(name: ExperimentName): string;
  /** group(name) !== 'control', recorded as an exposure. */
  isEnabled(name: ExperimentName): boolean;
  /** Every experiment's group, not recorded (the page records what it uses). */
  all(): Record<ExperimentName, string>;
  /** Exposures read so far and not yet written. */
  pendingExposures(): readonly Exposure[];
}

/**
 * What the onRequest hook leaves on a request: the definitions it saw, and the request's
 * experiments once something reads them (built on first read: most answers read none).
 */
interface ExperimentsState {
  readonly snapshot: ExperimentsSnapshot;
  experiments: RequestExperiments | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    visitorId: string;
    experiments: RequestExperiments;
    /** Internal to this plugin; read `experiments`. */
    experimentsState: ExperimentsState | null;
  }
}

export interface ExperimentsOptions {
  config: ExperimentOverrides;
  isProduction: boolean;
  secureCookie: boolean;
  source: ExperimentSource;
}

function querySearch(request: FastifyRequest): string {
  const index = request.url.indexOf('?');
  return index < 0 ? '' : request.url.slice(index);
}

function experimentsFor(
  request: FastifyRequest,
  options: ExperimentsOptions,
  snapshot: ExperimentsSnapshot,
): RequestExperiments {
  const userId = request.viewer?.id ?? null;
  const subjectId = userId ?? request.visitorId;
  const subject = userId === null ? `v:${request.visitorId}` : `u:${userId}`;
  let query: ExperimentOverrides | undefined;
  const layers = () => ({
    query: (query ??= parseExperimentQuery(querySearch(request), options.isProduction)),
    config: options.config,
    person: userId === null ? undefined : snapshot.overridesByUser.get(userId),
  });
  const resolve = (name: ExperimentName) =>
    resolveGroupWithSource(name, subjectId, layers(), snapshot.registry);
  const pending = new Map<string, Exposure>();
  const group = (name: ExperimentName): string => {
    const resolved = resolve(name);
    pending.set(name, { experiment: name, ...resolved, subject, userId });
    return resolved.group;
  };
  return {
    subjectId,
    group,
    isEnabled: (name) => group(name) !== CONTROL_GROUP,
    all: () => {
      const groups = {} as Record<ExperimentName, string>;
      for (const name of Object.keys(EXPERIMENTS) as ExperimentName[]) {
        groups[name] = resolve(name).group;
      }
      return groups;
    },
    pendingExposures: () => [...pending.values()],
  };
}

/** Whether anything read this request's experiments (only then can there be exposures). */
export function experimentsRead(request: FastifyRequest): boolean {
  return request.experimentsState?.experiments !== undefined;
}

/** Register after the viewer plugin: bucketing needs `request.viewer`. */
export function registerExperiments(app: FastifyInstance, options: ExperimentsOptions): void {
  // A plain field set by the hook (not a WeakMap: an ephemeron per request was the costliest
  // line of this hook, in CPU and in garbage collection; docs/decisions/202), and a getter that
  // builds the request's experiments when first read.
  app.decorateRequest('visitorId', '');
  app.decorateRequest('experimentsState', null);
  app.decorateRequest('experiments', {
    getter(this: FastifyRequest): RequestExperiments {
      const state = this.experimentsState;
      if (state === null) {
        throw new Error('request.experiments is read before the onRequest hook set it');
      }
      state.experiments ??= experimentsFor(this, options, state.snapshot);
      return state.experiments;
    },
  });
  // Loaded before the first request, so no visitor waits for it (and it reloads only on expiry).
  app.addHook('onReady', async () => {
    await options.source.snapshot();
  });
  // A callback hook: with the definitions held (almost always), the request goes on in the same
  // tick, without a promise (docs/decisions/196).
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
    const held = options.source.snapshotNow?.();
    if (held !== undefined) {
      request.experimentsState = { snapshot: held, experiments: undefined };
      done();
      return;
    }
    options.source.snapshot().then(
      (snapshot) => {
        request.experimentsState = { snapshot, experiments: undefined };
        done();
      },
      (error: unknown) => done(error as Error),
    );
  });
  // Before the answer leaves, so a client that saw the decision finds the exposure logged. A
  // failed write is logged and never turns the answer into an error.
  // A callback hook, so an answer that read no experiment (most) leaves without a promise
  // (docs/decisions/196).
  app.addHook('onSend', (request, _reply, payload, done) => {
    const exposures = request.experimentsState?.experiments?.pendingExposures() ?? [];
    if (exposures.length === 0) {
      done(null, payload);
      return;
    }
    options.source
      .recordExposures(exposures)
      .catch((error: unknown) => {
        request.log.error({ err: error }, 'experiment exposures not recorded');
      })
      .finally(() => done(null, payload));
  });
}
