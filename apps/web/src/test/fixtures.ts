// Builders for API shapes in tests. Test data only: the app never ships sample content.
import type { AuthUser } from '@corkboard/shared/auth/api';
import type {
  Board,
  BoardDetail,
  BoardViewerFields,
  ImageVariant,
  Pin,
  User,
  UserSummary,
} from '@corkboard/shared/api-types';
import type {
  BoardPickerData,
  PickerBoardItem,
  PickerSectionItem,
  SavedPin,
} from '@corkboard/shared/saving/api';

function variant(width: number, height: number, name: string): ImageVariant {
  return {
    url: `/media/${name}-${width}.jpg`,
    webp_url: `/media/${name}-${width}.webp`,
    width,
    height,
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: '7',
    username: 'alice',
    full_name: 'Alice Example',
    image_medium_url: '/media/avatars/alice.jpg',
    first_name: 'Alice',
    last_name: 'Example',
    about: 'Gardens and bread.',
    account_type: 'personal',
    country: 'US',
    locale: 'en-US',
    board_count: 2,
    pin_count: 12,
    follower_count: 1200,
    following_count: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    followed_by_me: false,
    board_sort: 'last_saved',
    board_order_modified_at: null,
    ...overrides,
  };
}

export function summaryOf(user: User): UserSummary {
  return {
    id: user.id,
    username: user.username,
    full_name: user.full_name,
    image_medium_url: user.image_medium_url,
  };
}

export function makePin(id: string, overrides: Partial<Pin> = {}): Pin {
  const name = `pin${id}`;
  return {
    id,
    title: `Pin ${id}`,
    description: `Description of pin ${id}`,
    link: `https://example.com/article/${id}`,
    domain: 'example.com',
    dominant_color: '#a1b2c3',
    created_at: '2026-02-01T00:00:00.000Z',
    images: {
      '236x': variant(236, 354, name),
      '474x': variant(474, 711, name),
      '736x': variant(736, 1104, name),
      orig: variant(1000, 1500, name),
    },
    board: { id: '30', name: 'Summer gardens', url: '/alice/summer-gardens/', privacy: 'public' },
    section: null,
    pinner: summaryOf(makeUser()),
    alt_text: '',
    ...overrides,
  };
}

export function makePins(from: number, count: number): Pin[] {
  return Array.from({ length: count }, (_, index) => makePin(String(from + index)));
}

/** The §3 board fields issue 10 added, as a new public board shows them to a member. */
export function boardViewerDefaults(): BoardViewerFields {
  return {
    followed_by_me: false,
    archived_by_me_at: null,
    board_order_modified_at: null,
    cover_pin: null,
    layout: 'default',
    sensitivity_screen: { reason: null, show_warning: false },
    images_170x: [],
  };
}

export function makeBoard(overrides: Partial<Board> = {}): Board {
  return {
    id: '30',
    name: 'Summer gardens',
    url: '/alice/summer-gardens/',
    privacy: 'public',
    slug: 'summer-gardens',
    description: 'Ideas for the garden.',
    owner: summaryOf(makeUser()),
    pin_count: 42,
    section_count: 0,
    follower_count: 3,
    collaborator_count: 0,
    cover_images: [variant(236, 300, 'cover1'), variant(236, 200, 'cover2')],
    created_at: '2026-01-05T00:00:00.000Z',
    ...boardViewerDefaults(),
    ...overrides,
  };
}

export function makeBoardDetail(overrides: Partial<BoardDetail> = {}): BoardDetail {
  return { ...makeBoard(), sections: [], board_access: ['read'], ...overrides };
}

export function makeAuthUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: '7',
    username: 'alice',
    first_name: 'Alice',
    last_name: 'Example',
    full_name: 'Alice Example',
    email: 'alice@example.com',
    image_small_url: '/media/avatars/alice.jpg',
    image_medium_url: '/media/avatars/alice.jpg',
    account_type: 'personal',
    is_partner: false,
    country: 'US',
    locale: 'en-US',
    has_password: true,
    connected_to_google: false,
    connected_to_facebook: false,
    is_admin: false,
    ...overrides,
  };
}

// ---- saving: picker boards and sections, saved pins ----

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
    ...boardViewerDefaults(),
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
