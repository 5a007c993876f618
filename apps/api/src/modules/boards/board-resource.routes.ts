// BoardResource (saving.md §7 "create BoardResource (board create options); fetch BoardResource
// (board_id, field_set_key)"):
//   POST /resource/BoardResource/create/ { options: { name, privacy?, description?,
//     advertiser_id?, aux_data?: { source } } }                      → data: PickerBoardItem
//   GET  /resource/BoardResource/get/?options={ board_id, field_set_key? } → data: PickerBoardItem
import type { FastifyPluginCallback } from 'fastify';
import type { SavingRoutesOptions } from '../../core/app-deps.ts';
import { createBoard, getBoard } from './board-create.service.ts';

export const boardsWriteRoutes: FastifyPluginCallback<SavingRoutesOptions> = (
  app,
  { deps },
  done,
) => {
  app.resources.register('BoardResource', {
    get: async ({ request, options }) => ({ data: await getBoard(deps, request.viewer, options) }),
    create: async ({ request, options }) => ({
      data: await createBoard(deps, request.viewer, options),
    }),
  });
  done();
};
