// Input schemas shared by several routes and resources: ids, usernames, slugs, pages, and the
// small option fields the saving resources share. Forms and clients send empty fields as '' or
// null, so both mean "not given".
import { z } from 'zod';
import { clampPageSize } from '@corkboard/shared/pagination';
import { entityIdSchema } from '@corkboard/shared/saving/schemas';

const INT8_MAX = 9223372036854775807n;

/** A bigint id as the API spells it: decimal digits within PostgreSQL's int8 range. */
export const idSchema = z
  .string()
  .refine(
    (value) => /^[1-9][0-9]{0,18}$/.test(value) && BigInt(value) <= INT8_MAX,
    'Must be a numeric id',
  );

/** `/…/advertisers/{advertiserId}/…`: every console module's path (business, ads, reporting, billing). */
export const advertiserParamsSchema = z.object({ advertiserId: idSchema });

/** Usernames are 3–30 letters, digits or underscores (users_username_format). */
export const usernameSchema = z.string().regex(/^[A-Za-z0-9_]{1,30}$/, 'Not a valid username');

export const slugSchema = z.string().min(1).max(200);

/**
 * `?bookmark=&page_size=`. A page size out of range is clamped (never rejected) so a client
 * asking for 1000 simply gets MAX_PAGE_SIZE; a non-number is a validation error.
 */
export const pageQuerySchema = z.object({
  // Length and format are checked when decoding, so every bad cursor is INVALID_BOOKMARK.
  // null is accepted for resource options, where clients send `"bookmark": null` on page one.
  bookmark: z.string().nullish(),
  page_size: z.coerce
    .number()
    .int()
    .optional()
    .transform((value) => clampPageSize(value)),
});

export interface PageRequest {
  bookmark: string | undefined;
  pageSize: number;
}

export function pageRequest(query: {
  bookmark?: string | null | undefined;
  page_size: number;
}): PageRequest {
  return { bookmark: query.bookmark ?? undefined, pageSize: query.page_size };
}

function blankAsUndefined(value: unknown): unknown {
  return value === '' || value === null ? undefined : value;
}

/** An optional entity id (decimal string). Numbers are accepted too: some clients send them. */
export const optionalIdSchema = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : blankAsUndefined(value)),
  entityIdSchema.optional(),
);

export const requiredIdSchema = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  entityIdSchema,
);

/** Optional free text, trimmed and bounded. */
export function optionalTextSchema(maxLength: number) {
  return z.preprocess(blankAsUndefined, z.string().trim().max(maxLength).optional());
}

/** `bookmark` (null on page one) and `page_size` as resources receive them. */
export const pageOptionFields = {
  bookmark: z.string().nullish(),
  page_size: z.coerce.number().int().optional(),
};

/** A requested page size clamped into [1, max], `fallback` when absent. */
export function clampSize(requested: number | undefined, fallback: number, max: number): number {
  if (requested === undefined || !Number.isFinite(requested)) return fallback;
  return Math.min(max, Math.max(1, Math.trunc(requested)));
}

/** A JSON body where a missing body (no content type) means `{}`. */
export function bodyOrEmpty<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess((value) => value ?? {}, schema);
}
