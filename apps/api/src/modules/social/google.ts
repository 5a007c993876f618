// Google sign-in (auth.md §2, §3, §7; docs/decisions/030, 031): the Identity Services button and
// one tap hand the page an ID token (`credential`), which the page sends as
// `google_open_id_token`. Here it is verified against the configured issuer's keys (signature,
// issuer, audience — our client id — expiry), its nonce against this browser's flow cookie, and
// against earlier uses; then it names a connected account (login) or a new one (register types
// `google` and `google_one_tap`). The issuer is configurable (GOOGLE_ISSUER), so the local peer
// and Google are verified by the same code.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import { splitFullName } from '@corkboard/shared/auth/full-name';
import {
  googleLoginFields,
  loginCommonFields,
  socialSignupFields,
} from '@corkboard/shared/auth/social-schemas';
import { GOOGLE_DEFAULT_ISSUER } from '../../config/providers.ts';
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

export const GOOGLE_PROVIDER = 'google';
/** Google also writes its issuer without the scheme (Sign in with Google: verify the ID token). */
export const GOOGLE_ISSUER_ALIAS = 'accounts.google.com';

export interface GoogleIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  picture: string | null;
  use: Awaited<ReturnType<typeof checkTokenUse>>;
}

/** Verifies a Google ID token for this browser (see the file comment). */
export async function verifyGoogleToken(
  deps: AppDeps,
  request: FastifyRequest,
  token: string,
): Promise<GoogleIdentity> {
  const google = deps.config.providers.google;
  if (!google) throw unavailable(GOOGLE_PROVIDER);
  const claims = await verifyIdToken(issuersFor(deps), {
    provider: GOOGLE_PROVIDER,
    token,
    issuer: google.issuer,
    issuerAliases: google.issuer === GOOGLE_DEFAULT_ISSUER ? [GOOGLE_ISSUER_ALIAS] : [],
    audience: google.clientId,
    now: deps.now(),
    http: trustedHttp,
  });
  const use = await checkTokenUse(
    deps,
    GOOGLE_PROVIDER,
    token,
    claims,
    await currentFlow(deps, request, 'google'),
  );
  const text = (name: string) => claimText(claims, name);
  const split = splitFullName(text('name') ?? '');
  return {
    sub: claims.sub,
    email: text('email')?.toLowerCase() ?? null,
    emailVerified: claims['email_verified'] === true,
    firstName: text('given_name') ?? split.firstName,
    lastName: text('family_name') ?? (text('given_name') ? '' : split.lastName),
    picture: text('picture'),
    use,
  };
}

async function resolveLogin(
  deps: AppDeps,
  request: FastifyRequest,
  body: { google_open_id_token: string; login_method: 'google' | 'google_one_tap' },
): Promise<ResolvedLogin> {
  const identity = await verifyGoogleToken(deps, request, body.google_open_id_token);
  const userId = await findUserByIdentity(deps.db, GOOGLE_PROVIDER, identity.sub);
  if (!userId) {
    throw await notFound(deps, GOOGLE_PROVIDER, {
      email: identity.email,
      firstName: identity.firstName,
      lastName: identity.lastName,
    });
  }
  return {
    userId,
    method: body.login_method,
    passive: body.login_method === 'google_one_tap',
    consume: consumer(deps, GOOGLE_PROVIDER, identity.use),
  };
}

async function resolveSignup(
  deps: AppDeps,
  request: FastifyRequest,
  body: { google_open_id_token: string; type: string },
): Promise<NewIdentity> {
  const identity = await verifyGoogleToken(deps, request, body.google_open_id_token);
  if (await findUserByIdentity(deps.db, GOOGLE_PROVIDER, identity.sub)) {
    // This Google account already has a Corkboard account: log in instead (EmailAlreadyExist).
    throw new AppError('AUTH_EMAIL_TAKEN', { data: { field: 'email', provider: GOOGLE_PROVIDER } });
  }
  return {
    method: body.type === 'google_one_tap' ? 'google_one_tap' : 'google',
    providerId: GOOGLE_PROVIDER,
    accountId: identity.sub,
    email: identity.email,
    emailVerified: identity.emailVerified,
    firstName: identity.firstName,
    lastName: identity.lastName,
    imageUrl: identity.picture,
    accountType: 'personal',
    consume: consumer(deps, GOOGLE_PROVIDER, identity.use),
  };
}

export const googleLoginKind: LoginCredentialKind<AppDeps> = {
  name: GOOGLE_PROVIDER,
  claims: (body) => hasFields(body, ['google_open_id_token']),
  schema: z
    .object({ ...googleLoginFields, ...loginCommonFields, ...nextField })
    .transform((body) => ({
      kind: GOOGLE_PROVIDER,
      isAccountSwitch: body.isAccountSwitch,
      next: body.next,
      recaptchaV3Token: body.recaptchaV3Token,
      mfaToken: body.mfa_token,
      mfaResend: body.mfa_resend,
      resolve: (deps: AppDeps, request: FastifyRequest) => resolveLogin(deps, request, body),
    })),
};

export const googleSignupKind: SignupCredentialKind<AppDeps> = {
  name: GOOGLE_PROVIDER,
  claims: (body) => hasFields(body, ['google_open_id_token', 'type']),
  schema: (now) =>
    z
      .object({
        ...socialSignupFields({ now }),
        type: z.enum(['google', 'google_one_tap']),
        google_open_id_token: googleLoginFields.google_open_id_token,
        ...nextField,
      })
      .transform(({ next, ...fields }) => ({
        kind: GOOGLE_PROVIDER,
        fields,
        next,
        resolve: (deps: AppDeps, request: FastifyRequest) => resolveSignup(deps, request, fields),
      })),
};

/** Connecting Google from the settings page (ADR 188): the log-in's verification of the token. */
export const googleConnectKind = idTokenConnectKind(GOOGLE_PROVIDER, verifyGoogleToken);
