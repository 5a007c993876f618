// The search parameters read at the edge (saving.md §2.10, business.md §3 "Search options").
// Parameters we hold data for are validated strictly (a bad colour or price is
// SEARCH_FILTER_INVALID); the ones that only describe where a search came from (rs, source_id,
// journey_depth, …) are validated for shape and bounds; anything else in the address (brands,
// on_sale, style, …) is dropped by the object schema, never an error (docs/decisions/071).
import { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import {
  SEARCH_COLOR_FAMILIES,
  SEARCH_FILTER_MAX_VALUES,
  SEARCH_JOURNEY_DEPTH_MAX,
  SEARCH_PRICE_MAX,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_SCOPES,
  TYPEAHEAD_DEFAULT_COUNT,
  TYPEAHEAD_MAX_COUNT,
  TYPEAHEAD_TERM_MAX_LENGTH,
} from '@corkboard/shared/search/constants';
import type { InputErrorMapper } from '../../core/http/input.ts';
import { idSchema, pageQuerySchema, usernameSchema } from '../../core/schemas.ts';

/** Fields whose bad values are SEARCH_FILTER_INVALID rather than VALIDATION_FAILED. */
const FILTER_FIELDS = new Set([
  'domains',
  'colors',
  'price_min',
  'price_max',
  'top_pin_ids',
  'user',
  'filters',
]);

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** `a,b` or `?x=a&x=b` (or both), trimmed, blanks dropped. */
function listOf<Item extends z.ZodType<string, string>>(item: Item) {
  return z
    .union([z.string().max(2000), z.array(z.string().max(2000)).max(SEARCH_FILTER_MAX_VALUES)])
    .optional()
    .transform((value) =>
      (value === undefined ? [] : Array.isArray(value) ? value : [value])
        .flatMap((part) => part.split(','))
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .pipe(z.array(item).max(SEARCH_FILTER_MAX_VALUES));
}

/** A domain as pins.domain holds it: lower case, no `www.`. */
export const domainSchema = z
  .string()
  .transform((value) => value.toLowerCase().replace(/^www\./, ''))
  .pipe(z.string().regex(DOMAIN, 'Not a domain name'));

const flagSchema = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

function blankAsUndefined(value: unknown): unknown {
  return value === '' ? undefined : value;
}

const priceSchema = z.preprocess(
  blankAsUndefined,
  z.coerce.number().min(0).max(SEARCH_PRICE_MAX).optional(),
);

const shortText = (max: number) => z.preprocess(blankAsUndefined, z.string().max(max).optional());

export const searchScopeParamsSchema = z.object({ scope: z.string().max(40) });

export const searchQuerySchema = pageQuerySchema.extend({
  // Optional so a missing or blank query gets its own code (SEARCH_QUERY_REQUIRED); the length is
  // checked after trimming in the service.
  q: z.string().optional(),
  commerce_only: flagSchema,
  auto_correction_disabled: flagSchema,
  domains: listOf(domainSchema),
  colors: listOf(z.enum(SEARCH_COLOR_FAMILIES)),
  top_pin_ids: listOf(idSchema),
  user: z.preprocess(blankAsUndefined, usernameSchema.optional()),
  price_min: priceSchema,
  price_max: priceSchema,
  // `key:value,value|key:value` (the unified filter bar); known keys are merged with the plain
  // parameters, unknown keys ignored.
  filters: shortText(1000),
  rs: shortText(50),
  source_id: shortText(100),
  source_module_id: shortText(100),
  source_url: shortText(2000),
  journey_depth: z.preprocess(
    blankAsUndefined,
    z.coerce.number().int().min(0).max(SEARCH_JOURNEY_DEPTH_MAX).optional(),
  ),
});

export type SearchQuery = z.output<typeof searchQuerySchema>;

export const searchScopeSchema = z.enum(SEARCH_SCOPES);

/** Filter problems answer SEARCH_FILTER_INVALID with the usual field list. */
export const searchInputErrors: InputErrorMapper = (issues, location) => {
  if (location !== 'querystring') return null;
  const first = issues[0]?.path[0];
  if (typeof first !== 'string' || !FILTER_FIELDS.has(first)) return null;
  return new AppError('SEARCH_FILTER_INVALID', {
    data: {
      location,
      fields: issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        code: issue.code,
        message: issue.message,
      })),
    },
  });
};

export interface UnifiedFilters {
  domains: string[];
  colors: string[];
}

/**
 * Reads the `filters` parameter: pipe-separated `key:values` pairs. Only the keys we hold data for
 * are kept (domains, colors); their values are validated like the plain parameters.
 */
export function parseUnifiedFilters(filters: string | undefined): UnifiedFilters {
  const result: UnifiedFilters = { domains: [], colors: [] };
  if (filters === undefined) return result;
  for (const pair of filters.split('|')) {
    const separator = pair.indexOf(':');
    if (separator === -1) continue;
    const key = pair.slice(0, separator).trim();
    const values = pair.slice(separator + 1);
    if (key !== 'domains' && key !== 'colors') continue;
    const schema = key === 'domains' ? listOf(domainSchema) : listOf(z.enum(SEARCH_COLOR_FAMILIES));
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      throw new AppError('SEARCH_FILTER_INVALID', {
        data: {
          location: 'querystring',
          fields: parsed.error.issues.map((issue) => ({
            path: ['filters', key, ...issue.path.map(String)].join('.'),
            code: issue.code,
            message: issue.message,
          })),
        },
      });
    }
    result[key].push(...parsed.data);
  }
  return result;
}

/**
 * AdvancedTypeaheadResource options (business.md §7): term, count (default 5, clamped to
 * TYPEAHEAD_MAX_COUNT), pin_scope. Paging options (bookmarks) are dropped: suggestions are one
 * short list.
 */
export const typeaheadOptionsSchema = z.object({
  term: z.string().max(TYPEAHEAD_TERM_MAX_LENGTH),
  count: z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z.coerce
      .number()
      .int()
      .optional()
      .transform((value) =>
        value === undefined
          ? TYPEAHEAD_DEFAULT_COUNT
          : Math.min(TYPEAHEAD_MAX_COUNT, Math.max(1, value)),
      ),
  ),
  pin_scope: z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z.enum(SEARCH_SCOPES).optional(),
  ),
});

/** POST /v3/search/recent/ */
export const recentSearchBodySchema = z.object({
  query: z.string().trim().min(1).max(SEARCH_QUERY_MAX_LENGTH),
  scope: z.enum(SEARCH_SCOPES),
});
