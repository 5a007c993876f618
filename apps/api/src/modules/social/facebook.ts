// Facebook log-in and sign-up (auth.md §2, §3, §4 "First social provider login flow", §7, §8;
// docs/decisions/135). The page gets a user access token from the Facebook SDK (or the manual
// pop-up) and sends it; the token proves nothing by itself, so it is checked here through the
// Graph API: `debug_token` (with our app token) says whether it is valid, for which app, until
// when and for whom; then `/me` (with `appsecret_proof`) gives the profile. Only then does it
// name a connected account (login with facebook_id + facebook_token) or a new one (register type
// `facebook`). The Graph base URL is configurable (FACEBOOK_GRAPH_URL), so the local peer and
// Facebook are verified by the same code.
import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import { splitFullName } from '@corkboard/shared/auth/full-name';
import type { FacebookProfileData } from '@corkboard/shared/auth/social-api';
import {
  facebookLoginFields,
  FACEBOOK_TOKEN_MAX_LENGTH,
  loginCommonFields,
  socialSignupFields,
} from '@corkboard/shared/auth/social-schemas';
import type { FacebookProviderConfig } from '../../config/providers.ts';
import type { AppDeps } from '../../core/app-deps.ts';
import {
  hasFields,
  type ConnectCredentialKind,
  type LoginCredentialKind,
  type NewIdentity,
  type ResolvedLogin,
  type SignupCredentialKind,
} from '../../core/credential-kinds.ts';
import { findUserByIdentity } from '../../core/identity.repository.ts';
import { PROVIDER_TIMEOUT_MS, unavailable } from './oidc.ts';
import { notFound, nextField } from './social-identity.ts';

export const FACEBOOK_PROVIDER = 'facebook';

/**
 * auth.md §3 "First social provider profile": the fields asked of `/me`. `name` is asked too
 * for the full-name split rule (auth.md §5); `birthday` for the birthday step.
 */
export const FACEBOOK_PROFILE_FIELDS = [
  'id',
  'name',
  'first_name',
  'last_name',
  'email',
  'gender',
  'birthday',
  'picture',
] as const;
export type FacebookProfileField = (typeof FACEBOOK_PROFILE_FIELDS)[number];

/** Graph's error code for an access token it does not accept; subcode 463 means expired. */
const GRAPH_TOKEN_ERROR = 190;
const GRAPH_EXPIRED_SUBCODE = 463;

const debugTokenAnswer = z.object({
  data: z.object({
    app_id: z.string().optional(),
    user_id: z.string().optional(),
    is_valid: z.boolean(),
    expires_at: z.number().optional(),
    scopes: z.array(z.string()).optional(),
    error: z.object({ code: z.number(), subcode: z.number().optional() }).optional(),
  }),
});

const graphError = z.object({
  error: z.object({ code: z.number(), error_subcode: z.number().optional() }),
});

const meAnswer = z.object({
  id: z.string(),
  name: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  email: z.string().optional(),
  gender: z.string().optional(),
  birthday: z.string().optional(),
  picture: z
    .object({
      data: z.object({ url: z.string().optional(), is_silhouette: z.boolean().optional() }),
    })
    .optional(),
});

export interface FacebookIdentity {
  id: string;
  email: string | null;
  firstName: string;
  lastName: string;
  gender: string | null;
  /** Epoch seconds of 00:00 UTC on the birth date; null unless Graph gave a whole date. */
  birthday: number | null;
  /** Null for the silhouette (auth.md §3 "The image_url is skipped when … a silhouette"). */
  picture: string | null;
  /** The permissions the person granted (e.g. without `email`: ask again, auth.md §5). */
  scopes: string[];
}

function invalid(reason: string): AppError {
  return new AppError('SOCIAL_TOKEN_INVALID', { data: { provider: FACEBOOK_PROVIDER, reason } });
}

function expired(): AppError {
  return new AppError('SOCIAL_TOKEN_EXPIRED', { data: { provider: FACEBOOK_PROVIDER } });
}

function config(deps: AppDeps): FacebookProviderConfig {
  const facebook = deps.config.providers.facebook;
  if (!facebook) throw unavailable(FACEBOOK_PROVIDER);
  return facebook;
}

/** GET on the Graph API; a network failure or a 5xx is "Facebook isn't available". */
async function graphGet(
  facebook: FacebookProviderConfig,
  path: string,
  params: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const url = new URL(`${facebook.graphUrl}/${facebook.graphVersion}${path}`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch {
    throw unavailable(FACEBOOK_PROVIDER);
  }
  if (response.status >= 500) throw unavailable(FACEBOOK_PROVIDER);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw unavailable(FACEBOOK_PROVIDER);
  }
  return { status: response.status, body };
}

