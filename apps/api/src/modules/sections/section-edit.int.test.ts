// Section rename, delete and reorder (BoardSectionResource update and delete, PUT
// /v3/boards/{id}/sections/order/; issue 10; docs/decisions/059): the access matrix, CSRF, the
// name codes, pins kept on the board after a delete with counters right, and the order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { PickerSectionItem } from '@corkboard/shared/saving/api';
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

function call(
  verb: 'update' | 'delete',
  options: unknown,
  who: UserFixture | null,
  headers?: Record<string, string>,
) {
  return test.client.send<PickerSectionItem & { pins_kept: number }>(
    'POST',
    `/resource/BoardSectionResource/${verb}/`,
    { options },
    who,
    headers,
  );
}

function reorder(board: BoardFixture, body: unknown, who: UserFixture | null) {
  return test.client.send<{ section_ids: string[] }>(
    'PUT',
    `/v3/boards/${board.id}/sections/order/`,
    body,
    who,
  );
}

async function sectionsOf(board: BoardFixture) {
  return handle.db
    .selectFrom('board_sections')
    .select(['id', 'title', 'slug', 'pin_count'])
    .where('board_id', '=', board.id)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

async function world() {
  const owner = await f.user();
  const board = await f.board(owner);
  const a = await f.section(board, { title: 'Lamps' });
  const b = await f.section(board, { title: 'Chairs' });
  const c = await f.section(board, { title: 'Tables' });
  await handle.db
    .updateTable('board_sections')
    .set({ position: 1 })
    .where('id', '=', a.id)
    .execute();
  await handle.db
    .updateTable('board_sections')
    .set({ position: 2 })
    .where('id', '=', b.id)
    .execute();
  await handle.db
    .updateTable('board_sections')
    .set({ position: 3 })
    .where('id', '=', c.id)
    .execute();
  return { owner, board, a, b, c };
}

describe('BoardSectionResource update (rename)', () => {
  it('renames with a new slug; the name codes and other people change nothing', async () => {
    const w = await world();
    const collaborator = await f.user();
    await f.collaborator(w.board, collaborator, 'accepted');
    const other = await f.user();
    const renamed = await call('update', { section_id: w.a.id, name: ' Brass lamps ' }, w.owner);
    expect(renamed.status).toBe(200);
    expect(renamed.data).toMatchObject({ id: w.a.id, title: 'Brass lamps', slug: 'brass-lamps' });
    const byCollaborator = await call(
      'update',
      { section_id: w.a.id, name: 'Lights' },
      collaborator,
    );
    expect(byCollaborator.status).toBe(200);

    const before = await sectionsOf(w.board);
    for (const [options, who, code] of [
      [{ section_id: w.a.id, name: '  ' }, w.owner, CODES.SECTION_NAME_REQUIRED.code],
      [{ section_id: w.a.id, name: 'x'.repeat(60) }, w.owner, CODES.SECTION_NAME_TOO_LONG.code],
      [{ section_id: w.a.id, name: 'chairs' }, w.owner, CODES.SECTION_NAME_TAKEN.code],
      [{ section_id: w.a.id, name: 'X' }, other, CODES.BOARD_NOT_WRITABLE.code],
      [{ section_id: w.a.id, name: 'X' }, null, CODES.UNAUTHORIZED.code],
      [{ section_id: '999999999', name: 'X' }, w.owner, CODES.SECTION_NOT_FOUND.code],
    ] as const) {
      expect((await call('update', options, who)).code).toBe(code);
    }
    expect((await call('update', { section_id: w.a.id, name: 'Y' }, w.owner, BAD_CSRF)).code).toBe(
      CODES.CSRF_FAILED.code,
    );
    expect(await sectionsOf(w.board)).toEqual(before);
  });

  it("a secret board's section is not there for someone who cannot see the board", async () => {
    const owner = await f.user();
    const secret = await f.board(owner, { privacy: 'secret' });
    const section = await f.section(secret, { title: 'Hidden' });
    const other = await f.user();
    expect((await call('update', { section_id: section.id, name: 'X' }, other)).code).toBe(
      CODES.SECTION_NOT_FOUND.code,
    );
    expect((await call('delete', { section_id: section.id }, other)).code).toBe(
      CODES.SECTION_NOT_FOUND.code,
    );
  });
});

describe('BoardSectionResource delete', () => {
  it('deletes the section; its pins stay on the board, counters right', async () => {
    const w = await world();
    const inside = await f.pin({ board: w.board, section: w.a });
    await handle.db
      .updateTable('board_sections')
      .set({ pin_count: 1 })
      .where('id', '=', w.a.id)
      .execute();
    await handle.db
      .updateTable('boards')
      .set({ section_count: 3 })
      .where('id', '=', w.board.id)
      .execute();
    const result = await call('delete', { section_id: w.a.id }, w.owner);
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ section_id: w.a.id, pins_kept: 1 });
    const pin = await handle.db
      .selectFrom('pins')
      .select(['board_id', 'section_id'])
      .where('id', '=', inside.id)
      .executeTakeFirst();
    expect(pin).toEqual({ board_id: w.board.id, section_id: null });
    const board = await handle.db
      .selectFrom('boards')
      .select(['section_count', 'pin_count'])
      .where('id', '=', w.board.id)
      .executeTakeFirstOrThrow();
    expect(board).toEqual({ section_count: 2, pin_count: 1 });
    expect(await handle.db.selectFrom('board_actions').selectAll().execute()).toEqual([]);
  });

  it('refuses others and a running action, deleting nothing', async () => {
    const w = await world();
    const other = await f.user();
    const before = await sectionsOf(w.board);
    expect((await call('delete', { section_id: w.b.id }, other)).code).toBe(
      CODES.BOARD_NOT_WRITABLE.code,
    );
    expect((await call('delete', { section_id: w.b.id }, w.owner, BAD_CSRF)).code).toBe(
      CODES.CSRF_FAILED.code,
    );
    await handle.db
      .insertInto('board_actions')
      .values({
        board_id: w.board.id,
        kind: 'delete',
        token: 'busy',
        user_id: w.owner.id,
        started_at: new Date(),
        expires_at: new Date(Date.now() + 60_000),
      })
      .execute();
    expect((await call('delete', { section_id: w.b.id }, w.owner)).code).toBe(
      CODES.BOARD_DELETE_IN_PROGRESS.code,
    );
    await handle.db.deleteFrom('board_actions').execute();
    expect(await sectionsOf(w.board)).toEqual(before);
  });
});

