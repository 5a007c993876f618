// Input and answer schemas of the identity-provider admin and the domain-proof link
// (docs/decisions/154, 155) and of a business's own providers (ADR 190).
import { z } from 'zod';
import {
  SSO_DOMAIN_PROOF_MAILBOXES,
  type SsoDomainItem,
  type SsoDomainVerified,
  type SsoProviderItem,
} from '@corkboard/shared/auth/social-api';
import { idSchema } from '../../core/schemas.ts';
import { fieldErrors } from '../../core/http/input.ts';

/** A lower-case DNS name with at least one dot; labels of 1–63 letters, digits and hyphens. */
export const SSO_DOMAIN_PATTERN =
  /^(?=.{3,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

export const ssoDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/\.$/, ''))
  .pipe(z.string().regex(SSO_DOMAIN_PATTERN));

const issuerSchema = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .transform((value) => value.replace(/\/+$/, ''));

const providerFields = {
  name: z.string().trim().min(1).max(100),
  issuer: issuerSchema,
  client_id: z.string().trim().min(1).max(512),
};

export const providerInputSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]{1,40}$/),
  ...providerFields,
  client_secret: z.string().min(1).max(1024),
  domains: z.array(ssoDomainSchema).max(20).default([]),
});

export const providerChangeSchema = z.object({
  ...providerFields,
  /** Write-only: absent keeps the stored secret. */
  client_secret: z.string().min(1).max(1024).optional(),
  /** Absent: unchanged. */
  enabled: z.boolean().optional(),
  /** The whole list (absent: unchanged); new ones start unproven (ADR 190). */
  domains: z.array(ssoDomainSchema).max(20).optional(),
});

/** A bad domain gets its own code (the admin page says which field). */
export const providerInputErrors = fieldErrors({ domains: 'SSO_DOMAIN_INVALID' });
export const providerChangeErrors = fieldErrors({ domains: 'SSO_DOMAIN_INVALID' });
export const domainInputErrors = fieldErrors({ domain: 'SSO_DOMAIN_INVALID' });
export const mailboxInputErrors = fieldErrors({ mailbox: 'SSO_DOMAIN_EMAIL_INVALID' });

export const providerParamsSchema = z.object({ id: idSchema });
export const domainParamsSchema = z.object({ id: idSchema, domainId: idSchema });
/** The business-scoped routes (ADR 190) add the business profile's id. */
export const businessParamsSchema = z.object({ profileId: idSchema });
export const businessProviderParamsSchema = z.object({ profileId: idSchema, id: idSchema });
export const businessDomainParamsSchema = z.object({
  profileId: idSchema,
  id: idSchema,
  domainId: idSchema,
});
export const domainBodySchema = z.object({ domain: ssoDomainSchema });
export const emailProofBodySchema = z.object({ mailbox: z.enum(SSO_DOMAIN_PROOF_MAILBOXES) });
export const verifyLinkBodySchema = z.object({ token: z.string().min(16).max(128) });

const domainItemSchema: z.ZodType<SsoDomainItem> = z.object({
  id: z.string(),
  domain: z.string(),
  verified: z.boolean(),
  verified_by: z.enum(['dns', 'email']).nullable(),
  verified_at: z.string().nullable(),
  txt_record: z.object({ name: z.string(), value: z.string() }),
  email_sent_to: z.string().nullable(),
});

/** Strict: an answer carrying anything more (a secret) fails the answer check. */
export const providerItemSchema: z.ZodType<SsoProviderItem> = z.strictObject({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  redirect_uri: z.string(),
  domains: z.array(domainItemSchema),
  enabled: z.boolean(),
  business: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
});

export const domainVerifiedSchema: z.ZodType<SsoDomainVerified> = z.object({ domain: z.string() });
