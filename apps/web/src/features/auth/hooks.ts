// Every auth-flow request the web makes (auth.md §7, and the server's docs/decisions/006 for the
// paths the spec leaves out): experiments, captcha, the email checks, login, signup and password
// reset. Who is signed in, and logging out, are the session feature's (session/hooks.ts).
// Components call these hooks; only this module talks to the API client about auth.
import type {
  AuthSuccess,
  CaptchaAction,
  CaptchaClientConfig,
  CaptchaLevel,
} from '@corkboard/shared/auth/api';
import type { RegisterBodyInput } from '@corkboard/shared/auth/schemas';
import {
  SSO_POPUP_RESULT_PATH,
  type AuthProvidersAnswer,
  type FacebookProfileData,
  type SocialNonceAnswer,
  type SsoInfoAnswer,
  type SsoPopupResultAnswer,
  type SsoTokensAnswer,
} from '@corkboard/shared/auth/social-api';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { ExperimentName } from '@corkboard/shared/experiments/experiments';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, apiGet, apiSend } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';

// ---- experiments ---------------------------------------------------------------------------

export interface ExperimentsAnswer {
  visitor_id: string;
  groups: Record<ExperimentName, string>;
}

/**
 * `?exp=` on the page is forwarded to the auth calls: the server reads overrides from each
 * request's own query string (outside production), so the page and the server agree on groups.
 */
export function withExperimentOverrides(
  path: string,
  pageSearch: string = window.location.search,
): string {
  const overrides = new URLSearchParams(pageSearch).getAll('exp');
  if (overrides.length === 0) return path;
  const params = new URLSearchParams();
  for (const value of overrides) params.append('exp', value);
  return `${path}${path.includes('?') ? '&' : '?'}${params.toString()}`;
}

