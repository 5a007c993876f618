// Advertiser audiences for exclusion (issue 11 "never to the advertiser's excluded audiences";
// docs/decisions/183). A customer list is SHA-256 hashes of normalised e-mail addresses the
// advertiser uploads (hashed in the browser, never the addresses themselves); it matches people
// whose verified account e-mail hashes the same. An engagement audience is the people who saved
// one of the business's pins. Ad groups name them in targeting_spec.AUDIENCE_EXCLUDE.
import { z } from 'zod';

export const AUDIENCE_TYPES = ['CUSTOMER_LIST', 'ENGAGEMENT'] as const;
export type AudienceType = (typeof AUDIENCE_TYPES)[number];

/** Decided (ADR 183): hashes one upload carries (as Pinterest's customer-list upload batches). */
export const AUDIENCE_UPLOAD_MAX = 10_000;
/** Decided: audiences one ad account holds. */
export const AUDIENCES_PER_ACCOUNT_MAX = 100;
/** The most audiences one ad group excludes (targetingSpecSchema's cap). */
export const AUDIENCE_EXCLUDE_MAX = 20;
export const AUDIENCE_NAME_MAX_LENGTH = 100;

/**
 * The normal form an e-mail is hashed in (Pinterest's customer-list rule): trimmed, lower-cased.
 * Both the uploader and the server's account side use it.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const sha256Hex = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, 'Must be a SHA-256 hash in hex');

/** POST /v3/ads/advertisers/{id}/audiences/. */
export const audienceCreateSchema = z.discriminatedUnion('audience_type', [
  z.object({
    audience_type: z.literal('CUSTOMER_LIST'),
    name: z.string().trim().min(1).max(AUDIENCE_NAME_MAX_LENGTH),
    email_sha256: z.array(sha256Hex).min(1).max(AUDIENCE_UPLOAD_MAX),
  }),
  z.object({
    audience_type: z.literal('ENGAGEMENT'),
    name: z.string().trim().min(1).max(AUDIENCE_NAME_MAX_LENGTH),
  }),
]);
export type AudienceCreateInput = z.output<typeof audienceCreateSchema>;

const decimalId = z.string().regex(/^[1-9][0-9]{0,18}$/, 'Must be a numeric id');

/** PUT /v3/ads/advertisers/{id}/ad_groups/{adGroupId}/audience_exclusions/. */
export const audienceExclusionsSchema = z.object({
  AUDIENCE_EXCLUDE: z.array(decimalId).max(AUDIENCE_EXCLUDE_MAX),
});

export interface AdAudience {
  id: string;
  name: string;
  audience_type: AudienceType;
  /** Hashes uploaded (customer list) or people in it now (engagement). */
  size: number;
  created_at: string;
}

export interface AudienceExclusions {
  ad_group_id: string;
  AUDIENCE_EXCLUDE: string[];
}
