// What the page needs for the captcha (docs/decisions/006): which provider (and keys) to use,
// always; ALTCHA challenges to solve, when the provider is ALTCHA.
//   GET /v3/captcha/config/                        → data: CaptchaClientConfig
//   GET /v3/captcha/challenge/?action=…&level=…    → data: an ALTCHA challenge
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import { altchaChallengeSchema, captchaConfigSchema, challengeQuery } from './auth.schemas.ts';

export function registerCaptchaRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { verifier, altcha } = deps.captcha;
  registerRoute(app, {
    method: 'GET',
    url: '/v3/captcha/config/',
    summary: 'The captcha provider and keys the page uses',
    tags: ['auth'],
    access: 'anyone',
    response: captchaConfigSchema,
    handler: ({ reply }) => {
      reply.header('Cache-Control', 'no-store');
      return Promise.resolve({ data: verifier.clientConfig() });
    },
  });

  if (altcha) {
    registerRoute(app, {
      method: 'GET',
      url: '/v3/captcha/challenge/',
      summary: 'An ALTCHA challenge (`level=challenge` for the step-up)',
      tags: ['auth'],
      access: 'anyone',
      query: challengeQuery,
      response: altchaChallengeSchema,
      handler: async ({ reply, query }) => {
        reply.header('Cache-Control', 'no-store');
        const challenge = await altcha.createChallenge(query.action, query.level);
        return { data: { ...challenge } };
      },
    });
  }
}
