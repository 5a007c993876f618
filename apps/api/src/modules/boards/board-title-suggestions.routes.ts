// GET /v3/pins/{id}/board_title_suggestions/ (saving.md §2.4, §7) → data: [{ title }], at most 5.
// Signed-in only; a pin the viewer cannot see is PIN_NOT_FOUND. Titles come from the pin's own
// text (suggestBoardTitles, shared with the client) and skip names of boards the viewer can
// already save to.
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import { success } from '@corkboard/shared/envelope';
import type { BoardTitleSuggestionItem } from '@corkboard/shared/saving/api';
import { suggestBoardTitles } from '@corkboard/shared/saving/board-title-suggestions';
import { requireViewer, writableBoards } from '../../core/board-access.ts';
import { BOARD_SHORTLIST_SCAN_MAX } from './board-picker.service.ts';
import { findVisiblePinSource } from '../pins/pin-source.repository.ts';
import { idSchema } from '../../core/schemas.ts';

export const boardTitleSuggestionRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/v3/pins/:id/board_title_suggestions/',
    { schema: { params: z.object({ id: idSchema }) } },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const pin = await findVisiblePinSource(app.db, viewer, request.params.id);
      if (!pin) throw new AppError('PIN_NOT_FOUND');
      const boards = await app.db
        .selectFrom('boards as b')
        .select('b.name')
        .where(writableBoards(viewer.id))
        .orderBy('b.id', 'desc')
        .limit(BOARD_SHORTLIST_SCAN_MAX)
        .execute();
      const data: BoardTitleSuggestionItem[] = suggestBoardTitles(pin, {
        existingBoardNames: boards.map((board) => board.name),
      });
      return success(data);
    },
  );
  done();
};
