// Profiles: the user, their board grid and their saved pins, as this viewer may see them.
import { AppError } from '@corkboard/shared/app-error';
import type { Board, Pin, User } from '@corkboard/shared/api-types';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { listListedBoardsOfOwner } from '../boards/boards.repository.ts';
import { decodeIdBookmark, keysetPage, type Page } from '../../core/bookmarks.ts';
import type { ServiceDeps } from '../../core/service-deps.ts';
import type { PageRequest } from '../../core/schemas.ts';
import { serializeBoard, serializePin, serializeUser } from '../../core/serializers.ts';
import { findUserByUsername, listUserPins, type UserProfileRow } from './users.repository.ts';

async function requireUser(
  deps: ServiceDeps,
  viewer: Viewer | null,
  username: string,
): Promise<UserProfileRow> {
  const user = await findUserByUsername(deps.db, viewer, username);
  if (!user) throw new AppError('USER_NOT_FOUND');
  return user;
}

export async function getUser(
  deps: ServiceDeps,
  viewer: Viewer | null,
  username: string,
): Promise<User> {
  return serializeUser(deps.storage, await requireUser(deps, viewer, username));
}

export async function userBoards(
  deps: ServiceDeps,
  viewer: Viewer | null,
  username: string,
  page: PageRequest,
): Promise<Page<Board>> {
  const beforeId = decodeIdBookmark(page.bookmark);
  const user = await requireUser(deps, viewer, username);
  const rows = await listListedBoardsOfOwner(deps.db, viewer, user.id, beforeId, page.pageSize + 1);
  return keysetPage(rows, page.pageSize, (row) => serializeBoard(deps.storage, row));
}

export async function userPins(
  deps: ServiceDeps,
  viewer: Viewer | null,
  username: string,
  page: PageRequest,
): Promise<Page<Pin>> {
  const beforeId = decodeIdBookmark(page.bookmark);
  const user = await requireUser(deps, viewer, username);
  const rows = await listUserPins(deps.db, viewer, user.id, beforeId, page.pageSize + 1);
  return keysetPage(rows, page.pageSize, (row) => serializePin(deps.storage, row));
}
