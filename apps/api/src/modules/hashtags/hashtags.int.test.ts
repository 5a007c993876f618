// Hashtags (saving.md §5, §7; docs/decisions/060): the tags of a saved pin's description are
// stored and linked to the pin in the save's transaction (create and repin), counted, and
// suggested by GET /v3/search/autocomplete/ — only tags that pins on public boards carry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { HashtagSuggestionItem, SavedPin } from '@corkboard/shared/saving/api';
import { HASHTAG_AUTOCOMPLETE_MAX } from '@corkboard/shared/saving/hashtags';
import { type Answer, jpegBytes, type Who } from '../../test/api-client.ts';
import {
  createFixtures,
  type BoardFixture,
  type Fixtures,
  type UserFixture,
} from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let handle: DbHandle;
let f: Fixtures;
let test: TestApp;
let owner: UserFixture;
let other: UserFixture;
let board: BoardFixture;
let secretBoard: BoardFixture;
let otherBoard: BoardFixture;
let imageCounter = 40;

async function save(
  boardId: string,
  description: string,
  who: Who = owner,
): Promise<Answer<SavedPin>> {
  imageCounter += 1;
  const image = (await jpegBytes(imageCounter)).toString('base64');
  return test.client.resourceCreate<SavedPin>(
    'PinResource',
    { board_id: boardId, image_base64: image, description, method: 'create' },
    who,
  );
}

async function storedTags(pinId: string): Promise<string[]> {
  const rows = await handle.db
    .selectFrom('pin_hashtags as ph')
    .innerJoin('hashtags as h', 'h.id', 'ph.hashtag_id')
    .select('h.tag')
    .where('ph.pin_id', '=', pinId)
    .orderBy('ph.position')
    .execute();
  return rows.map((row) => row.tag);
}

async function storedCount(tag: string): Promise<number | undefined> {
  const row = await handle.db
    .selectFrom('hashtags')
    .select('pin_count')
    .where('tag', '=', tag)
    .executeTakeFirst();
  return row?.pin_count;
}

function autocomplete(query: string, who: Who = null) {
  return test.client.get<HashtagSuggestionItem[]>(`/v3/search/autocomplete/${query}`, who);
}

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  owner = await f.user({ username: 'tagger' });
  other = await f.user({ username: 'tag_reader' });
  board = await f.board(owner, { name: 'Garden' });
  secretBoard = await f.board(owner, { name: 'Surprises', privacy: 'secret' });
  otherBoard = await f.board(other, { name: 'Mine' });
  test = await buildTestApp(handle.db);
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('hashtags on save', () => {
  it('stores the tags of a new pin in order, once each, in normal form', async () => {
    const saved = await save(
      board.id,
      'Raised beds #Garden #DIY_ideas, see https://x.example/#anchor and C# then #garden again #Ñandú',
    );
    expect(saved.status, JSON.stringify(saved.data)).toBe(200);
    expect(await storedTags(saved.data.id)).toEqual(['garden', 'diy_ideas', 'ñandú']);
    expect(await storedCount('garden')).toBe(1);
  });

  it('stores nothing for a description without tags', async () => {
    const saved = await save(board.id, 'Just words, #, and a#b');
    expect(saved.status).toBe(200);
    expect(await storedTags(saved.data.id)).toEqual([]);
  });

  it('a repin carries the tags of the description it keeps, counted again', async () => {
    const source = await save(board.id, 'Tomato cages #tomatoes');
    const before = await storedCount('tomatoes');
    const repinned = await test.client.resourceCreate<SavedPin>(
      'RepinResource',
      { board_id: otherBoard.id, pin_id: source.data.id },
      other,
    );
    expect(repinned.status).toBe(200);
    expect(await storedTags(repinned.data.id)).toEqual(['tomatoes']);
    expect(await storedCount('tomatoes')).toBe((before ?? 0) + 1);
  });

  it('a refused save stores no tags', async () => {
    const refused = await save(board.id, 'Not mine #refusedtag', other);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(await storedCount('refusedtag')).toBeUndefined();
  });

  it('deleting a pin takes its links with it and the count follows', async () => {
    const saved = await save(board.id, '#ephemeral');
    expect(await storedCount('ephemeral')).toBe(1);
    await handle.db.deleteFrom('pins').where('id', '=', saved.data.id).execute();
    expect(await storedCount('ephemeral')).toBe(0);
    expect((await autocomplete('?q=%23ephem')).data).toEqual([]);
  });
});

describe('GET /v3/search/autocomplete/', () => {
  beforeAll(async () => {
    await save(board.id, '#patio #patio_plants');
    await save(board.id, '#patio');
    await save(board.id, '#patio_plants #pathway');
    await save(board.id, '#patio_plants');
    await save(board.id, '#pa');
    // Only on a secret board: never suggested, to anyone.
    await save(secretBoard.id, '#patiosecret #patio');
  });

  it('answers tags starting with q, exact first then by public pin count, with counts when asked', async () => {
    const result = await autocomplete('?q=%23pa&show_pin_count=true');
    expect(result.status).toBe(200);
    expect(result.data).toEqual([
      { query: '#pa', pin_count: 1 },
      { query: '#patio_plants', pin_count: 3 },
      { query: '#patio', pin_count: 2 },
      { query: '#pathway', pin_count: 1 },
    ]);
  });

  it('leaves pin_count null unless show_pin_count is true; the # is optional; case folds', async () => {
    const result = await autocomplete('?q=PATIO_');
    expect(result.data).toEqual([{ query: '#patio_plants', pin_count: null }]);
  });

  it('never suggests a tag that only secret pins carry, not even to their owner', async () => {
    expect((await autocomplete('?q=patios', owner)).data).toEqual([]);
    expect((await autocomplete('?q=patios')).data).toEqual([]);
  });

  it('counts only pins on public boards', async () => {
    const result = await autocomplete('?q=patio&show_pin_count=1');
    expect(result.data[0]).toEqual({ query: '#patio', pin_count: 2 });
  });

  it('answers an empty list for an empty or impossible tag', async () => {
    expect((await autocomplete('?q=')).data).toEqual([]);
    expect((await autocomplete('?q=%23')).data).toEqual([]);
    expect((await autocomplete(`?q=${encodeURIComponent('pa tio')}`)).data).toEqual([]);
    expect((await autocomplete(`?q=${encodeURIComponent('50%')}`)).data).toEqual([]);
  });

  it('shows at most 5 by default and caps page_size', async () => {
    const many = Array.from({ length: HASHTAG_AUTOCOMPLETE_MAX + 2 }, (_, n) => `#many${n}`);
    await save(board.id, many.join(' '));
    expect((await autocomplete('?q=many')).data).toHaveLength(5);
    expect((await autocomplete('?q=many&page_size=500')).data).toHaveLength(
      HASHTAG_AUTOCOMPLETE_MAX,
    );
  });

  it('refuses a q longer than a tag with VALIDATION_FAILED', async () => {
    const result = await autocomplete(`?q=${'a'.repeat(200)}`);
    expect(result.status).toBe(400);
    expect(result.code).toBe(ERROR_CODES.VALIDATION_FAILED.code);
  });
});
