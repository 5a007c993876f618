// GET /v3/feeds/following/ (issue 10 "Following" home tab): pins saved to followed boards and by
// followed people, newest first, cursor-paginated, never a pin the viewer may not see; and the
// followers / following lists of a profile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { Pin } from '@corkboard/shared/api-types';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { UserFollowData } from '@corkboard/shared/saving/api';
import { createFixtures, type Fixtures, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

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

const followBoard = (board: { id: string }, who: UserFixture) =>
  test.client.send('PUT', `/v3/boards/${board.id}/follow/`, undefined, who);
const followUser = (user: UserFixture, who: UserFixture) =>
  test.client.send(
    'POST',
    '/resource/UserFollowResource/create/',
    { options: { user_id: user.id } },
    who,
  );

describe('GET /v3/feeds/following/', () => {
  it('mixes followed boards and followed people, newest first, paged, and nothing else', async () => {
    const me = await f.user();
    const cook = await f.user();
    const gardener = await f.user();
    const stranger = await f.user();
    const soups = await f.board(cook);
    const cookSecret = await f.board(cook, { privacy: 'secret' });
    const flowers = await f.board(gardener);
    const other = await f.board(stranger);
    const expected: string[] = [];
    expected.push((await f.pin({ board: soups })).id); // followed board
    await f.pin({ board: other }); // nobody I follow
    expected.push((await f.pin({ board: flowers })).id); // by a followed person
    await f.pin({ board: cookSecret }); // followed person, but a secret board
    expected.push((await f.pin({ board: other, pinner: gardener })).id); // followed person elsewhere
    expected.push((await f.pin({ board: soups, pinner: stranger })).id); // someone else, followed board
    await followBoard(soups, me);
    await followUser(gardener, me);

    const first = await test.client.get<Pin[]>('/v3/feeds/following/?page_size=3', me);
    expect(first.status).toBe(200);
    expect(first.bookmark).toBeDefined();
    const second = await test.client.get<Pin[]>(
      `/v3/feeds/following/?page_size=3&bookmark=${first.bookmark ?? ''}`,
      me,
    );
    expect(second.bookmark).toBeUndefined();
    expect([...first.data, ...second.data].map((pin) => pin.id)).toEqual(expected.reverse());
  });

  it('drops a followed board the viewer can no longer see', async () => {
    const me = await f.user();
    const owner = await f.user();
    const board = await f.board(owner);
    await f.pin({ board });
    await followBoard(board, me);
    expect((await test.client.get<Pin[]>('/v3/feeds/following/', me)).data).toHaveLength(1);
    await handle.db
      .updateTable('boards')
      .set({ privacy: 'secret' })
      .where('id', '=', board.id)
      .execute();
    expect((await test.client.get<Pin[]>('/v3/feeds/following/', me)).data).toEqual([]);
  });

  it('is for signed-in people only and refuses a bad bookmark', async () => {
    const me = await f.user();
    expect((await test.client.get('/v3/feeds/following/', null)).code).toBe(
      ERROR_CODES.UNAUTHORIZED.code,
    );
    expect((await test.client.get('/v3/feeds/following/?bookmark=nope', me)).code).toBe(
      ERROR_CODES.INVALID_BOOKMARK.code,
    );
  });
});

describe('GET /v3/users/{username}/followers/ and …/following/', () => {
  it('lists people newest follow first, with the viewer’s follow state, paged', async () => {
    const star = await f.user();
    const fans = [await f.user(), await f.user(), await f.user()];
    for (const fan of fans) await followUser(star, fan);
    const viewer = fans[0];
    if (!viewer) throw new Error('fixtures');
    const first = await test.client.get<UserFollowData[]>(
      `/v3/users/${star.username}/followers/?page_size=2`,
      viewer,
    );
    const second = await test.client.get<UserFollowData[]>(
      `/v3/users/${star.username}/followers/?page_size=2&bookmark=${first.bookmark ?? ''}`,
      viewer,
    );
    expect([...first.data, ...second.data].map((user) => user.id)).toEqual(
      fans.map((fan) => fan.id).reverse(),
    );
    expect(second.bookmark).toBeUndefined();
    const following = await test.client.get<UserFollowData[]>(
      `/v3/users/${viewer.username}/following/`,
      null,
    );
    expect(following.data).toEqual([
      expect.objectContaining({ id: star.id, follower_count: 3, followed_by_me: false }),
    ]);
    const mine = await test.client.get<UserFollowData[]>(
      `/v3/users/${viewer.username}/following/`,
      viewer,
    );
    expect(mine.data[0]?.followed_by_me).toBe(true);
  });

  it('leaves deactivated people out and answers USER_NOT_FOUND for an unknown profile', async () => {
    const star = await f.user();
    const gone = await f.user();
    await followUser(star, gone);
    await handle.db
      .updateTable('users')
      .set({ deactivated_at: new Date() })
      .where('id', '=', gone.id)
      .execute();
    expect(
      (await test.client.get<UserFollowData[]>(`/v3/users/${star.username}/followers/`, null)).data,
    ).toEqual([]);
    expect((await test.client.get('/v3/users/nobody_at_all/followers/', null)).code).toBe(
      ERROR_CODES.USER_NOT_FOUND.code,
    );
  });
});