describe('PUT /v3/boards/{id}/sections/order/', () => {
  it('moves a section after another, or first; bad neighbours and other people are refused', async () => {
    const w = await world();
    const last = await reorder(w.board, { section_id: w.a.id, after_section_id: w.c.id }, w.owner);
    expect(last.status).toBe(200);
    expect(last.data?.section_ids).toEqual([w.b.id, w.c.id, w.a.id]);
    expect((await sectionsOf(w.board)).map((row) => row.title)).toEqual([
      'Chairs',
      'Tables',
      'Lamps',
    ]);
    const first = await reorder(w.board, { section_id: w.c.id, after_section_id: null }, w.owner);
    expect(first.data?.section_ids).toEqual([w.c.id, w.b.id, w.a.id]);

    const elsewhere = await f.section(await f.board(w.owner), { title: 'Elsewhere' });
    const other = await f.user();
    const before = await sectionsOf(w.board);
    for (const [body, who, code] of [
      [{ section_id: w.a.id, after_section_id: w.a.id }, w.owner, CODES.SECTION_ORDER_INVALID.code],
      [
        { section_id: w.a.id, after_section_id: elsewhere.id },
        w.owner,
        CODES.SECTION_ORDER_INVALID.code,
      ],
      [{ section_id: elsewhere.id }, w.owner, CODES.SECTION_ORDER_INVALID.code],
      [{ section_id: w.a.id }, other, CODES.BOARD_NOT_WRITABLE.code],
      [{ section_id: w.a.id }, null, CODES.UNAUTHORIZED.code],
      [{ section_id: 'x' }, w.owner, CODES.VALIDATION_FAILED.code],
    ] as const) {
      expect((await reorder(w.board, body, who)).code).toBe(code);
    }
    expect(await sectionsOf(w.board)).toEqual(before);
  });
});
