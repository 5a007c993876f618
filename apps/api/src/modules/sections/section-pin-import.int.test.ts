// BoardSectionResource create with pinImport (saving.md §3 "Section create: … pinImport";
// docs/decisions/134): the board's pins in no section move into the new section, counters right;
// too many leaves nothing behind.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { PickerSectionItem } from '@corkboard/shared/saving/api';
import { SECTION_PIN_IMPORT_MAX } from '@corkboard/shared/saving/schemas';
import { createFixtures, type Fixtures, type UserFixture } from '../../test/fixtures.ts';
import type { Who } from '../../test/api-client.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let handle: DbHandle;
let f: Fixtures;
let test: TestApp;
let owner: UserFixture;

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  test = await buildTestApp(handle.db);
  owner = await f.user({ username: 'import_owner' });
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

function create(options: Record<string, unknown>, who: Who) {
  return test.client.resourceCreate<PickerSectionItem>('BoardSectionResource', options, who);
}

async function sectionsOf(boardId: string) {
  return handle.db
    .selectFrom('board_sections')
    .select(['id', 'title', 'pin_count'])
    .where('board_id', '=', boardId)
    .orderBy('id')
    .execute();
}

async function sectionIdsOf(pinIds: string[]) {
  const rows = await handle.db
    .selectFrom('pins')
    .select(['id', 'section_id'])
    .where('id', 'in', pinIds)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.section_id);
}

describe('BoardSectionResource create, pinImport', () => {
  it("moves the board's pins in no section into the new one; sectioned pins stay", async () => {
    const board = await f.board(owner, { name: 'Kitchen' });
    const old = await f.section(board, { title: 'Tiles' });
    const kept = await f.pin({ board, section: old });
    const loose = [await f.pin({ board }), await f.pin({ board })];
    const result = await create(
      { board_id: board.id, name: 'Everything else', pinImport: true },
      owner,
    );
    expect(result.status).toBe(200);
    expect(result.data.pin_count).toBe(2);
    expect(await sectionIdsOf(loose.map((pin) => pin.id))).toEqual([
      result.data.id,
      result.data.id,
    ]);
    expect(await sectionIdsOf([kept.id])).toEqual([old.id]);
    const sections = await sectionsOf(board.id);
    expect(sections.map((section) => section.pin_count)).toEqual([1, 2]);
  });

  it('without pinImport the loose pins stay where they are', async () => {
    const board = await f.board(owner, { name: 'Hall' });
    const loose = await f.pin({ board });
    const result = await create({ board_id: board.id, name: 'Coats' }, owner);
    expect(result.data.pin_count).toBe(0);
    expect(await sectionIdsOf([loose.id])).toEqual([null]);
  });

  it('refuses more than the cap and leaves nothing behind', async () => {
    const board = await f.board(owner, { name: 'Garage' });
    const first = await f.pin({ board });
    await sql`INSERT INTO pins (pinner_id, board_id, image_id, dominant_color)
      SELECT pinner_id, board_id, image_id, dominant_color FROM pins, generate_series(1, ${SECTION_PIN_IMPORT_MAX})
      WHERE id = ${first.id}`.execute(handle.db);
    const result = await create({ board_id: board.id, name: 'Tools', pinImport: true }, owner);
    expect(result.status).toBe(400);
    expect(result.code).toBe(ERROR_CODES.SECTION_PIN_IMPORT_TOO_MANY.code);
    expect(result.errorData['max_pins']).toBe(SECTION_PIN_IMPORT_MAX);
    expect(await sectionsOf(board.id)).toEqual([]);
    const sectionCount = await handle.db
      .selectFrom('boards')
      .select('section_count')
      .where('id', '=', board.id)
      .executeTakeFirstOrThrow();
    expect(sectionCount.section_count).toBe(0);
  });

  it('refuses a pinImport that is not a boolean', async () => {
    const board = await f.board(owner, { name: 'Attic' });
    const result = await create({ board_id: board.id, name: 'Boxes', pinImport: 'yes' }, owner);
    expect(result.status).toBe(400);
    expect(result.code).toBe(ERROR_CODES.VALIDATION_FAILED.code);
  });
});
