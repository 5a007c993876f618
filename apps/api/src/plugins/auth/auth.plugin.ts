// Sets authentication up before the app-wide viewer hook: secrets, the Better Auth engine,
// captcha, mailer and the session viewer resolver. The /v3 auth endpoints, the captcha
// endpoints and the purge of expired auth data are the auth module's (modules/auth); Better
// Auth's own allowed endpoints under /api/auth/* are auth-handler.ts.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { isHttpsPublicUrl, type AppConfig } from '../../config/config.ts';
import type { Clock } from '../../lib/clock.ts';
import { SessionCache } from '../../lib/session-cache.ts';
import type { InvalidationBus } from '../../lib/shared-state.ts';
import type { ViewerResolver } from '../app/viewer.ts';
import { createCaptcha, type CaptchaSetup } from '../captcha/captcha.plugin.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { createAuthEngine, type AuthEngine } from './auth-engine.ts';
import { resolveSecret } from './secrets.ts';
import { sessionViewerResolver } from './session-viewer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    authEngine: AuthEngine;
  }
}

/** Logged at error level at start in production without a mail server (and shown in the admin). */
export const SMTP_MISSING_MESSAGE =
  'SMTP_URL is not set: no mail is delivered. Password-reset and invitation mail is stored in the database only; set SMTP_URL (smtp:// or smtps://) and MAIL_FROM.';

export interface AuthSetup {
  engine: AuthEngine;
  captcha: CaptchaSetup;
  mailer: Mailer;
  resolveViewer: ViewerResolver;
}

export interface CreateAuthOptions {
  config: AppConfig;
  db: Kysely<Database>;
  now: Clock;
  /** For the reCAPTCHA verifier; tests pass one that reaches their loopback peer. */
  fetch?: typeof fetch | undefined;
  /** Where "a session may have ended" is heard (ADR 145); the session cache empties on it. */
  bus: InvalidationBus;
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
    // Loud on purpose: in production nobody can reset a password or accept an e-mailed
    // invitation until this is fixed. The forgot-password answer stays the same regardless, so
    // the missing mail server does not tell anyone which accounts exist.
    app.log.error({ missing: 'SMTP_URL' }, SMTP_MISSING_MESSAGE);
  }

  app.decorate('authEngine', engine);
  app.decorateRequest('authSessionToken', null);

  app.addHook('onClose', (_instance, done) => {
    mailer.close();
    done();
  });

  return {
    engine,
    captcha,
    mailer,
    resolveViewer: sessionViewerResolver(
      engine,
      app.log,
      new SessionCache(options.bus, options.now),
    ),
  };
}