/** The visitor's experiment groups (GET /v3/experiments/): only the server knows its overrides. */
export function useExperiments() {
  return useQuery({
    queryKey: queryKeys.experiments(),
    queryFn: ({ signal }) =>
      apiGet<ExperimentsAnswer>(withExperimentOverrides('/v3/experiments/'), { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** Experiments this page load has already reported (the server deduplicates across loads). */
const reportedExposures = new Set<string>();

/**
 * Reports to the experiments admin's exposure log that the page decided something with `name`
 * (docs/decisions/120): call it where the group is read for a decision, with `decided` true once
 * that decision is actually made (e.g. only for KR visitors for the Korea consent step).
 */
export function useExperimentExposure(name: ExperimentName, decided: boolean): void {
  useEffect(() => {
    if (!decided || reportedExposures.has(name)) return;
    reportedExposures.add(name);
    apiSend('POST', withExperimentOverrides('/v3/experiments/exposures/'), {
      experiments: [name],
    }).catch(() => {
      // Not logged this time; a later decision on this page load tries again.
      reportedExposures.delete(name);
    });
  }, [name, decided]);
}

// ---- captcha -------------------------------------------------------------------------------

/** auth.md §9: tokens are refreshed every 105 000 ms. */
export const CAPTCHA_TOKEN_MAX_AGE_MS = 105_000;
/** auth.md §9 timeouts: fetching a challenge, and solving it. */
export const CAPTCHA_FETCH_TIMEOUT_MS = 8_000;
export const CAPTCHA_SOLVE_TIMEOUT_MS = 30_000;

function captchaConfigOptions() {
  return {
    queryKey: queryKeys.captchaConfig(),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiGet<CaptchaClientConfig>('/v3/captcha/config/', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  } as const;
}

/**
 * A fresh captcha token for `action`, or undefined when the server runs without a captcha.
 * The embedded provider (ALTCHA) is a proof of work solved here, with WebCrypto, by a solver
 * loaded only when first needed. reCAPTCHA Enterprise (production adapter) loads Google's
 * script on first use and executes the score key, or the step-up key for the challenge level.
 */
async function solveCaptcha(
  queryClient: QueryClient,
  action: CaptchaAction,
  level: CaptchaLevel,
): Promise<string | undefined> {
  const config = await queryClient.fetchQuery(captchaConfigOptions());
  if (config.provider === 'recaptcha') {
    const siteKey =
      level === 'challenge' ? (config.challenge_site_key ?? config.site_key) : config.site_key;
    if (!siteKey) return undefined;
    const { executeRecaptcha } = await import('./recaptchaClient.ts');
    return executeRecaptcha(siteKey, action, CAPTCHA_FETCH_TIMEOUT_MS);
  }
  if (config.provider !== 'altcha') return undefined;
  const [challenge, solver] = await Promise.all([
    apiGet<unknown>('/v3/captcha/challenge/', {
      query: { action, level },
      signal: AbortSignal.timeout(CAPTCHA_FETCH_TIMEOUT_MS),
    }),
    import('./altchaSolver.ts'),
  ]);
  return solver.solveAltchaChallenge(challenge, CAPTCHA_SOLVE_TIMEOUT_MS);
}

interface PreparedToken {
  solvedAt: number;
  token: Promise<string | undefined>;
}

/** Background-solved tokens per query client (one per app; tests get their own). */
const preparedTokens = new WeakMap<QueryClient, Map<CaptchaAction, PreparedToken>>();

function preparedFor(queryClient: QueryClient): Map<CaptchaAction, PreparedToken> {
  let prepared = preparedTokens.get(queryClient);
  if (!prepared) {
    prepared = new Map();
    preparedTokens.set(queryClient, prepared);
  }
  return prepared;
}

/**
 * Captcha tokens for the auth forms. `prepare` starts solving a standard token in the background
 * when a form appears, so submitting rarely waits; `take` hands out that token (each is
 * single-use) unless it is older than CAPTCHA_TOKEN_MAX_AGE_MS, and solves the step-up level
 * on demand.
 */
export function useCaptcha() {
  const queryClient = useQueryClient();
  const prepare = useCallback(
    (action: CaptchaAction) => {
      const token = solveCaptcha(queryClient, action, 'standard');
      // A failure here is reported when the token is taken, never as an unhandled rejection.
      token.catch(() => undefined);
      preparedFor(queryClient).set(action, { solvedAt: Date.now(), token });
    },
    [queryClient],
  );
  const take = useCallback(
    async (
      action: CaptchaAction,
      level: CaptchaLevel = 'standard',
    ): Promise<string | undefined> => {
      if (level === 'challenge') return solveCaptcha(queryClient, action, level);
      const pool = preparedFor(queryClient);
      const prepared = pool.get(action);
      pool.delete(action);
      if (prepared && Date.now() - prepared.solvedAt < CAPTCHA_TOKEN_MAX_AGE_MS) {
        try {
          return await prepared.token;
        } catch {
          // Solve again below: the background attempt may have failed on a network blip.
        }
      }
      return solveCaptcha(queryClient, action, level);
    },
    [queryClient],
  );
  return { prepare, take };
}

// ---- email lookups -------------------------------------------------------------------------

function emailExistsOptions(email: string) {
  return {
    queryKey: queryKeys.emailExists(email),
    queryFn: () =>
      apiSend<boolean>('POST', withExperimentOverrides('/v3/register/exists/'), { email }),
    staleTime: 5 * 60_000,
    retry: false,
  } as const;
}

/**
 * auth.md §4: does this (already valid, already debounced) email have an account? undefined
 * while unknown or when `email` is null; a failed check counts as "no" (signup mode).
 */
export function useEmailExists(email: string | null): boolean | undefined {
  const query = useQuery({ ...emailExistsOptions(email ?? ''), enabled: email !== null });
  if (email === null) return undefined;
  if (query.isError) return false;
  return query.data;
}

/** The same lookup on submit: the answer already cached for the field, or a new request. */
export function useEmailExistsLookup() {
  const queryClient = useQueryClient();
  return useCallback(
    async (email: string): Promise<boolean> => {
      try {
        return await queryClient.fetchQuery(emailExistsOptions(email));
      } catch (error) {
        // Only a rate limit or outage lands here; signing up is then the safe default, and the
        // register call still refuses a taken email (EmailAlreadyExist).
        if (error instanceof ApiError && error.code === ERROR_CODES.AUTH_EMAIL_INVALID.code)
          throw error;
        return false;
      }
    },
    [queryClient],
  );
}

/** POST /v3/email/validation/ → is_valid. */
export function useServerEmailValidation() {
  return useCallback(
    async (email: string): Promise<boolean> =>
      (
        await apiSend<{ is_valid: boolean }>(
          'POST',
          withExperimentOverrides('/v3/email/validation/'),
          {
            email,
          },
        )
      ).is_valid,
    [],
  );
}

// ---- log in, sign up, recover --------------------------------------------------------------

export interface LoginRequest {
  username_or_email: string;
  password: string;
  recaptchaV3Token?: string | undefined;
  recaptchaV2Token?: string | undefined;
  isAccountSwitch: boolean;
}

export function useLogin() {
  return useCallback(
    (body: LoginRequest) =>
      apiSend<AuthSuccess>('POST', withExperimentOverrides('/v3/login/'), body),
    [],
  );
}

/** auth.md §3 `mfa_token` (the code typed) or `mfa_resend` ('resend the code'). */
export interface MfaStepRequest {
  mfa_token?: string | undefined;
  mfa_resend?: boolean | undefined;
}

/**
 * POST /v3/login/mfa/ (ADR 189): the loginMfa step's code or 'resend the code' for the pending
 * log-in this browser holds, whatever the first factor was (password, Google, Facebook, LINE, SSO).
 */
export function useMfaStep() {
  return useCallback(
    (body: MfaStepRequest) =>
      apiSend<AuthSuccess>('POST', withExperimentOverrides('/v3/login/mfa/'), body),
    [],
  );
}

export function useRegister() {
  return useCallback(
    (body: RegisterBodyInput) =>
      apiSend<AuthSuccess>('POST', withExperimentOverrides('/v3/register/'), body),
    [],
  );
}

/** POST /v3/users/password/reset/ → the identifier to log in with. */
export function usePasswordReset() {
  return useCallback(
    (body: { token: string; new_password: string }) =>
      apiSend<{ username_or_email: string }>(
        'POST',
        withExperimentOverrides('/v3/users/password/reset/'),
        body,
      ),
    [],
  );
}

/**
 * auth.md §7 POST /v3/users/forgot_password/ with its captcha (action web_reset_password): the
 * recovery dialogs' and the recovery page's "send me a reset link".
 */
export function useSendPasswordReset() {
  const { take } = useCaptcha();
  const [isPending, setPending] = useState(false);
  const send = useCallback(
    async (usernameOrEmail: string): Promise<void> => {
      setPending(true);
      try {
        const recaptchaV3Token = await take('web_reset_password');
        await apiSend<null>('POST', '/v3/users/forgot_password/', {
          username_or_email: usernameOrEmail.trim(),
          recaptchaV3Token,
        });
      } finally {
        setPending(false);
      }
    },
    [take],
  );
  return { send, isPending };
}

// ---- social sign-in (docs/decisions/030, 031) ----------------------------------------------

/** GET /v3/auth/providers/: which sign-in providers this server offers, with their public ids. */
export function useAuthProviders() {
  return useQuery({
    queryKey: queryKeys.authProviders(),
    queryFn: ({ signal }) =>
      apiGet<AuthProvidersAnswer>(withExperimentOverrides('/v3/auth/providers/'), { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** POST /v3/auth/nonce/: the nonce the next Google ID token must carry (bound to this browser). */
export async function requestGoogleNonce(): Promise<string> {
  const answer = await apiSend<SocialNonceAnswer>('POST', '/v3/auth/nonce/', {
    provider: 'google',
  });
  return answer.nonce;
}

/** auth.md §3 login credentials of a social kind (POST /v3/login/). */
export type SocialLoginRequest = (
  | {
      google_open_id_token: string;
      login_method: 'google' | 'google_one_tap';
      select_by?: string | undefined;
    }
  | { facebook_id: string; facebook_token: string }
  | { line_id_token: string }
  | { sso_user_email: string; sso_auth_code: string }
) & {
  recaptchaV3Token?: string | undefined;
  isAccountSwitch: boolean;
};

export function useSocialLogin() {
  return useCallback(
    (body: SocialLoginRequest) =>
      apiSend<AuthSuccess>('POST', withExperimentOverrides('/v3/login/'), body),
    [],
  );
}

/** auth.md §3 register with a social type (POST /v3/register/). */
export type SocialRegisterRequest = (
  | { type: 'google' | 'google_one_tap'; google_open_id_token: string }
  | { type: 'line'; line_id_token: string }
  | { type: 'facebook'; facebook_token: string; facebook_id: string; gender?: string | undefined }
  | { type: 'sso'; sso_id_token: string }
) &
  SocialRegisterCommon;

interface SocialRegisterCommon {
  birthday: number;
  email?: string | undefined;
  recaptchaV3Token?: string | undefined;
  container?: string | undefined;
  page?: string | undefined;
  signupSource?: string | undefined;
  kr_privacy_consent_opt_in?: boolean | undefined;
  marketing_notifs_opt_out?: boolean | undefined;
}

export function useSocialRegister() {
  return useCallback(
    (body: SocialRegisterRequest) =>
      apiSend<AuthSuccess>('POST', withExperimentOverrides('/v3/register/'), body),
    [],
  );
}

/** auth.md §3 "First social provider profile" request fields (auth.md §7 profile_data). */
export const FACEBOOK_PROFILE_REQUEST_FIELDS = 'picture,id,first_name,last_name,email,gender';

/** POST /v3/facebook/profile_data/: the verified profile of a Facebook access token. */
export function requestFacebookProfile(accessToken: string): Promise<FacebookProfileData> {
  return apiSend<FacebookProfileData>('POST', '/v3/facebook/profile_data/', {
    access_token: accessToken,
    pii_safe_birthday: true,
    fields: FACEBOOK_PROFILE_REQUEST_FIELDS,
  });
}

// ---- SSO by e-mail domain (auth.md §4 "SSO", §7; docs/decisions/033, 157) -----------------

/** What a failed or skipped lookup counts as (auth.md §7 "a non-SSO result is assumed"). */
export const NOT_SSO: SsoInfoAnswer = {
  is_sso: false,
  existing_user: false,
  existing_user_is_sso: false,
  authorization_uri: null,
  redirect_uri: null,
  exchange_code_to_token_info_url: null,
};

function ssoInfoOptions(email: string) {
  return {
    queryKey: queryKeys.ssoInfo(email),
    queryFn: async (): Promise<SsoInfoAnswer> => {
      try {
        return await apiSend<SsoInfoAnswer>('POST', '/v3/sso/info/', { email });
      } catch (error) {
        // auth.md §7: "on failure a non-SSO result is assumed and logged".
        console.warn('SSO lookup failed; continuing without SSO', error);
        return NOT_SSO;
      }
    },
    staleTime: 60_000,
    retry: false,
  } as const;
}

/**
 * POST /v3/sso/info/ for an already valid, already debounced email (null: nothing to ask).
 * undefined while unknown.
 */
export function useSsoInfo(email: string | null): SsoInfoAnswer | undefined {
  const query = useQuery({ ...ssoInfoOptions(email ?? ''), enabled: email !== null });
  return email === null ? undefined : query.data;
}

/** The same lookup on submit: the cached answer, or a new request. */
export function useSsoInfoLookup() {
  const queryClient = useQueryClient();
  return useCallback(
    (email: string): Promise<SsoInfoAnswer> => queryClient.fetchQuery(ssoInfoOptions(email)),
    [queryClient],
  );
}

/**
 * POST /v3/sso/popup-result/ (ADR 213): the result of this browser's SSO pop-up `attempt`, asked
 * when the pop-up closed and its message did not arrive. A plain call, not a query: it is asked
 * once per closed pop-up, and its answer must never be served from a cache.
 */
export function lookupSsoPopupResult(attempt: string): Promise<SsoPopupResultAnswer> {
  return apiSend<SsoPopupResultAnswer>('POST', SSO_POPUP_RESULT_PATH, { attempt });
}

/**
 * POST to the exchange URL the server gave (auth.md §7): the code traded for the SSO tokens.
 * Only our own origin's URL is called (the flow cookie lives there).
 */
export async function exchangeSsoCode(
  exchangeUrl: string,
  code: string,
  state: string,
): Promise<SsoTokensAnswer> {
  const url = new URL(exchangeUrl, window.location.origin);
  const path = url.origin === window.location.origin ? url.pathname : '/v3/sso/token/';
  return apiSend<SsoTokensAnswer>('POST', path, { code, state });
}
