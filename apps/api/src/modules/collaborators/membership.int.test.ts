// Collaborators in board edit (issue 10 "board edit (… collaborators: list, remove, leave)";
// docs/decisions/125): the access matrix (owner, collaborator, other, visitor) for list, remove
// and leave, counts kept right, and nothing changed after a refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { BoardCollaboratorItem } from '@corkboard/shared/saving/organise';
import {
  createFixtures,
  type BoardFixture,
  type Fixtures,
  type UserFixture,
} from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

const CODES = ERROR_CODES;
const BAD_CSRF = { 'x-csrftoken': 'not-the-token' };

let handle: DbHandle;
let test: TestApp;
let f: Fixtures;

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  test = await buildTestApp(handle.db);
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

async function world(privacy: 'public' | 'secret' = 'public') {
  const owner = await f.user();
  const board = await f.board(owner, { privacy });
  const first = await f.user();
  const second = await f.user();
  const invited = await f.user();
  const other = await f.user();
  await f.collaborator(board, first, 'accepted');
  await f.collaborator(board, second, 'accepted');
  await f.collaborator(board, invited, 'invited');
  return { owner, board, first, second, invited, other };
}

async function state(board: BoardFixture) {
  const members = await handle.db
    .selectFrom('board_collaborators')
    .select(['user_id', 'status'])
    .where('board_id', '=', board.id)
    .orderBy('user_id')
    .execute();
  const row = await handle.db
    .selectFrom('boards')
    .select(['collaborator_count', 'follower_count'])
    .where('id', '=', board.id)
    .executeTakeFirstOrThrow();
  const follows = await handle.db
    .selectFrom('board_follows')
    .select('user_id')
    .where('board_id', '=', board.id)
    .orderBy('user_id')
    .execute();
  return { members, ...row, follows };
}

function list(board: BoardFixture, who: UserFixture | null, query = '') {
  return test.client.get<BoardCollaboratorItem[]>(
    `/v3/boards/${board.id}/collaborators/${query}`,
    who,
  );
}

function remove(
  board: BoardFixture,
  user: UserFixture | { id: string },
  who: UserFixture | null,
  headers?: Record<string, string>,
) {
  return test.client.send(
    'DELETE',
    `/v3/boards/${board.id}/collaborators/${user.id}/`,
    undefined,
    who,
    headers,
  );
}

function leave(board: BoardFixture, who: UserFixture | null, headers?: Record<string, string>) {
  return test.client.send(
    'POST',
    `/v3/boards/${board.id}/collaborators/leave/`,
    undefined,
    who,
    headers,
  );
}

describe('GET /v3/boards/{id}/collaborators/', () => {
  it('shows the owner everyone (collaborators, then invitations) and collaborators the members', async () => {
    const w = await world();
    const byOwner = await list(w.board, w.owner);
    expect(byOwner.status).toBe(200);
    expect(byOwner.data.map((item) => [item.user.id, item.status])).toEqual([
      [w.first.id, 'accepted'],
      [w.second.id, 'accepted'],
      [w.invited.id, 'invited'],
    ]);
    expect(byOwner.data[0]?.user.username).toBe(w.first.username);
    const byCollaborator = await list(w.board, w.first);
    expect(byCollaborator.data.map((item) => item.user.id)).toEqual([w.first.id, w.second.id]);

    // Paged and capped.
    const firstPage = await list(w.board, w.owner, '?page_size=2');
    expect(firstPage.data).toHaveLength(2);
    const rest = await list(w.board, w.owner, `?page_size=2&bookmark=${firstPage.bookmark}`);
    expect(rest.data.map((item) => item.user.id)).toEqual([w.invited.id]);
    expect(rest.bookmark).toBeUndefined();
  });

  it('refuses people who are not members, visitors and hidden boards', async () => {
    const w = await world();
    const secret = await world('secret');
    expect((await list(w.board, w.other)).code).toBe(CODES.BOARD_NOT_MEMBER.code);
    expect((await list(w.board, w.invited)).code).toBe(CODES.BOARD_NOT_MEMBER.code);
    expect((await list(w.board, null)).code).toBe(CODES.UNAUTHORIZED.code);
    expect((await list(secret.board, secret.other)).code).toBe(CODES.BOARD_NOT_FOUND.code);
    expect((await list(w.board, w.owner, '?bookmark=nope')).code).toBe(CODES.INVALID_BOOKMARK.code);
  });
});

