// Moving and deleting pins in bulk: the four resources of saving.md §7 and the bulk delete, the
// access matrix (owner, collaborator, other, visitor), counters kept right, 2171/2172/2173 while
// another action runs, and "nothing changed" after every refusal.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { PIN_BULK_MAX, type BulkEditResult } from '@corkboard/shared/saving/organise';
import {
  createFixtures,
  type BoardFixture,
  type Fixtures,
  type PinFixture,
  type UserFixture,
} from '../../test/fixtures.ts';
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

function call(
  resource: string,
  verb: 'update' | 'delete',
  options: unknown,
  who: UserFixture | null,
) {
  return test.client.send<BulkEditResult>(
    'POST',
    `/resource/${resource}/${verb}/`,
    { options },
    who,
  );
}

/** Where every pin is and every counter, for "nothing changed" comparisons. */
async function snapshot() {
  const pins = await handle.db
    .selectFrom('pins')
    .select(['id', 'board_id', 'section_id'])
    .orderBy('id')
    .execute();
  const boards = await handle.db
    .selectFrom('boards')
    .select(['id', 'pin_count', 'cover_pin_id'])
    .orderBy('id')
    .execute();
  const sections = await handle.db
    .selectFrom('board_sections')
    .select(['id', 'pin_count'])
    .orderBy('id')
    .execute();
  const users = await handle.db
    .selectFrom('users')
    .select(['id', 'pin_count'])
    .orderBy('id')
    .execute();
  return { pins, boards, sections, users };
}

/** Counters that no longer equal the rows they count. */
async function drift(): Promise<string[]> {
  const result = await sql<{ what: string }>`
    SELECT 'board ' || id AS what FROM boards b
      WHERE pin_count <> (SELECT count(*) FROM pins p WHERE p.board_id = b.id)
    UNION ALL
    SELECT 'section ' || id FROM board_sections s
      WHERE pin_count <> (SELECT count(*) FROM pins p WHERE p.section_id = s.id)
    UNION ALL
    SELECT 'user ' || id FROM users u
      WHERE pin_count <> (SELECT count(*) FROM pins p WHERE p.pinner_id = u.id)`.execute(handle.db);
  return result.rows.map((row) => row.what);
}

async function placeOf(pin: PinFixture) {
  return handle.db
    .selectFrom('pins')
    .select(['board_id', 'section_id'])
    .where('id', '=', pin.id)
    .executeTakeFirst();
}

