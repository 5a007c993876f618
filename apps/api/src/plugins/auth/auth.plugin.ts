// Wires authentication into the app in two steps, around the app-wide hooks:
//   createAuth (before the viewer hook): secrets, the Better Auth engine, captcha, mailer, the
//     session viewer resolver, and the hourly purge of expired auth data;
//   registerAuthRoutes (with the feature routes): /v3 auth endpoints, Better Auth's allowed
//     endpoints under /api/auth/*, captcha endpoints and the dev mailbox.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import type { MediaStorage } from '@corkboard/media/storage';
import { isHttpsPublicUrl, type AppConfig } from '../../config.ts';
import type { AuthDeps } from '../../modules/auth/auth-deps.ts';
import { authRoutes } from '../../modules/auth/auth.routes.ts';
import { purgeAuthData } from '../../modules/auth/account-status.service.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ViewerResolver } from '../app/viewer.ts';
import {
  createCaptcha,
  registerCaptchaRoutes,
  type CaptchaSetup,
} from '../captcha/captcha.plugin.ts';
import { registerDevMailboxRoutes } from '../../modules/dev-mailbox/dev-mailbox.routes.ts';
import { createMailer } from '../mail/mailer.ts';
import { createAuthEngine, type AuthEngine } from './auth-engine.ts';
import { registerAuthHandler } from './auth-handler.ts';
import { resolveSecret } from './secrets.ts';
import { sessionViewerResolver } from './session-viewer.ts';

/** Expired sessions, tokens, counters and gone accounts are swept this often. */
export const AUTH_PURGE_INTERVAL_MS = 60 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    authEngine: AuthEngine;
  }
}

export interface AuthSetup {
  engine: AuthEngine;
  deps: AuthDeps;
  captcha: CaptchaSetup;
  resolveViewer: ViewerResolver;
}

export interface CreateAuthOptions {
  config: AppConfig;
  db: Kysely<Database>;
  storage: MediaStorage;
  now: Clock;
  /** For the reCAPTCHA verifier; tests pass one that reaches their loopback peer. */
  fetch?: typeof fetch | undefined;
}

export function createAuth(app: FastifyInstance, options: CreateAuthOptions): AuthSetup {
  const { config } = options;
  const ephemeral = config.nodeEnv === 'test';
  const secret = resolveSecret({
    configured: config.authSecret,
    dataDir: config.dataDir,
    name: 'auth-secret',
    ephemeral,
  });
  if (secret.origin === 'generated') {
    app.log.warn(
      { dataDir: config.dataDir },
      'AUTH_SECRET is not set: generated one into DATA_DIR/secrets/. Set AUTH_SECRET when several servers share the database.',
    );
  }
  const altchaKey = resolveSecret({
    configured: config.captcha.altchaHmacKey,
    dataDir: config.dataDir,
    name: 'altcha-hmac-key',
    ephemeral,
  });

  const engine = createAuthEngine({
    db: options.db,
    publicUrl: config.publicUrl,
    secret: secret.value,
    secureCookies: isHttpsPublicUrl(config),
    now: options.now,
    log: app.log,
  });
  const captcha = createCaptcha({
    config: config.captcha,
    altchaHmacKey: altchaKey.value,
    db: options.db,
    now: options.now,
    log: app.log,
    fetch: options.fetch,
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    db: options.db,
    log: app.log,
  });
  if (mailer.transport === 'dev-mailbox' && config.nodeEnv === 'production') {
    app.log.warn(
      'SMTP_URL is not set: password-reset mail is only logged and stored, never delivered.',
    );
  }

  app.decorate('authEngine', engine);
  app.decorateRequest('authSessionToken', null);

  let timer: NodeJS.Timeout | undefined;
  const purge = (): void => {
    purgeAuthData(options.db, options.now())
      .then((summary) => app.log.debug({ purge: summary }, 'auth data purged'))
      .catch((error: unknown) => app.log.error({ err: error }, 'auth data purge failed'));
  };
  app.addHook('onReady', (done) => {
    purge();
    timer = setInterval(purge, AUTH_PURGE_INTERVAL_MS);
    timer.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    if (timer) clearInterval(timer);
    mailer.close();
    done();
  });

  return {
    engine,
    captcha,
    resolveViewer: sessionViewerResolver(engine, app.log),
    deps: {
      db: options.db,
      storage: options.storage,
      engine,
      captcha: captcha.verifier,
      mailer,
      now: options.now,
      publicUrl: config.publicUrl,
      log: app.log,
    },
  };
}

export async function registerAuthRoutes(
  app: FastifyInstance,
  setup: AuthSetup,
  config: AppConfig,
): Promise<void> {
  await app.register(authRoutes, { deps: setup.deps, secureCookie: isHttpsPublicUrl(config) });
  registerAuthHandler(app, setup.engine, config.publicUrl);
  registerCaptchaRoutes(app, setup.captcha);
  registerDevMailboxRoutes(app, {
    isProduction: config.nodeEnv === 'production',
    transport: setup.deps.mailer.transport,
  });
}
