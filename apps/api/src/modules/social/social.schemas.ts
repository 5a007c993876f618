// Input and answer schemas of the social sign-in endpoints (docs/decisions/030).
import { z } from 'zod';
import { emailSchema } from '@corkboard/shared/auth/schemas';
import {
  SSO_POPUP_ATTEMPT_PARAM,
  SSO_POPUP_ATTEMPT_PATTERN,
  type AuthProvidersAnswer,
  type SocialNonceAnswer,
  type SsoInfoAnswer,
  type SsoPopupResultAnswer,
  type SsoTokensAnswer,
} from '@corkboard/shared/auth/social-api';
import { OAUTH_VALUE_MAX_LENGTH } from '@corkboard/shared/auth/social-schemas';

export const providersQuery = z.object({
  country: z.string().max(8).optional(),
  // The page forwards its `?exp=` overrides to every call; they are read by the experiments plugin.
  exp: z.union([z.string(), z.array(z.string())]).optional(),
});

export const authProvidersSchema: z.ZodType<AuthProvidersAnswer> = z.object({
  dev_peers: z.boolean(),
  google: z.object({ client_id: z.string(), gsi_client_url: z.string() }).nullable(),
  facebook: z
    .object({
      app_id: z.string(),
      sdk_base_url: z.string(),
      dialog_url: z.string(),
      graph_version: z.string(),
    })
    .nullable(),
  line: z.object({ enabled: z.literal(true) }).nullable(),
  sso: z.object({ enabled: z.boolean() }),
  country: z.string().nullable(),
});

export const nonceBody = z.object({ provider: z.literal('google') });

export const nonceSchema: z.ZodType<SocialNonceAnswer> = z.object({
  nonce: z.string(),
  expires_at: z.string(),
});

export const ssoInfoBody = z.object({ email: emailSchema });

export const ssoInfoSchema: z.ZodType<SsoInfoAnswer> = z.object({
  is_sso: z.boolean(),
  existing_user: z.boolean(),
  existing_user_is_sso: z.boolean(),
  authorization_uri: z.string().nullable(),
  redirect_uri: z.string().nullable(),
  exchange_code_to_token_info_url: z.string().nullable(),
});

const ssoPopupAttempt = z.string().regex(SSO_POPUP_ATTEMPT_PATTERN);

/** `attempt`: the opener's id for this pop-up, to ask for its result later (ADR 213). */
export const ssoAuthorizeQuery = z.object({
  email: emailSchema,
  [SSO_POPUP_ATTEMPT_PARAM]: ssoPopupAttempt.optional(),
});

export const ssoPopupResultBody = z.object({ attempt: ssoPopupAttempt });

export const ssoPopupResultSchema: z.ZodType<SsoPopupResultAnswer> = z.object({
  finished: z.boolean(),
  code: z.string().nullable(),
  state: z.string().nullable(),
  error: z.string().nullable(),
});

export const ssoExchangeBody = z.object({
  code: z.string().min(1).max(OAUTH_VALUE_MAX_LENGTH),
  state: z.string().min(1).max(OAUTH_VALUE_MAX_LENGTH),
});

export const ssoTokensSchema: z.ZodType<SsoTokensAnswer> = z.object({
  sso_id: z.string(),
  sso_id_token: z.string(),
  sso_email: z.string(),
  sso_user_name: z.string(),
});

export const ssoSlugParams = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,40}$/) });
