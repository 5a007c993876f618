// A stubbed saving API for component tests: a signed-in viewer and the board picker, section,
// save, board and section create resources, answered from a script (see stubApi in api.ts).
import type { Board } from '@corkboard/shared/api-types';
import type { PickerBoardItem, PickerSectionItem } from '@corkboard/shared/saving/api';
import { ok, type Handler } from './api.ts';
import {
  makeAuthUser,
  makePickerBoard,
  makeSavedPin,
  makeSection,
  pickerData,
} from './fixtures.ts';

/** The JSON `options` of a resource GET. */
export function resourceOptions(url: URL): Record<string, unknown> {
  return JSON.parse(url.searchParams.get('options') ?? '{}') as Record<string, unknown>;
}

export interface SavingApiScript {
  boards: readonly PickerBoardItem[];
  shortlist?: readonly PickerBoardItem[];
  sections?: Readonly<Record<string, readonly PickerSectionItem[]>>;
  titleSuggestions?: readonly string[];
  related?: readonly Board[];
  /** Answers RepinResource / PinResource create; default: a saved pin on the chosen board. */
  save?: (options: Record<string, unknown>) => Response;
  createBoard?: (options: Record<string, unknown>) => Response;
  createSection?: (options: Record<string, unknown>) => Response;
  extra?: Handler;
}

export function bodyOptions(init: RequestInit | undefined): Record<string, unknown> {
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : {};
  const options =
    typeof body === 'object' && body !== null && 'options' in body ? body.options : undefined;
  return typeof options === 'object' && options !== null
    ? (options as Record<string, unknown>)
    : {};
}

/** A signed-in viewer and the saving resources, answered from `script`. */
export function savingHandler(script: SavingApiScript): Handler {
  const boards = [...script.boards];
  const sections: Record<string, readonly PickerSectionItem[]> = { ...script.sections };
  return (url, init) => {
    const extra = script.extra?.(url, init);
    if (extra) return extra;
    switch (url.pathname) {
      case '/v3/users/me/':
        return ok(makeAuthUser());
      case '/resource/BoardPickerBoardsResource/get/':
        return ok(pickerData(boards, script.shortlist ?? []));
      case '/resource/BoardSectionsRepinResource/get/': {
        const boardId = String(resourceOptions(url)['board_id']);
        return ok(sections[boardId] ?? []);
      }
      case '/resource/RelatedBoardForPinRandomFeedResource/get/':
        return ok(script.related ?? []);
      case '/resource/RepinResource/create/':
      case '/resource/PinResource/create/': {
        const options = bodyOptions(init);
        if (script.save) return script.save(options);
        const board = boards.find((candidate) => candidate.id === options['board_id']) ?? boards[0];
        return ok(makeSavedPin('900', board ?? makePickerBoard('1')));
      }
      case '/resource/BoardResource/create/': {
        const options = bodyOptions(init);
        if (script.createBoard) return script.createBoard(options);
        const names = Array.isArray(options['section_names']) ? options['section_names'] : [];
        const board = makePickerBoard('500', {
          name: String(options['name']),
          privacy: options['privacy'] === 'secret' ? 'secret' : 'public',
          section_count: names.length,
        });
        boards.push(board);
        sections[board.id] = names.map((name, index) =>
          makeSection(String(610 + index), String(name), board.id),
        );
        return ok(board);
      }
      case '/resource/BoardSectionResource/create/': {
        const options = bodyOptions(init);
        if (script.createSection) return script.createSection(options);
        return ok(makeSection('600', String(options['name']), String(options['board_id'])));
      }
      case '/v3/client_log/':
        return ok(null);
      default:
        if (/^\/v3\/pins\/\d+\/board_title_suggestions\/$/.test(url.pathname)) {
          return ok((script.titleSuggestions ?? []).map((title) => ({ title })));
        }
        return undefined;
    }
  };
}
