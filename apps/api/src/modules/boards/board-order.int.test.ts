// Manual ordering (issue 10 "manual ordering of boards on a profile and of pins on a board and in
// a section … sort options"; docs/decisions/053, 055, 123): the access matrix (owner,
// collaborator, other, visitor), nothing changed after a refused move, boardOrderModifiedAt and
// the sorts, pagination under the custom order, and new pins on top.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { Board, Pin, User } from '@corkboard/shared/api-types';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { BoardPinOrderData, ProfileBoardOrderData } from '@corkboard/shared/saving/organise';
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

function moveBoard(body: unknown, who: UserFixture | null, headers?: Record<string, string>) {
  return test.client.send<ProfileBoardOrderData>(
    'PUT',
    '/v3/users/me/boards/order/',
    body,
    who,
    headers,
  );
}

function movePin(
  board: BoardFixture,
  body: unknown,
  who: UserFixture | null,
  headers?: Record<string, string>,
) {
  return test.client.send<BoardPinOrderData>(
    'PUT',
    `/v3/boards/${board.id}/pins/order/`,
    body,
    who,
    headers,
  );
}

/** Every page of a list, following bookmarks. */
async function allPages<T extends { id: string }>(url: string, who: UserFixture | null) {
  const ids: string[] = [];
  let bookmark: string | undefined;
  let pages = 0;
  do {
    const separator = url.includes('?') ? '&' : '?';
    const page = await test.client.get<T[]>(
      `${url}${separator}page_size=2${bookmark ? `&bookmark=${bookmark}` : ''}`,
      who,
    );
    expect(page.status).toBe(200);
    expect(page.data.length).toBeLessThanOrEqual(2);
    ids.push(...page.data.map((item) => item.id));
    bookmark = page.bookmark;
    pages += 1;
  } while (bookmark !== undefined && pages < 20);
  return ids;
}

async function profileState(user: UserFixture) {
  const person = await handle.db
    .selectFrom('users')
    .select(['profile_board_sort', 'board_order_modified_at'])
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  const positions = await handle.db
    .selectFrom('board_member_states')
    .select(['board_id', 'profile_position'])
    .where('user_id', '=', user.id)
    .orderBy('board_id')
    .execute();
  return { person, positions };
}

async function pinState(board: BoardFixture) {
  const pins = await handle.db
    .selectFrom('pins')
    .select(['id', 'board_position', 'section_position'])
    .where('board_id', '=', board.id)
    .orderBy('id')
    .execute();
  const row = await handle.db
    .selectFrom('boards')
    .select('board_order_modified_at')
    .where('id', '=', board.id)
    .executeTakeFirstOrThrow();
  return { pins, modified: row.board_order_modified_at };
}

