// Offsite input and answer schemas (business.md §7 "GET /v3/offsite/"; docs/decisions/080).
import { z } from 'zod';
import type {
  AdminOffsiteCheck,
  AdminOffsiteDomain,
  OffsiteCheckAnswer,
} from '@corkboard/shared/offsite/offsite';
import {
  OFFSITE_LIST_STATUSES,
  OFFSITE_NOTE_MAX_LENGTH,
  OFFSITE_PASSTHROUGH_MAX_LENGTH,
  OFFSITE_STATUSES,
  OFFSITE_TOKEN_MAX,
  OFFSITE_URL_MAX_LENGTH,
} from '@corkboard/shared/offsite/offsite';
import { idSchema } from '../../core/schemas.ts';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');
const blankAsUndefined = (value: unknown): unknown =>
  value === '' || value === null ? undefined : value;
const passthrough = z.preprocess(
  blankAsUndefined,
  z.string().max(OFFSITE_PASSTHROUGH_MAX_LENGTH).optional(),
);

/**
 * `GET /v3/offsite/?url=&pin_id=|pin=&third_party_ad=|isThirdPartyAd=&check_only=true&token=
 * &client_tracking_params=&aux_data=&csr=`. The page forwards its own /offsite/ parameters, so
 * both spellings of the pin and ad flag are read. The URL itself is checked by the service (a
 * missing or odd URL is OFFSITE_URL_NOT_HTTP, not a generic validation error).
 */
export const offsiteCheckQuerySchema = z.object({
  url: z
    .string()
    .max(OFFSITE_URL_MAX_LENGTH * 3)
    .optional(),
  pin_id: z.preprocess(blankAsUndefined, idSchema.optional()),
  pin: z.preprocess(blankAsUndefined, idSchema.optional()),
  third_party_ad: flag,
  isThirdPartyAd: flag,
  check_only: flag,
  token: z.preprocess(
    blankAsUndefined,
    z.coerce.number().int().min(0).max(OFFSITE_TOKEN_MAX).optional(),
  ),
  client_tracking_params: passthrough,
  aux_data: passthrough,
  csr: passthrough,
});

export const offsiteCheckAnswerSchema: z.ZodType<OffsiteCheckAnswer> = z.object({
  redirect_status: z.enum(OFFSITE_STATUSES),
  url: z.string(),
  direct: z.boolean(),
});

export const domainParamsSchema = z.object({ domain: z.string().min(1).max(300) });

export const domainBodySchema = z.object({
  status: z.enum(OFFSITE_LIST_STATUSES),
  note: z.string().trim().max(OFFSITE_NOTE_MAX_LENGTH).default(''),
});

export const domainListQuerySchema = z.object({
  q: z.preprocess(blankAsUndefined, z.string().max(253).optional()),
});

export const adminDomainSchema: z.ZodType<AdminOffsiteDomain> = z.object({
  domain: z.string(),
  status: z.enum(OFFSITE_LIST_STATUSES),
  note: z.string(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});

export const adminCheckQuerySchema = z.object({
  url: z
    .string()
    .max(OFFSITE_URL_MAX_LENGTH * 3)
    .optional(),
});

export const adminCheckSchema: z.ZodType<AdminOffsiteCheck> = z.object({
  url: z.string(),
  redirect_status: z.enum(OFFSITE_STATUSES),
  source: z.enum(['admin_list', 'safe_browsing', 'none']),
  listed_domain: z.string().nullable(),
  threat_types: z.array(z.string()),
  reputation_checked: z.boolean(),
});

export const clickSummaryQuerySchema = z.object({
  days: z.preprocess(blankAsUndefined, z.coerce.number().int().min(1).max(92).default(7)),
});

export const clickSummarySchema = z.object({
  days: z.number().int(),
  by_status: z.object({
    ok: z.number().int(),
    blocked: z.number().int(),
    suspicious: z.number().int(),
    porn: z.number().int(),
  }),
});