/** `MM/DD/YYYY` → epoch seconds of that day at 00:00 UTC; `MM/DD`, `YYYY` or nonsense → null. */
export function facebookBirthday(text: string | undefined): number | null {
  const found = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text ?? '');
  if (!found) return null;
  const [month, day, year] = [Number(found[1]), Number(found[2]), Number(found[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return time / 1000;
}

/** The names: the full name split by auth.md §5, else Graph's own first and last names. */
export function facebookNames(profile: {
  name?: string | undefined;
  first_name?: string | undefined;
  last_name?: string | undefined;
}): { firstName: string; lastName: string } {
  const full = profile.name?.trim();
  if (full) return splitFullName(full);
  return {
    firstName: profile.first_name?.trim() ?? '',
    lastName: profile.last_name?.trim() ?? '',
  };
}

/**
 * Verifies a user access token for our app and reads the profile (see the file comment).
 * `expectedUserId`, when given, must be the token's user (the login's `facebook_id`).
 */
export async function verifyFacebookToken(
  deps: AppDeps,
  token: string,
  expectedUserId?: string,
): Promise<FacebookIdentity> {
  const facebook = config(deps);
  const debug = await graphGet(facebook, '/debug_token', {
    input_token: token,
    access_token: `${facebook.appId}|${facebook.appSecret}`,
  });
  const parsed = debugTokenAnswer.safeParse(debug.body);
  // Our own app token refused (wrong secret) or an answer we cannot read: not the person's fault.
  if (!parsed.success) {
    deps.log.warn({ status: debug.status }, 'facebook debug_token answer not understood');
    throw unavailable(FACEBOOK_PROVIDER);
  }
  const data = parsed.data.data;
  const nowSeconds = deps.now().getTime() / 1000;
  if (!data.is_valid) {
    if (data.error?.subcode === GRAPH_EXPIRED_SUBCODE) throw expired();
    if (data.expires_at !== undefined && data.expires_at !== 0 && data.expires_at <= nowSeconds) {
      throw expired();
    }
    throw invalid('token');
  }
  // debug_token answers for any app's token: it must be ours (Facebook Login security guide).
  if (data.app_id !== facebook.appId) throw invalid('audience');
  if (data.expires_at !== undefined && data.expires_at !== 0 && data.expires_at <= nowSeconds) {
    throw expired();
  }
  if (!data.user_id) throw invalid('subject');
  if (expectedUserId !== undefined && expectedUserId !== data.user_id) throw invalid('subject');

  const me = await graphGet(facebook, '/me', {
    fields: FACEBOOK_PROFILE_FIELDS.join(','),
    access_token: token,
    appsecret_proof: createHmac('sha256', facebook.appSecret).update(token).digest('hex'),
  });
  if (me.status !== 200) {
    const failure = graphError.safeParse(me.body);
    if (
      failure.success &&
      failure.data.error.code === GRAPH_TOKEN_ERROR &&
      failure.data.error.error_subcode === GRAPH_EXPIRED_SUBCODE
    ) {
      throw expired();
    }
    throw invalid('token');
  }
  const profile = meAnswer.safeParse(me.body);
  if (!profile.success || profile.data.id !== data.user_id) throw invalid('subject');
  const picture = profile.data.picture?.data;
  const email = profile.data.email?.trim().toLowerCase();
  return {
    id: profile.data.id,
    email: email ? email : null,
    ...facebookNames(profile.data),
    gender: profile.data.gender?.trim() || null,
    birthday: facebookBirthday(profile.data.birthday),
    picture: picture && picture.is_silhouette !== true && picture.url ? picture.url : null,
    scopes: data.scopes ?? [],
  };
}

// ---- POST /v3/facebook/profile_data/ ------------------------------------------------------

export const profileDataBody = z.object({
  access_token: z.string().min(1).max(FACEBOOK_TOKEN_MAX_LENGTH),
  /** auth.md §7: the birthday only as a whole date (epoch seconds), never Graph's raw text. */
  pii_safe_birthday: z.boolean().optional(),
  /** auth.md §3 request fields; unknown names are refused, `id` is always answered. */
  fields: z
    .string()
    .max(200)
    .transform((text) => text.split(',').map((field) => field.trim()))
    .pipe(z.array(z.enum(FACEBOOK_PROFILE_FIELDS)))
    .optional(),
});

export const profileDataSchema: z.ZodType<FacebookProfileData> = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  gender: z.string().nullable(),
  birthday: z.number().nullable(),
  picture: z.string().nullable(),
});

