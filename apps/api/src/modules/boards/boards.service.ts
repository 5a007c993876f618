// Boards: the board page (board + sections), its pin feed, a person's board grid, the board
// page's meta, and the Board answer every board card uses. Invisible boards are
// BOARD_NOT_FOUND, indistinguishable from missing ones.
import type { MediaStorage } from '@corkboard/media/storage';
import { AppError } from '@corkboard/shared/app-error';
import type { Board, BoardDetail, Pin, UserSummary } from '@corkboard/shared/api-types';
import type { AppDeps } from '../../core/app-deps.ts';
import { boardAccessList } from '../../core/board-access.ts';
import { isBoardVisible, isBoardWritable } from '../../core/board-access.repository.ts';
import { decodeIdBookmark, keysetPage, type Page } from '../../core/bookmarks.ts';
import { thumbnail } from '../../core/media-urls.ts';
import type { PageRequest } from '../../core/schemas.ts';
import { boardUrl, fullName, serializePin, serializeUserSummary } from '../../core/serializers.ts';
import {
  absoluteUrl,
  OG_DESCRIPTION_MAX_LENGTH,
  PAGE_USERNAME,
  safeDecode,
  SITE_NAME,
  TITLE_MAX_LENGTH,
  truncate,
  type PageMetaResolver,
} from '../../plugins/app/page-meta.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { sectionsOfBoard } from '../sections/sections.service.ts';
import {
  findVisibleBoardBySlug,
  listBoardPins,
  listListedBoardsOfOwner,
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

export function serializeBoard(storage: MediaStorage, row: BoardRowWithOwner): Board {
  const owner = boardOwnerSummary(storage, row);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    url: boardUrl(row.owner_username, row.slug),
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
    ...serializeBoard(deps.storage, board),
    sections,
    board_access: boardAccessList(writable),
  };
}

/** GET /v3/boards/{id}/pins/ */
export async function boardPins(
  deps: AppDeps,
  viewer: Viewer | null,
  boardId: string,
  page: PageRequest,
): Promise<Page<Pin>> {
  const beforeId = decodeIdBookmark(page.bookmark);
  if (!(await isBoardVisible(deps.db, viewer, boardId))) throw new AppError('BOARD_NOT_FOUND');
  const rows = await listBoardPins(deps.db, boardId, beforeId, page.pageSize + 1);
  return keysetPage(rows, page.pageSize, (row) => serializePin(deps.storage, row));
}

/** A person's board grid as their profile lists it for this viewer, newest first. */
export async function listedBoardsOf(
  deps: AppDeps,
  viewer: Viewer | null,
  ownerId: string,
  page: PageRequest,
): Promise<Page<Board>> {
  const beforeId = decodeIdBookmark(page.bookmark);
  const rows = await listListedBoardsOfOwner(deps.db, viewer, ownerId, beforeId, page.pageSize + 1);
  return keysetPage(rows, page.pageSize, (row) => serializeBoard(deps.storage, row));
}

const BOARD_PATH = new RegExp(`^/(${PAGE_USERNAME})/([^/]{1,200})/?$`);

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
    };
  };
}
