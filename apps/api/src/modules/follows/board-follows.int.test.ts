// PUT / DELETE /v3/boards/{id}/follow/ and PUT /v3/users/follow/: the access matrix (owner,
// collaborator, other, visitor; public and secret boards), idempotence, counters in step with the
// rows, and nothing changed after every refusal.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { BoardDetail } from '@corkboard/shared/api-types';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { BoardFollowData, BulkFollowResult } from '@corkboard/shared/saving/organise';
import {
  createFixtures,
  type BoardFixture,
  type Fixtures,
  type UserFixture,
} from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { as } from '../../test/test-viewer.ts';

const CODES = ERROR_CODES;

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

function followBoard(board: { id: string }, who: UserFixture | null, follow = true) {
  return test.client.send<BoardFollowData>(
    follow ? 'PUT' : 'DELETE',
    `/v3/boards/${board.id}/follow/`,
    undefined,
    who,
  );
}

async function followerCount(board: BoardFixture): Promise<number> {
  const row = await handle.db
    .selectFrom('boards')
    .select('follower_count')
    .where('id', '=', board.id)
    .executeTakeFirstOrThrow();
  return row.follower_count;
}

async function followRows(board: BoardFixture): Promise<string[]> {
  const rows = await handle.db
    .selectFrom('board_follows')
    .select('user_id')
    .where('board_id', '=', board.id)
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

async function driftingBoards(): Promise<string[]> {
  const result = await sql<{ id: string }>`
    SELECT id FROM boards b
    WHERE follower_count <> (SELECT count(*) FROM board_follows f WHERE f.board_id = b.id)`.execute(
    handle.db,
  );
  return result.rows.map((row) => row.id);
}

describe('PUT /v3/boards/{id}/follow/', () => {
  it('follows a public board: the row, the count, and followed_by_me on the board page', async () => {
    const owner = await f.user();
    const me = await f.user();
    const board = await f.board(owner, { slug: 'follow-me' });
    const result = await followBoard(board, me);
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ board_id: board.id, followed_by_me: true, follower_count: 1 });
    expect(await followRows(board)).toEqual([me.id]);
    const page = await test.app.inject({
      method: 'GET',
      url: `/v3/boards/${owner.username}/follow-me/`,
      headers: as(me),
    });
    const detail = page.json<{ resource_response: { data: BoardDetail } }>().resource_response.data;
    expect(detail).toMatchObject({ followed_by_me: true, follower_count: 1 });
    const visitorPage = await test.app.inject({
      method: 'GET',
      url: `/v3/boards/${owner.username}/follow-me/`,
    });
    expect(
      visitorPage.json<{ resource_response: { data: BoardDetail } }>().resource_response.data
        .followed_by_me,
    ).toBe(false);
  });

  it('is idempotent: following twice counts once', async () => {
    const board = await f.board(await f.user());
    const me = await f.user();
    await followBoard(board, me);
    const again = await followBoard(board, me);
    expect(again.data).toEqual({ board_id: board.id, followed_by_me: true, follower_count: 1 });
    expect(await followerCount(board)).toBe(1);
  });

  it('lets an accepted collaborator follow a secret board they can see', async () => {
    const owner = await f.user();
    const collaborator = await f.user();
    const board = await f.board(owner, { privacy: 'secret' });
    await f.collaborator(board, collaborator, 'accepted');
    const result = await followBoard(board, collaborator);
    expect(result.status).toBe(200);
    expect(await followRows(board)).toEqual([collaborator.id]);
  });

  it('answers BOARD_NOT_FOUND for a secret board the viewer cannot see, and follows nothing', async () => {
    const owner = await f.user();
    const board = await f.board(owner, { privacy: 'secret' });
    const invited = await f.user();
    await f.collaborator(board, invited, 'invited');
    for (const who of [await f.user(), invited]) {
      const result = await followBoard(board, who);
      expect(result.status).toBe(404);
      expect(result.code).toBe(CODES.BOARD_NOT_FOUND.code);
    }
    expect(await followRows(board)).toEqual([]);
    expect(await followerCount(board)).toBe(0);
  });

  it('answers BOARD_FOLLOW_OWN to the owner', async () => {
    const owner = await f.user();
    const board = await f.board(owner);
    const result = await followBoard(board, owner);
    expect(result.status).toBe(400);
    expect(result.code).toBe(CODES.BOARD_FOLLOW_OWN.code);
    expect(await followRows(board)).toEqual([]);
  });

  it('answers UNAUTHORIZED to visitors, BOARD_NOT_FOUND for an unknown board, VALIDATION_FAILED for a bad id', async () => {
    const board = await f.board(await f.user());
    const me = await f.user();
    expect((await followBoard(board, null)).code).toBe(CODES.UNAUTHORIZED.code);
    expect((await followBoard({ id: '9223372036854775807' }, me)).code).toBe(
      CODES.BOARD_NOT_FOUND.code,
    );
    expect((await followBoard({ id: 'abc' }, me)).code).toBe(CODES.VALIDATION_FAILED.code);
    expect(await followRows(board)).toEqual([]);
  });

  it('refuses a follow without the CSRF token', async () => {
    const board = await f.board(await f.user());
    const me = await f.user();
    const response = await test.app.inject({
      method: 'PUT',
      url: `/v3/boards/${board.id}/follow/`,
      headers: as(me),
    });
    expect(response.statusCode).toBe(403);
    expect(await followRows(board)).toEqual([]);
  });
});