describe('PUT /v3/users/me/boards/order/ and …/sort/', () => {
  it('arranges the viewer’s profile, switches it to custom and pages in that order', async () => {
    const owner = await f.user();
    const [a, b, c, d] = [
      await f.board(owner, { name: 'Alpha' }),
      await f.board(owner, { name: 'Bravo' }),
      await f.board(owner, { name: 'Charlie' }),
      await f.board(owner, { name: 'Delta' }),
    ];
    const shared = await f.board(await f.user(), { name: 'Echo' });
    await f.collaborator(shared, owner, 'accepted');
    const url = `/v3/users/${owner.username}/boards/`;
    // Not arranged yet: the custom sort shows the newest first.
    expect(await allPages<Board>(`${url}?sort=custom`, null)).toEqual([
      shared.id,
      d.id,
      c.id,
      b.id,
      a.id,
    ]);

    const moved = await moveBoard({ board_id: a.id, after_board_id: null }, owner);
    expect(moved.status).toBe(200);
    expect(moved.data.board_sort).toBe('custom');
    expect(moved.data.board_order_modified_at).not.toBeNull();
    // A collaborated board is the collaborator's to place on their own profile.
    expect((await moveBoard({ board_id: shared.id, after_board_id: c.id }, owner)).status).toBe(
      200,
    );
    expect((await moveBoard({ board_id: b.id, after_board_id: a.id }, owner)).status).toBe(200);

    const expected = [a.id, b.id, d.id, c.id, shared.id];
    // The person's own sort is now custom: visitors see it too, page by page.
    expect(await allPages<Board>(url, null)).toEqual(expected);
    const profile = await test.client.get<User>(`/v3/users/${owner.username}/`, null);
    expect(profile.data).toMatchObject({
      board_sort: 'custom',
      board_order_modified_at: moved.data.board_order_modified_at,
    });

    // A board made after the arrangement comes first.
    const fresh = await f.board(owner, { name: 'Foxtrot' });
    expect(await allPages<Board>(url, owner)).toEqual([fresh.id, ...expected]);

    // The sort menu: A–Z, then back to custom with the arrangement kept.
    const sorted = await test.client.send<ProfileBoardOrderData>(
      'PUT',
      '/v3/users/me/boards/sort/',
      { sort: 'alphabetical' },
      owner,
    );
    expect(sorted.data.board_sort).toBe('alphabetical');
    expect(await allPages<Board>(url, null)).toEqual([a.id, b.id, c.id, d.id, shared.id, fresh.id]);
    await test.client.send('PUT', '/v3/users/me/boards/sort/', { sort: 'custom' }, owner);
    expect(await allPages<Board>(url, null)).toEqual([fresh.id, ...expected]);
  });

  it('refuses visitors, other people’s boards, bad neighbours and bad CSRF, changing nothing', async () => {
    const owner = await f.user();
    const mine = await f.board(owner);
    const also = await f.board(owner);
    const other = await f.user();
    const theirs = await f.board(other);
    const invitedTo = await f.board(other);
    await f.collaborator(invitedTo, owner, 'invited');
    await moveBoard({ board_id: mine.id, after_board_id: also.id }, owner);
    const before = await profileState(owner);
    const otherBefore = await profileState(other);

    for (const [body, who, code] of [
      [{ board_id: mine.id, after_board_id: null }, null, CODES.UNAUTHORIZED.code],
      [{ board_id: theirs.id, after_board_id: null }, owner, CODES.BOARD_ORDER_INVALID.code],
      [{ board_id: invitedTo.id, after_board_id: null }, owner, CODES.BOARD_ORDER_INVALID.code],
      [{ board_id: mine.id, after_board_id: theirs.id }, owner, CODES.BOARD_ORDER_INVALID.code],
      [{ board_id: mine.id, after_board_id: mine.id }, owner, CODES.BOARD_ORDER_INVALID.code],
      // Someone else cannot place the owner's board on the owner's profile, nor on their own.
      [{ board_id: mine.id, after_board_id: null }, other, CODES.BOARD_ORDER_INVALID.code],
      [{ board_id: 'x' }, owner, CODES.VALIDATION_FAILED.code],
    ] as const) {
      expect((await moveBoard(body, who)).code).toBe(code);
    }
    expect(
      (await moveBoard({ board_id: also.id, after_board_id: mine.id }, owner, BAD_CSRF)).status,
    ).toBe(403);
    const sort = await test.client.send('PUT', '/v3/users/me/boards/sort/', { sort: 'x' }, owner);
    expect(sort.code).toBe(CODES.VALIDATION_FAILED.code);
    expect(
      (await test.client.send('PUT', '/v3/users/me/boards/sort/', { sort: 'custom' }, null)).code,
    ).toBe(CODES.UNAUTHORIZED.code);
    expect(await profileState(owner)).toEqual(before);
    expect(await profileState(other)).toEqual(otherBefore);
  });
});

