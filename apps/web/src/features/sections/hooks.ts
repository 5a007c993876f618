// Every section request the web makes (saving.md §2.5, §2.7, §7): a board's sections for the
// section picker, and creating a section. Components call these hooks; only this module talks
// to the API client about sections.
import type { PickerSectionItem } from '@corkboard/shared/saving/api';
import type {
  BoardSectionCreateOptionsInput,
  SectionNameSource,
} from '@corkboard/shared/saving/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiResourceGet, apiSend } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';

/** Sections per request (the server's SECTION_PICKER_PAGE_SIZE) and the most pages read. */
export const SECTIONS_PAGE_SIZE = 100;
export const SECTIONS_MAX_PAGES = 10;

async function fetchAllSections(boardId: string, signal: AbortSignal) {
  const sections: PickerSectionItem[] = [];
  let bookmark: string | undefined;
  for (let page = 0; page < SECTIONS_MAX_PAGES; page += 1) {
    const answer = await apiResourceGet<PickerSectionItem[]>(
      'BoardSectionsRepinResource',
      { board_id: boardId, page_size: SECTIONS_PAGE_SIZE, bookmark },
      signal,
    );
    sections.push(...answer.data);
    bookmark = answer.bookmark;
    if (!bookmark) break;
  }
  return sections;
}

/** BoardSectionsRepinResource: the sections of a board the viewer can save to, in board order. */
export function useBoardSections(boardId: string | null) {
  return useQuery({
    queryKey: queryKeys.boardSections(boardId ?? ''),
    queryFn: ({ signal }) => fetchAllSections(boardId ?? '', signal),
    enabled: boardId !== null,
    staleTime: 0,
  });
}

export interface CreateSectionInput {
  readonly boardId: string;
  readonly name: string;
  readonly nameSource?: SectionNameSource;
}

/** BoardSectionResource create (§3 "Section create"): answers the new section. */
export function useCreateSection() {
  const queryClient = useQueryClient();
  return useCallback(
    async (input: CreateSectionInput): Promise<PickerSectionItem> => {
      const options: BoardSectionCreateOptionsInput = {
        board_id: input.boardId,
        name: input.name,
        name_source: input.nameSource ?? 0,
      };
      const section = await apiSend<PickerSectionItem>(
        'POST',
        '/resource/BoardSectionResource/create/',
        { options },
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.boardSections(input.boardId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.pickerBoardsAll() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.boardsAll() });
      return section;
    },
    [queryClient],
  );
}
