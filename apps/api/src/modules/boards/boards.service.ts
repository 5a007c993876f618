// Boards: the board page (board + sections), its pin feed, a person's board grid, the board
// page's meta, and the Board answer every board card uses. Invisible boards are
// BOARD_NOT_FOUND, indistinguishable from missing ones.
import type { MediaStorage } from '@corkboard/media/storage';
import { AppError } from '@corkboard/shared/app-error';
import { GRID_EAGER_IMAGES, GRID_IMAGE_SIZES } from '@corkboard/shared/layout';
import { DEFAULT_PAGE_SIZE } from '@corkboard/shared/pagination';
import type {
  Board,
  BoardCoverPin,
  BoardDetail,
  BoardViewerFields,
  Pin,
  UserSummary,
} from '@corkboard/shared/api-types';
import type { BoardPinSort, ProfileBoardSort } from '@corkboard/shared/saving/organise';
import type { AppDeps } from '../../core/app-deps.ts';
import { boardAccessList } from '../../core/board-access.ts';
import { isBoardWritable } from '../../core/board-access.repository.ts';
import {
  beforeIdOf,
  decodeIdOrOffsetBookmark,
  decodeOffsetBookmark,
  keysetPage,
  offsetOf,
  offsetPage,
  type Page,
} from '../../core/bookmarks.ts';
import { boardImage, thumbnail } from '../../core/media-urls.ts';
import type { PinListRow } from '../../core/pin-list.repository.ts';
import type { PageRequest } from '../../core/schemas.ts';
import {
  boardUrl,
  fullName,
  serializeFor,
  serializePin,
  serializeUserSummary,
  type SerializeFor,
} from '../../core/serializers.ts';
import {
  absoluteUrl,
  OG_DESCRIPTION_MAX_LENGTH,
  PAGE_USERNAME,
  safeDecode,
  SITE_NAME,
  TITLE_MAX_LENGTH,
  truncate,
  type PageMetaResolver,
  type PreloadImage,
} from '../../plugins/app/page-meta.ts';
import { readThrough } from '../../lib/page-cache.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { gridCardSrcSet } from '../feeds/feeds.service.ts';
import { sectionsOfBoard } from '../sections/sections.service.ts';
import {
  boardQuery,
  findVisibleBoardBySlug,
  findVisibleBoardOrder,
  listBoardPins,
  listProfileBoards,
  type BoardRowWithOwner,
} from './boards.repository.ts';

/** The owner columns boardQuery selects (owner_*), as the API's person. */
export function boardOwnerSummary(storage: MediaStorage, row: BoardRowWithOwner): UserSummary {
  return serializeUserSummary(storage, {
    id: row.owner_id,
    username: row.owner_username,
    first_name: row.owner_first_name,
    last_name: row.owner_last_name,
    avatar_variants: row.owner_avatar_variants,
  });
}

/**
 * saving.md §3 Board "coverPin (crop, size)": the chosen cover pin, else the newest pin (the
 * image board cards show first), with the centred square a square cover shows.
 */
function coverPin(storage: MediaStorage, row: BoardRowWithOwner): BoardCoverPin | null {
  const cover = row.covers[0];
  if (!cover) return null;
  const image = thumbnail(storage, cover.variants);
  const side = Math.min(image.width, image.height);
  return {
    id: cover.pin_id,
    image,
    size: { width: image.width, height: image.height },
    crop: {
      x: Math.floor((image.width - side) / 2),
      y: Math.floor((image.height - side) / 2),
      width: side,
      height: side,
    },
  };
}

/** The §3 fields issue 10 added, shared by board cards, the board page and picker rows. */
export function serializeBoardViewerFields(
  storage: MediaStorage,
  row: BoardRowWithOwner,
): BoardViewerFields {
  return {
    followed_by_me: row.followed_by_me,
    archived_by_me_at: row.archived_by_me_at === null ? null : toIso(row.archived_by_me_at),
    board_order_modified_at:
      row.board_order_modified_at === null ? null : toIso(row.board_order_modified_at),
    cover_pin: coverPin(storage, row),
    layout: row.layout,
    sensitivity_screen: {
      reason: row.sensitivity_reason,
      show_warning: row.sensitivity_reason !== null,
    },
    images_170x: row.covers.map((cover) => boardImage(storage, cover.variants)),
  };
}

