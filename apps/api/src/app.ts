// Builds the Fastify app (no listen). The order: framework settings and the OpenAPI collector;
// app-wide plugins (errors, request ids, security headers, rate limit, cookies, CSRF, the auth
// engine, the viewer, experiments); the one AppDeps object (docs/decisions/014); every module's
// routes with `{ deps }`; the generic resource route; the SPA fallback with the modules' page
// meta. Plugins never import modules: app.ts is where they meet.
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import type { MediaStorage } from '@corkboard/media/storage';
import { isHttpsPublicUrl, type AppConfig } from './config/config.ts';
import { queueConnectionOf } from '@corkboard/db/create-db';
import { registerAdminCheck } from './core/access.ts';
import type { AppDeps, ModuleRoutes } from './core/app-deps.ts';
import { registerBodyGate } from './core/http/body-gate.ts';
import { registerOpenApi, registerOpenApiRoute } from './core/http/openapi.ts';
import { createSerializerCompiler } from './core/http/serializer.ts';
import { JobQueue } from './core/jobs/job-queue.ts';
import { ResourceRegistry } from './core/resources/resource-registry.ts';
import { registerResourceFallback } from './core/resources/resource-routes.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createSafeFetcher } from './lib/safe-fetch.ts';
import { ImageWorkPool } from './lib/image-work-pool.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { accountSettingsRoutes } from './modules/auth/settings.routes.ts';
import { passkeyLoginRoutes } from './modules/auth/passkey-login.routes.ts';
import { mfaLoginRoutes } from './modules/auth/mfa-login.routes.ts';
import { accountSwitchingRoutes } from './modules/auth/account-switching.routes.ts';
import { boardRoutes } from './modules/boards/boards.routes.ts';
import { businessRoutes } from './modules/business/business.routes.ts';
import { adsRoutes } from './modules/ads/ads.routes.ts';
import { adStepsRoutes } from './modules/ads/ad-steps.routes.ts';
import { adReportingRoutes } from './modules/ad-reporting/reporting.routes.ts';
import { adsEditorRoutes } from './modules/ads/ads-editor.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { boardPageMeta } from './modules/boards/boards.service.ts';
import { homePageMeta } from './modules/feeds/feeds.service.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { accountSecurityRoutes } from './modules/account-security/account-security.routes.ts';
import { passkeySettingsRoutes } from './modules/account-security/passkeys.routes.ts';
import { organiseRoutes } from './modules/organise/organise.routes.ts';
import { clientLogRoutes } from './modules/client-log/client-log.routes.ts';
import { collaboratorRoutes } from './modules/collaborators/collaborators.routes.ts';
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes.ts';
import { experimentRoutes } from './modules/experiments/experiments.routes.ts';
import { createExperimentStore } from './modules/experiments/experiments.service.ts';
import { feedRoutes } from './modules/feeds/feeds.routes.ts';
import { followRoutes } from './modules/follows/follows.routes.ts';
import { hashtagRoutes } from './modules/hashtags/hashtags.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { pinRoutes } from './modules/pins/pins.routes.ts';
import { pinPageMeta } from './modules/pins/pins.service.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { socialCredentialKinds } from './modules/social/credential-kinds.ts';
import { socialRoutes } from './modules/social/social.routes.ts';
import { sectionRoutes } from './modules/sections/sections.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { profilePageMeta } from './modules/users/users.service.ts';
import { registerCsrf } from './plugins/app/csrf.ts';
import {
  JSON_BODY_LIMIT_BYTES,
  registerErrorHandler,
  registerNotFoundHandler,
} from './plugins/app/errors.ts';
import { lazyChildLoggerFactory, loggerOptions, type LogStream } from './plugins/app/logging.ts';
import { registerPrivateCaching } from './plugins/app/private-caching.ts';
import { registerPublicCaching } from './plugins/app/public-caching.ts';
import { registerVisitorCompression } from './plugins/app/visitor-compression.ts';
import { registerWriteInvalidation } from './plugins/app/write-invalidation.ts';
import { createPageCache } from './lib/page-cache.ts';
import { registerRateLimit } from './plugins/app/rate-limit.ts';
import { connectSharedState, type InvalidationBus } from './lib/shared-state.ts';
import { OneLinePerRequestLog } from './plugins/app/request-log.ts';
import { generateRequestId, registerRequestIdEcho } from './plugins/app/request-id.ts';
import {
  registerSecurityHeaders,
  securityHeaderValues,
  type SecurityHeaderOptions,
} from './plugins/app/security-headers.ts';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  REQUEST_TIMEOUT_MS,
  ROUTER_MAX_PARAM_LENGTH,
} from './plugins/app/framework-errors.ts';
import { registerSpa } from './plugins/app/spa.ts';
import { registerViewer, type ViewerResolver } from './plugins/app/viewer.ts';
import { registerAuthHandler } from './plugins/auth/auth-handler.ts';
import { createAuth } from './plugins/auth/auth.plugin.ts';
import {
  registerExperiments,
  type ExperimentSource,
} from './plugins/experiments/experiments.plugin.ts';
import { offsiteRoutes } from './modules/offsite/offsite.routes.ts';
import { experienceRoutes } from './modules/experiences/experiences.routes.ts';
import { topicRoutes } from './modules/topics/topics.routes.ts';
import { jobRoutes } from './modules/jobs/jobs.routes.ts';
import { claimRoutes } from './modules/claims/claims.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bound on image decoding (decision 092); tests and health checks read its load. */
    imageWork: ImageWorkPool;
    /** The durable job queue (decision 139); tests send jobs and read dead letters through it. */
    jobs: JobQueue;
    /** Every route as registered (method, URL): the list the OpenAPI document is checked against. */
    routeTable: readonly RouteTableEntry[];
  }
}

