// LINE Login (auth.md §1, §3 `line_id_token`, §6 "Line (JP only)"; docs/decisions/137). The
// page gets an ID token from the server's own OpenID Connect pop-up (code-popup.ts: LINE's
// authorization endpoint, code + PKCE, a nonce in this browser's `line` flow cookie) and logs in
// with `line_id_token`. Here the token is verified against the configured LINE issuer's keys
// (ES256; signature, issuer, audience = our channel id, expiry), its nonce against the flow
// cookie and against earlier uses; then it names a connected account (login) or a new one
// (register type `line`). LINE gives an e-mail only with the channel's e-mail permission and
// never says it is verified, so a LINE e-mail is not marked verified.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import { splitFullName } from '@corkboard/shared/auth/full-name';
import {
  lineLoginFields,
  loginCommonFields,
  socialSignupFields,
} from '@corkboard/shared/auth/social-schemas';
import type { AppDeps } from '../../core/app-deps.ts';
import {
  hasFields,
  type LoginCredentialKind,
  type NewIdentity,
  type ResolvedLogin,
  type SignupCredentialKind,
} from '../../core/credential-kinds.ts';
import { findUserByIdentity } from '../../core/identity.repository.ts';
import { trustedHttp, unavailable, verifyIdToken } from './oidc.ts';
import { notFound, nextField } from './social-identity.ts';
import {
  checkTokenUse,
  claimText,
  consumer,
  currentFlow,
  idTokenConnectKind,
  issuersFor,
} from './token-rules.ts';

export const LINE_PROVIDER = 'line';

interface LineIdentity {
  sub: string;
  email: string | null;
  firstName: string;
  lastName: string;
  picture: string | null;
  use: Awaited<ReturnType<typeof checkTokenUse>>;
}

/** Verifies a LINE ID token for this browser (see the file comment). */
export async function verifyLineToken(
  deps: AppDeps,
  request: FastifyRequest,
  token: string,
): Promise<LineIdentity> {
  const line = deps.config.providers.line;
  if (!line) throw unavailable(LINE_PROVIDER);
  const claims = await verifyIdToken(issuersFor(deps), {
    provider: LINE_PROVIDER,
    token,
    issuer: line.issuer,
    audience: line.channelId,
    now: deps.now(),
    http: trustedHttp,
  });
  const use = await checkTokenUse(
    deps,
    LINE_PROVIDER,
    token,
    claims,
    await currentFlow(deps, request, 'line'),
  );
  const text = (name: string) => claimText(claims, name);
  // LINE has one display name: the full-name split rule (auth.md §5).
  const split = splitFullName(text('name') ?? '');
  return {
    sub: claims.sub,
    email: text('email')?.toLowerCase() ?? null,
    firstName: split.firstName,
    lastName: split.lastName,
    picture: text('picture'),
    use,
  };
}

async function resolveLogin(
  deps: AppDeps,
  request: FastifyRequest,
  body: { line_id_token: string },
): Promise<ResolvedLogin> {
  const identity = await verifyLineToken(deps, request, body.line_id_token);
  const userId = await findUserByIdentity(deps.db, LINE_PROVIDER, identity.sub);
  if (!userId) {
    throw await notFound(deps, LINE_PROVIDER, {
      email: identity.email,
      firstName: identity.firstName,
      lastName: identity.lastName,
    });
  }
  return {
    userId,
    method: 'line',
    passive: false,
    consume: consumer(deps, LINE_PROVIDER, identity.use),
  };
}

async function resolveSignup(
  deps: AppDeps,
  request: FastifyRequest,
  body: { line_id_token: string },
): Promise<NewIdentity> {
  const identity = await verifyLineToken(deps, request, body.line_id_token);
  if (await findUserByIdentity(deps.db, LINE_PROVIDER, identity.sub)) {
    throw new AppError('AUTH_EMAIL_TAKEN', { data: { field: 'email', provider: LINE_PROVIDER } });
  }
  return {
    method: 'line',
    providerId: LINE_PROVIDER,
    accountId: identity.sub,
    email: identity.email,
    emailVerified: false,
    firstName: identity.firstName,
    lastName: identity.lastName,
    imageUrl: identity.picture,
    accountType: 'personal',
    consume: consumer(deps, LINE_PROVIDER, identity.use),
  };
}

export const lineLoginKind: LoginCredentialKind<AppDeps> = {
  name: LINE_PROVIDER,
  claims: (body) => hasFields(body, ['line_id_token']) && !hasFields(body, ['type']),
  schema: z
    .object({ ...lineLoginFields, ...loginCommonFields, ...nextField })
    .transform((body) => ({
      kind: LINE_PROVIDER,
      isAccountSwitch: body.isAccountSwitch,
      next: body.next,
      recaptchaV3Token: body.recaptchaV3Token,
      mfaToken: body.mfa_token,
      mfaResend: body.mfa_resend,
      resolve: (deps: AppDeps, request: FastifyRequest) => resolveLogin(deps, request, body),
    })),
};

export const lineSignupKind: SignupCredentialKind<AppDeps> = {
  name: LINE_PROVIDER,
  claims: (body) => hasFields(body, ['line_id_token', 'type']),
  schema: (now) =>
    z
      .object({
        ...socialSignupFields({ now }),
        type: z.literal('line'),
        line_id_token: lineLoginFields.line_id_token,
        ...nextField,
      })
      .transform(({ next, ...fields }) => ({
        kind: LINE_PROVIDER,
        fields,
        next,
        resolve: (deps: AppDeps, request: FastifyRequest) => resolveSignup(deps, request, fields),
      })),
};

/** Connecting LINE from the settings page (ADR 188): the log-in's verification of the ID token. */
export const lineConnectKind = idTokenConnectKind(LINE_PROVIDER, verifyLineToken);
