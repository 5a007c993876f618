// Input and answer schemas of the social sign-in endpoints (docs/decisions/030).
import { z } from 'zod';
import type { AuthProvidersAnswer, SocialNonceAnswer } from '@corkboard/shared/auth/social-api';

export const providersQuery = z.object({
  country: z.string().max(8).optional(),
  // The page forwards its `?exp=` overrides to every call; they are read by the experiments plugin.
  exp: z.union([z.string(), z.array(z.string())]).optional(),
});

export const authProvidersSchema: z.ZodType<AuthProvidersAnswer> = z.object({
  dev_peers: z.boolean(),
  google: z.object({ client_id: z.string(), gsi_client_url: z.string() }).nullable(),
  facebook: z
    .object({ app_id: z.string(), sdk_base_url: z.string(), graph_version: z.string() })
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
