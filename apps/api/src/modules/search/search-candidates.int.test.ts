// The bounded candidate set of a pins search (docs/decisions/193): each leg (newest matches,
// most-saved matches) hands at most `candidates` pins to ranking; scope and filters apply before
// the bound (a secret pin never takes a visitor's slot), requested top pins always come, and
// paging through the ranked candidates page by page gives the one-page order, without repeats.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import {
  createFixtures,
  type BoardFixture,
  type PinFixture,
  type UserFixture,
} from '../../test/fixtures.ts';
import { searchPinRows, withTypoThreshold, type PinSearch } from './search.repository.ts';
import { PIN_SEARCH_CANDIDATES, RANKING } from './search.service.ts';

let handle: DbHandle;
let owner: UserFixture;
let board: BoardFixture;
/** Paper lanterns, oldest first; `saved` is the oldest, saved twice since. */
let saved: PinFixture;
let middle: PinFixture;
let newer: PinFixture;
let newest: PinFixture;
let secretNewest: PinFixture;
/** Similar to "lantern" (trigram word similarity 0.75) but no full-text match. */
let typoOnly: PinFixture;
let now: Date;

beforeAll(async () => {
  handle = await createTestDb();
  const db = handle.db;
  const f = createFixtures(db);
  owner = await f.user();
  board = await f.board(owner, { name: 'Lights' });
  const secretBoard = await f.board(owner, { name: 'Hidden', privacy: 'secret' });
  typoOnly = await f.pin({ board, title: 'Tin lanter' });
  saved = await f.pin({ board, title: 'Paper lantern', link: 'https://lanterns.test/a' });
  middle = await f.pin({ board, title: 'Paper lantern', link: 'https://paper.test/b' });
  newer = await f.pin({ board, title: 'Paper lantern' });
  newest = await f.pin({ board, title: 'Paper lantern' });
  secretNewest = await f.pin({ board: secretBoard, title: 'Paper lantern' });
  for (let i = 0; i < 2; i += 1) {
    const repin = await f.pin({ board, title: 'Moth' });
    await db
      .updateTable('pins')
      .set({ repin_of_id: saved.id })
      .where('id', '=', repin.id)
      .execute();
  }
  // One creation time for all: freshness is equal, so saves then id decide the order.
  now = new Date();
  await sql`UPDATE pins SET created_at = ${now}`.execute(db);
});

afterAll(async () => {
  await handle.close();
});

function lanterns(overrides: Partial<PinSearch>): Promise<string[]> {
  const search: PinSearch = {
    match: { query: 'lantern', typos: true },
    rule: { kind: 'discoverable' },
    product: null,
    domains: [],
    colors: [],
    pinner: undefined,
    topPinIds: [],
    candidates: PIN_SEARCH_CANDIDATES,
    now,
    offset: 0,
    limit: 50,
    ...overrides,
  };
  return withTypoThreshold(handle.db, RANKING.typoThreshold, async (trx) =>
    (await searchPinRows(trx, search, RANKING)).map((row) => row.id),
  );
}

describe('pins search candidates', () => {
  it('ranks every match when no more pins match than the bound', async () => {
    expect(await lanterns({})).toEqual([saved.id, newest.id, newer.id, middle.id, typoOnly.id]);
  });

  it('adds typo matches only while the full text matches fewer pins than the bound', async () => {
    // Four public full-text matches: a bound of 5 still looks for typos, a bound of 4 does not.
    expect(await lanterns({ candidates: 5 })).toContain(typoOnly.id);
    expect(await lanterns({ candidates: 4 })).toEqual([saved.id, newest.id, newer.id, middle.id]);
    // A misspelt query has no full-text match: the typo matches are its answer.
    expect(await lanterns({ candidates: 1, match: { query: 'lanturn', typos: true } })).toEqual([
      newest.id,
    ]);
    expect(await lanterns({ match: { query: 'lanturn', typos: false } })).toEqual([]);
  });

  it('ranks only the newest and the most-saved matches beyond the bound', async () => {
    // Two newest public matches plus the most-saved one; `middle` is in neither leg.
    expect(await lanterns({ candidates: 2 })).toEqual([saved.id, newest.id, newer.id]);
    expect(await lanterns({ candidates: 1 })).toEqual([saved.id, newest.id]);
  });

  it('applies the scope before the bound: a secret pin takes no visitor slot', async () => {
    expect(await lanterns({ candidates: 1 })).not.toContain(secretNewest.id);
    const mine = await lanterns({ candidates: 1, rule: { kind: 'saved_by', viewer: owner } });
    expect(mine).toEqual([saved.id, secretNewest.id]);
  });

  it('applies filters before the bound', async () => {
    expect(await lanterns({ candidates: 1, domains: ['paper.test'] })).toEqual([middle.id]);
  });

  it('always ranks the requested top pins, first', async () => {
    expect(await lanterns({ candidates: 1, topPinIds: [middle.id] })).toEqual([
      middle.id,
      saved.id,
      newest.id,
    ]);
  });

  it('pages through the ranked candidates in the one-page order, without repeats', async () => {
    const onePage = await lanterns({ candidates: 2 });
    const paged: string[] = [];
    for (let offset = 0; offset < onePage.length + 1; offset += 1) {
      paged.push(...(await lanterns({ candidates: 2, offset, limit: 1 })));
    }
    expect(paged).toEqual(onePage);
  });
});
