// The loginMfa step without the first factor (docs/decisions/189):
//   POST /v3/login/mfa/   { mfa_token } | { mfa_resend: true }, next?   → data: AuthSuccess
// The browser's pending two-factor log-in (its HttpOnly cookie, set with AUTH_MFA_REQUIRED by
// POST /v3/login/ whatever the first factor was) names the person and the first factor. The same
// answers as POST /v3/login/'s step: AUTH_MFA_CODE_INVALID, AUTH_MFA_CHALLENGE_EXPIRED,
// AUTH_MFA_REQUIRED again after a resend (data.code_sent), AUTH_MFA_RESEND_LIMITED.
import { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import { authIssueReason, loginBodySchema } from '@corkboard/shared/auth/schemas';
import { isHttpsPublicUrl } from '../../config/config.ts';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import type { InputErrorMapper } from '../../core/http/input.ts';
import { registerRoute } from '../../core/http/route.ts';
import { authEffectsOf, authRequestOf } from './auth-context.ts';
import { authSuccessSchema } from './auth.schemas.ts';
import { finishPendingLogin } from './mfa-login.service.ts';

/**
 * Per address: a person types a code a few times. Each pending log-in also allows only 5 wrong
 * codes, and each person 10 an hour (mfa.service.ts), so this only slows a script down.
 */
export const MFA_STEP_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };
/** Where to go next: only our own paths are honoured (safeNextPath), so any string is bounded. */
const NEXT_MAX_LENGTH = 2048;

export const mfaStepBody = z
  .object({
    mfa_token: loginBodySchema.shape.mfa_token,
    mfa_resend: z.boolean().optional(),
    next: z.string().max(NEXT_MAX_LENGTH).optional(),
  })
  .refine((body) => body.mfa_token !== undefined || body.mfa_resend === true, {
    message: 'Send the code (mfa_token) or ask for a new one (mfa_resend).',
    path: [],
  });

/** A malformed code reads as the loginMfa view's own message (auth.md §5 "Verification code"). */
const mfaStepErrors: InputErrorMapper = (issues) => {
  const issue = issues.find((one) => one.path[0] === 'mfa_token');
  if (!issue) return null;
  return new AppError('AUTH_MFA_CODE_INVALID', {
    detail: issue.message,
    data: { field: 'code', reason: authIssueReason(issue) },
  });
};

export const mfaLoginRoutes: ModuleRoutes = (app, { deps }, done) => {
  const cookieOptions = { secureCookie: isHttpsPublicUrl(deps.config) };
  app.addHook('onSend', (_request, reply, payload, hookDone) => {
    reply.header('Cache-Control', 'no-store');
    hookDone(null, payload);
  });
  app.addHook('onError', (_request, reply, error, hookDone) => {
    const seconds = error instanceof AppError ? error.data?.['retry_after_seconds'] : undefined;
    if (typeof seconds === 'number') reply.header('Retry-After', String(seconds));
    hookDone();
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/login/mfa/',
    summary:
      "The loginMfa step: the code, or 'resend the code', for this browser's pending log-in (any first factor)",
    tags: ['auth'],
    access: 'anyone',
    rateLimit: MFA_STEP_RATE_LIMIT,
    body: mfaStepBody,
    inputErrors: mfaStepErrors,
    response: authSuccessSchema,
    handler: async ({ request, reply, body }) => ({
      data: await finishPendingLogin(
        deps,
        authRequestOf(request),
        authEffectsOf(reply, cookieOptions),
        { mfaToken: body.mfa_token, mfaResend: body.mfa_resend, next: body.next },
      ),
    }),
  });

  done();
};