export interface RouteTableEntry {
  method: string;
  url: string;
}

/** Every module's routes plugin, each registered with the same `{ deps }`. */
export const MODULE_ROUTES: readonly ModuleRoutes[] = [
  healthRoutes,
  mediaRoutes,
  feedRoutes,
  pinRoutes,
  boardRoutes,
  sectionRoutes,
  userRoutes,
  searchRoutes,
  authRoutes,
  experimentRoutes,
  devMailboxRoutes,
  collaboratorRoutes,
  followRoutes,
  clientLogRoutes,
  adminRoutes,
  hashtagRoutes,
  offsiteRoutes,
  experienceRoutes,
  businessRoutes,
  accountSecurityRoutes,
  organiseRoutes,
  socialRoutes,
  adsRoutes,
  adStepsRoutes,
  adReportingRoutes,
  adsEditorRoutes,
  billingRoutes,
  topicRoutes,
  jobRoutes,
  claimRoutes,
  accountSettingsRoutes,
  passkeySettingsRoutes,
  passkeyLoginRoutes,
  accountSwitchingRoutes,
  mfaLoginRoutes,
];

export interface BuildAppOptions {
  db: Kysely<Database>;
  /** A read replica for feed and search reads (ADR 107); `db` when not given. */
  readDb?: Kysely<Database>;
  storage: MediaStorage;
  config: AppConfig;
  /** Who is asking; defaults to the Better Auth session cookie. Tests may act as anyone. */
  resolveViewer?: ViewerResolver;
  /** index.html to serve instead of `<webDist>/index.html` (tests). */
  indexHtml?: string;
  /** "Now" for time-based rules (lockouts, token expiry); tests move it. */
  now?: Clock;
  /** The fetch outbound verifications use (reCAPTCHA); tests point it at a loopback peer. */
  fetch?: typeof fetch;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogStream;
  /** How often idle job workers poll (tests shorten it; decision 139). */
  jobPollingIntervalSeconds?: number;
}

function originOf(url: string | undefined): string | undefined {
  return url === undefined ? undefined : new URL(url).origin;
}

/**
 * An operator's change on one process drops the cached copy on every process (ADR 105), not only
 * after EXPERIMENTS_CACHE_TTL_MS.
 */
