// Input and answer schemas of the hashtags module.
import { z } from 'zod';
import type { HashtagSuggestionItem } from '@corkboard/shared/saving/api';
import { HASHTAG_QUERY_MAX_LENGTH } from '@corkboard/shared/saving/hashtags';

const booleanFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

/** saving.md §7 "GET /v3/search/autocomplete/ | q, show_pin_count". */
export const autocompleteQuerySchema = z.object({
  q: z.string().max(HASHTAG_QUERY_MAX_LENGTH).default(''),
  show_pin_count: booleanFlag.default(false),
  page_size: z.coerce.number().int().optional(),
});

export const hashtagSuggestionSchema: z.ZodType<HashtagSuggestionItem> = z.object({
  query: z.string(),
  pin_count: z.number().int().nullable(),
});
