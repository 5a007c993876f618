// BoardSectionResource create and get: the section name rule and its codes, slugs, write access,
// initial pins moved with every counter right, and a failed create leaving nothing behind.
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
import { type Who } from '../../test/api-client.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

const CODES = ERROR_CODES;

let handle: DbHandle;
let f: Fixtures;
let test: TestApp;
let owner: UserFixture;
let collaborator: UserFixture;
let invitee: UserFixture;
let other: UserFixture;
let board: BoardFixture;
let secretBoard: BoardFixture;

function create(options: Record<string, unknown>, who: Who) {
  return test.client.resourceCreate<PickerSectionItem>('BoardSectionResource', options, who);
}

/** Stored counters next to what the rows say, for a board and its sections. */
async function snapshot(boardId: string) {
  const boardRow = await handle.db
    .selectFrom('boards')
    .select(['section_count', 'pin_count'])
    .where('id', '=', boardId)
    .executeTakeFirstOrThrow();
  const sections = await handle.db
    .selectFrom('board_sections as s')
    .select([
      's.id',
      's.pin_count',
      (eb) =>
        eb
          .selectFrom('pins as p')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('p.section_id', '=', 's.id')
          .as('actual'),
    ])
    .where('s.board_id', '=', boardId)
    .orderBy('s.id')
    .execute();
  return {
    sectionCount: boardRow.section_count,
    pinCount: boardRow.pin_count,
    sections: sections.map((row) => ({
      id: row.id,
      stored: row.pin_count,
      actual: Number(row.actual),
    })),
  };
}

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  owner = await f.user({ username: 'section_owner' });
  collaborator = await f.user();
  invitee = await f.user();
  other = await f.user();
  board = await f.board(owner, { name: 'Home' });
  secretBoard = await f.board(owner, { name: 'Secret home', privacy: 'secret' });
  await f.collaborator(board, collaborator, 'accepted');
  await f.collaborator(board, invitee, 'invited');
  test = await buildTestApp(handle.db);
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('BoardSectionResource create', () => {
  it('creates a section with a trimmed name and a slug, and counts it', async () => {
    const before = await snapshot(board.id);
    const result = await create(
      { board_id: board.id, name: '  Living   room ', name_source: 1 },
      owner,
    );
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({
      board_id: board.id,
      title: 'Living room',
      slug: 'living-room',
      pin_count: 0,
      preview_pins: [],
    });
    const after = await snapshot(board.id);
    expect(after.sectionCount).toBe(before.sectionCount + 1);
  });

  it('lets an accepted collaborator add a section, not an invitee or another user', async () => {
    const byCollaborator = await create({ board_id: board.id, name: 'Kitchen' }, collaborator);
    expect(byCollaborator.status).toBe(200);
    for (const who of [invitee, other]) {
      const refused = await create({ board_id: board.id, name: 'Garage' }, who);
      expect(refused.status).toBe(403);
      expect(refused.code).toBe(CODES.BOARD_NOT_WRITABLE.code);
    }
    const secret = await create({ board_id: secretBoard.id, name: 'Attic' }, other);
    expect(secret.code).toBe(CODES.BOARD_NOT_FOUND.code);
    const visitor = await create({ board_id: board.id, name: 'Porch' }, null);
    expect(visitor.code).toBe(CODES.UNAUTHORIZED.code);
  });

  it('validates the name: SECTION_NAME_REQUIRED, SECTION_NAME_TOO_LONG, SECTION_NAME_TAKEN', async () => {
    const blank = await create({ board_id: board.id, name: '   ' }, owner);
    expect(blank.code).toBe(CODES.SECTION_NAME_REQUIRED.code);
    expect(blank.detail).toBe("Don't forget to name your section!");
    const long = await create({ board_id: board.id, name: 's'.repeat(51) }, owner);
    expect(long.code).toBe(CODES.SECTION_NAME_TOO_LONG.code);
    expect(long.detail).toBe('Please enter no more than 50 characters.');
    await create({ board_id: board.id, name: 'Bedroom' }, owner);
    const taken = await create({ board_id: board.id, name: 'BEDROOM' }, owner);
    expect(taken.status).toBe(409);
    expect(taken.code).toBe(CODES.SECTION_NAME_TAKEN.code);
    const badSource = await create({ board_id: board.id, name: 'Hall', name_source: 7 }, owner);
    expect(badSource.code).toBe(CODES.VALIDATION_FAILED.code);
  });

  it('gives sections of one board unique slugs', async () => {
    const first = await create({ board_id: board.id, name: 'Bath & Spa' }, owner);
    const second = await create({ board_id: board.id, name: 'Bath and Spa!' }, owner);
    expect(first.data.slug).toBe('bath-and-spa');
    expect(second.data.slug).toBe('bath-and-spa-2');
  });

  it('moves initial pins of the board into the new section, counters right', async () => {
    const old = await f.section(board, { title: 'Old place' });
    const a = await f.pin({ board, section: old });
    const b = await f.pin({ board });
    const result = await create(
      { board_id: board.id, name: 'New place', initial_pins: [a.id, b.id, a.id] },
      owner,
    );
    expect(result.status).toBe(200);
    expect(result.data.pin_count).toBe(2);
    expect(result.data.preview_pins).toHaveLength(2);
    const after = await snapshot(board.id);
    for (const section of after.sections) expect(section.stored).toBe(section.actual);
    const moved = await handle.db
      .selectFrom('pins')
      .select('section_id')
      .where('id', 'in', [a.id, b.id])
      .execute();
    expect(moved.every((pin) => pin.section_id === result.data.id)).toBe(true);
  });

  it('rolls everything back when an initial pin is from another board', async () => {
    const elsewhere = await f.board(owner, { name: 'Elsewhere' });
    const foreign = await f.pin({ board: elsewhere });
    const mine = await f.pin({ board });
    const before = await snapshot(board.id);
    const result = await create(
      { board_id: board.id, name: 'Should not exist', initial_pins: [mine.id, foreign.id] },
      owner,
    );
    expect(result.status).toBe(400);
    expect(result.code).toBe(CODES.SECTION_INITIAL_PINS_INVALID.code);
    expect(result.errorData['pin_ids']).toEqual([foreign.id]);
    expect(await snapshot(board.id)).toEqual(before);
    const stray = await handle.db
      .selectFrom('board_sections')
      .select('id')
      .where('title', '=', 'Should not exist')
      .execute();
    expect(stray).toEqual([]);
    const untouched = await handle.db
      .selectFrom('pins')
      .select('section_id')
      .where('id', '=', mine.id)
      .executeTakeFirstOrThrow();
    expect(untouched.section_id).toBeNull();
  });
});

describe('BoardSectionResource get', () => {
  it('answers a section of a visible board, SECTION_NOT_FOUND otherwise', async () => {
    const hidden = await f.section(secretBoard, { title: 'Hidden section' });
    const asOwner = await test.client.resourceGet<PickerSectionItem>(
      'BoardSectionResource',
      { section_id: hidden.id, field_set_key: 'board_page' },
      owner,
    );
    expect(asOwner.data.title).toBe('Hidden section');
    for (const who of [other, invitee, null]) {
      const result = await test.client.resourceGet(
        'BoardSectionResource',
        { section_id: hidden.id },
        who,
      );
      expect(result.code).toBe(CODES.SECTION_NOT_FOUND.code);
    }
  });
});