/** The verified profile, restricted to the fields asked for (auth.md §7). */
export async function facebookProfileData(
  deps: AppDeps,
  body: z.output<typeof profileDataBody>,
): Promise<FacebookProfileData> {
  const identity = await verifyFacebookToken(deps, body.access_token);
  const asked = new Set<FacebookProfileField>(body.fields ?? FACEBOOK_PROFILE_FIELDS);
  const names = asked.has('name') || asked.has('first_name') || asked.has('last_name');
  return {
    id: identity.id,
    first_name: names ? identity.firstName : '',
    last_name: names ? identity.lastName : '',
    email: asked.has('email') ? identity.email : null,
    gender: asked.has('gender') ? identity.gender : null,
    birthday: asked.has('birthday') || body.pii_safe_birthday === true ? identity.birthday : null,
    picture: asked.has('picture') ? identity.picture : null,
  };
}

// ---- credential kinds ---------------------------------------------------------------------

const noop = (): Promise<void> => Promise.resolve();

async function resolveLogin(
  deps: AppDeps,
  body: { facebook_id: string; facebook_token: string },
): Promise<ResolvedLogin> {
  const identity = await verifyFacebookToken(deps, body.facebook_token, body.facebook_id);
  const userId = await findUserByIdentity(deps.db, FACEBOOK_PROVIDER, identity.id);
  if (!userId) {
    throw await notFound(deps, FACEBOOK_PROVIDER, {
      email: identity.email,
      firstName: identity.firstName,
      lastName: identity.lastName,
    });
  }
  // A Facebook access token is a bearer token the SDK hands out again on every visit (unlike an
  // ID token with a nonce): it is verified with Facebook each time, and not single use.
  return { userId, method: 'facebook', passive: false, consume: noop };
}

async function resolveSignup(
  deps: AppDeps,
  body: { facebook_token: string; facebook_id?: string | undefined },
): Promise<NewIdentity> {
  const identity = await verifyFacebookToken(deps, body.facebook_token, body.facebook_id);
  if (await findUserByIdentity(deps.db, FACEBOOK_PROVIDER, identity.id)) {
    // auth.md §8 "A facebook-connected account error".
    throw new AppError('SOCIAL_FACEBOOK_CONNECTED', { data: { provider: FACEBOOK_PROVIDER } });
  }
  return {
    method: 'facebook',
    providerId: FACEBOOK_PROVIDER,
    accountId: identity.id,
    email: identity.email,
    // Graph answers only confirmed addresses.
    emailVerified: identity.email !== null,
    firstName: identity.firstName,
    lastName: identity.lastName,
    imageUrl: identity.picture,
    accountType: 'personal',
    consume: noop,
  };
}

export const facebookLoginKind: LoginCredentialKind<AppDeps> = {
  name: FACEBOOK_PROVIDER,
  claims: (body) => hasFields(body, ['facebook_token']) && !hasFields(body, ['type']),
  schema: z
    .object({ ...facebookLoginFields, ...loginCommonFields, ...nextField })
    .transform((body) => ({
      kind: FACEBOOK_PROVIDER,
      isAccountSwitch: body.isAccountSwitch,
      next: body.next,
      recaptchaV3Token: body.recaptchaV3Token,
      mfaToken: body.mfa_token,
      mfaResend: body.mfa_resend,
      resolve: (deps: AppDeps, _request: FastifyRequest) => resolveLogin(deps, body),
    })),
};

export const facebookSignupKind: SignupCredentialKind<AppDeps> = {
  name: FACEBOOK_PROVIDER,
  claims: (body) => hasFields(body, ['facebook_token', 'type']),
  schema: (now) =>
    z
      .object({
        ...socialSignupFields({ now }),
        type: z.literal('facebook'),
        facebook_token: facebookLoginFields.facebook_token,
        facebook_id: facebookLoginFields.facebook_id.optional(),
        ...nextField,
      })
      .transform(({ next, ...fields }) => ({
        kind: FACEBOOK_PROVIDER,
        fields,
        next,
        resolve: (deps: AppDeps, _request: FastifyRequest) => resolveSignup(deps, fields),
      })),
};

/**
 * Connecting Facebook from the settings page (ADR 188): the token checked through the Graph API
 * as for log-in (debug_token for our app, `/me`), and the SDK's user id, when given, must match.
 */
export const facebookConnectKind: ConnectCredentialKind<AppDeps> = {
  provider: FACEBOOK_PROVIDER,
  verify: async (deps, _request, input) => {
    const identity = await verifyFacebookToken(deps, input.credential, input.facebookId);
    return { providerId: FACEBOOK_PROVIDER, accountId: identity.id, consume: noop };
  },
};
