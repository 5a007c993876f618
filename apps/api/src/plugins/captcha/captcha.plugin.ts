// Picks the captcha provider from the configuration, and serves what the page needs: which
// provider (and keys) to use, and ALTCHA challenges to solve.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '@corkboard/db/schema';
import { CAPTCHA_ACTIONS, CAPTCHA_LEVELS } from '@corkboard/shared/auth/api';
import { success } from '@corkboard/shared/envelope';
import type { CaptchaConfig } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { createAltchaCaptcha, type AltchaCaptcha } from './altcha.ts';
import { disabledCaptcha, type CaptchaVerifier } from './captcha.ts';
import { createRecaptchaEnterpriseVerifier } from './recaptcha-enterprise.ts';

export interface CaptchaSetup {
  verifier: CaptchaVerifier;
  /** Present when the provider is ALTCHA: it also issues challenges. */
  altcha: AltchaCaptcha | undefined;
}

export interface CaptchaOptions {
  config: CaptchaConfig;
  /** The ALTCHA HMAC key, already resolved (configured or generated). */
  altchaHmacKey: string;
  db: Kysely<Database>;
  now: Clock;
  log: FastifyBaseLogger;
  fetch?: typeof fetch | undefined;
}

export function createCaptcha(options: CaptchaOptions): CaptchaSetup {
  if (options.config.provider === 'altcha') {
    const altcha = createAltchaCaptcha({
      db: options.db,
      hmacKey: options.altchaHmacKey,
      now: options.now,
    });
    return { verifier: altcha, altcha };
  }
  if (options.config.provider === 'recaptcha' && options.config.recaptcha) {
    const verifier = createRecaptchaEnterpriseVerifier({
      config: options.config.recaptcha,
      log: options.log,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    return { verifier, altcha: undefined };
  }
  return { verifier: disabledCaptcha, altcha: undefined };
}

const challengeQuery = z.object({
  action: z.enum(CAPTCHA_ACTIONS),
  level: z.enum(CAPTCHA_LEVELS).default('standard'),
});

/** GET /v3/captcha/config/ always; GET /v3/captcha/challenge/ when the provider is ALTCHA. */
export function registerCaptchaRoutes(app: FastifyInstance, setup: CaptchaSetup): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/v3/captcha/config/', (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return success(setup.verifier.clientConfig());
  });

  const { altcha } = setup;
  if (altcha) {
    routes.get(
      '/v3/captcha/challenge/',
      { schema: { querystring: challengeQuery } },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return success(await altcha.createChallenge(request.query.action, request.query.level));
      },
    );
  }
}
