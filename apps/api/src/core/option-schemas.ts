// Small option schemas the saving resources share. Forms and clients send empty fields as ''
// or null, so both mean "not given".
import { z } from 'zod';
import { entityIdSchema } from '@corkboard/shared/saving/schemas';

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
