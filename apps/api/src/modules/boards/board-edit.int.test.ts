// Board edit, archive and delete (BoardResource update and delete, PUT/DELETE
// /v3/boards/{id}/archive/; issue 10; docs/decisions/058): the access matrix, CSRF, validation
// codes, a rename's new slug, follows dropped when a board turns secret, 2173 meanwhile, and a
// delete that takes the pins and the image files nothing else uses, leaving no orphan.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { PickerBoardItem } from '@corkboard/shared/saving/api';
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

function edit(options: unknown, who: UserFixture | null, headers?: Record<string, string>) {
  return test.client.resourceWrite<PickerBoardItem>(
    'BoardResource',
    'update',
    options,
    who,
    headers,
  );
}

function remove(options: unknown, who: UserFixture | null, headers?: Record<string, string>) {
  return test.client.resourceWrite<{ board_id: string }>(
    'BoardResource',
    'delete',
    options,
    who,
    headers,
  );
}

function archive(board: BoardFixture, archived: boolean, who: UserFixture | null) {
  return test.client.send<{ board_id: string; archived_by_me_at: string | null }>(
    archived ? 'PUT' : 'DELETE',
    `/v3/boards/${board.id}/archive/`,
    undefined,
    who,
  );
}

async function boardRow(board: BoardFixture) {
  return handle.db
    .selectFrom('boards')
    .select(['name', 'slug', 'description', 'privacy', 'cover_pin_id', 'layout', 'follower_count'])
    .where('id', '=', board.id)
    .executeTakeFirst();
}

async function snapshot() {
  const boards = await handle.db.selectFrom('boards').selectAll().orderBy('id').execute();
  const pins = await handle.db
    .selectFrom('pins')
    .select(['id', 'board_id'])
    .orderBy('id')
    .execute();
  const follows = await handle.db
    .selectFrom('board_follows')
    .select(['user_id', 'board_id'])
    .orderBy('user_id')
    .orderBy('board_id')
    .execute();
  return { boards, pins, follows };
}

