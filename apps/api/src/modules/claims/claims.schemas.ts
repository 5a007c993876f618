// Input and answer schemas of /settings/claim/'s endpoints.
import { z } from 'zod';
import {
  CLAIM_METHODS,
  type ClaimedWebsite,
  type ClaimState,
  type InstagramAuthorization,
  type InstagramConnection,
} from '@corkboard/shared/claim/claim';

export const claimedWebsiteSchema: z.ZodType<ClaimedWebsite> = z.object({
  domain: z.string(),
  url: z.string().nullable(),
  method: z.enum(CLAIM_METHODS).nullable(),
  verified_at: z.string(),
});

export const instagramConnectionSchema: z.ZodType<InstagramConnection> = z.object({
  username: z.string(),
  connected_at: z.string(),
});

export const claimStateSchema: z.ZodType<ClaimState> = z.object({
  verification_token: z.string(),
  websites: z.array(claimedWebsiteSchema),
  instagram: instagramConnectionSchema.nullable(),
  instagram_available: z.boolean(),
});

/** What the person typed; parsed into a site by the service (WEBSITE_URL_INVALID). */
export const claimWebsiteBodySchema = z.object({
  url: z.string().min(1).max(2048),
  method: z.enum(CLAIM_METHODS),
});

export const websiteParamsSchema = z.object({
  domain: z
    .string()
    .min(1)
    .max(253)
    .regex(/^[a-z0-9.:[\]-]+$/),
});

export const instagramAuthorizationSchema: z.ZodType<InstagramAuthorization> = z.object({
  authorize_url: z.string(),
});

export const instagramConnectBodySchema = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(256),
});

export const doneSchema = z.object({ ok: z.literal(true) });
