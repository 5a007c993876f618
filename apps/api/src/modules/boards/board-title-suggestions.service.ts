// GET /v3/pins/{id}/board_title_suggestions/ (saving.md §2.4, §7): at most 5 titles from the
// pin's own text (suggestBoardTitles, shared with the client) that are not already names of
// boards the viewer can save to. A pin the viewer cannot see is PIN_NOT_FOUND.
import { AppError } from '@corkboard/shared/app-error';
import type { BoardTitleSuggestionItem } from '@corkboard/shared/saving/api';
import { suggestBoardTitles } from '@corkboard/shared/saving/board-title-suggestions';
import type { AppDeps } from '../../core/app-deps.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { visiblePinSource } from '../pins/pins.service.ts';
import { BOARD_SHORTLIST_SCAN_MAX } from './board-picker.service.ts';
import { writableBoardNames } from './boards.repository.ts';

export async function boardTitleSuggestions(
  deps: AppDeps,
  viewer: Viewer,
  pinId: string,
): Promise<BoardTitleSuggestionItem[]> {
  const pin = await visiblePinSource(deps.db, viewer, pinId);
  if (!pin) throw new AppError('PIN_NOT_FOUND');
  const names = await writableBoardNames(deps.db, viewer.id, BOARD_SHORTLIST_SCAN_MAX);
  return suggestBoardTitles(pin, { existingBoardNames: names });
}
