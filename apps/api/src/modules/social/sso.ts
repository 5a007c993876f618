// SSO by e-mail domain (auth.md §4 "SSO", §3, §7; business.md §4.3, §7, §8;
// docs/decisions/033). An e-mail whose domain belongs to an organisation's identity provider is
// routed to it: POST /v3/sso/info/ says so; the 600×600 pop-up opens our authorize URL (state,
// nonce and PKCE verifier in this browser's flow cookie) and goes on to the IdP; the IdP sends
// it back to our callback, which posts `{ code, state }` to the opener (our origin only). The
// page then either logs in with `sso_user_email` + `sso_auth_code` (existing SSO user), or
// trades the code at the exchange URL for `sso_id`, `sso_id_token`, `sso_email`,
// `sso_user_name` (the business SSO signup, which registers with `sso_id_token`).
//
// Providers (sso-registry.ts): the one from the environment (SSO_DEV_*), and those organisations
// registered in the admin for domains whose ownership is proven (docs/decisions/154–156).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import { splitFullName } from '@corkboard/shared/auth/full-name';
import {
  SSO_CALLBACK_MESSAGE_TYPE,
  SSO_PROVIDER_PREFIX,
  type SsoInfoAnswer,
  type SsoPopupResultAnswer,
  type SsoTokensAnswer,
} from '@corkboard/shared/auth/social-api';
import {
  loginCommonFields,
  OAUTH_VALUE_MAX_LENGTH,
  socialSignupFields,
  ssoCodeLoginFields,
  ssoIdTokenLoginFields,
} from '@corkboard/shared/auth/social-schemas';
import { isHttpsPublicUrl } from '../../config/config.ts';
import type { AppDeps } from '../../core/app-deps.ts';
import {
  hasFields,
  type LoginCredentialKind,
  type NewIdentity,
  type ResolvedLogin,
  type SignupCredentialKind,
} from '../../core/credential-kinds.ts';
import { findUserByIdentity } from '../../core/identity.repository.ts';
import { RESURRECTION_WINDOW_MS } from '../../plugins/auth/auth-engine.ts';
import { sendCallbackPage } from './callback-page.ts';
import { OIDC_FLOW_TTL_SECONDS, writeFlow, type FlowState } from './flow-cookies.ts';
import { authorizationUrl, exchangeCode, randomValue, verifyIdToken } from './oidc.ts';
import {
  connectIdentity,
  emailHasAccount,
  findUserIdByEmail,
  hasIdentityOf,
} from './social.repository.ts';
import { nextField } from './social-identity.ts';
import {
  emailDomain,
  providerBySlug,
  providerForEmail,
  ssoRedirectUri,
  type SsoProvider,
} from './sso-registry.ts';
import {
  checkTokenUse,
  consumer,
  currentFlow,
  flowSecret,
  issuersFor,
  sameText,
} from './token-rules.ts';

export const SSO = 'sso';
export const SSO_AUTHORIZE_PATH = '/v3/sso/authorize/';
export const SSO_EXCHANGE_PATH = '/v3/sso/token/';
export const SSO_SCOPE = 'openid email profile';

export function ssoIdentityProviderId(slug: string): string {
  return `${SSO_PROVIDER_PREFIX}${slug}`;
}

/** POST /v3/sso/info/ (auth.md §3 "SSO lookup result"). */
export async function ssoInfo(deps: AppDeps, email: string): Promise<SsoInfoAnswer> {
  const provider = await providerForEmail(deps, email);
  if (!provider) {
    return {
      is_sso: false,
      existing_user: false,
      existing_user_is_sso: false,
      authorization_uri: null,
      redirect_uri: null,
      exchange_code_to_token_info_url: null,
    };
  }
  const cutoff = new Date(deps.now().getTime() - RESURRECTION_WINDOW_MS);
  const existingUser = await emailHasAccount(deps.db, email, cutoff);
  const userId = existingUser ? await findUserIdByEmail(deps.db, email) : undefined;
  const connected = userId
    ? await hasIdentityOf(deps.db, userId, ssoIdentityProviderId(provider.slug))
    : false;
  const authorize = new URL(`${deps.publicUrl}${SSO_AUTHORIZE_PATH}`);
  authorize.searchParams.set('email', email);
  return {
    is_sso: true,
    existing_user: existingUser,
    existing_user_is_sso: connected,
    authorization_uri: authorize.href,
    redirect_uri: ssoRedirectUri(deps, provider.slug),
    exchange_code_to_token_info_url: `${deps.publicUrl}${SSO_EXCHANGE_PATH}`,
  };
}

