// UserFollowResource create / delete: signed in only, not oneself, only active people,
// idempotent, the row and both counters in step, CSRF, and the per-IP request budget.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { UserFollowData } from '@corkboard/shared/saving/api';
import { createFixtures, type Fixtures, type UserFixture } from '../../test/fixtures.ts';
import { answer } from '../../test/api-client.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

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

function follow(options: unknown, who: UserFixture | null) {
  return test.client.send<UserFollowData>(
    'POST',
    '/resource/UserFollowResource/create/',
    { options },
    who,
  );
}

function unfollow(options: unknown, who: UserFixture | null) {
  return test.client.send<UserFollowData>(
    'POST',
    '/resource/UserFollowResource/delete/',
    { options },
    who,
  );
}

async function counts(user: UserFixture) {
  return handle.db
    .selectFrom('users')
    .select(['follower_count', 'following_count'])
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
}

async function follows(follower: UserFixture, followee: UserFixture): Promise<boolean> {
  const row = await handle.db
    .selectFrom('user_follows')
    .select('created_at')
    .where('follower_id', '=', follower.id)
    .where('followee_id', '=', followee.id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every user's counters equal the user_follows rows they summarise. */
async function driftingCounters(): Promise<string[]> {
  const result = await sql<{ username: string }>`
    SELECT username FROM users u
    WHERE follower_count <> (SELECT count(*) FROM user_follows f WHERE f.followee_id = u.id)
       OR following_count <> (SELECT count(*) FROM user_follows f WHERE f.follower_id = u.id)`.execute(
    handle.db,
  );
  return result.rows.map((row) => row.username);
}

describe('UserFollowResource create', () => {
  it('follows: the row, both counters, and the person as the viewer now sees them', async () => {
    const me = await f.user();
    const cook = await f.user({ firstName: 'Mara', lastName: 'Okafor', withAvatar: true });
    const result = await follow({ user_id: cook.id }, me);
    expect(result.status).toBe(200);
    expect(result.data).toEqual({
      id: cook.id,
      username: cook.username,
      full_name: 'Mara Okafor',
      image_medium_url: expect.stringMatching(/^\/media\/pins\/.+\/236x\.jpg$/) as unknown,
      followed_by_me: true,
      follower_count: 1,
    });
    expect(await follows(me, cook)).toBe(true);
    expect(await counts(me)).toEqual({ follower_count: 0, following_count: 1 });
    expect(await counts(cook)).toEqual({ follower_count: 1, following_count: 0 });
  });

  it('is idempotent: following twice succeeds and counts once', async () => {
    const me = await f.user();
    const cook = await f.user();
    expect((await follow({ user_id: cook.id }, me)).status).toBe(200);
    const again = await follow({ user_id: cook.id }, me);
    expect(again.status).toBe(200);
    expect(again.data).toMatchObject({ followed_by_me: true, follower_count: 1 });
    expect(await counts(me)).toEqual({ follower_count: 0, following_count: 1 });
    expect(await counts(cook)).toEqual({ follower_count: 1, following_count: 0 });
  });

  it('accepts a numeric user_id and ignores invite_code, client_tracking_params, aux_data', async () => {
    const me = await f.user();
    const cook = await f.user();
    const result = await follow(
      {
        user_id: Number(cook.id),
        invite_code: 'abc123',
        aux_data: { pin_id: '77', source: 'pin_saved_dialog' },
        client_tracking_params: 'CwABAAAAEDE',
      },
      me,
    );
    expect(result.status).toBe(200);
    expect(result.data.id).toBe(cook.id);
    expect(await follows(me, cook)).toBe(true);
  });

  it('answers UNAUTHORIZED to visitors and changes nothing', async () => {
    const cook = await f.user();
    const result = await follow({ user_id: cook.id }, null);
    expect(result.status).toBe(401);
    expect(result.code).toBe(CODES.UNAUTHORIZED.code);
    expect(await counts(cook)).toEqual({ follower_count: 0, following_count: 0 });
  });

  it('answers USER_FOLLOW_SELF for oneself', async () => {
    const me = await f.user();
    const result = await follow({ user_id: me.id }, me);
    expect(result.status).toBe(400);
    expect(result.code).toBe(CODES.USER_FOLLOW_SELF.code);
    expect(result.errorData).toEqual({ field: 'user_id' });
    expect(await counts(me)).toEqual({ follower_count: 0, following_count: 0 });
  });

  it('answers USER_NOT_FOUND for an unknown, deactivated or suspended person', async () => {
    const me = await f.user();
    const unknown = await follow({ user_id: '9223372036854775807' }, me);
    expect(unknown.status).toBe(404);
    expect(unknown.code).toBe(CODES.USER_NOT_FOUND.code);
    expect(unknown.errorData).toEqual({ field: 'user_id' });

    const gone = await f.user();
    await handle.db
      .updateTable('users')
      .set({ deactivated_at: new Date() })
      .where('id', '=', gone.id)
      .execute();
    expect((await follow({ user_id: gone.id }, me)).code).toBe(CODES.USER_NOT_FOUND.code);

    const suspended = await f.user();
    await handle.db
      .updateTable('users')
      .set({ suspended_at: new Date(), suspension_reason: 'unusual_activity' })
      .where('id', '=', suspended.id)
      .execute();
    expect((await follow({ user_id: suspended.id }, me)).code).toBe(CODES.USER_NOT_FOUND.code);

    expect(await follows(me, gone)).toBe(false);
    expect(await counts(me)).toEqual({ follower_count: 0, following_count: 0 });
    expect(await counts(gone)).toEqual({ follower_count: 0, following_count: 0 });
  });

  it.each([
    ['a missing user_id', {}],
    ['a malformed user_id', { user_id: 'mara' }],
    ['a zero user_id', { user_id: '0' }],
    ['a malformed aux_data.pin_id', { user_id: '5', aux_data: { pin_id: 'pin' } }],
  ])('answers VALIDATION_FAILED for %s', async (_case, options) => {
    const me = await f.user();
    const result = await follow(options, me);
    expect(result.status).toBe(400);
    expect(result.code).toBe(CODES.VALIDATION_FAILED.code);
  });

  it('refuses a request without the CSRF token', async () => {
    const me = await f.user();
    const cook = await f.user();
    const response = await test.app.inject({
      method: 'POST',
      url: '/resource/UserFollowResource/create/',
      payload: { options: { user_id: cook.id } },
      headers: { 'x-test-viewer': me.id },
    });
    expect(response.statusCode).toBe(403);
    expect(await follows(me, cook)).toBe(false);
  });

  it('refuses GET: following changes state', async () => {
    const me = await f.user();
    const cook = await f.user();
    const result = await test.client.resourceGet('UserFollowResource', { user_id: cook.id }, me);
    expect(result.code).toBe(CODES.UNKNOWN_RESOURCE_VERB.code);
  });
});

describe('UserFollowResource delete', () => {
  it('unfollows: the row goes and both counters come back', async () => {
    const me = await f.user();
    const cook = await f.user();
    await follow({ user_id: cook.id }, me);
    const result = await unfollow({ user_id: cook.id }, me);
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ id: cook.id, followed_by_me: false, follower_count: 0 });
    expect(await follows(me, cook)).toBe(false);
    expect(await counts(me)).toEqual({ follower_count: 0, following_count: 0 });
    expect(await counts(cook)).toEqual({ follower_count: 0, following_count: 0 });
  });

  it('is idempotent: unfollowing someone not followed succeeds and counts nothing', async () => {
    const me = await f.user();
    const cook = await f.user();
    const other = await f.user();
    await follow({ user_id: cook.id }, other);
    const result = await unfollow({ user_id: cook.id }, me);
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ followed_by_me: false, follower_count: 1 });
    expect(await counts(me)).toEqual({ follower_count: 0, following_count: 0 });
    expect(await counts(cook)).toEqual({ follower_count: 1, following_count: 0 });
    // Only my follow goes: someone else's stays.
    expect(await follows(other, cook)).toBe(true);
  });

  it('has the same rules: visitors, oneself, unknown and deactivated people', async () => {
    const me = await f.user();
    const cook = await f.user();
    expect((await unfollow({ user_id: cook.id }, null)).code).toBe(CODES.UNAUTHORIZED.code);
    expect((await unfollow({ user_id: me.id }, me)).code).toBe(CODES.USER_FOLLOW_SELF.code);
    expect((await unfollow({ user_id: '9223372036854775807' }, me)).code).toBe(
      CODES.USER_NOT_FOUND.code,
    );
    await handle.db
      .updateTable('users')
      .set({ deactivated_at: new Date() })
      .where('id', '=', cook.id)
      .execute();
    expect((await unfollow({ user_id: cook.id }, me)).code).toBe(CODES.USER_NOT_FOUND.code);
    expect((await unfollow({ user_id: 'x' }, me)).code).toBe(CODES.VALIDATION_FAILED.code);
  });
});