describe('BoardResource update', () => {
  it('renames (new slug), describes, picks a cover and a layout; answers the board', async () => {
    const owner = await f.user();
    const board = await f.board(owner, { name: 'Lamps' });
    const pin = await f.pin({ board });
    const result = await edit(
      {
        board_id: board.id,
        name: '  Brass Lamps ',
        description: 'Old and new',
        cover_pin_id: pin.id,
        layout: 'grid',
      },
      owner,
    );
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({
      id: board.id,
      name: 'Brass Lamps',
      slug: 'brass-lamps',
      description: 'Old and new',
      has_custom_cover: true,
      layout: 'grid',
    });
    expect(await boardRow(board)).toMatchObject({ slug: 'brass-lamps', cover_pin_id: pin.id });
    // Back to "newest pin" as the cover.
    await edit({ board_id: board.id, cover_pin_id: null }, owner);
    expect((await boardRow(board))?.cover_pin_id).toBeNull();
  });

  it('answers the validation codes and changes nothing', async () => {
    const owner = await f.user();
    const board = await f.board(owner, { name: 'Kitchen' });
    await f.board(owner, { name: 'Garden' });
    const elsewhere = await f.pin({ board: await f.board(owner) });
    const before = await snapshot();
    for (const [options, code] of [
      [{ board_id: board.id, name: '   ' }, CODES.BOARD_NAME_REQUIRED.code],
      [{ board_id: board.id, name: 'x'.repeat(200) }, CODES.BOARD_NAME_TOO_LONG.code],
      [{ board_id: board.id, name: 'garden' }, CODES.BOARD_NAME_TAKEN.code],
      [{ board_id: board.id, privacy: 'protected' }, CODES.VALIDATION_FAILED.code],
      [{ board_id: board.id, cover_pin_id: elsewhere.id }, CODES.BOARD_COVER_PIN_INVALID.code],
      [{ board_id: 'x' }, CODES.VALIDATION_FAILED.code],
    ] as const) {
      expect((await edit(options, owner)).code).toBe(code);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('is for the owner: collaborators, others, visitors and a bad CSRF header change nothing', async () => {
    const owner = await f.user();
    const board = await f.board(owner);
    const secret = await f.board(owner, { privacy: 'secret' });
    const collaborator = await f.user();
    await f.collaborator(board, collaborator, 'accepted');
    const other = await f.user();
    const before = await snapshot();
    for (const [who, options, code] of [
      [null, { board_id: board.id, name: 'X' }, CODES.UNAUTHORIZED.code],
      [collaborator, { board_id: board.id, name: 'X' }, CODES.BOARD_NOT_OWNER.code],
      [other, { board_id: board.id, name: 'X' }, CODES.BOARD_NOT_OWNER.code],
      [other, { board_id: secret.id, name: 'X' }, CODES.BOARD_NOT_FOUND.code],
    ] as const) {
      expect((await edit(options, who)).code).toBe(code);
    }
    expect((await edit({ board_id: board.id, name: 'X' }, owner, BAD_CSRF)).code).toBe(
      CODES.CSRF_FAILED.code,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('turning secret drops the follows of people who can no longer see it (ADR 050)', async () => {
    const owner = await f.user();
    const board = await f.board(owner);
    const collaborator = await f.user();
    await f.collaborator(board, collaborator, 'accepted');
    const fan = await f.user();
    for (const who of [collaborator, fan]) {
      expect(
        (await test.client.send('PUT', `/v3/boards/${board.id}/follow/`, undefined, who)).status,
      ).toBe(200);
    }
    expect((await boardRow(board))?.follower_count).toBe(2);
    const result = await edit({ board_id: board.id, privacy: 'secret' }, owner);
    expect(result.status).toBe(200);
    expect(result.data?.privacy).toBe('secret');
    const follows = await handle.db
      .selectFrom('board_follows')
      .select('user_id')
      .where('board_id', '=', board.id)
      .execute();
    expect(follows).toEqual([{ user_id: collaborator.id }]);
    expect((await boardRow(board))?.follower_count).toBe(1);
    // Back to public: nobody is followed again behind their back.
    await edit({ board_id: board.id, privacy: 'public' }, owner);
    expect((await boardRow(board))?.follower_count).toBe(1);
  });

  it('a privacy change waits for a running bulk action (2171) and changes nothing', async () => {
    const owner = await f.user();
    const board = await f.board(owner);
    await handle.db
      .insertInto('board_actions')
      .values({
        board_id: board.id,
        kind: 'move',
        token: 'running',
        user_id: owner.id,
        started_at: new Date(),
        expires_at: new Date(Date.now() + 60_000),
      })
      .execute();
    const before = await snapshot();
    expect((await edit({ board_id: board.id, privacy: 'secret' }, owner)).code).toBe(
      CODES.BOARD_MOVE_IN_PROGRESS.code,
    );
    expect(await snapshot()).toEqual(before);
    await handle.db.deleteFrom('board_actions').execute();
  });
});

describe('archive', () => {
  it('archives and unarchives for the member only; others are refused', async () => {
    const owner = await f.user();
    const board = await f.board(owner);
    const collaborator = await f.user();
    await f.collaborator(board, collaborator, 'accepted');
    const other = await f.user();

    const archived = await archive(board, true, collaborator);
    expect(archived.status).toBe(200);
    expect(archived.data?.archived_by_me_at).toEqual(expect.any(String));
    const states = await handle.db
      .selectFrom('board_member_states')
      .select(['user_id', 'archived_at'])
      .where('board_id', '=', board.id)
      .execute();
    expect(states).toHaveLength(1);
    expect(states[0]?.user_id).toBe(collaborator.id);
    expect(states[0]?.archived_at).not.toBeNull();

    expect((await archive(board, false, collaborator)).data?.archived_by_me_at).toBeNull();
    expect((await archive(board, true, other)).code).toBe(CODES.BOARD_NOT_MEMBER.code);
    expect((await archive(board, true, null)).code).toBe(CODES.UNAUTHORIZED.code);
  });
});

async function storeFiles(imageId: string): Promise<string[]> {
  const row = await handle.db
    .selectFrom('images')
    .select('variants')
    .where('id', '=', imageId)
    .executeTakeFirstOrThrow();
  const keys = Object.values(row.variants).flatMap((variant) => [variant.key, variant.webp_key]);
  for (const key of keys) await test.storage.put(key, Buffer.from('bytes'), 'image/jpeg');
  return keys;
}

describe('BoardResource delete', () => {
  it('deletes the board, its pins and sections, and the images nothing else uses, files too', async () => {
    const owner = await f.user();
    const board = await f.board(owner);
    const section = await f.section(board, { title: 'Shelf' });
    const collaborator = await f.user();
    await f.collaborator(board, collaborator, 'accepted');
    const own = await f.pin({ board, section });
    const theirs = await f.pin({ board, pinner: collaborator });
    const keep = await f.pin({ board: await f.board(owner) });
    const images = await handle.db
      .selectFrom('pins')
      .select(['id', 'image_id'])
      .where('id', 'in', [own.id, theirs.id, keep.id])
      .execute();
    const imageOf = (id: string) => images.find((row) => row.id === id)?.image_id ?? '';
    // `theirs` shares its image with a pin that stays: that image and its files stay.
    await handle.db
      .updateTable('pins')
      .set({ image_id: imageOf(theirs.id) })
      .where('id', '=', keep.id)
      .execute();
    const goneKeys = await storeFiles(imageOf(own.id));
    const keptKeys = await storeFiles(imageOf(theirs.id));

    const result = await remove({ board_id: board.id }, owner);
    expect(result.status).toBe(200);
    expect(await boardRow(board)).toBeUndefined();
    const left = await handle.db
      .selectFrom('pins')
      .select('id')
      .where('id', 'in', [own.id, theirs.id])
      .execute();
    expect(left).toEqual([]);
    const sections = await handle.db
      .selectFrom('board_sections')
      .select('id')
      .where('id', '=', section.id)
      .execute();
    expect(sections).toEqual([]);
    for (const key of goneKeys) expect(await test.storage.exists(key)).toBe(false);
    for (const key of keptKeys) expect(await test.storage.exists(key)).toBe(true);
    const drift = await sql<{ id: string }>`
      SELECT id FROM users u WHERE pin_count <> (SELECT count(*) FROM pins p WHERE p.pinner_id = u.id)
        OR board_count <> (SELECT count(*) FROM boards b WHERE b.owner_id = u.id)`.execute(
      handle.db,
    );
    expect(drift.rows.filter((row) => [owner.id, collaborator.id].includes(row.id))).toEqual([]);
    expect(await handle.db.selectFrom('board_actions').selectAll().execute()).toEqual([]);
  });

  it('is for the owner; others, visitors, a running action and a bad CSRF header delete nothing', async () => {
    const owner = await f.user();
    const board = await f.board(owner);
    await f.pin({ board });
    const collaborator = await f.user();
    await f.collaborator(board, collaborator, 'accepted');
    const other = await f.user();
    const before = await snapshot();
    expect((await remove({ board_id: board.id }, null)).code).toBe(CODES.UNAUTHORIZED.code);
    expect((await remove({ board_id: board.id }, other)).code).toBe(CODES.BOARD_NOT_OWNER.code);
    expect((await remove({ board_id: board.id }, collaborator)).code).toBe(
      CODES.BOARD_NOT_OWNER.code,
    );
    expect((await remove({ board_id: board.id }, owner, BAD_CSRF)).code).toBe(
      CODES.CSRF_FAILED.code,
    );
    await handle.db
      .insertInto('board_actions')
      .values({
        board_id: board.id,
        kind: 'delete',
        token: 'busy',
        user_id: owner.id,
        started_at: new Date(),
        expires_at: new Date(Date.now() + 60_000),
      })
      .execute();
    expect((await remove({ board_id: board.id }, owner)).code).toBe(
      CODES.BOARD_DELETE_IN_PROGRESS.code,
    );
    await handle.db.deleteFrom('board_actions').execute();
    expect(await snapshot()).toEqual(before);
  });
});