/** Timestamps from a JSON or scalar subquery may arrive as strings. */
function toIso(value: Date | string): string {
  return new Date(value).toISOString();
}

export function serializeBoard(
  storage: MediaStorage,
  row: BoardRowWithOwner,
  as: SerializeFor = { signedIn: true },
): Board {
  const owner = boardOwnerSummary(storage, row);
  return {
    ...serializeBoardViewerFields(storage, row),
    id: row.id,
    name: row.name,
    slug: row.slug,
    url: boardUrl(row.owner_username, row.slug, as.signedIn),
    privacy: row.privacy,
    description: row.description,
    owner,
    pin_count: row.pin_count,
    section_count: row.section_count,
    follower_count: row.follower_count,
    collaborator_count: row.collaborator_count,
    cover_images: row.covers.map((cover) => thumbnail(storage, cover.variants)),
    created_at: row.created_at.toISOString(),
  };
}

/** GET /v3/boards/{username}/{slug}/ */
export async function getBoardBySlug(
  deps: AppDeps,
  viewer: Viewer | null,
  username: string,
  slug: string,
): Promise<BoardDetail> {
  const board = await findVisibleBoardBySlug(deps.db, viewer, username, slug);
  if (!board) throw new AppError('BOARD_NOT_FOUND');
  const [sections, writable] = await Promise.all([
    sectionsOfBoard(deps, board.id),
    isBoardWritable(deps.db, viewer, board.id),
  ]);
  return {
    ...serializeBoard(deps.storage, board, serializeFor(viewer)),
    sections,
    board_access: boardAccessList(writable),
  };
}

/**
 * Not in the spec (ADR 123): how deep a custom-ordered pin list pages (offset cursors), and the
 * longest list that can be arranged by hand.
 */
export const CUSTOM_ORDER_MAX_ITEMS = 10_000;

/**
 * GET /v3/boards/{id}/pins/: newest first, or the custom order when the board has one; `sort`
 * asks for one of them whatever the board's (the Reorder mode lists the custom order).
 */
export async function boardPins(
  deps: AppDeps,
  viewer: Viewer | null,
  boardId: string,
  page: PageRequest,
  sort?: BoardPinSort,
): Promise<Page<Pin>> {
  const cursor = decodeIdOrOffsetBookmark(page.bookmark, CUSTOM_ORDER_MAX_ITEMS);
  const board = await findVisibleBoardOrder(deps.db, viewer, boardId);
  if (!board) throw new AppError('BOARD_NOT_FOUND');
  const serialize = (row: PinListRow) => serializePin(deps.storage, row, serializeFor(viewer));
  if ((sort ?? (board.board_order_modified_at === null ? 'newest' : 'custom')) === 'custom') {
    const offset = offsetOf(cursor);
    const rows = await listBoardPins(deps.db, boardId, {
      custom: true,
      offset,
      limit: page.pageSize + 1,
    });
    return offsetPage(rows, offset, page.pageSize, CUSTOM_ORDER_MAX_ITEMS, serialize);
  }
  const rows = await listBoardPins(deps.db, boardId, {
    custom: false,
    beforeId: beforeIdOf(cursor),
    limit: page.pageSize + 1,
  });
  return keysetPage(rows, page.pageSize, serialize);
}

/** Offsets beyond this are not paged: nobody scrolls through 10,000 boards of one profile. */
export const PROFILE_BOARDS_MAX_OFFSET = 10_000;

/**
 * A person's board grid as their profile lists it for this viewer (docs/decisions/055): owned
 * and collaborated boards, archived ones apart, in the person's sort (or `sort` when given).
 */
