// Secret boards on every new saving read, for every kind of viewer (docs/decisions/002): owner,
// accepted collaborator, invited-but-not-accepted collaborator, another user and a visitor. The
// invisible answer is the same as for something that does not exist; saving reads need a
// signed-in person, so a visitor gets UNAUTHORIZED where the read is signed-in only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { Board } from '@corkboard/shared/api-types';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { BoardPickerData } from '@corkboard/shared/saving/api';
import {
  createFixtures,
  type BoardFixture,
  type PinFixture,
  type SectionFixture,
  type UserFixture,
} from '../../test/fixtures.ts';
import { type Who } from '../../test/api-client.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

const CODES = ERROR_CODES;

let handle: DbHandle;
let test: TestApp;
let owner: UserFixture;
let collaborator: UserFixture;
let invitee: UserFixture;
let other: UserFixture;
let secretBoard: BoardFixture;
let secretSection: SectionFixture;
let secretPin: PinFixture;
let publicPin: PinFixture;

type ViewerName = 'owner' | 'collaborator' | 'invitee' | 'other' | 'visitor';
const VIEWERS: ViewerName[] = ['owner', 'collaborator', 'invitee', 'other', 'visitor'];
const MAY_SEE: Record<ViewerName, boolean> = {
  owner: true,
  collaborator: true,
  invitee: false,
  other: false,
  visitor: false,
};

function viewer(name: ViewerName): Who {
  switch (name) {
    case 'owner':
      return owner;
    case 'collaborator':
      return collaborator;
    case 'invitee':
      return invitee;
    case 'other':
      return other;
    case 'visitor':
      return null;
  }
}

/** What a signed-in-only read answers a person who may not see the thing. */
function hiddenCode(name: ViewerName, notFound: number): number {
  return name === 'visitor' ? CODES.UNAUTHORIZED.code : notFound;
}

beforeAll(async () => {
  handle = await createTestDb();
  const f = createFixtures(handle.db);
  owner = await f.user({ username: 'vis_owner' });
  collaborator = await f.user({ username: 'vis_collab' });
  invitee = await f.user({ username: 'vis_invitee' });
  other = await f.user({ username: 'vis_other' });
  secretBoard = await f.board(owner, { name: 'Lantern secrets', privacy: 'secret' });
  secretSection = await f.section(secretBoard, { title: 'Paper' });
  secretPin = await f.pin({ board: secretBoard, title: 'Paper lantern festival' });
  await f.collaborator(secretBoard, collaborator, 'accepted');
  await f.collaborator(secretBoard, invitee, 'invited');
  // A public pin about lanterns by someone else, so related-board lookups have a question.
  const elsewhere = await f.board(other, { name: 'Festival lanterns' });
  publicPin = await f.pin({ board: elsewhere, title: 'Lantern festival' });
  test = await buildTestApp(handle.db);
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe.each(VIEWERS)('secret board, new saving reads, as %s', (name) => {
  const allowed = MAY_SEE[name];

  it(`BoardResource get ${allowed ? 'answers it' : 'is BOARD_NOT_FOUND'}`, async () => {
    const result = await test.client.resourceGet(
      'BoardResource',
      { board_id: secretBoard.id },
      viewer(name),
    );
    expect(result.code).toBe(allowed ? 0 : CODES.BOARD_NOT_FOUND.code);
  });

  it(`BoardSectionResource get ${allowed ? 'answers it' : 'is SECTION_NOT_FOUND'}`, async () => {
    const result = await test.client.resourceGet(
      'BoardSectionResource',
      { section_id: secretSection.id },
      viewer(name),
    );
    expect(result.code).toBe(allowed ? 0 : CODES.SECTION_NOT_FOUND.code);
  });

  it(`PinResource get ${allowed ? 'answers it' : 'is PIN_NOT_FOUND'}`, async () => {
    const result = await test.client.resourceGet('PinResource', { id: secretPin.id }, viewer(name));
    expect(result.code).toBe(allowed ? 0 : CODES.PIN_NOT_FOUND.code);
  });

  it('BoardPickerBoardsResource lists it only to who may save to it', async () => {
    const result = await test.client.resourceGet<BoardPickerData>(
      'BoardPickerBoardsResource',
      {},
      viewer(name),
    );
    if (name === 'visitor') {
      expect(result.code).toBe(CODES.UNAUTHORIZED.code);
      return;
    }
    const ids = [...result.data.all_boards, ...result.data.boards_shortlist].map((b) => b.id);
    expect(ids.includes(secretBoard.id)).toBe(allowed);
  });

  it('BoardPickerBoardsResource with its pin as pin_id', async () => {
    const result = await test.client.resourceGet(
      'BoardPickerBoardsResource',
      { pin_id: secretPin.id },
      viewer(name),
    );
    expect(result.code).toBe(allowed ? 0 : hiddenCode(name, CODES.PIN_NOT_FOUND.code));
  });

  it('BoardSectionsRepinResource', async () => {
    const result = await test.client.resourceGet(
      'BoardSectionsRepinResource',
      { board_id: secretBoard.id },
      viewer(name),
    );
    expect(result.code).toBe(allowed ? 0 : hiddenCode(name, CODES.BOARD_NOT_FOUND.code));
  });

  it('GET /v3/pins/{id}/board_title_suggestions/', async () => {
    const result = await test.client.get(
      `/v3/pins/${secretPin.id}/board_title_suggestions/`,
      viewer(name),
    );
    expect(result.code).toBe(allowed ? 0 : hiddenCode(name, CODES.PIN_NOT_FOUND.code));
  });

  it('RelatedBoardForPinRandomFeedResource for its pin, and never suggesting it', async () => {
    const forSecret = await test.client.resourceGet(
      'RelatedBoardForPinRandomFeedResource',
      { pin: secretPin.id },
      viewer(name),
    );
    expect(forSecret.code).toBe(allowed ? 0 : hiddenCode(name, CODES.PIN_NOT_FOUND.code));
    const forPublic = await test.client.resourceGet<Board[]>(
      'RelatedBoardForPinRandomFeedResource',
      { pin: publicPin.id, page_size: 5 },
      viewer(name),
    );
    if (name !== 'visitor') {
      expect(forPublic.data.map((board) => board.id)).not.toContain(secretBoard.id);
    }
  });

  it('ShareSuggestionsResource for the board', async () => {
    const result = await test.client.resourceGet(
      'ShareSuggestionsResource',
      { board_id: secretBoard.id },
      viewer(name),
    );
    expect(result.code).toBe(allowed ? 0 : hiddenCode(name, CODES.BOARD_NOT_FOUND.code));
  });

  it('RepinResource create of its pin', async () => {
    if (name === 'visitor') return;
    const who = viewer(name);
    const own = await createFixtures(handle.db).board(
      { id: who?.id ?? '', username: name },
      { name: `Repins of ${name}` },
    );
    const result = await test.client.resourceCreate(
      'RepinResource',
      { board_id: own.id, pin_id: secretPin.id },
      who,
    );
    expect(result.code).toBe(allowed ? 0 : CODES.PIN_NOT_FOUND.code);
  });
});