describe('DELETE /v3/boards/{id}/collaborators/{user_id}/', () => {
  it('lets the owner remove a collaborator (count, follow of a secret board) or an invitation', async () => {
    const w = await world('secret');
    await handle.db
      .insertInto('board_follows')
      .values({ user_id: w.first.id, board_id: w.board.id })
      .execute();
    await handle.db
      .insertInto('board_member_states')
      .values({ user_id: w.first.id, board_id: w.board.id, profile_position: 1024 })
      .execute();
    expect((await remove(w.board, w.first, w.owner)).status).toBe(200);
    const after = await state(w.board);
    expect(after.members.map((member) => member.user_id)).toEqual(
      [w.second.id, w.invited.id].sort(),
    );
    expect(after.collaborator_count).toBe(1);
    expect(after.follows).toEqual([]);
    expect(after.follower_count).toBe(0);
    const states = await handle.db
      .selectFrom('board_member_states')
      .select('user_id')
      .where('board_id', '=', w.board.id)
      .execute();
    expect(states).toEqual([]);
    // Removed: they no longer see the secret board.
    expect((await test.client.get(`/v3/boards/${w.board.id}/pins/`, w.first)).code).toBe(
      CODES.BOARD_NOT_FOUND.code,
    );

    expect((await remove(w.board, w.invited, w.owner)).status).toBe(200);
    expect((await state(w.board)).collaborator_count).toBe(1);
  });

  it('refuses everyone but the owner, and people who are not members, changing nothing', async () => {
    const w = await world();
    const before = await state(w.board);
    for (const [target, who, code] of [
      [w.second, w.first, CODES.BOARD_NOT_OWNER.code],
      [w.first, w.other, CODES.BOARD_NOT_OWNER.code],
      [w.first, null, CODES.UNAUTHORIZED.code],
      [w.other, w.owner, CODES.COLLABORATOR_NOT_FOUND.code],
      [w.owner, w.owner, CODES.COLLABORATOR_NOT_FOUND.code],
    ] as const) {
      expect((await remove(w.board, target, who)).code).toBe(code);
    }
    expect((await remove(w.board, w.first, w.owner, BAD_CSRF)).status).toBe(403);
    expect(await state(w.board)).toEqual(before);
  });
});

describe('POST /v3/boards/{id}/collaborators/leave/', () => {
  it('lets a collaborator leave; the owner, invited people, others and visitors cannot', async () => {
    const w = await world();
    const before = await state(w.board);
    for (const [who, code] of [
      [w.owner, CODES.BOARD_LEAVE_OWNER.code],
      [w.invited, CODES.COLLABORATOR_NOT_FOUND.code],
      [w.other, CODES.COLLABORATOR_NOT_FOUND.code],
      [null, CODES.UNAUTHORIZED.code],
    ] as const) {
      expect((await leave(w.board, who)).code).toBe(code);
    }
    expect((await leave(w.board, w.first, BAD_CSRF)).status).toBe(403);
    expect(await state(w.board)).toEqual(before);

    const left = await leave(w.board, w.first);
    expect(left.status).toBe(200);
    expect(left.data).toEqual({ board_id: w.board.id, user_id: w.first.id });
    const after = await state(w.board);
    expect(after.collaborator_count).toBe(1);
    expect(after.members.map((member) => member.user_id)).not.toContain(w.first.id);
    // Left: they can no longer save to it.
    expect((await leave(w.board, w.first)).code).toBe(CODES.COLLABORATOR_NOT_FOUND.code);
  });
});
