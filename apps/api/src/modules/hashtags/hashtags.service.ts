// Hashtags (saving.md §5 "Description hashtags: a # followed by characters other than
// punctuation or spaces; they are logged"; §7 GET /v3/search/autocomplete/; docs/decisions/060).
//
// - setPinHashtags: whoever writes a pin's description (PinResource create, RepinResource create,
//   and a pin edit) calls it inside the same transaction, so the pin's tags always match its
//   description. It parses with the shared rule (@corkboard/shared/saving/hashtags), stores the
//   tags (hashtags, pin_hashtags) and logs them: one structured log line per save that carries
//   tags, `{ pin_id, hashtags, source }` with the message 'pin hashtags' (info level).
// - autocompleteHashtags: the typeahead of the description fields.
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@corkboard/db/schema';
import type { HashtagSuggestionItem } from '@corkboard/shared/saving/api';
import {
  HASHTAG_AUTOCOMPLETE_MAX,
  HASHTAG_SUGGESTIONS_MAX,
  hashtagQueryPrefix,
  parseHashtags,
} from '@corkboard/shared/saving/hashtags';
import type { AppDeps } from '../../core/app-deps.ts';
import { clampSize } from '../../core/schemas.ts';
import { listPinHashtags, replacePinHashtags, suggestHashtags } from './hashtags.repository.ts';

/** What wrote the description: the log line says so. */
export type HashtagSource = 'create' | 'repin' | 'edit';

/**
 * Not in the spec: the tags whose discoverable pins are counted per autocomplete call, chosen
 * by their stored count. Bounds the work of one keystroke however many tags share a prefix.
 */
export const HASHTAG_AUTOCOMPLETE_CANDIDATES = 50;

/**
 * Makes the pin's stored tags those of `description` and logs them. Call it inside the
 * transaction that writes the description (`trx`); answers the tags (normal forms, in order).
 */
export async function setPinHashtags(
  trx: Kysely<Database>,
  log: FastifyBaseLogger,
  pin: { id: string; description: string; source: HashtagSource },
  now: Date,
): Promise<string[]> {
  const tags = parseHashtags(pin.description);
  await replacePinHashtags(trx, pin.id, tags, now);
  if (tags.length > 0) {
    log.info({ pin_id: pin.id, hashtags: tags, source: pin.source }, 'pin hashtags');
  }
  return tags;
}

/** The tags stored for a pin (normal forms, description order). */
export async function pinHashtags(db: Kysely<Database>, pinId: string): Promise<string[]> {
  return listPinHashtags(db, pinId);
}

export interface AutocompleteRequest {
  q: string;
  showPinCount: boolean;
  pageSize: number | undefined;
}

/**
 * GET /v3/search/autocomplete/: tags starting with what was typed (with or without its '#'),
 * each as `{ query: '#tag', pin_count }`; pin_count is null unless asked for. Nothing to look
 * up (an empty or impossible tag) answers an empty list.
 */
export async function autocompleteHashtags(
  deps: Pick<AppDeps, 'db'>,
  request: AutocompleteRequest,
): Promise<HashtagSuggestionItem[]> {
  const prefix = hashtagQueryPrefix(request.q);
  if (prefix === null) return [];
  const limit = clampSize(request.pageSize, HASHTAG_SUGGESTIONS_MAX, HASHTAG_AUTOCOMPLETE_MAX);
  const rows = await suggestHashtags(deps.db, prefix, limit, HASHTAG_AUTOCOMPLETE_CANDIDATES);
  return rows.map((row) => ({
    query: `#${row.tag}`,
    pin_count: request.showPinCount ? row.pin_count : null,
  }));
}
