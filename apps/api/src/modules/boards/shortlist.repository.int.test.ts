// The shortlist's SQL (shortlist.repository.ts) reads only a few boards; this holds its answer to
// pickShortlist over every board the viewer can save to, on random data: creation and save times
// tied to the millisecond or apart by microseconds, saves out of id order, long runs of saves to
// one board, many recent saves to boards the viewer cannot write to, accents, other scripts, equal names, the
// protected filter.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { LocalMediaStorage } from '@corkboard/media/local-storage';
import { pickShortlist, type PickerBoard } from '@corkboard/shared/saving/board-sort';
import type { PinText } from '@corkboard/shared/saving/keywords';
import { createFixtures, type Fixtures, type UserFixture } from '../../test/fixtures.ts';
import type { AppDeps } from '../../core/app-deps.ts';
import { writableBoards } from '../../core/board-access.repository.ts';
import { BOARD_COVER_COUNT, boardCovers } from '../../core/board-covers.repository.ts';
import { lastSavedAt } from './board-items.repository.ts';
import { boardPicker } from './board-picker.service.ts';
import { boardPickerOptionsSchema } from './boards.schemas.ts';

const WORDS = ['Kitchen', 'kitchens', 'Garden', 'Café', 'cafe', 'Recipes', 'Kit', 'Ώρα', 'Naïve'];
const PINS: PinText[] = [
  {},
  { title: 'Kitchen garden recipes' },
  { title: 'Café', description: 'kitchens naive', link: 'https://garden.example.com/' },
  { title: 'nothing matches here' },
  { title: 'ώρα για καφέ' },
];
// Microseconds after a base instant: a few milliseconds, each with several microsecond values,
// so that the newest ones are often tied to the millisecond but not to the microsecond.
const OFFSETS_US = [0, 1, 2, 3].flatMap((ms) => [0, 300, 999].map((us) => ms * 1_000 + us));

let handle: DbHandle;
let f: Fixtures;
let deps: Pick<AppDeps, 'db' | 'storage'>;
let mediaRoot: string;
let imageId: string;

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** An instant with microseconds, as PostgreSQL reads it. */
function instant(offsetUs: number): string {
  const ms = Math.floor(offsetUs / 1000);
  const base = new Date(Date.UTC(2026, 0, 1, 0, 0, 0, ms)).toISOString().slice(0, 19);
  const micros = String((ms % 1000) * 1000 + (offsetUs % 1000)).padStart(6, '0');
  return `${base}.${micros}+00`;
}

/** What the shortlist used to read: every writable board, newest first, scored in JS. */
async function everyWritableBoard(viewer: UserFixture, filter: 'all' | 'protected') {
  let query = handle.db
    .selectFrom('boards as b')
    .select(['b.id', 'b.name', 'b.created_at', lastSavedAt(viewer.id, 'b').as('last_saved_at')])
    .where(writableBoards(viewer.id));
  if (filter === 'protected') query = query.where('b.privacy', '=', 'protected');
  const rows = await query.orderBy('b.id', 'desc').execute();
  return rows.map((row): PickerBoard => ({
    id: row.id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    lastSavedAt: row.last_saved_at === null ? null : new Date(row.last_saved_at).toISOString(),
  }));
}

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  mediaRoot = mkdtempSync(join(tmpdir(), 'corkboard-shortlist-media-'));
  deps = { db: handle.db, storage: new LocalMediaStorage(mediaRoot) };
  imageId = (await f.image()).id;
});

afterAll(async () => {
  await handle.close();
  rmSync(mediaRoot, { recursive: true, force: true });
});

describe('the shortlist read by SQL', () => {
  it('is pickShortlist over every board the viewer can save to', async () => {
    for (let seed = 1; seed <= 24; seed += 1) {
      const next = random(seed);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
      const me = await f.user();
      const friend = await f.user();
      const boardRows = (owner: UserFixture, count: number) =>
        Array.from({ length: count }, (_, i) => ({
          owner_id: owner.id,
          name: `${pick(WORDS)} ${pick(WORDS)} ${i}`,
          slug: `b-${seed}-${owner.id}-${i}`,
          privacy: pick(['public', 'public', 'secret', 'protected'] as const),
          created_at: instant(pick(OFFSETS_US)),
        }));
      const mine = await handle.db
        .insertInto('boards')
        .values(boardRows(me, 1 + Math.floor(next() * 40)))
        .returning('id')
        .execute();
      const theirs = await handle.db
        .insertInto('boards')
        .values(boardRows(friend, 30))
        .returning('id')
        .execute();
      await handle.db
        .insertInto('board_collaborators')
        .values(
          theirs.slice(0, 4).map((board, i) => ({
            board_id: board.id,
            user_id: me.id,
            invited_by_id: friend.id,
            status: i === 3 ? ('invited' as const) : ('accepted' as const),
          })),
        )
        .execute();
      // Saves in random time order, to my boards and to ones I cannot (or no longer) write to;
      // every third person also has a long run of the newest saves on one board.
      const targets = [...mine, ...theirs];
      const save = (boardId: string, offsetUs: number) => ({
        pinner_id: me.id,
        board_id: boardId,
        image_id: imageId,
        dominant_color: '#aabbcc',
        created_at: instant(offsetUs),
      });
      const pins = Array.from({ length: Math.floor(next() * 60) }, () =>
        save(pick(targets).id, pick(OFFSETS_US) + 500_000 * Math.floor(next() * 2)),
      );
      if (seed % 3 === 0) {
        const favourite = pick(targets).id;
        for (let i = 0; i < 40; i += 1) pins.push(save(favourite, 2_000_000 + i * 1_000));
      }
      // Every third person's newest saves went to 20 boards they cannot write to and one they
      // can: the walk must go on past them to find a second board.
      if (seed % 3 === 1) {
        theirs.slice(5, 25).forEach((board, i) => pins.push(save(board.id, 3_000_000 + i * 1_000)));
        pins.push(save(pick(mine).id, 3_010_500));
      }
      if (pins.length > 0) await handle.db.insertInto('pins').values(pins).execute();

      for (const filter of ['all', 'protected'] as const) {
        const every = await everyWritableBoard(me, filter);
        for (const pin of PINS) {
          for (const size of [1, 2]) {
            const expected = pickShortlist(every, pin, { size }).map((board) => board.id);
            const answer = await boardPicker(
              deps,
              me,
              boardPickerOptionsSchema.parse({ ...pin, filter, shortlist_suggestions: size }),
            );
            const got = answer.data.boards_shortlist.map((board) => board.id);
            expect(got, `seed ${seed}, ${filter}, size ${size}, ${JSON.stringify(pin)}`).toEqual(
              expected,
            );
          }
        }
      }
    }
  }, 60_000);
});