describe('counters', () => {
  it('stay equal to the rows through follows and unfollows at the same time', async () => {
    const [a, b, c, d] = await Promise.all([f.user(), f.user(), f.user(), f.user()]);
    // Opposite follows, repeats and unfollows racing each other.
    await Promise.all([
      follow({ user_id: b.id }, a),
      follow({ user_id: a.id }, b),
      follow({ user_id: b.id }, a),
      follow({ user_id: c.id }, a),
      follow({ user_id: a.id }, c),
      follow({ user_id: d.id }, b),
      follow({ user_id: d.id }, c),
      unfollow({ user_id: d.id }, a),
      follow({ user_id: a.id }, d),
      follow({ user_id: b.id }, d),
    ]);
    await Promise.all([
      unfollow({ user_id: b.id }, a),
      unfollow({ user_id: b.id }, a),
      follow({ user_id: b.id }, c),
      unfollow({ user_id: d.id }, c),
    ]);
    expect(await driftingCounters()).toEqual([]);
    expect(await counts(a)).toEqual({ follower_count: 3, following_count: 1 });
    expect(await counts(b)).toEqual({ follower_count: 2, following_count: 2 });
    expect(await counts(c)).toEqual({ follower_count: 1, following_count: 2 });
    expect(await counts(d)).toEqual({ follower_count: 1, following_count: 2 });
  });
});

