// Pin search rules: the query is trimmed, must not be blank, and is at most SEARCH_QUERY_MAX_LENGTH
// characters. Pages by offset up to SEARCH_MAX_RESULTS (docs/decisions/003-bookmarks.md).
import { AppError } from '@corkboard/shared/app-error';
import type { Pin } from '@corkboard/shared/api-types';
import {
  decodeOffsetBookmark,
  offsetPage,
  SEARCH_MAX_RESULTS,
  type Page,
} from '../../core/bookmarks.ts';
import type { AppDeps } from '../../core/app-deps.ts';
import type { PageRequest } from '../../core/schemas.ts';
import { serializePin } from '../../core/serializers.ts';
import { searchPublicPins } from './search.repository.ts';

/** Longer queries are refused: nobody types more, and tsquery cost grows with the terms. */
export const SEARCH_QUERY_MAX_LENGTH = 200;

export async function searchPins(
  deps: AppDeps,
  rawQuery: string | undefined,
  page: PageRequest,
): Promise<Page<Pin>> {
  const q = (rawQuery ?? '').trim();
  if (q === '') throw new AppError('SEARCH_QUERY_REQUIRED');
  if (q.length > SEARCH_QUERY_MAX_LENGTH) {
    throw new AppError('VALIDATION_FAILED', {
      data: {
        fields: [
          { path: 'q', code: 'too_big', message: `At most ${SEARCH_QUERY_MAX_LENGTH} characters` },
        ],
      },
    });
  }
  const offset = decodeOffsetBookmark(page.bookmark, SEARCH_MAX_RESULTS);
  const pageSize = Math.min(page.pageSize, SEARCH_MAX_RESULTS - offset);
  if (pageSize <= 0) return { items: [], bookmark: undefined };
  const rows = await searchPublicPins(deps.db, q, offset, pageSize + 1);
  return offsetPage(rows, offset, pageSize, SEARCH_MAX_RESULTS, (row) =>
    serializePin(deps.storage, row),
  );
}