async function claims(): Promise<number> {
  const row = await handle.db
    .selectFrom('board_actions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

interface World {
  owner: UserFixture;
  source: BoardFixture;
  target: BoardFixture;
  pins: PinFixture[];
  sectionId: string;
}

async function world(pinCount = 4): Promise<World> {
  const owner = await f.user();
  const source = await f.board(owner);
  const target = await f.board(owner);
  const section = await f.section(target, { title: 'Kitchen' });
  const pins: PinFixture[] = [];
  for (let i = 0; i < pinCount; i += 1) pins.push(await f.pin({ board: source }));
  return { owner, source, target, pins, sectionId: section.id };
}

const ids = (pins: readonly PinFixture[]) => pins.map((pin) => pin.id);

describe('BulkEditSelectAllResource update', () => {
  it('moves the listed pins into another board’s section, counters right, claims gone', async () => {
    const w = await world();
    const moved = w.pins.slice(0, 3);
    const result = await call(
      'BulkEditSelectAllResource',
      'update',
      {
        board_id: w.source.id,
        new_board_id: w.target.id,
        new_section_id: w.sectionId,
        pin_ids: ids(moved),
      },
      w.owner,
    );
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({
      count: 3,
      target: { board_id: w.target.id, section_id: w.sectionId },
    });
    expect([...result.data.pin_ids].sort()).toEqual(ids(moved).sort());
    for (const pin of moved) {
      expect(await placeOf(pin)).toEqual({ board_id: w.target.id, section_id: w.sectionId });
    }
    expect(await placeOf(w.pins[3] as PinFixture)).toEqual({
      board_id: w.source.id,
      section_id: null,
    });
    expect(await drift()).toEqual([]);
    expect(await claims()).toBe(0);
  });

  it('with inverse_selection moves every pin of the source except the listed ones', async () => {
    const w = await world();
    const kept = w.pins[1] as PinFixture;
    const result = await call(
      'BulkEditSelectAllResource',
      'update',
      {
        board_id: w.source.id,
        new_board_id: w.target.id,
        pin_ids: [kept.id],
        inverse_selection: true,
      },
      w.owner,
    );
    expect(result.data.count).toBe(3);
    expect(await placeOf(kept)).toEqual({ board_id: w.source.id, section_id: null });
    expect(await drift()).toEqual([]);
  });

  it('moves pins between sections of one board, and back out of the section', async () => {
    const owner = await f.user();
    const board = await f.board(owner);
    const a = await f.section(board);
    const b = await f.section(board);
    const pins = [await f.pin({ board, section: a }), await f.pin({ board, section: a })];
    const result = await call(
      'BulkEditSelectAllResource',
      'update',
      { board_id: board.id, old_section_id: a.id, new_section_id: b.id, pin_ids: ids(pins) },
      owner,
    );
    expect(result.status).toBe(200);
    expect(await placeOf(pins[0] as PinFixture)).toEqual({ board_id: board.id, section_id: b.id });
    expect(await drift()).toEqual([]);
  });

  it('rejects moving to the same board and section (PIN_MOVE_SAME_PLACE), changing nothing', async () => {
    const w = await world();
    const section = await f.section(w.source);
    const before = await snapshot();
    const same = await call(
      'BulkEditSelectAllResource',
      'update',
      { board_id: w.source.id, new_board_id: w.source.id, pin_ids: ids(w.pins) },
      w.owner,
    );
    expect(same.status).toBe(400);
    expect(same.code).toBe(CODES.PIN_MOVE_SAME_PLACE.code);
    const sectionToItself = await call(
      'BulkEditSelectAllResource',
      'update',
      {
        board_id: w.source.id,
        old_section_id: section.id,
        new_section_id: section.id,
        pin_ids: ids(w.pins),
      },
      w.owner,
    );
    expect(sectionToItself.code).toBe(CODES.PIN_MOVE_SAME_PLACE.code);
    expect(await snapshot()).toEqual({
      ...before,
      sections: await snapshot().then((now) => now.sections),
    });
  });

  it('from the whole board, takes pins out of their section onto the board itself', async () => {
    const owner = await f.user();
    const board = await f.board(owner);
    const section = await f.section(board);
    const pins = [await f.pin({ board, section }), await f.pin({ board, section })];
    const result = await call(
      'BulkEditSelectAllResource',
      'update',
      { board_id: board.id, new_board_id: board.id, new_section_id: null, pin_ids: ids(pins) },
      owner,
    );
    expect(result.status).toBe(200);
    expect(await placeOf(pins[1] as PinFixture)).toEqual({ board_id: board.id, section_id: null });
    expect(await drift()).toEqual([]);
  });

  it('refuses pins that are not on the source board (PIN_MOVE_PINS_INVALID), all or nothing', async () => {
    const w = await world();
    const elsewhere = await f.pin({ board: w.target });
    const before = await snapshot();
    const result = await call(
      'BulkEditSelectAllResource',
      'update',
      {
        board_id: w.source.id,
        new_board_id: w.target.id,
        new_section_id: w.sectionId,
        pin_ids: [...ids(w.pins), elsewhere.id],
      },
      w.owner,
    );
    expect(result.code).toBe(CODES.PIN_MOVE_PINS_INVALID.code);
    const missing = await call(
      'BulkEditSelectAllResource',
      'update',
      { board_id: w.source.id, new_board_id: w.target.id, pin_ids: ['9223372036854775807'] },
      w.owner,
    );
    expect(missing.code).toBe(CODES.PIN_MOVE_PINS_INVALID.code);
    expect(await snapshot()).toEqual(before);
    expect(await claims()).toBe(0);
  });

  it('refuses a section of another board (SECTION_NOT_FOUND) and too many pins (PIN_MOVE_TOO_MANY)', async () => {
    const w = await world();
    const otherBoard = await f.board(w.owner);
    const foreign = await f.section(otherBoard);
    const before = await snapshot();
    expect(
      (
        await call(
          'BulkEditSelectAllResource',
          'update',
          {
            board_id: w.source.id,
            new_board_id: w.target.id,
            new_section_id: foreign.id,
            pin_ids: ids(w.pins),
          },
          w.owner,
        )
      ).code,
    ).toBe(CODES.SECTION_NOT_FOUND.code);
    const tooMany = Array.from({ length: PIN_BULK_MAX + 1 }, (_, i) => String(i + 1));
    expect(
      (
        await call(
          'BulkEditSelectAllResource',
          'update',
          { board_id: w.source.id, new_board_id: w.target.id, pin_ids: tooMany },
          w.owner,
        )
      ).code,
    ).toBe(CODES.PIN_MOVE_TOO_MANY.code);
    expect(
      (
        await call(
          'BulkEditSelectAllResource',
          'update',
          { board_id: w.source.id, new_board_id: w.target.id, pin_ids: [] },
          w.owner,
        )
      ).code,
    ).toBe(CODES.VALIDATION_FAILED.code);
    expect(await snapshot()).toEqual(before);
  });
});

describe('access matrix (move)', () => {
  it('lets an accepted collaborator of both boards move; refuses everyone else and changes nothing', async () => {
    const w = await world();
    const collaborator = await f.user();
    await f.collaborator(w.source, collaborator, 'accepted');
    await f.collaborator(w.target, collaborator, 'accepted');
    const sourceOnly = await f.user();
    await f.collaborator(w.source, sourceOnly, 'accepted');
    const invited = await f.user();
    await f.collaborator(w.source, invited, 'invited');
    await f.collaborator(w.target, invited, 'invited');
    const other = await f.user();
    const options = { board_id: w.source.id, new_board_id: w.target.id, pin_ids: [w.pins[0]?.id] };

    const before = await snapshot();
    for (const [who, code] of [
      [null, CODES.UNAUTHORIZED.code],
      [other, CODES.PIN_NOT_EDITABLE.code],
      [invited, CODES.PIN_NOT_EDITABLE.code],
      // Write access on the source is not enough: the target needs it too.
      [sourceOnly, CODES.PIN_NOT_EDITABLE.code],
    ] as const) {
      const result = await call('BulkEditSelectAllResource', 'update', options, who);
      expect(result.code).toBe(code);
    }
    expect(await snapshot()).toEqual(before);

    const allowed = await call('BulkEditSelectAllResource', 'update', options, collaborator);
    expect(allowed.status).toBe(200);
    expect(await placeOf(w.pins[0] as PinFixture)).toEqual({
      board_id: w.target.id,
      section_id: null,
    });
  });

  it('answers BOARD_NOT_FOUND for a secret board the viewer cannot see', async () => {
    const w = await world();
    const stranger = await f.user();
    const mine = await f.board(stranger);
    const minePin = await f.pin({ board: mine });
    const secret = await f.board(w.owner, { privacy: 'secret' });
    const before = await snapshot();
    const intoSecret = await call(
      'BulkEditSelectAllResource',
      'update',
      { board_id: mine.id, new_board_id: secret.id, pin_ids: [minePin.id] },
      stranger,
    );
    expect(intoSecret.code).toBe(CODES.BOARD_NOT_FOUND.code);
    expect(await snapshot()).toEqual(before);
  });
});

describe('one bulk action per board at a time (2171, 2172, 2173)', () => {
  it.each([
    ['move', CODES.BOARD_MOVE_IN_PROGRESS.code],
    ['delete', CODES.BOARD_DELETE_IN_PROGRESS.code],
    ['board', CODES.BOARD_EDIT_IN_PROGRESS.code],
  ] as const)(
    'a running %s answers %i with the spec’s message and changes nothing',
    async (kind, code) => {
      const w = await world();
      await handle.db
        .insertInto('board_actions')
        .values({
          board_id: w.target.id,
          kind,
          token: `running-${kind}`,
          user_id: w.owner.id,
          started_at: new Date(),
          expires_at: new Date(Date.now() + 60_000),
        })
        .execute();
      const before = await snapshot();
      const result = await call(
        'BulkEditSelectAllResource',
        'update',
        { board_id: w.source.id, new_board_id: w.target.id, pin_ids: ids(w.pins) },
        w.owner,
      );
      expect(result.status).toBe(409);
      expect(result.code).toBe(code);
      expect(
        result.response.json<{ resource_response: { message: string } }>().resource_response
          .message,
      ).toBe('Please wait until the previous board action finishes.');
      expect(await snapshot()).toEqual(before);
      // Our own claim on the source went; the running action keeps its own.
      const left = await handle.db.selectFrom('board_actions').select('token').execute();
      expect(left.map((row) => row.token)).toEqual([`running-${kind}`]);
      await handle.db.deleteFrom('board_actions').execute();
    },
  );

  it('never answers "busy" for a board the caller may not write: a secret board stays hidden', async () => {
    const owner = await f.user();
    const secret = await f.board(owner, { privacy: 'secret' });
    const open = await f.board(owner);
    const stranger = await f.user();
    const strangerBoard = await f.board(stranger);
    const strangerPin = await f.pin({ board: strangerBoard });
    const openPin = await f.pin({ board: open });
    for (const board of [secret, open]) {
      await handle.db
        .insertInto('board_actions')
        .values({
          board_id: board.id,
          kind: 'board',
          token: `running-${board.id}`,
          user_id: owner.id,
          started_at: new Date(),
          expires_at: new Date(Date.now() + 60_000),
        })
        .execute();
    }
    const before = await snapshot();
    // Into the owner's secret board: the same answer as for a board that does not exist.
    const intoSecret = await call(
      'BulkEditResource',
      'update',
      { board_id: secret.id, pin_ids: [strangerPin.id] },
      stranger,
    );
    expect(intoSecret.code).toBe(CODES.BOARD_NOT_FOUND.code);
    // Into a board they can see but not write: refused for that, not told to wait.
    const intoOpen = await call(
      'BulkEditResource',
      'update',
      { board_id: open.id, pin_ids: [strangerPin.id] },
      stranger,
    );
    expect(intoOpen.code).toBe(CODES.PIN_NOT_EDITABLE.code);
    const fromOpen = await call(
      'BulkEditSelectAllResource',
      'update',
      { board_id: open.id, new_board_id: strangerBoard.id, pin_ids: [openPin.id] },
      stranger,
    );
    expect(fromOpen.code).toBe(CODES.PIN_NOT_EDITABLE.code);
    expect(await snapshot()).toEqual(before);
    // Only the running actions' claims are there: nothing was claimed for the stranger.
    const left = await handle.db.selectFrom('board_actions').select('token').execute();
    expect(left.map((row) => row.token).sort()).toEqual(
      [`running-${secret.id}`, `running-${open.id}`].sort(),
    );
    await handle.db.deleteFrom('board_actions').execute();
  });

  it('takes over a claim whose holder is gone (expired)', async () => {
    const w = await world();
    await handle.db
      .insertInto('board_actions')
      .values({
        board_id: w.source.id,
        kind: 'move',
        token: 'crashed',
        user_id: w.owner.id,
        started_at: new Date(Date.now() - 3_600_000),
        expires_at: new Date(Date.now() - 60_000),
      })
      .execute();
    const result = await call(
      'BulkEditSelectAllResource',
      'update',
      { board_id: w.source.id, new_board_id: w.target.id, pin_ids: ids(w.pins) },
      w.owner,
    );
    expect(result.status).toBe(200);
    expect(await claims()).toBe(0);
  });

  it('two moves on one board at the same moment: one runs, the other is told to wait', async () => {
    const w = await world();
    const other = await f.board(w.owner);
    const [a, b] = await Promise.all([
      call(
        'BulkEditSelectAllResource',
        'update',
        { board_id: w.source.id, new_board_id: w.target.id, pin_ids: ids(w.pins.slice(0, 2)) },
        w.owner,
      ),
      call(
        'BulkEditSelectAllResource',
        'update',
        { board_id: w.source.id, new_board_id: other.id, pin_ids: ids(w.pins.slice(2)) },
        w.owner,
      ),
    ]);
    const codes = [a.code, b.code].sort((x, y) => x - y);
    // Either both ran one after the other, or one was refused with 2171.
    expect([
      [0, 0],
      [0, CODES.BOARD_MOVE_IN_PROGRESS.code],
    ]).toContainEqual(codes);
    expect(await drift()).toEqual([]);
    expect(await claims()).toBe(0);
  });
});

describe('BoardSectionEditResource update and BoardSectionPinsResource delete', () => {
  it('files pins of the board into the section, then takes them out again (still on the board)', async () => {
    const owner = await f.user();
    const board = await f.board(owner);
    const section = await f.section(board);
    const pins = [await f.pin({ board }), await f.pin({ board }), await f.pin({ board })];
    const into = await call(
      'BoardSectionEditResource',
      'update',
      { section_id: section.id, pins: ids(pins) },
      owner,
    );
    expect(into.status).toBe(200);
    expect(await placeOf(pins[2] as PinFixture)).toEqual({
      board_id: board.id,
      section_id: section.id,
    });
    expect(await drift()).toEqual([]);
    const again = await call(
      'BoardSectionEditResource',
      'update',
      { section_id: section.id, pins: ids(pins) },
      owner,
    );
    expect(again.code).toBe(CODES.PIN_MOVE_SAME_PLACE.code);

    const out = await call(
      'BoardSectionPinsResource',
      'delete',
      { section_id: section.id, pins: ids(pins.slice(0, 2)) },
      owner,
    );
    expect(out.status).toBe(200);
    expect(await placeOf(pins[0] as PinFixture)).toEqual({ board_id: board.id, section_id: null });
    expect(await placeOf(pins[2] as PinFixture)).toEqual({
      board_id: board.id,
      section_id: section.id,
    });
    expect(await drift()).toEqual([]);
  });

  it('refuses pins of another board, pins not in the section, strangers and unknown sections', async () => {
    const owner = await f.user();
    const board = await f.board(owner);
    const section = await f.section(board);
    const loose = await f.pin({ board });
    const foreign = await f.pin({ board: await f.board(owner) });
    const stranger = await f.user();
    const before = await snapshot();
    expect(
      (
        await call(
          'BoardSectionEditResource',
          'update',
          { section_id: section.id, pins: [foreign.id] },
          owner,
        )
      ).code,
    ).toBe(CODES.PIN_MOVE_PINS_INVALID.code);
    expect(
      (
        await call(
          'BoardSectionPinsResource',
          'delete',
          { section_id: section.id, pins: [loose.id] },
          owner,
        )
      ).code,
    ).toBe(CODES.PIN_MOVE_PINS_INVALID.code);
    expect(
      (
        await call(
          'BoardSectionEditResource',
          'update',
          { section_id: section.id, pins: [loose.id] },
          stranger,
        )
      ).code,
    ).toBe(CODES.PIN_NOT_EDITABLE.code);
    expect(
      (
        await call(
          'BoardSectionEditResource',
          'update',
          { section_id: '9223372036854775807', pins: [loose.id] },
          owner,
        )
      ).code,
    ).toBe(CODES.SECTION_NOT_FOUND.code);
    expect(await snapshot()).toEqual(before);
  });
});

describe('BulkEditResource update', () => {
  it('moves pins from several boards to one board, with write access checked on each source', async () => {
    const owner = await f.user();
    const a = await f.board(owner);
    const b = await f.board(owner);
    const target = await f.board(owner);
    const pins = [await f.pin({ board: a }), await f.pin({ board: b })];
    const result = await call(
      'BulkEditResource',
      'update',
      { board_id: target.id, pin_ids: ids(pins) },
      owner,
    );
    expect(result.status).toBe(200);
    expect(await placeOf(pins[1] as PinFixture)).toEqual({ board_id: target.id, section_id: null });
    expect(await drift()).toEqual([]);

    const someoneElses = await f.pin({ board: await f.board(await f.user()) });
    const before = await snapshot();
    const refused = await call(
      'BulkEditResource',
      'update',
      { board_id: a.id, pin_ids: [...ids(pins), someoneElses.id] },
      owner,
    );
    expect(refused.code).toBe(CODES.PIN_NOT_EDITABLE.code);
    const same = await call(
      'BulkEditResource',
      'update',
      { board_id: target.id, pin_ids: ids(pins) },
      owner,
    );
    expect(same.code).toBe(CODES.PIN_MOVE_SAME_PLACE.code);
    expect(await snapshot()).toEqual(before);
  });
});

describe('BulkEditResource delete', () => {
  it('deletes the pins, fixes every counter and removes images nothing uses any more', async () => {
    const w = await world(3);
    const doomed = w.pins.slice(0, 2);
    const images = await handle.db
      .selectFrom('pins')
      .select('image_id')
      .where('id', 'in', ids(doomed))
      .execute();
    const result = await call(
      'BulkEditResource',
      'delete',
      { board_id: w.source.id, pin_ids: ids(doomed) },
      w.owner,
    );
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ count: 2, target: null });
    expect(await placeOf(doomed[0] as PinFixture)).toBeUndefined();
    expect(await placeOf(w.pins[2] as PinFixture)).toBeDefined();
    const left = await handle.db
      .selectFrom('images')
      .select('id')
      .where(
        'id',
        'in',
        images.map((row) => row.image_id),
      )
      .execute();
    expect(left).toEqual([]);
    expect(await drift()).toEqual([]);
    expect(await claims()).toBe(0);
  });

  it('refuses other people and a running action, deleting nothing', async () => {
    const w = await world(2);
    const stranger = await f.user();
    const before = await snapshot();
    expect(
      (
        await call(
          'BulkEditResource',
          'delete',
          { board_id: w.source.id, pin_ids: ids(w.pins) },
          stranger,
        )
      ).code,
    ).toBe(CODES.PIN_NOT_EDITABLE.code);
    expect(
      (
        await call(
          'BulkEditResource',
          'delete',
          { board_id: w.source.id, pin_ids: ids(w.pins) },
          null,
        )
      ).code,
    ).toBe(CODES.UNAUTHORIZED.code);
    await handle.db
      .insertInto('board_actions')
      .values({
        board_id: w.source.id,
        kind: 'move',
        token: 'busy',
        user_id: w.owner.id,
        started_at: new Date(),
        expires_at: new Date(Date.now() + 60_000),
      })
      .execute();
    expect(
      (
        await call(
          'BulkEditResource',
          'delete',
          { board_id: w.source.id, pin_ids: ids(w.pins) },
          w.owner,
        )
      ).code,
    ).toBe(CODES.BOARD_MOVE_IN_PROGRESS.code);
    await handle.db.deleteFrom('board_actions').execute();
    expect(await snapshot()).toEqual(before);
  });
});
