// Business accounts (business.md §2.2, §2.5, §3 "Business access profile"; docs/decisions/100):
// the create and convert forms' fields, parsed by the web form and the server alike.
import { z } from 'zod';
import { INVITABLE_PERMISSIONS } from './permissions.ts';
import { AD_COUNTRIES } from './targeting.ts';

/** Not in the spec: the longest business name (Pinterest's profile name limit). */
export const BUSINESS_NAME_MAX_LENGTH = 100;
/** Not in the spec: as pin links. */
export const BUSINESS_WEBSITE_MAX_LENGTH = 2048;

/** The languages the product speaks (the web's catalogues). */
export const BUSINESS_LANGUAGES = ['en', 'es'] as const;

/** "What it advertises" (issue 11; decided, docs/decisions/100). */
export const ADVERTISING_INTENTS = [
  'products',
  'services',
  'content',
  'local_business',
  'not_sure',
] as const;
export type AdvertisingIntent = (typeof ADVERTISING_INTENTS)[number];

function blankAsUndefined(value: unknown): unknown {
  return value === '' || value === null ? undefined : value;
}

/** An absolute http(s) URL, or nothing. */
export const optionalWebsiteSchema = z.preprocess(
  blankAsUndefined,
  z
    .string()
    .trim()
    .max(BUSINESS_WEBSITE_MAX_LENGTH)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    }, 'Enter a website that starts with http:// or https://.')
    .optional(),
);

/** POST /v3/business/create/ and /v3/business/convert/. */
export const businessDetailsSchema = z.object({
  business_name: z.string().trim().min(1).max(BUSINESS_NAME_MAX_LENGTH),
  website_url: optionalWebsiteSchema,
  country: z.enum(AD_COUNTRIES),
  language: z.enum(BUSINESS_LANGUAGES),
  advertising_intent: z.enum(ADVERTISING_INTENTS),
});
export type BusinessDetails = z.output<typeof businessDetailsSchema>;
export type BusinessDetailsInput = z.input<typeof businessDetailsSchema>;

/** POST /v3/business/profiles/{id}/invites/. */
export const businessInviteBodySchema = z.object({
  email: z.string().trim().min(3).max(254),
  permissions: z.array(z.enum(INVITABLE_PERMISSIONS)).min(1).max(INVITABLE_PERMISSIONS.length),
});
export type BusinessInviteBody = z.output<typeof businessInviteBodySchema>;