function sharedInvalidation(
  bus: InvalidationBus,
  topic: string,
  store: ExperimentSource,
): ExperimentSource {
  bus.subscribe(topic, () => store.invalidate());
  return {
    snapshot: () => store.snapshot(),
    snapshotNow: () => store.snapshotNow?.(),
    recordExposures: (exposures) => store.recordExposures(exposures),
    invalidate: () => bus.publish(topic),
  };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const now = options.now ?? systemClock;
  const securityOptions: SecurityHeaderOptions = {
    https: isHttpsPublicUrl(config),
    mediaOrigin: originOf(config.s3?.publicUrl),
    recaptcha: config.captcha.provider === 'recaptcha',
    googleSignIn: config.providers.google?.gsiClientUrl,
    facebookLogin: config.providers.facebook,
    cardEntryApiUrl: config.providers.stripe?.publishableKey
      ? config.providers.stripe.apiUrl
      : undefined,
  };
  // For answers written before any hook runs (framework-errors.ts).
  const fixedSecurityHeaders = securityHeaderValues(securityOptions);
  const app: FastifyInstance = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    logController: new OneLinePerRequestLog(now),
    // The request's child logger is made when it first writes a line (docs/decisions/202).
    childLoggerFactory: lazyChildLoggerFactory,
    genReqId: generateRequestId,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    requestTimeout: REQUEST_TIMEOUT_MS,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: ROUTER_MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrorHandler(fixedSecurityHeaders),
    clientErrorHandler: clientErrorHandler(fixedSecurityHeaders, randomUUID, () => app.log),
  });
  // Routes parse their own input (core/http); this only covers a route declared without them.
  const routeTable: RouteTableEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ check: config.nodeEnv !== 'production' }));
  // JSON only: a text/plain body would reach handlers as a string; uploads add multipart later.
  app.removeContentTypeParser('text/plain');
  await registerOpenApi(app, { publicUrl: config.publicUrl });
  app.decorate('resources', new ResourceRegistry());

  registerErrorHandler(app);
  registerRequestIdEcho(app);
  registerSecurityHeaders(app, securityOptions);
  const shared = await connectSharedState(config.redisUrl, app.log);
  app.addHook('onClose', () => shared.close());
  await registerRateLimit(app, config.rateLimitMax, shared.redis);
  registerBodyGate(app);
  registerPrivateCaching(app);
  await app.register(cookie);
  // After the cookie plugin, whose onSend writes Set-Cookie: a visitor answer that sets a cookie
  // is not marked shareable (public-caching.ts).
  const pageCache = createPageCache(shared.redis, shared.bus);
  registerPublicCaching(app, pageCache);
  // After public caching: its ETag names the page whose compressed bytes are kept (ADR 204).
  registerVisitorCompression(app);
  registerWriteInvalidation(app, pageCache, shared.bus);
  registerCsrf(app, { secureCookie: isHttpsPublicUrl(config) });
  const auth = createAuth(app, {
    config,
    db: options.db,
    now,
    fetch: options.fetch,
    bus: shared.bus,
  });
  registerViewer(app, options.resolveViewer ?? auth.resolveViewer);
  const experimentStore = sharedInvalidation(
    shared.bus,
    'experiments',
    createExperimentStore({ db: options.db, log: app.log, now }),
  );
  registerExperiments(app, {
    source: experimentStore,
    config: config.experiments,
    isProduction: config.nodeEnv === 'production',
    secureCookie: isHttpsPublicUrl(config),
  });

  const deps: AppDeps = {
    db: options.db,
    readDb: options.readDb ?? options.db,
    pages: pageCache,
    bus: shared.bus,
    storage: options.storage,
    now,
    fetcher: createSafeFetcher({ allowHosts: config.fetchAllowHosts }),
    mailer: auth.mailer,
    publicUrl: config.publicUrl,
    log: app.log,
    config,
    authEngine: auth.engine,
    captcha: auth.captcha,
    imageWork: new ImageWorkPool({
      concurrency: config.imageWorkConcurrency,
      maxQueued: config.imageWorkQueueMax,
    }),
    credentialKinds: socialCredentialKinds,
    experiments: experimentStore,
    jobs: new JobQueue({
      connection: queueConnectionOf(options.db),
      log: app.log,
      work: config.processRole !== 'api',
      ...(options.jobPollingIntervalSeconds === undefined
        ? {}
        : { pollingIntervalSeconds: options.jobPollingIntervalSeconds }),
    }),
  };
  app.decorate('imageWork', deps.imageWork);
  app.decorate('jobs', deps.jobs);
  registerAdminCheck(app, deps.db);

  for (const routes of MODULE_ROUTES) await app.register(routes, { deps });
  // Modules have defined their jobs by now; a process that works them starts the queue at once
  // (one that only sends starts it on its first job). Decision 139.
  app.addHook('onReady', async () => {
    if (deps.jobs.works) await deps.jobs.start();
  });
  app.addHook('onClose', async () => deps.jobs.stop());
  registerAuthHandler(app, auth.engine, config.publicUrl);
  registerResourceFallback(app);
  registerOpenApiRoute(app);

  const renderSpa = await registerSpa(app, {
    webDist: config.webDist,
    indexHtml: options.indexHtml,
    publicUrl: config.publicUrl,
    // Asked in this order: /pin/<id>/ also looks like /<username>/<slug>/.
    pageMeta: [homePageMeta(deps), pinPageMeta(deps), boardPageMeta(deps), profilePageMeta(deps)],
  });
  registerNotFoundHandler(app, renderSpa);
  return app;
}