describe('a person with many saves on few boards (issue 13: 222,000 saves on 5 boards at 1M)', () => {
  it('finds a board last saved to long ago behind many newer saves, and stops when all are met', async () => {
    const me = await f.user();
    const [busyA, busyB, quiet, unsaved] = await handle.db
      .insertInto('boards')
      .values(
        ['Busy A', 'Busy B', 'Quiet', 'Never saved'].map((name, i) => ({
          owner_id: me.id,
          name,
          slug: `many-saves-${me.id}-${i}`,
          created_at: instant(i),
        })),
      )
      .returning('id')
      .execute();
    if (!busyA || !busyB || !quiet || !unsaved) throw new Error('fixture missing');
    const save = (boardId: string, offsetUs: number) => ({
      pinner_id: me.id,
      board_id: boardId,
      image_id: imageId,
      dominant_color: '#aabbcc',
      created_at: instant(offsetUs),
    });
    // 'Quiet' first (oldest save), then far more saves than one walk reads (its largest batch
    // is 1,024 steps) alternating between the two busy boards.
    const pins = [save(quiet.id, 1_000_000)];
    for (let i = 0; i < 1_500; i += 1)
      pins.push(save(i % 2 === 0 ? busyA.id : busyB.id, 2_000_000 + i * 1_000));
    await handle.db.insertInto('pins').values(pins).execute();

    const every = await everyWritableBoard(me, 'all');
    for (const size of [1, 2]) {
      const expected = pickShortlist(every, {}, { size }).map((board) => board.id);
      const answer = await boardPicker(
        deps,
        me,
        boardPickerOptionsSchema.parse({ shortlist_suggestions: size }),
      );
      expect(answer.data.boards_shortlist.map((board) => board.id)).toEqual(expected);
    }
    // Every board's recency as the picker lists it: the quiet board's one save is still seen.
    const answer = await boardPicker(deps, me, boardPickerOptionsSchema.parse({}));
    const lastSaved = new Map(
      answer.data.all_boards.map((board) => [board.id, board.last_saved_at ?? null]),
    );
    expect(lastSaved.get(quiet.id)).toBe(new Date(Date.UTC(2026, 0, 1, 0, 0, 1)).toISOString());
    expect(lastSaved.get(unsaved.id)).toBeNull();
  }, 60_000);
});

describe('board covers', () => {
  it('puts the chosen cover first, then the newest other pins, never twice', async () => {
    const owner = await f.user();
    const board = await handle.db
      .insertInto('boards')
      .values({ owner_id: owner.id, name: 'Covers', slug: `covers-${owner.id}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = (
      await handle.db
        .insertInto('pins')
        .values(
          Array.from({ length: 6 }, () => ({
            pinner_id: owner.id,
            board_id: board.id,
            image_id: imageId,
            dominant_color: '#aabbcc',
          })),
        )
        .returning('id')
        .execute()
    ).map((row) => row.id);
    const covers = async (coverPinId: string | null) => {
      await handle.db
        .updateTable('boards')
        .set({ cover_pin_id: coverPinId })
        .where('id', '=', board.id)
        .execute();
      const row = await handle.db
        .selectFrom('boards as b')
        .select(boardCovers(handle.db, { coverFirst: true, exceptSecret: false }).as('covers'))
        .where('b.id', '=', board.id)
        .executeTakeFirstOrThrow();
      return row.covers.map((cover) => cover.pin_id);
    };
    const newest = [...ids].sort((a, b) => Number(b) - Number(a));
    expect(await covers(null)).toEqual(newest.slice(0, BOARD_COVER_COUNT));
    const oldest = newest.at(-1) ?? '';
    expect(await covers(oldest)).toEqual([oldest, ...newest.slice(0, BOARD_COVER_COUNT - 1)]);
    const second = newest[1] ?? '';
    expect(await covers(second)).toEqual([second, newest[0], newest[2]]);
  });
});
