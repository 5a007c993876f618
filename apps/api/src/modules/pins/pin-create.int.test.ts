// PinResource create / RepinResource create / PinResource get: write access (owner, accepted
// collaborator, invited-only, other user, visitor), secret boards, sections, every image source
// (base64, image_url through the SSRF-safe fetcher, media_upload_id) and its limits, already
// saved, advertiser rules, and counters after every write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { Pin } from '@corkboard/shared/api-types';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { MediaUploadData, SavedPin } from '@corkboard/shared/saving/api';
import { PIN_IMAGE_MAX_BYTES } from '@corkboard/shared/saving/schemas';
import { startLoopbackServer, type LoopbackServer } from '../../test/loopback-server.ts';
import {
  createFixtures,
  type BoardFixture,
  type Fixtures,
  type SectionFixture,
  type UserFixture,
} from '../../test/fixtures.ts';
import { PIN_CREATE_BODY_LIMIT_BYTES } from './pins.routes.ts';
import { type Answer, jpegBytes, type Who } from '../../test/api-client.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

const CODES = ERROR_CODES;

let handle: DbHandle;
let f: Fixtures;
let test: TestApp;
let strict: TestApp;
let site: LoopbackServer;

let owner: UserFixture;
let collaborator: UserFixture;
let invitee: UserFixture;
let other: UserFixture;
let business: UserFixture;
/** The business's ad account: what `advertiser_id` names (docs/decisions/101). */
let businessAdvertiser: string;
let board: BoardFixture;
let section: SectionFixture;
let secretBoard: BoardFixture;
let otherBoard: BoardFixture;
let otherSection: SectionFixture;
let protectedBoard: BoardFixture;
let imageCounter = 10;

async function base64Image(): Promise<string> {
  imageCounter += 1;
  return (await jpegBytes(imageCounter)).toString('base64');
}

function createPin(options: Record<string, unknown>, who: Who): Promise<Answer<SavedPin>> {
  return test.client.resourceCreate<SavedPin>('PinResource', options, who);
}

function repin(options: Record<string, unknown>, who: Who): Promise<Answer<SavedPin>> {
  return test.client.resourceCreate<SavedPin>('RepinResource', options, who);
}

async function counters(boardId: string, userId: string, sectionId?: string) {
  const b = await handle.db
    .selectFrom('boards')
    .select('pin_count')
    .where('id', '=', boardId)
    .executeTakeFirstOrThrow();
  const u = await handle.db
    .selectFrom('users')
    .select('pin_count')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const s = sectionId
    ? await handle.db
        .selectFrom('board_sections')
        .select('pin_count')
        .where('id', '=', sectionId)
        .executeTakeFirstOrThrow()
    : undefined;
  const actualBoard = await handle.db
    .selectFrom('pins')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('board_id', '=', boardId)
    .executeTakeFirstOrThrow();
  return {
    board: b.pin_count,
    boardActual: Number(actualBoard.n),
    user: u.pin_count,
    section: s?.pin_count,
  };
}

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  owner = await f.user({ username: 'saver_owner' });
  collaborator = await f.user({ username: 'saver_collab' });
  invitee = await f.user({ username: 'saver_invitee' });
  other = await f.user({ username: 'saver_other' });
  business = await f.user({ username: 'saver_business' });
  businessAdvertiser = (await f.business(business)).advertiserId;
  board = await f.board(owner, { name: 'Weeknight Dinners' });
  section = await f.section(board, { title: 'Pasta' });
  secretBoard = await f.board(owner, { name: 'Gift ideas', privacy: 'secret' });
  await f.collaborator(board, collaborator, 'accepted');
  await f.collaborator(board, invitee, 'invited');
  otherBoard = await f.board(other, { name: 'Other things' });
  otherSection = await f.section(otherBoard, { title: 'Elsewhere' });
  protectedBoard = await f.board(business, { name: 'Campaign', privacy: 'protected' });

  const jpeg = await jpegBytes(1);
  site = await startLoopbackServer({
    '/photo.jpg': (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    },
    '/notes.txt': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('just words');
    },
    '/missing.jpg': (_req, res) => {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('gone');
    },
  });
  test = await buildTestApp(handle.db, { config: { fetchAllowHosts: ['127.0.0.1:*'] } });
  strict = await buildTestApp(handle.db);
});

afterAll(async () => {
  await test.close();
  await strict.close();
  await site.close();
  await handle.close();
});

