// Test data builders and a stubbed saving API for the saving and pin-create tests. Test data
// only: the app never imports this module.
import type { Board, Pin } from '@corkboard/shared/api-types';
import type {
  BoardPickerData,
  PickerBoardItem,
  PickerSectionItem,
  SavedPin,
} from '@corkboard/shared/saving/api';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../app/App.tsx';
import { createI18n } from '../../i18n/i18n.ts';
import { ok, type Handler } from '../../test/api.ts';
import { createTestQueryClient } from '../../test/render.tsx';
import { AuthModalProvider } from '../auth/AuthModalProvider.tsx';
import { SaveFlowProvider } from './SaveFlowProvider.tsx';
import { ensureSavingCatalogue } from './savingCatalogue.ts';
import { makeAuthUser, makePin, makeUser, summaryOf } from '../../test/fixtures.ts';

export function makePickerBoard(
  id: string,
  overrides: Partial<PickerBoardItem> = {},
): PickerBoardItem {
  const name = overrides.name ?? `Board ${id}`;
  return {
    id,
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    url: `/alice/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}/`,
    privacy: 'public',
    description: '',
    owner: summaryOf(makeUser()),
    collaborating_users: [],
    collaborator_count: 0,
    is_collaborative: false,
    should_show_board_collaborators: false,
    board_access: ['read', 'write'],
    pin_count: 3,
    section_count: 0,
    follower_count: 0,
    has_custom_cover: false,
    image_cover_url: `/media/board${id}-236.jpg`,
    image_thumbnail_url: null,
    pin_thumbnail_urls: [],
    last_saved_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeSection(id: string, title: string, boardId = '1'): PickerSectionItem {
  return {
    id,
    board_id: boardId,
    title,
    slug: title.toLowerCase(),
    pin_count: 2,
    preview_pins: [],
  };
}

export function makeSavedPin(
  id: string,
  board: PickerBoardItem,
  overrides: Partial<SavedPin> = {},
): SavedPin {
  const pin: Pin = makePin(id, {
    board: { id: board.id, name: board.name, url: board.url, privacy: board.privacy },
  });
  return {
    ...pin,
    repin_of_id: null,
    already_saved: null,
    is_first_save: false,
    reported_method: 'create',
    is_promotable: false,
    ...overrides,
  };
}

export function pickerData(
  boards: readonly PickerBoardItem[],
  shortlist: readonly PickerBoardItem[] = [],
): BoardPickerData {
  return { all_boards: [...boards], boards_shortlist: [...shortlist] };
}

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

/**
 * `ui` inside the providers the saving components need (query client, i18n with the saving
 * namespace, a router at `path`, the auth and save-flow providers), as on a signed-in page.
 */
export function renderSaving(ui: ReactNode, options: { path?: string } = {}) {
  const queryClient = createTestQueryClient();
  const i18n = createI18n('en');
  ensureSavingCatalogue(i18n);
  const result = render(
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <MemoryRouter initialEntries={[options.path ?? '/']} useTransitions={false}>
        <AuthModalProvider>
          <SaveFlowProvider>{ui}</SaveFlowProvider>
        </AuthModalProvider>
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient };
}
