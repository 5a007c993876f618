// GET /v3/pins/{id}/board_title_suggestions/: titles from the pin's text, without names of boards
// the viewer already has, and PIN_NOT_FOUND for pins the viewer cannot see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { BoardTitleSuggestionItem } from '@corkboard/shared/saving/api';
import { suggestBoardTitles } from '@corkboard/shared/saving/board-title-suggestions';
import {
  createFixtures,
  type Fixtures,
  type PinFixture,
  type UserFixture,
} from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

const CODES = ERROR_CODES;
const TITLE = 'Chewy Chocolate Chip Cookies Recipe';
const DESCRIPTION = 'The best cookies #baking #dessert';

let handle: DbHandle;
let f: Fixtures;
let test: TestApp;
let owner: UserFixture;
let other: UserFixture;
let pin: PinFixture;
let secretPin: PinFixture;

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  owner = await f.user();
  other = await f.user();
  const board = await f.board(owner, { name: 'Sweets' });
  pin = await f.pin({
    board,
    title: TITLE,
    description: DESCRIPTION,
    link: 'https://baking-school.example/cookies',
  });
  const secret = await f.board(owner, { name: 'Hidden', privacy: 'secret' });
  secretPin = await f.pin({ board: secret, title: 'Surprise cake' });
  test = await buildTestApp(handle.db);
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('GET /v3/pins/{id}/board_title_suggestions/', () => {
  it('answers the shared rule’s titles, skipping boards the viewer already has', async () => {
    const expected = suggestBoardTitles({
      title: TITLE,
      description: DESCRIPTION,
      link: 'https://baking-school.example/cookies',
    });
    const first = await test.client.get<BoardTitleSuggestionItem[]>(
      `/v3/pins/${pin.id}/board_title_suggestions/`,
      other,
    );
    expect(first.status).toBe(200);
    expect(first.data).toEqual(expected);
    expect(first.data.length).toBeGreaterThan(1);
    const taken = first.data[0]?.title ?? '';
    await f.board(other, { name: taken });
    const second = await test.client.get<BoardTitleSuggestionItem[]>(
      `/v3/pins/${pin.id}/board_title_suggestions/`,
      other,
    );
    expect(second.data.map((item) => item.title)).not.toContain(taken);
  });

  it('answers PIN_NOT_FOUND for a pin the viewer cannot see, and needs a signed-in person', async () => {
    const hidden = await test.client.get(
      `/v3/pins/${secretPin.id}/board_title_suggestions/`,
      other,
    );
    expect(hidden.status).toBe(404);
    expect(hidden.code).toBe(CODES.PIN_NOT_FOUND.code);
    const own = await test.client.get<BoardTitleSuggestionItem[]>(
      `/v3/pins/${secretPin.id}/board_title_suggestions/`,
      owner,
    );
    expect(own.status).toBe(200);
    const visitor = await test.client.get(`/v3/pins/${pin.id}/board_title_suggestions/`, null);
    expect(visitor.code).toBe(CODES.UNAUTHORIZED.code);
  });
});