describe('PinResource create', () => {
  it('saves a base64 image to the board and answers what the saved dialog needs', async () => {
    const before = await counters(board.id, owner.id);
    const result = await createPin(
      {
        board_id: board.id,
        image_base64: await base64Image(),
        title: 'Lemon pasta',
        description: 'Bright and quick #pasta',
        link: 'https://www.example.com/recipes/lemon-pasta',
        method: 'bookmarklet',
        guid: 'abc-123',
      },
      owner,
    );
    expect(result.status, JSON.stringify(result.data)).toBe(200);
    expect(result.data).toMatchObject({
      title: 'Lemon pasta',
      description: 'Bright and quick #pasta',
      link: 'https://www.example.com/recipes/lemon-pasta',
      domain: 'example.com',
      board: { id: board.id, name: 'Weeknight Dinners' },
      section: null,
      pinner: { id: owner.id },
      repin_of_id: null,
      already_saved: null,
      reported_method: 'bookmarklet',
      // A new personal account's pin with a website: 'Promote your Pin' (business.md §5.1).
      is_promotable: true,
    });
    expect(result.data.dominant_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(result.data.images['236x'].url).toMatch(/^\/media\/pins\/.+236x\.jpg$/);
    const after = await counters(board.id, owner.id);
    expect(after.board).toBe(before.board + 1);
    expect(after.user).toBe(before.user + 1);
    expect(after.board).toBe(after.boardActual);
    // The stored files are really there.
    const stored = await test.storage.exists(
      result.data.images['236x'].url.replace(/^\/media\//, ''),
    );
    expect(stored).toBe(true);
  });

  it('reports the first save of a person and button without guid as button_external', async () => {
    const newcomer = await f.user();
    const own = await f.board(newcomer, { name: 'First board' });
    const first = await createPin(
      { board_id: own.id, image_base64: await base64Image(), method: 'button' },
      newcomer,
    );
    expect(first.data.is_first_save).toBe(true);
    expect(first.data.reported_method).toBe('button_external');
    const second = await createPin(
      { board_id: own.id, image_base64: await base64Image(), method: 'button', guid: 'g1' },
      newcomer,
    );
    expect(second.data.is_first_save).toBe(false);
    expect(second.data.reported_method).toBe('button');
  });

  it('saves into a section of the board and counts it there', async () => {
    const before = await counters(board.id, owner.id, section.id);
    const result = await createPin(
      { board_id: board.id, section: section.id, image_base64: await base64Image() },
      owner,
    );
    expect(result.status).toBe(200);
    expect(result.data.section).toMatchObject({ id: section.id, title: 'Pasta' });
    const after = await counters(board.id, owner.id, section.id);
    expect(after.section).toBe((before.section ?? 0) + 1);
  });

  it('refuses a section of another board (SECTION_NOT_FOUND) and saves nothing', async () => {
    const before = await counters(board.id, owner.id);
    const result = await createPin(
      { board_id: board.id, section: otherSection.id, image_base64: await base64Image() },
      owner,
    );
    expect(result.status).toBe(404);
    expect(result.code).toBe(CODES.SECTION_NOT_FOUND.code);
    expect(await counters(board.id, owner.id)).toEqual(before);
  });

  describe('write access to the board', () => {
    it('lets an accepted collaborator save (counted as their pin)', async () => {
      const before = await counters(board.id, collaborator.id);
      const result = await createPin(
        { board_id: board.id, image_base64: await base64Image() },
        collaborator,
      );
      expect(result.status).toBe(200);
      expect(result.data.pinner.id).toBe(collaborator.id);
      const after = await counters(board.id, collaborator.id);
      expect(after.user).toBe(before.user + 1);
      expect(after.board).toBe(before.board + 1);
    });

    it('refuses an invited (not yet accepted) collaborator: BOARD_NOT_WRITABLE', async () => {
      const result = await createPin(
        { board_id: board.id, image_base64: await base64Image() },
        invitee,
      );
      expect(result.status).toBe(403);
      expect(result.code).toBe(CODES.BOARD_NOT_WRITABLE.code);
    });

    it('refuses another user on a public board: BOARD_NOT_WRITABLE', async () => {
      const result = await createPin(
        { board_id: board.id, image_base64: await base64Image() },
        other,
      );
      expect(result.code).toBe(CODES.BOARD_NOT_WRITABLE.code);
    });

    it('answers BOARD_NOT_FOUND for a secret board the person cannot see', async () => {
      for (const who of [other, invitee]) {
        const result = await createPin(
          { board_id: secretBoard.id, image_base64: await base64Image() },
          who,
        );
        expect(result.status).toBe(404);
        expect(result.code).toBe(CODES.BOARD_NOT_FOUND.code);
      }
    });

    it('answers BOARD_NOT_FOUND for a board that does not exist', async () => {
      const result = await createPin(
        { board_id: '987654321', image_base64: await base64Image() },
        owner,
      );
      expect(result.code).toBe(CODES.BOARD_NOT_FOUND.code);
    });

    it('needs a signed-in person (UNAUTHORIZED) and the CSRF token (CSRF_FAILED)', async () => {
      const visitor = await createPin({ board_id: board.id, image_base64: 'AAAA' }, null);
      expect(visitor.status).toBe(401);
      expect(visitor.code).toBe(CODES.UNAUTHORIZED.code);
      const noCsrf = await test.app.inject({
        method: 'POST',
        url: '/resource/PinResource/create/',
        payload: { options: { board_id: board.id, image_base64: 'AAAA' } },
        headers: { 'x-test-viewer': owner.id },
      });
      expect(noCsrf.statusCode).toBe(403);
      expect(noCsrf.json<{ resource_response: { code: number } }>().resource_response.code).toBe(
        CODES.CSRF_FAILED.code,
      );
    });
  });

  describe('image intake', () => {
    it('fetches image_url from an allowed loopback host', async () => {
      const result = await createPin(
        { board_id: board.id, image_url: site.url('/photo.jpg'), link: site.url('/') },
        owner,
      );
      expect(result.status, JSON.stringify(result.data)).toBe(200);
      expect(result.data.images.orig.width).toBe(201);
      expect(site.requests.some((request) => request.url === '/photo.jpg')).toBe(true);
    });

    it('blocks loopback image_url without the allow-list: URL_BLOCKED, nothing fetched', async () => {
      const seen = site.requests.length;
      const result = await strict.client.resourceCreate(
        'PinResource',
        { board_id: board.id, image_url: site.url('/photo.jpg?strict=1') },
        owner,
      );
      expect(result.status).toBe(400);
      expect(result.code).toBe(CODES.URL_BLOCKED.code);
      expect(site.requests.length).toBe(seen);
    });

    it('maps fetch failures to URL_* codes', async () => {
      const notImage = await createPin(
        { board_id: board.id, image_url: site.url('/notes.txt') },
        owner,
      );
      expect(notImage.code).toBe(CODES.URL_UNSUPPORTED_CONTENT.code);
      const missing = await createPin(
        { board_id: board.id, image_url: site.url('/missing.jpg') },
        owner,
      );
      expect(missing.code).toBe(CODES.URL_HTTP_ERROR.code);
      const badUrl = await createPin({ board_id: board.id, image_url: 'ftp://x.test/a' }, owner);
      expect(badUrl.status).toBe(400);
      expect(badUrl.code).toBe(CODES.URL_INVALID.code);
    });

    it('refuses bytes that are not an image: MEDIA_NOT_AN_IMAGE', async () => {
      const before = await counters(board.id, owner.id);
      const result = await createPin(
        {
          board_id: board.id,
          image_base64: Buffer.from('definitely not a picture').toString('base64'),
        },
        owner,
      );
      expect(result.status).toBe(415);
      expect(result.code).toBe(CODES.MEDIA_NOT_AN_IMAGE.code);
      expect(await counters(board.id, owner.id)).toEqual(before);
    });

    it('refuses text that is not base64: MEDIA_NOT_AN_IMAGE', async () => {
      const result = await createPin({ board_id: board.id, image_base64: 'not base64!' }, owner);
      expect(result.code).toBe(CODES.MEDIA_NOT_AN_IMAGE.code);
    });

    it('refuses an image over 32 MiB: 413 MEDIA_TOO_LARGE', async () => {
      const tooBig = Buffer.alloc(PIN_IMAGE_MAX_BYTES + 1, 1).toString('base64');
      const result = await createPin({ board_id: board.id, image_base64: tooBig }, owner);
      expect(result.status).toBe(413);
      expect(result.code).toBe(CODES.MEDIA_TOO_LARGE.code);
    });

    it('refuses a body over the route limit as MEDIA_TOO_LARGE too', async () => {
      const huge = JSON.stringify({
        options: { board_id: board.id, image_base64: 'A'.repeat(PIN_CREATE_BODY_LIMIT_BYTES) },
      });
      const result = await test.client.send('POST', '/resource/PinResource/create/', huge, owner);
      expect(result.status).toBe(413);
      expect(result.code).toBe(CODES.MEDIA_TOO_LARGE.code);
    });

    it('keeps the 1 MiB JSON limit on other resources', async () => {
      const result = await test.client.resourceCreate(
        'BoardResource',
        { name: 'x', description: 'y'.repeat(2 * 1024 * 1024) },
        owner,
      );
      expect(result.status).toBe(413);
      expect(result.code).toBe(CODES.PAYLOAD_TOO_LARGE.code);
    });

    it('needs exactly one image source', async () => {
      const none = await createPin({ board_id: board.id }, owner);
      expect(none.code).toBe(CODES.VALIDATION_FAILED.code);
      const two = await createPin(
        { board_id: board.id, image_url: site.url('/photo.jpg'), image_base64: 'AAAA' },
        owner,
      );
      expect(two.code).toBe(CODES.VALIDATION_FAILED.code);
    });

    it('uses the viewer’s own media upload, and refuses someone else’s', async () => {
      const upload = await test.client.upload<MediaUploadData>(await jpegBytes(77), owner);
      expect(upload.status).toBe(200);
      const uploadId = upload.data.media_upload_id;
      const mine = await createPin({ board_id: board.id, media_upload_id: uploadId }, owner);
      expect(mine.status).toBe(200);
      expect(mine.data.images.orig.width).toBe(277);
      const theirs = await createPin(
        { board_id: board.id, media_upload_id: uploadId },
        collaborator,
      );
      expect(theirs.status).toBe(404);
      expect(theirs.code).toBe(CODES.MEDIA_UPLOAD_NOT_FOUND.code);
    });
  });

  describe('already saved', () => {
    it('saves the same image again and names the board it was already on', async () => {
      const image = await base64Image();
      const first = await createPin({ board_id: board.id, image_base64: image }, owner);
      expect(first.data.already_saved).toBeNull();
      const own = await f.board(owner, { name: 'Second home' });
      const second = await createPin({ board_id: own.id, image_base64: image }, owner);
      expect(second.status).toBe(200);
      expect(second.data.id).not.toBe(first.data.id);
      expect(second.data.already_saved).toEqual({
        board_id: board.id,
        board_name: 'Weeknight Dinners',
      });
      // Same content, one stored image.
      const images = await handle.db
        .selectFrom('pins')
        .select('image_id')
        .where('id', 'in', [first.data.id, second.data.id])
        .execute();
      expect(new Set(images.map((row) => row.image_id)).size).toBe(1);
    });

    it('is per person: someone else saving the same image is not "already saved"', async () => {
      const image = await base64Image();
      await createPin({ board_id: board.id, image_base64: image }, owner);
      const theirs = await f.board(other, { name: 'Their board' });
      const result = await createPin({ board_id: theirs.id, image_base64: image }, other);
      expect(result.data.already_saved).toBeNull();
    });
  });

  describe('advertisers (advertiser_id)', () => {
    it('lets a business act for itself on its protected board', async () => {
      const result = await createPin(
        {
          board_id: protectedBoard.id,
          image_base64: await base64Image(),
          advertiser_id: businessAdvertiser,
        },
        business,
      );
      expect(result.status).toBe(200);
    });

    it('refuses a non-protected board when acting for an advertiser', async () => {
      const own = await f.board(business, { name: 'Open board' });
      const result = await createPin(
        { board_id: own.id, image_base64: await base64Image(), advertiser_id: businessAdvertiser },
        business,
      );
      expect(result.code).toBe(CODES.ADVERTISER_BOARD_NOT_PROTECTED.code);
    });

    it('refuses acting for anyone else, or as a personal account: ADVERTISER_NOT_ALLOWED', async () => {
      const someoneElse = await createPin(
        { board_id: board.id, image_base64: 'AAAA', advertiser_id: businessAdvertiser },
        owner,
      );
      expect(someoneElse.status).toBe(403);
      expect(someoneElse.code).toBe(CODES.ADVERTISER_NOT_ALLOWED.code);
      const noSuchAdvertiser = await createPin(
        { board_id: board.id, image_base64: 'AAAA', advertiser_id: '999999' },
        owner,
      );
      expect(noSuchAdvertiser.code).toBe(CODES.ADVERTISER_NOT_ALLOWED.code);
      const orbac = await createPin(
        { board_id: board.id, image_base64: 'AAAA', orbac_subject_id: other.id },
        owner,
      );
      expect(orbac.code).toBe(CODES.ADVERTISER_NOT_ALLOWED.code);
    });
  });

  it('validates fields with the shared rules (VALIDATION_FAILED with the field path)', async () => {
    const result = await createPin(
      { board_id: board.id, image_base64: 'AAAA', title: 'x'.repeat(101) },
      owner,
    );
    expect(result.code).toBe(CODES.VALIDATION_FAILED.code);
    const fields = result.errorData['fields'] as { path: string }[];
    expect(fields.map((field) => field.path)).toContain('options.title');
    const badLink = await createPin(
      { board_id: board.id, image_base64: 'AAAA', link: 'javascript:alert(1)' },
      owner,
    );
    expect(badLink.code).toBe(CODES.URL_INVALID.code);
  });
});

describe('RepinResource create', () => {
  it('saves a visible pin to the viewer’s board, sharing its image, repin_of_id set', async () => {
    const source = await f.pin({
      board: otherBoard,
      title: 'Cabin in the woods',
      description: 'Quiet',
      link: 'https://cabins.example/one',
    });
    const own = await f.board(collaborator, { name: 'Cabins' });
    const before = await counters(own.id, collaborator.id);
    const result = await repin({ board_id: own.id, pin_id: source.id }, collaborator);
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({
      board: { id: own.id, name: 'Cabins' },
      title: 'Cabin in the woods',
      description: 'Quiet',
      link: 'https://cabins.example/one',
      repin_of_id: source.id,
      already_saved: null,
    });
    const rows = await handle.db
      .selectFrom('pins')
      .select(['id', 'image_id', 'repin_of_id'])
      .where('id', 'in', [source.id, result.data.id])
      .execute();
    expect(new Set(rows.map((row) => row.image_id)).size).toBe(1);
    const after = await counters(own.id, collaborator.id);
    expect(after.board).toBe(before.board + 1);
    expect(after.user).toBe(before.user + 1);

    // Saving the same pin again is "already saved" on the first board.
    const again = await repin(
      { board_id: board.id, pin_id: source.id, title: 'Renamed' },
      collaborator,
    );
    expect(again.data.title).toBe('Renamed');
    expect(again.data.already_saved).toEqual({ board_id: own.id, board_name: 'Cabins' });
  });

  it('answers PIN_NOT_FOUND for a pin on a secret board the viewer cannot see', async () => {
    const secretPin = await f.pin({ board: secretBoard, title: 'Hidden gift' });
    const theirs = await f.board(other, { name: 'Gifts for me' });
    const result = await repin({ board_id: theirs.id, pin_id: secretPin.id }, other);
    expect(result.status).toBe(404);
    expect(result.code).toBe(CODES.PIN_NOT_FOUND.code);
    // The owner can repin it.
    const own = await repin({ board_id: board.id, pin_id: secretPin.id }, owner);
    expect(own.status).toBe(200);
  });

  it('refuses a target board the viewer cannot write to', async () => {
    const source = await f.pin({ board: otherBoard });
    const result = await repin({ board_id: board.id, pin_id: source.id }, invitee);
    expect(result.code).toBe(CODES.BOARD_NOT_WRITABLE.code);
  });

  it('needs a signed-in person', async () => {
    const source = await f.pin({ board: otherBoard });
    const result = await repin({ board_id: board.id, pin_id: source.id }, null);
    expect(result.code).toBe(CODES.UNAUTHORIZED.code);
  });
});

describe('PinResource get', () => {
  it('answers a visible pin like GET /v3/pins/{id}/ and hides secret ones', async () => {
    const secretPin = await f.pin({ board: secretBoard, title: 'Secret thing' });
    const visible = await test.client.resourceGet<Pin>('PinResource', { id: secretPin.id }, owner);
    expect(visible.data.title).toBe('Secret thing');
    for (const who of [other, invitee, null]) {
      const hidden = await test.client.resourceGet('PinResource', { id: secretPin.id }, who);
      expect(hidden.code).toBe(CODES.PIN_NOT_FOUND.code);
    }
  });
});
