// RelatedBoardForPinRandomFeedResource: a public board of someone else about what the pin is
// about; never secret or protected boards, the viewer's own or the pin's own board.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { Board } from '@corkboard/shared/api-types';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import {
  createFixtures,
  type BoardFixture,
  type Fixtures,
  type PinFixture,
  type UserFixture,
} from '../../test/fixtures.ts';
import { type Who } from '../../test/api-client.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

const CODES = ERROR_CODES;

let handle: DbHandle;
let f: Fixtures;
let test: TestApp;
let me: UserFixture;
let author: UserFixture;
let curator: UserFixture;
let pinBoard: BoardFixture;
let pin: PinFixture;
let best: BoardFixture;
let weaker: BoardFixture;

function related(options: Record<string, unknown>, who: Who) {
  return test.client.resourceGet<Board[]>('RelatedBoardForPinRandomFeedResource', options, who);
}

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  me = await f.user();
  author = await f.user();
  curator = await f.user();
  pinBoard = await f.board(author, { name: 'Sourdough bread baking' });
  pin = await f.pin({
    board: pinBoard,
    title: 'Sourdough bread with rye',
    description: 'A crusty loaf',
  });
  // Candidates that must never be suggested.
  const mine = await f.board(me, { name: 'Sourdough bread' });
  await f.pin({ board: mine });
  const secret = await f.board(curator, { name: 'Sourdough bread secrets', privacy: 'secret' });
  await f.pin({ board: secret });
  const protectedBoard = await f.board(curator, {
    name: 'Sourdough bread ads',
    privacy: 'protected',
  });
  await f.pin({ board: protectedBoard });
  await f.board(curator, { name: 'Sourdough bread (empty)' });
  // The ones that may be.
  weaker = await f.board(curator, { name: 'Bread ideas' });
  await f.pin({ board: weaker });
  best = await f.board(curator, { name: 'Sourdough Breads' });
  await f.pin({ board: best });
  const unrelated = await f.board(curator, { name: 'Garden tools' });
  await f.pin({ board: unrelated });
  test = await buildTestApp(handle.db);
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('RelatedBoardForPinRandomFeedResource get', () => {
  it('answers the best-matching public board of someone else (page_size 1)', async () => {
    const result = await related({ pin: pin.id, page_size: 1 }, me);
    expect(result.status).toBe(200);
    expect(result.data.map((board) => board.id)).toEqual([best.id]);
    expect(result.data[0]).toMatchObject({ name: 'Sourdough Breads', privacy: 'public' });
    // The same question gets the same answer.
    const again = await related({ pin: pin.id, page_size: 1 }, me);
    expect(again.data.map((board) => board.id)).toEqual([best.id]);
  });

  it('never includes secret, protected, empty, own or the pin’s own boards', async () => {
    const result = await related({ pin_id: pin.id, page_size: 5 }, me);
    expect(result.data.map((board) => board.id)).toEqual([best.id, weaker.id]);
    expect(result.data.every((board) => board.privacy === 'public')).toBe(true);
  });

  it('answers an empty list when nothing is related', async () => {
    const lonely = await f.pin({ board: pinBoard, title: 'Zyxwv qwerty' });
    const result = await related({ pin: lonely.id }, me);
    expect(result.data).toEqual([]);
  });

  it('answers PIN_NOT_FOUND for a pin on a secret board the viewer cannot see', async () => {
    const secret = await f.board(author, { name: 'Hidden bread', privacy: 'secret' });
    const hiddenPin = await f.pin({ board: secret, title: 'Sourdough secret' });
    const result = await related({ pin: hiddenPin.id }, me);
    expect(result.status).toBe(404);
    expect(result.code).toBe(CODES.PIN_NOT_FOUND.code);
  });

  it('needs a pin and a signed-in person', async () => {
    const missing = await related({}, me);
    expect(missing.code).toBe(CODES.VALIDATION_FAILED.code);
    const visitor = await related({ pin: pin.id }, null);
    expect(visitor.code).toBe(CODES.UNAUTHORIZED.code);
  });
});