describe('PUT /v3/boards/{id}/pins/order/ and …/pins/sort/', () => {
  it('lets the owner and collaborators arrange pins; the board pages in that order', async () => {
    const owner = await f.user();
    const collaborator = await f.user();
    const board = await f.board(owner);
    await f.collaborator(board, collaborator, 'accepted');
    const pins: string[] = [];
    for (let n = 0; n < 5; n += 1) pins.push((await f.pin({ board })).id);
    const [p1, p2, p3, p4, p5] = pins as [string, string, string, string, string];
    const url = `/v3/boards/${board.id}/pins/`;
    expect(await allPages<Pin>(url, null)).toEqual([p5, p4, p3, p2, p1]);

    const moved = await movePin(board, { pin_id: p1, after_pin_id: null }, owner);
    expect(moved.status).toBe(200);
    expect(moved.data).toMatchObject({ board_id: board.id, pin_sort: 'custom' });
    expect(moved.data.board_order_modified_at).not.toBeNull();
    expect((await movePin(board, { pin_id: p5, after_pin_id: p3 }, collaborator)).status).toBe(200);
    expect(await allPages<Pin>(url, null)).toEqual([p1, p4, p3, p5, p2]);
    const detail = await test.client.get<Board>(
      `/v3/boards/${owner.username}/${board.slug}/`,
      null,
    );
    expect(detail.data.board_order_modified_at).toBe(
      (await pinState(board)).modified?.toISOString(),
    );

    // A pin saved after the arrangement lands on top.
    const fresh = (await f.pin({ board })).id;
    expect(await allPages<Pin>(url, owner)).toEqual([fresh, p1, p4, p3, p5, p2]);

    // Newest first again, then custom again with the arrangement kept.
    const newest = await test.client.send<BoardPinOrderData>(
      'PUT',
      `/v3/boards/${board.id}/pins/sort/`,
      { sort: 'newest' },
      collaborator,
    );
    expect(newest.data).toMatchObject({ pin_sort: 'newest', board_order_modified_at: null });
    expect(await allPages<Pin>(url, null)).toEqual([fresh, p5, p4, p3, p2, p1]);
    // The Reorder mode asks for the custom order whatever the board's sort.
    expect(await allPages<Pin>(`${url}?sort=custom`, owner)).toEqual([fresh, p1, p4, p3, p5, p2]);
    await test.client.send('PUT', `/v3/boards/${board.id}/pins/sort/`, { sort: 'custom' }, owner);
    expect(await allPages<Pin>(url, null)).toEqual([fresh, p1, p4, p3, p5, p2]);
  });

  it('orders pins within a section apart from the board', async () => {
    const owner = await f.user();
    const board = await f.board(owner);
    const section = await f.section(board);
    const outside = (await f.pin({ board })).id;
    const s1 = (await f.pin({ board, section })).id;
    const s2 = (await f.pin({ board, section })).id;
    const s3 = (await f.pin({ board, section })).id;
    const moved = await movePin(
      board,
      { pin_id: s1, after_pin_id: null, section_id: section.id },
      owner,
    );
    expect(moved.status).toBe(200);
    expect(await allPages<Pin>(`/v3/board/sections/${section.id}/pins/`, null)).toEqual([
      s1,
      s3,
      s2,
    ]);
    expect(await allPages<Pin>(`/v3/board/sections/${section.id}/pins/?sort=newest`, null)).toEqual(
      [s3, s2, s1],
    );
    // A pin outside the section has no place in its order.
    expect(
      (await movePin(board, { pin_id: outside, after_pin_id: s1, section_id: section.id }, owner))
        .code,
    ).toBe(CODES.PIN_ORDER_INVALID.code);
  });

  it('refuses other people, visitors, unknown pins and bad CSRF, changing nothing', async () => {
    const owner = await f.user();
    const board = await f.board(owner);
    const secret = await f.board(owner, { privacy: 'secret' });
    const a = (await f.pin({ board })).id;
    const b = (await f.pin({ board })).id;
    const secretPin = (await f.pin({ board: secret })).id;
    const elsewhere = (await f.pin({ board: await f.board(owner) })).id;
    const other = await f.user();
    const invited = await f.user();
    await f.collaborator(board, invited, 'invited');
    const otherSection = await f.section(await f.board(owner));
    const before = await pinState(board);
    const secretBefore = await pinState(secret);

    for (const [target, body, who, code] of [
      [board, { pin_id: a, after_pin_id: b }, null, CODES.UNAUTHORIZED.code],
      [board, { pin_id: a, after_pin_id: b }, other, CODES.BOARD_NOT_WRITABLE.code],
      [board, { pin_id: a, after_pin_id: b }, invited, CODES.BOARD_NOT_WRITABLE.code],
      [secret, { pin_id: secretPin, after_pin_id: null }, other, CODES.BOARD_NOT_FOUND.code],
      [board, { pin_id: elsewhere, after_pin_id: null }, owner, CODES.PIN_ORDER_INVALID.code],
      [board, { pin_id: a, after_pin_id: elsewhere }, owner, CODES.PIN_ORDER_INVALID.code],
      [board, { pin_id: a, after_pin_id: a }, owner, CODES.PIN_ORDER_INVALID.code],
      [
        board,
        { pin_id: a, after_pin_id: null, section_id: otherSection.id },
        owner,
        CODES.SECTION_NOT_FOUND.code,
      ],
    ] as const) {
      expect((await movePin(target, body, who)).code).toBe(code);
    }
    expect((await movePin(board, { pin_id: a, after_pin_id: b }, owner, BAD_CSRF)).status).toBe(
      403,
    );
    for (const [who, code] of [
      [other, CODES.BOARD_NOT_WRITABLE.code],
      [null, CODES.UNAUTHORIZED.code],
    ] as const) {
      const answer = await test.client.send(
        'PUT',
        `/v3/boards/${board.id}/pins/sort/`,
        { sort: 'custom' },
        who,
      );
      expect(answer.code).toBe(code);
    }
    expect(await pinState(board)).toEqual(before);
    expect(await pinState(secret)).toEqual(secretBefore);
  });

  it('refuses a bookmark of the other order as INVALID_BOOKMARK', async () => {
    const owner = await f.user();
    const board = await f.board(owner);
    for (let n = 0; n < 3; n += 1) await f.pin({ board });
    const first = await test.client.get<Pin[]>(`/v3/boards/${board.id}/pins/?page_size=1`, null);
    expect(first.bookmark).toBeDefined();
    await test.client.send('PUT', `/v3/boards/${board.id}/pins/sort/`, { sort: 'custom' }, owner);
    const stale = await test.client.get<Pin[]>(
      `/v3/boards/${board.id}/pins/?page_size=1&bookmark=${first.bookmark}`,
      null,
    );
    expect(stale.code).toBe(CODES.INVALID_BOOKMARK.code);
  });
});