describe('DELETE /v3/boards/{id}/follow/', () => {
  it('unfollows: the row goes, the count comes back; again is a no-op', async () => {
    const board = await f.board(await f.user());
    const me = await f.user();
    const other = await f.user();
    await followBoard(board, me);
    await followBoard(board, other);
    const result = await followBoard(board, me, false);
    expect(result.data).toEqual({ board_id: board.id, followed_by_me: false, follower_count: 1 });
    const again = await followBoard(board, me, false);
    expect(again.data).toEqual({ board_id: board.id, followed_by_me: false, follower_count: 1 });
    expect(await followRows(board)).toEqual([other.id]);
  });

  it('lets someone leave a board they lost sight of, and hides it from everyone else', async () => {
    const owner = await f.user();
    const board = await f.board(owner);
    const me = await f.user();
    await followBoard(board, me);
    // A leftover follow of a board that turned secret (before any clean-up ran).
    await handle.db
      .updateTable('boards')
      .set({ privacy: 'secret' })
      .where('id', '=', board.id)
      .execute();
    expect((await followBoard(board, me, false)).status).toBe(200);
    expect(await followRows(board)).toEqual([]);
    const stranger = await f.user();
    expect((await followBoard(board, stranger, false)).code).toBe(CODES.BOARD_NOT_FOUND.code);
  });
});

describe('counters', () => {
  it('stay equal to the rows through racing follows and unfollows', async () => {
    const board = await f.board(await f.user());
    const people = await Promise.all([f.user(), f.user(), f.user(), f.user()]);
    await Promise.all([
      ...people.map((who) => followBoard(board, who)),
      ...people.map((who) => followBoard(board, who)),
      followBoard(board, people[0] ?? null, false),
    ]);
    expect(await driftingBoards()).toEqual([]);
  });
});

function bulkFollow(body: unknown, who: UserFixture | null) {
  return test.client.send<BulkFollowResult>('PUT', '/v3/users/follow/', body, who);
}

async function followees(who: UserFixture): Promise<string[]> {
  const rows = await handle.db
    .selectFrom('user_follows')
    .select('followee_id')
    .where('follower_id', '=', who.id)
    .orderBy('followee_id')
    .execute();
  return rows.map((row) => row.followee_id);
}

describe('PUT /v3/users/follow/', () => {
  it('follows everyone in the comma-joined list, repeats and blanks ignored', async () => {
    const me = await f.user();
    const [a, b] = await Promise.all([f.user(), f.user()]);
    if (!a || !b) throw new Error('fixtures');
    await test.client.send(
      'POST',
      '/resource/UserFollowResource/create/',
      { options: { user_id: a.id } },
      me,
    );
    const result = await bulkFollow({ followee_ids: ` ${a.id}, ${b.id},,${b.id}` }, me);
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ followee_ids: [a.id, b.id], following_count: 2 });
    expect(await followees(me)).toEqual([a.id, b.id].sort((x, y) => Number(x) - Number(y)));
    const counts = await handle.db
      .selectFrom('users')
      .select(['id', 'follower_count'])
      .where('id', 'in', [a.id, b.id])
      .execute();
    expect(counts.every((row) => row.follower_count === 1)).toBe(true);
  });

  it('is all or nothing: an unknown or deactivated person fails the whole list', async () => {
    const me = await f.user();
    const ok = await f.user();
    const gone = await f.user();
    await handle.db
      .updateTable('users')
      .set({ deactivated_at: new Date() })
      .where('id', '=', gone.id)
      .execute();
    const unknown = await bulkFollow({ followee_ids: `${ok.id},9223372036854775807` }, me);
    expect(unknown.code).toBe(CODES.USER_NOT_FOUND.code);
    const deactivated = await bulkFollow({ followee_ids: `${ok.id},${gone.id}` }, me);
    expect(deactivated.code).toBe(CODES.USER_NOT_FOUND.code);
    expect(await followees(me)).toEqual([]);
  });

  it('refuses oneself, an empty list, too many people, bad ids and visitors', async () => {
    const me = await f.user();
    const ok = await f.user();
    expect((await bulkFollow({ followee_ids: `${ok.id},${me.id}` }, me)).code).toBe(
      CODES.USER_FOLLOW_SELF.code,
    );
    expect((await bulkFollow({ followee_ids: ' , ' }, me)).code).toBe(
      CODES.USER_FOLLOW_BULK_INVALID.code,
    );
    const many = Array.from({ length: 51 }, (_, i) => String(1000 + i)).join(',');
    expect((await bulkFollow({ followee_ids: many }, me)).code).toBe(
      CODES.USER_FOLLOW_BULK_INVALID.code,
    );
    expect((await bulkFollow({ followee_ids: `${ok.id},bob` }, me)).code).toBe(
      CODES.VALIDATION_FAILED.code,
    );
    expect((await bulkFollow({ followee_ids: ok.id }, null)).code).toBe(CODES.UNAUTHORIZED.code);
    expect(await followees(me)).toEqual([]);
  });
});