/** GET /v3/sso/authorize/?email=: the pop-up's first stop; on to the IdP with PKCE. */
export async function startSsoAuthorization(
  deps: AppDeps,
  reply: FastifyReply,
  email: string,
  attempt?: string,
): Promise<FastifyReply> {
  const targetOrigin = new URL(deps.publicUrl).origin;
  const provider = await providerForEmail(deps, email);
  if (!provider) {
    return sendCallbackPage(reply, {
      title: 'Single sign-on is not available',
      text: "Single sign-on isn't set up for this email's domain.",
      message: { type: SSO_CALLBACK_MESSAGE_TYPE, code: null, state: null, error: 'not_available' },
      targetOrigin,
    });
  }
  let metadata;
  try {
    metadata = (await issuersFor(deps).get(provider.issuer, provider.http)).metadata;
  } catch {
    return sendCallbackPage(reply, {
      title: 'Single sign-on is not available',
      text: "We couldn't reach your organisation's identity provider. Please try again later.",
      message: { type: SSO_CALLBACK_MESSAGE_TYPE, code: null, state: null, error: 'unavailable' },
      targetOrigin,
    });
  }
  const redirectUri = ssoRedirectUri(deps, provider.slug);
  const flow: FlowState = {
    nonce: randomValue(),
    state: randomValue(),
    verifier: randomValue(48),
    provider: provider.slug,
    email,
    redirectUri,
    ...(attempt === undefined ? {} : { attempt }),
    exp: Math.floor(deps.now().getTime() / 1000) + OIDC_FLOW_TTL_SECONDS,
  };
  writeFlow(reply, await flowSecret(deps), 'sso', flow, isHttpsPublicUrl(deps.config));
  const target = authorizationUrl(metadata, {
    clientId: provider.clientId,
    redirectUri,
    state: flow.state ?? '',
    nonce: flow.nonce,
    codeVerifier: flow.verifier ?? '',
    scope: SSO_SCOPE,
    extra: { login_hint: email },
  });
  return reply.header('cache-control', 'no-store').redirect(target, 302);
}

