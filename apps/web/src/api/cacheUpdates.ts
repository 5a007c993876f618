// Cache refreshes that several features' writes share: what a new board, a new pin, an accepted
// invitation or a follow changes in lists other features show. Keys come from the registry only.
import type { AuthUser } from '@corkboard/shared/auth/api';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './queryKeys.ts';

/** The signed-in person as the header's query knows them, or null. */
export function cachedViewer(queryClient: QueryClient): AuthUser | null {
  return queryClient.getQueryData<AuthUser | null>(queryKeys.viewer()) ?? null;
}

/**
 * The viewer's own lists that a new board, a new pin or a board they joined changes: the board
 * picker's lists, their profile's boards and their profile (counts).
 */
export function invalidateViewerLists(queryClient: QueryClient): void {
  const viewer = cachedViewer(queryClient);
  void queryClient.invalidateQueries({ queryKey: queryKeys.pickerBoardsAll() });
  if (viewer) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.userBoards(viewer.username) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.user(viewer.username) });
  }
}
