// Collaborator search of the create-board form (saving.md §2.6, §3 "Share suggestion items", §7
// ShareSuggestionsResource / ShareSuggestionsTypeaheadResource): people the viewer follows or has
// collaborated with (on either side of a board, or as fellow collaborators), filtered by what was
// typed as a prefix of username, first name, last name or full name; the typeahead adds the
// typed-e-mail row. Never a way to look people up beyond the viewer's own circle, and never a way
// to learn whether an address has an account (e-mail rows are only what was typed).
import { variantUrls } from '@corkboard/media/media-keys';
import type { MediaStorage } from '@corkboard/media/storage';
import { AppError } from '@corkboard/shared/app-error';
import {
  classifyCollaboratorQuery,
  typedEmailSuggestion,
  type ShareSuggestionItem,
  type ShareSuggestionType,
} from '@corkboard/shared/saving/share-suggestions';
import type { AppDeps } from '../../core/app-deps.ts';
import { isBoardVisible } from '../../core/board-access.repository.ts';
import { fullName } from '../../core/serializers.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { SHARE_SUGGESTIONS_MAX, type ShareSuggestionsOptions } from './collaborators.schemas.ts';
import { findCircle, type CircleRow } from './share-suggestions.repository.ts';

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
  deps: AppDeps,
  viewer: Viewer,
  options: ShareSuggestionsOptions,
  mode: 'suggestions' | 'typeahead',
): Promise<ShareSuggestionItem[]> {
  const limit = options.page_size ?? SHARE_SUGGESTIONS_MAX;
  if (
    options.board_id !== undefined &&
    !(await isBoardVisible(deps.db, viewer, options.board_id))
  ) {
    throw new AppError('BOARD_NOT_FOUND', { data: { field: 'board_id' } });
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
  deps: AppDeps,
  viewer: Viewer,
  options: ShareSuggestionsOptions,
): Promise<ShareSuggestionItem[]> {
  return suggestions(deps, viewer, options, 'suggestions');
}

/** ShareSuggestionsTypeaheadResource get: the typed-e-mail row, then matching people. */
export function shareSuggestionsTypeahead(
  deps: AppDeps,
  viewer: Viewer,
  options: ShareSuggestionsOptions,
): Promise<ShareSuggestionItem[]> {
  return suggestions(deps, viewer, options, 'typeahead');
}