describe('one transaction', () => {
  it('keeps no follow row when a counter cannot change', async () => {
    const me = await f.user();
    const famous = await f.user();
    // The next follower would overflow the integer column: the UPDATE fails after the INSERT.
    await handle.db
      .updateTable('users')
      .set({ follower_count: 2_147_483_647 })
      .where('id', '=', famous.id)
      .execute();
    const result = await follow({ user_id: famous.id }, me);
    expect(result.status).toBe(500);
    expect(result.code).toBe(CODES.INTERNAL.code);
    expect(await follows(me, famous)).toBe(false);
    expect(await counts(me)).toEqual({ follower_count: 0, following_count: 0 });
    await handle.db
      .updateTable('users')
      .set({ follower_count: 0 })
      .where('id', '=', famous.id)
      .execute();
  });
});

describe('rate limit', () => {
  it('counts follows against the per-IP request budget', async () => {
    const limited = await buildTestApp(handle.db, { config: { rateLimitMax: 3 } });
    try {
      const me = await f.user();
      const cook = await f.user();
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        codes.push(
          answer(
            await limited.app.inject({
              method: 'POST',
              url: '/resource/UserFollowResource/create/',
              payload: { options: { user_id: cook.id } },
              remoteAddress: '203.0.113.90',
              headers: {
                'content-type': 'application/json',
                cookie: `csrftoken=${'c'.repeat(43)}`,
                'x-csrftoken': 'c'.repeat(43),
                'x-test-viewer': me.id,
              },
            }),
          ).code,
        );
      }
      expect(codes).toEqual([0, 0, 0, CODES.RATE_LIMITED.code]);
      expect(await counts(cook)).toEqual({ follower_count: 1, following_count: 0 });
    } finally {
      await limited.close();
    }
  });
});
