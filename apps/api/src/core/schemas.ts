// Request schemas shared by several routes (params and list query strings).
import { z } from 'zod';
import { clampPageSize } from '@corkboard/shared/pagination';

const INT8_MAX = 9223372036854775807n;

/** A bigint id as the API spells it: decimal digits within PostgreSQL's int8 range. */
export const idSchema = z
  .string()
  .refine(
    (value) => /^[1-9][0-9]{0,18}$/.test(value) && BigInt(value) <= INT8_MAX,
    'Must be a numeric id',
  );

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
