// Builds the Fastify app (no listen): external resources first, then app-wide plugins (errors,
// security, CSRF, rate limit, auth engine, viewer, experiments), then feature routes, then the
// SPA fallback.
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import type { MediaStorage } from '@corkboard/media/storage';
import { isHttpsPublicUrl, type AppConfig } from './config.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { registerCsrf } from './plugins/app/csrf.ts';
import {
  JSON_BODY_LIMIT_BYTES,
  registerErrorHandler,
  registerNotFoundHandler,
} from './plugins/app/errors.ts';
import { registerRateLimit } from './plugins/app/rate-limit.ts';
import { generateRequestId, registerRequestIdEcho } from './plugins/app/request-id.ts';
import { registerSecurityHeaders } from './plugins/app/security-headers.ts';
import { registerSpa } from './plugins/app/spa.ts';
import { registerViewer, type ViewerResolver } from './plugins/app/viewer.ts';
import { createAuth, registerAuthRoutes } from './plugins/auth/auth.plugin.ts';
import { registerExperiments } from './plugins/experiments/experiments.plugin.ts';
import { registerDb } from './plugins/external/db.ts';
import { registerStorage } from './plugins/external/storage.ts';
import { createSafeFetcher } from './lib/safe-fetch.ts';
import { boardPickerRoutes } from './modules/boards/board-picker.routes.ts';
import { boardRoutes } from './modules/boards/boards.routes.ts';
import { boardsWriteRoutes } from './modules/boards/board-resource.routes.ts';
import { clientLogRoutes } from './modules/client-log/client-log.routes.ts';
import { collaboratorRoutes } from './modules/collaborators/collaborators.routes.ts';
import { depsOf } from './core/service-deps.ts';
import { feedRoutes } from './modules/feeds/feeds.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { imageIntakeRoutes } from './modules/media/image-intake.routes.ts';
import { createIntakeQueue } from './modules/media/image-register.service.ts';
import type { IntakeQueue } from './modules/media/intake-queue.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { boardTitleSuggestionRoutes } from './modules/boards/board-title-suggestions.routes.ts';
import { pinRoutes } from './modules/pins/pins.routes.ts';
import { relatedBoardRoutes } from './modules/boards/related-boards.routes.ts';
import { ResourceRegistry } from './core/resources/resource-registry.ts';
import { resourceRoutes } from './core/resources/resource-routes.ts';
import type { SavingDeps } from './core/app-deps.ts';
import { savingRoutes } from './modules/pins/pin-create.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { sectionRoutes } from './modules/sections/sections.routes.ts';
import { sectionsWriteRoutes } from './modules/sections/section-resource.routes.ts';
import { shareSuggestionRoutes } from './modules/collaborators/share-suggestions.routes.ts';
import { userSettingsRoutes } from './modules/users/user-settings.routes.ts';
import { userFollowRoutes } from './modules/follows/follows.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The PUT /v3/pins/image/ work queue; tests await `imageIntake.idle()`. */
    imageIntake: IntakeQueue;
  }
}

export interface BuildAppOptions {
  db: Kysely<Database>;
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
}

function originOf(url: string | undefined): string | undefined {
  return url === undefined ? undefined : new URL(url).origin;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    genReqId: generateRequestId,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: a text/plain body would reach handlers as a string; uploads add multipart later.
  app.removeContentTypeParser('text/plain');

  registerDb(app, options.db);
  registerStorage(app, options.storage);
  app.decorate('resources', new ResourceRegistry());

  registerErrorHandler(app);
  registerRequestIdEcho(app);
  await registerSecurityHeaders(app, {
    https: isHttpsPublicUrl(config),
    mediaOrigin: originOf(config.s3?.publicUrl),
    recaptcha: config.captcha.provider === 'recaptcha',
  });
  await registerRateLimit(app, config.rateLimitMax);
  await app.register(cookie);
  registerCsrf(app, { secureCookie: isHttpsPublicUrl(config) });
  const auth = createAuth(app, {
    config,
    db: options.db,
    storage: options.storage,
    now: options.now ?? systemClock,
    fetch: options.fetch,
  });
  registerViewer(app, options.resolveViewer ?? auth.resolveViewer);
  registerExperiments(app, {
    config: config.experiments,
    isProduction: config.nodeEnv === 'production',
    secureCookie: isHttpsPublicUrl(config),
  });

  await app.register(healthRoutes);
  await app.register(mediaRoutes);
  await app.register(feedRoutes);
  await app.register(pinRoutes);
  await app.register(boardRoutes);
  await app.register(sectionRoutes);
  await app.register(userRoutes);
  await app.register(searchRoutes);
  await app.register(resourceRoutes);
  await registerAuthRoutes(app, auth, config);

  // Saving (issue 4, docs/decisions/008).
  const savingDeps: SavingDeps = {
    ...depsOf(app),
    now: options.now ?? systemClock,
    fetcher: createSafeFetcher({ allowHosts: config.fetchAllowHosts }),
    mailer: auth.deps.mailer,
    publicUrl: config.publicUrl,
    log: app.log,
  };
  const intakeQueue = createIntakeQueue(app.log);
  app.decorate('imageIntake', intakeQueue);
  await app.register(savingRoutes, { deps: savingDeps });
  await app.register(imageIntakeRoutes, { deps: savingDeps, queue: intakeQueue });
  await app.register(boardPickerRoutes);
  await app.register(boardsWriteRoutes, { deps: savingDeps });
  await app.register(sectionsWriteRoutes, { deps: savingDeps });
  await app.register(collaboratorRoutes, { deps: savingDeps });
  await app.register(userFollowRoutes, { deps: savingDeps });
  await app.register(shareSuggestionRoutes);
  await app.register(relatedBoardRoutes);
  await app.register(boardTitleSuggestionRoutes);
  await app.register(userSettingsRoutes);
  await app.register(clientLogRoutes, { deps: savingDeps });

  const renderSpa = await registerSpa(app, {
    webDist: config.webDist,
    indexHtml: options.indexHtml,
    publicUrl: config.publicUrl,
    deps: depsOf(app),
  });
  registerNotFoundHandler(app, renderSpa);
  return app;
}