export const ssoCallbackQuery = z.object({
  code: z.string().max(OAUTH_VALUE_MAX_LENGTH).optional(),
  state: z.string().max(OAUTH_VALUE_MAX_LENGTH).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

/**
 * The IdP's redirect back: the code and state go to the page that opened the pop-up, which
 * checks the message's origin (business.md §4.3 "a trusted message from an allowed origin").
 */
export async function ssoCallback(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  slug: string,
  query: z.output<typeof ssoCallbackQuery>,
): Promise<FastifyReply> {
  const flow = await currentFlow(deps, request, 'sso');
  let error: string | null = null;
  if (query.error) error = query.error === 'access_denied' ? 'denied' : 'failed';
  else if (!flow || flow.provider !== slug || !query.code || query.state !== flow.state) {
    error = 'state';
  }
  const result = {
    code: error ? null : (query.code ?? null),
    state: error ? null : (query.state ?? null),
    error,
  };
  // ADR 213: the message below can be lost, or arrive after the opener saw the pop-up closed
  // (a slow machine). The flow keeps the result for the opener to ask for — only the IdP's
  // answer to this very flow (its state), so a forged callback cannot replace it.
  if (flow?.attempt && flow.provider === slug && query.state === flow.state) {
    writeFlow(
      reply,
      await flowSecret(deps),
      'sso',
      { ...flow, result },
      isHttpsPublicUrl(deps.config),
    );
  }
  return sendCallbackPage(reply, {
    title: error ? 'Single sign-on did not finish' : 'Signed in',
    text: 'You can close this window and return to Corkboard.',
    message: { type: SSO_CALLBACK_MESSAGE_TYPE, ...result },
    targetOrigin: new URL(deps.publicUrl).origin,
  });
}

const NOT_FINISHED: SsoPopupResultAnswer = {
  finished: false,
  code: null,
  state: null,
  error: null,
};

/**
 * POST /v3/sso/popup-result/ (ADR 213): what the callback handed the pop-up `attempt` of this
 * browser, when its message never reached the opener. Not finished while the IdP has not sent
 * the pop-up back (or another pop-up started since). The answer goes to our own pages only
 * (no CORS, CSRF-checked POST) and holds no more than the callback's message already did.
 */
export async function ssoPopupResult(
  deps: AppDeps,
  request: FastifyRequest,
  attempt: string,
): Promise<SsoPopupResultAnswer> {
  const flow = await currentFlow(deps, request, 'sso');
  if (!flow?.attempt || !flow.result || !sameText(flow.attempt, attempt)) return NOT_FINISHED;
  return { finished: true, ...flow.result };
}

interface SsoIdentity {
  provider: SsoProvider;
  sub: string;
  idToken: string;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  use: Awaited<ReturnType<typeof checkTokenUse>>;
}

/** Verifies an ID token of the flow's provider and its e-mail's domain. */
async function verifySsoToken(
  deps: AppDeps,
  flow: FlowState | undefined,
  token: string,
): Promise<SsoIdentity> {
  const provider = flow?.provider ? await providerBySlug(deps, flow.provider) : undefined;
  if (!flow || !provider) throw new AppError('SSO_STATE_INVALID');
  const claims = await verifyIdToken(issuersFor(deps), {
    provider: SSO,
    token,
    issuer: provider.issuer,
    audience: provider.clientId,
    now: deps.now(),
    http: provider.http,
  });
  const use = await checkTokenUse(deps, SSO, token, claims, flow);
  const email = typeof claims['email'] === 'string' ? claims['email'].trim().toLowerCase() : '';
  if (
    !email ||
    claims['email_verified'] === false ||
    !provider.domains.includes(emailDomain(email)) ||
    (flow.email !== undefined && flow.email.toLowerCase() !== email)
  ) {
    throw new AppError('SSO_EMAIL_MISMATCH');
  }
  const text = (name: string) => {
    const value = claims[name];
    return typeof value === 'string' ? value.trim() : '';
  };
  const name = text('name') || [text('given_name'), text('family_name')].filter(Boolean).join(' ');
  const split = splitFullName(name);
  return {
    provider,
    sub: claims.sub,
    idToken: token,
    email,
    name,
    firstName: text('given_name') || split.firstName,
    lastName: text('family_name') || (text('given_name') ? '' : split.lastName),
    use,
  };
}

/** Trades the pop-up's code at the flow's IdP (PKCE); SSO_NO_TOKENS when none comes back. */
async function idTokenForCode(
  deps: AppDeps,
  flow: FlowState | undefined,
  code: string,
  state: string | undefined,
): Promise<string> {
  if (!flow?.provider || !flow.verifier || !flow.redirectUri) {
    throw new AppError('SSO_STATE_INVALID');
  }
  if (state !== undefined && state !== flow.state) throw new AppError('SSO_STATE_INVALID');
  const provider = await providerBySlug(deps, flow.provider);
  if (!provider) throw new AppError('SSO_STATE_INVALID');
  let idToken: string | undefined;
  try {
    const { metadata } = await issuersFor(deps).get(provider.issuer, provider.http);
    idToken = await exchangeCode(metadata, provider.http, {
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      redirectUri: flow.redirectUri,
      code,
      codeVerifier: flow.verifier,
    });
  } catch (error) {
    deps.log.warn({ err: error, provider: provider.slug }, 'SSO code exchange failed');
    throw new AppError('SSO_NO_TOKENS');
  }
  if (!idToken) throw new AppError('SSO_NO_TOKENS');
  return idToken;
}

/** POST /v3/sso/token/ (business.md §7 "POST to the exchange URL the server gave"). */
export async function exchangeSsoCode(
  deps: AppDeps,
  request: FastifyRequest,
  body: { code: string; state: string },
): Promise<SsoTokensAnswer> {
  const flow = await currentFlow(deps, request, 'sso');
  const idToken = await idTokenForCode(deps, flow, body.code, body.state);
  const identity = await verifySsoToken(deps, flow, idToken);
  return {
    sso_id: identity.sub,
    sso_id_token: identity.idToken,
    sso_email: identity.email,
    sso_user_name: identity.name,
  };
}

/**
 * The account an SSO identity logs in to: the one it is connected to, or — the IdP being the
 * proven authority for its domain — the account with that e-mail, which it then connects.
 */
async function resolveLogin(deps: AppDeps, identity: SsoIdentity): Promise<ResolvedLogin> {
  const providerId = ssoIdentityProviderId(identity.provider.slug);
  const record = consumer(deps, SSO, identity.use);
  const connected = await findUserByIdentity(deps.db, providerId, identity.sub);
  if (connected) {
    return { userId: connected, method: 'sso', passive: false, consume: record };
  }
  const byEmail = await findUserIdByEmail(deps.db, identity.email);
  if (!byEmail) {
    throw new AppError('SOCIAL_ACCOUNT_NOT_FOUND', {
      data: {
        provider: SSO,
        email_taken: false,
        profile: {
          email: identity.email,
          first_name: identity.firstName,
          last_name: identity.lastName,
        },
      },
    });
  }
  return {
    userId: byEmail,
    method: 'sso',
    passive: false,
    consume: async () => {
      await record();
      await connectIdentity(deps.db, byEmail, providerId, identity.sub, deps.now());
    },
  };
}

export const ssoIdTokenLoginKind: LoginCredentialKind<AppDeps> = {
  name: 'sso_id_token',
  claims: (body) => hasFields(body, ['sso_id_token']) && !hasFields(body, ['type']),
  schema: z
    .object({ ...ssoIdTokenLoginFields, ...loginCommonFields, ...nextField })
    .transform((body) => ({
      kind: SSO,
      isAccountSwitch: body.isAccountSwitch,
      next: body.next,
      recaptchaV3Token: body.recaptchaV3Token,
      mfaToken: body.mfa_token,
      mfaResend: body.mfa_resend,
      resolve: async (deps: AppDeps, request: FastifyRequest) => {
        const flow = await currentFlow(deps, request, 'sso');
        return resolveLogin(deps, await verifySsoToken(deps, flow, body.sso_id_token));
      },
    })),
};

export const ssoCodeLoginKind: LoginCredentialKind<AppDeps> = {
  name: 'sso_auth_code',
  claims: (body) => hasFields(body, ['sso_user_email', 'sso_auth_code']),
  schema: z
    .object({ ...ssoCodeLoginFields, ...loginCommonFields, ...nextField })
    .transform((body) => ({
      kind: SSO,
      isAccountSwitch: body.isAccountSwitch,
      next: body.next,
      recaptchaV3Token: body.recaptchaV3Token,
      mfaToken: body.mfa_token,
      mfaResend: body.mfa_resend,
      resolve: async (deps: AppDeps, request: FastifyRequest) => {
        const flow = await currentFlow(deps, request, 'sso');
        if (!flow?.email || flow.email.toLowerCase() !== body.sso_user_email.toLowerCase()) {
          throw new AppError('SSO_STATE_INVALID');
        }
        const idToken = await idTokenForCode(deps, flow, body.sso_auth_code, undefined);
        return resolveLogin(deps, await verifySsoToken(deps, flow, idToken));
      },
    })),
};

async function resolveSignup(
  deps: AppDeps,
  request: FastifyRequest,
  token: string,
): Promise<NewIdentity> {
  const identity = await verifySsoToken(deps, await currentFlow(deps, request, 'sso'), token);
  const providerId = ssoIdentityProviderId(identity.provider.slug);
  if (await findUserByIdentity(deps.db, providerId, identity.sub)) {
    throw new AppError('AUTH_EMAIL_TAKEN', { data: { field: 'email', provider: SSO } });
  }
  return {
    method: 'sso',
    providerId,
    accountId: identity.sub,
    email: identity.email,
    emailVerified: true,
    firstName: identity.firstName,
    lastName: identity.lastName,
    imageUrl: null,
    // auth.md §2: SSO signup is the business signup (/signup/sso-business-account).
    accountType: 'business',
    consume: consumer(deps, SSO, identity.use),
  };
}

export const ssoSignupKind: SignupCredentialKind<AppDeps> = {
  name: SSO,
  claims: (body) => hasFields(body, ['sso_id_token', 'type']),
  schema: (now) =>
    z
      .object({
        ...socialSignupFields({ now }),
        type: z.literal('sso'),
        ...ssoIdTokenLoginFields,
        ...nextField,
      })
      .transform(({ next, ...fields }) => ({
        kind: SSO,
        fields,
        next,
        resolve: (deps: AppDeps, request: FastifyRequest) =>
          resolveSignup(deps, request, fields.sso_id_token),
      })),
};