export async function profileBoardsOf(
  deps: AppDeps,
  viewer: Viewer | null,
  personId: string,
  options: { sort: ProfileBoardSort; archived: boolean; page: PageRequest },
): Promise<Page<Board>> {
  const offset = decodeOffsetBookmark(options.page.bookmark, PROFILE_BOARDS_MAX_OFFSET);
  const rows = await listProfileBoards(deps.db, viewer, personId, {
    sort: options.sort,
    archived: options.archived,
    offset,
    limit: options.page.pageSize + 1,
  });
  return offsetPage(rows, offset, options.page.pageSize, PROFILE_BOARDS_MAX_OFFSET, (row) =>
    serializeBoard(deps.storage, row, serializeFor(viewer)),
  );
}

const BOARD_PATH = new RegExp(`^/(${PAGE_USERNAME})/([^/]{1,200})/?$`);

/**
 * A visible board's first card images as the board grid's eager `<img>`s ask for them (the
 * first GRID_EAGER_IMAGES pins of the first page a visitor gets, WebP srcset, GRID_IMAGE_SIZES:
 * the same file, fetched once; docs/decisions/215). Kept in the page cache until the next write
 * (ADR 144, 197), so a board's HTML costs no extra query once warm. Visitors only: the caller
 * passes a board a visitor may see.
 */
async function boardGridPreloads(deps: AppDeps, boardId: string): Promise<PreloadImage[]> {
  return readThrough(
    deps.pages,
    `board-page:first-images:${boardId}`,
    async () => {
      const first = await boardPins(deps, null, boardId, {
        bookmark: undefined,
        pageSize: DEFAULT_PAGE_SIZE,
      });
      return first.items.slice(0, GRID_EAGER_IMAGES).map((pin) => ({
        srcset: gridCardSrcSet(pin.images),
        sizes: GRID_IMAGE_SIZES,
        type: 'image/webp',
      }));
    },
    (error) => deps.log.warn({ err: error }, 'page cache unavailable; board images read uncached'),
  );
}

/** `/<username>/<slug>/`: the board's name, description and first cover. */
export function boardPageMeta(deps: AppDeps): PageMetaResolver {
  return async (pathname, viewer) => {
    const match = BOARD_PATH.exec(pathname);
    const slug = match?.[2] === undefined ? undefined : safeDecode(match[2]);
    if (!match?.[1] || !slug) return undefined;
    const board = await findVisibleBoardBySlug(deps.db, viewer, match[1], slug);
    if (!board) return null;
    const owner = fullName(board.owner_first_name, board.owner_last_name, board.owner_username);
    const cover = board.covers[0];
    const { publicUrl } = deps;
    // A visitor's board (so a public one: findVisibleBoardBySlug showed it to nobody in
    // particular) preloads its first cards' images; spa.ts keeps them only on an address without
    // a query string (`?section=` lists other pins), as its first answers. A signed-in person's
    // board may be secret, and their page keeps its own requests (ADR 204, 207).
    const preloadImages = viewer === null ? await boardGridPreloads(deps, board.id) : undefined;
    return {
      title: `${truncate(board.name, TITLE_MAX_LENGTH)} · ${SITE_NAME}`,
      heading: truncate(board.name, TITLE_MAX_LENGTH),
      description: truncate(
        board.description || `A board by ${owner} on ${SITE_NAME}.`,
        OG_DESCRIPTION_MAX_LENGTH,
      ),
      url: `${publicUrl}${boardUrl(board.owner_username, board.slug)}`,
      image: cover
        ? absoluteUrl(publicUrl, thumbnail(deps.storage, cover.variants).url)
        : undefined,
      type: 'website',
      page: 'board',
      preloadImages,
      // What the board page asks for first (web features/boards/hooks.ts): the board, then its
      // first pins by the board's id; with the HTML, both at once (docs/decisions/198).
      preloadFetches: [
        `/v3/boards/${encodeURIComponent(match[1])}/${encodeURIComponent(slug)}/`,
        `/v3/boards/${encodeURIComponent(board.id)}/pins/?page_size=${String(DEFAULT_PAGE_SIZE)}`,
      ],
    };
  };
}

/**
 * Board rows as serializeBoard reads them (owner, covers, the viewer's fields), for lists built by
 * other modules (search's boards scope adds its own match, visibility and order).
 */
export function boardRowsQuery(db: AppDeps['db'], viewer: Viewer | null) {
  return boardQuery(db, viewer);
}
