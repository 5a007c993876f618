// Every request of the save flow (saving.md §2.3, §2.9, §7): saving a pin to a board or
// section, the saved pin's details for the creator card, and the client log. Components call
// these hooks; only this module talks to the API client about saving.
import type { PinDetail } from '@corkboard/shared/api-types';
import type { ClientLogEvent, PinSavedDialogMetric, SavedPin } from '@corkboard/shared/saving/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { cachedViewer, invalidateViewerLists } from '../../api/cacheUpdates.ts';
import { apiResourceGet, apiSend } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { pinLogEvent, saveRequest, type SaveRequestTarget, type SaveSource } from './saveSource.ts';

function sendLog(event: ClientLogEvent | null): void {
  if (!event) return;
  apiSend<null>('POST', '/v3/client_log/', event).catch(() => undefined);
}

/**
 * Saves `source` to a board (and section). On success the board's and the viewer's lists are
 * refreshed and pin_create_success is logged; on failure pin_create_fail is logged and the
 * error is rethrown for the flow to show (§8).
 */
export function useSavePin(source: SaveSource) {
  const queryClient = useQueryClient();
  return useCallback(
    async (target: SaveRequestTarget): Promise<SavedPin> => {
      const { path, options } = saveRequest(source, target);
      let saved: SavedPin;
      try {
        saved = await apiSend<SavedPin>('POST', path, { options });
      } catch (error) {
        sendLog(pinLogEvent(source, { error }));
        throw error;
      }
      sendLog(pinLogEvent(source, { pinId: saved.id }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.boardPins(target.board.id) });
      if (target.sectionId) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.sectionPins(target.sectionId) });
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.boardsAll() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.boardSections(target.board.id) });
      const viewer = cachedViewer(queryClient);
      if (viewer) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.userPins(viewer.username) });
      }
      invalidateViewerLists(queryClient);
      return saved;
    },
    [queryClient, source],
  );
}

/**
 * §7 "GET PinResource with id, field_set_key 'detailed'": the saved pin with its link domain and
 * that domain's official user, for the creator card (§2.9). Errors are silent: no card.
 */
export function useSavedPinDetail(pinId: string) {
  return useQuery({
    queryKey: queryKeys.pinDetail(pinId),
    queryFn: async ({ signal }) =>
      (
        await apiResourceGet<PinDetail>(
          'PinResource',
          { id: pinId, field_set_key: 'detailed' },
          signal,
        )
      ).data,
    retry: false,
  });
}

/**
 * §2.9 "On show, the dialog logs a render and a 'promote' or 'send' metric", to our client log
 * endpoint. Fire and forget, like the pin-create events: logging never fails the dialog.
 */
export function usePinSavedDialogLog() {
  return useCallback((pinId: string, metric: PinSavedDialogMetric) => {
    sendLog({ event: 'pin_saved_dialog_render', client: 'web', pin_id: pinId, metric });
  }, []);
}
