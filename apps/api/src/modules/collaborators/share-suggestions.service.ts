// Collaborator search of the create-board form (saving.md §2.6, §3 "Share suggestion items", §7
// ShareSuggestionsResource / ShareSuggestionsTypeaheadResource): people the viewer follows or has
// collaborated with (on either side of a board, or as fellow collaborators), filtered by what was
// typed as a prefix of username, first name, last name or full name; the typeahead adds the
// typed-e-mail row. Never a way to look people up beyond the viewer's own circle, and never a way
// to learn whether an address has an account (e-mail rows are only what was typed).
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Database, StoredVariants } from '@corkboard/db/schema';
import { variantUrls } from '@corkboard/media/media-keys';
import type { MediaStorage } from '@corkboard/media/storage';
import { AppError } from '@corkboard/shared/app-error';
import {
  classifyCollaboratorQuery,
  typedEmailSuggestion,
  type ShareSuggestionItem,
  type ShareSuggestionType,
} from '@corkboard/shared/saving/share-suggestions';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { requireViewer } from '../../core/board-access.ts';
import type { ServiceDeps } from '../../core/service-deps.ts';
import { parseOptions } from '../../core/resources/resource-registry.ts';
import { escapeLike } from '../../core/db-errors.ts';
import { optionalIdSchema } from '../../core/option-schemas.ts';
import { fullName } from '../../core/serializers.ts';
import { visibleBoards } from '../../core/visibility.repository.ts';

/** Not in the spec: rows a suggestion list shows (a typeahead, not a directory). */
export const SHARE_SUGGESTIONS_MAX = 10;
/** Not in the spec: the longest query considered (longer than any name or address). */
export const SHARE_SUGGESTIONS_QUERY_MAX_LENGTH = 254;

export const shareSuggestionsOptionsSchema = z.object({
  query: z.string().max(SHARE_SUGGESTIONS_QUERY_MAX_LENGTH).optional(),
  /** The typeahead's name for the query. */
  term: z.string().max(SHARE_SUGGESTIONS_QUERY_MAX_LENGTH).optional(),
  /** Leave out people already on (or invited to) this board. */
  board_id: optionalIdSchema,
  page_size: z.coerce.number().int().min(1).max(SHARE_SUGGESTIONS_MAX).optional(),
});

interface CircleRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  avatar_variants: StoredVariants | null;
  image_url: string | null;
}

/** The viewer's circle: followed people and collaboration partners, excluding the viewer. */
function circle(viewerId: string) {
  return sql<string>`(
    SELECT f.followee_id FROM user_follows f WHERE f.follower_id = ${viewerId}
    UNION
    SELECT c.user_id FROM board_collaborators c JOIN boards cb ON cb.id = c.board_id
    WHERE cb.owner_id = ${viewerId} AND c.status = 'accepted'
    UNION
    SELECT cb.owner_id FROM board_collaborators c JOIN boards cb ON cb.id = c.board_id
    WHERE c.user_id = ${viewerId} AND c.status = 'accepted'
    UNION
    SELECT other.user_id FROM board_collaborators mine
    JOIN board_collaborators other ON other.board_id = mine.board_id
    WHERE mine.user_id = ${viewerId} AND mine.status = 'accepted' AND other.status = 'accepted'
  )`;
}

async function findCircle(
  db: Kysely<Database>,
  viewerId: string,
  text: string | null,
  boardId: string | null,
  limit: number,
): Promise<CircleRow[]> {
  let query = db
    .selectFrom('users as u')
    .leftJoin('images as ua', 'ua.id', 'u.avatar_image_id')
    .select([
      'u.id',
      'u.username',
      'u.first_name',
      'u.last_name',
      'ua.variants as avatar_variants',
      'u.image_url',
    ])
    .where(sql<boolean>`u.id IN ${circle(viewerId)}`)
    .where('u.id', '<>', viewerId)
    .where('u.deactivated_at', 'is', null)
    .where('u.suspended_at', 'is', null);
  if (text !== null) {
    const prefix = `${escapeLike(text.toLowerCase())}%`;
    query = query.where(
      sql<boolean>`(
        lower(u.username) LIKE ${prefix} OR lower(u.first_name) LIKE ${prefix}
        OR lower(u.last_name) LIKE ${prefix} OR lower(u.first_name || ' ' || u.last_name) LIKE ${prefix}
      )`,
    );
  }
  if (boardId !== null) {
    query = query.where(
      sql<boolean>`NOT EXISTS (
        SELECT 1 FROM board_collaborators already
        WHERE already.board_id = ${boardId} AND already.user_id = u.id
      )`,
    );
    query = query.where(
      sql<boolean>`u.id <> (SELECT ob.owner_id FROM boards ob WHERE ob.id = ${boardId})`,
    );
  }
  return query
    .orderBy(sql`lower(u.username)`)
    .limit(limit)
    .execute();
}

function serializeSuggestion(
  storage: MediaStorage,
  row: CircleRow,
  type: ShareSuggestionType,
): ShareSuggestionItem {
  const variants = row.avatar_variants === null ? null : variantUrls(storage, row.avatar_variants);
  const name = fullName(row.first_name, row.last_name, row.username);
  return {
    type,
    id: row.id,
    full_name: name,
    username: row.username,
    title: name,
    image_medium_url: variants?.['236x'].url ?? row.image_url,
    image_large_url: variants?.['474x'].url ?? row.image_url,
    valid: true,
  };
}

async function suggestions(
  deps: ServiceDeps,
  viewerOrVisitor: Viewer | null,
  rawOptions: unknown,
  mode: 'suggestions' | 'typeahead',
): Promise<ShareSuggestionItem[]> {
  const viewer = requireViewer(viewerOrVisitor);
  const options = parseOptions(shareSuggestionsOptionsSchema, rawOptions);
  const limit = options.page_size ?? SHARE_SUGGESTIONS_MAX;
  if (options.board_id !== undefined) {
    const board = await deps.db
      .selectFrom('boards as b')
      .select('b.id')
      .where('b.id', '=', options.board_id)
      .where(visibleBoards(viewer))
      .executeTakeFirst();
    if (!board) throw new AppError('BOARD_NOT_FOUND', { data: { field: 'board_id' } });
  }
  const query = options.term ?? options.query ?? '';
  const classified = classifyCollaboratorQuery(query);
  // An address being typed (it has an `@`) matches no name: the e-mail row stands for it. A blank
  // query lists the whole circle.
  const rows =
    classified.kind === 'email'
      ? []
      : await findCircle(
          deps.db,
          viewer.id,
          classified.kind === 'name' ? classified.text : null,
          options.board_id ?? null,
          limit,
        );
  const type: ShareSuggestionType = mode === 'typeahead' ? 'user' : 'user_share_suggestion';
  const people = rows.map((row) => serializeSuggestion(deps.storage, row, type));
  const typed = mode === 'typeahead' ? typedEmailSuggestion(query) : null;
  return typed ? [typed, ...people] : people;
}

/** ShareSuggestionsResource get: the circle, optionally filtered by `query`. */
export function shareSuggestions(
  deps: ServiceDeps,
  viewer: Viewer | null,
  rawOptions: unknown,
): Promise<ShareSuggestionItem[]> {
  return suggestions(deps, viewer, rawOptions, 'suggestions');
}

/** ShareSuggestionsTypeaheadResource get: the typed-e-mail row, then matching people. */
export function shareSuggestionsTypeahead(
  deps: ServiceDeps,
  viewer: Viewer | null,
  rawOptions: unknown,
): Promise<ShareSuggestionItem[]> {
  return suggestions(deps, viewer, rawOptions, 'typeahead');
}
