// Collaborators: invitations by user (no access until accepted; the invitee's list; accept and
// decline) and by e-mail (a real mail over SMTP to an in-process server, accepted through its
// link after signing up; idempotent; single person; expiry), owner-only, limits, counters.
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { AuthSuccess } from '@corkboard/shared/auth/api';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type {
  BoardInviteItem,
  CollaboratorInviteOutcome,
  CollaboratorInviteResult,
  EmailInvitePreview,
  PickerBoardItem,
  SavedPin,
} from '@corkboard/shared/saving/api';
import {
  createFixtures,
  type BoardFixture,
  type Fixtures,
  type UserFixture,
} from '../../test/fixtures.ts';
import { jpegBytes, type Who } from '../../test/api-client.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { body, errorCode, signupBody, TestBrowser, uniqueEmail } from '../../test/test-browser.ts';
import { COLLABORATOR_EMAIL_INVITES_PER_DAY } from './collaborators.service.ts';
import { BOARD_INVITE_TTL_MS } from './invite-mail.ts';
import {
  plainText,
  startSmtpSink,
  type ReceivedMail,
  type SmtpSink,
} from '../../test/smtp-sink.ts';
import { MAIL_RETRY_LIMIT } from '../../core/jobs/mail-job.ts';
import { makeRetriesDue } from '../../test/jobs.ts';
import { BOARD_INVITE_MAIL_JOB } from './invite-mail.jobs.ts';

const CODES = ERROR_CODES;

/** The Subject header, unfolded, its RFC 2047 Q-encoded words decoded. */
function subject(mail: ReceivedMail): string {
  const unfolded = mail.raw.replace(/\r\n[ \t]+/g, ' ');
  const value = /^Subject: (.*)$/m.exec(unfolded)?.[1] ?? '';
  return value
    .replace(/\?= =\?/g, '?==?')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_match, text: string) =>
      Buffer.from(
        text
          .replace(/_/g, ' ')
          .replace(/=([0-9A-F]{2})/gi, (_hex, code: string) =>
            String.fromCharCode(parseInt(code, 16)),
          ),
        'latin1',
      ).toString('utf8'),
    )
    .trim();
}

function inviteToken(mail: ReceivedMail): string {
  const match = /http:\/\/corkboard\.test\/invite\/board\/\?token=([A-Za-z0-9_%-]+)/.exec(
    plainText(mail.raw),
  );
  if (!match?.[1]) throw new Error(`no invitation link in:\n${mail.raw}`);
  return decodeURIComponent(match[1]);
}

let handle: DbHandle;
let f: Fixtures;
let test: TestApp;

function invite(boardId: string, payload: unknown, who: Who) {
  return test.client.send<CollaboratorInviteResult>(
    'POST',
    `/v3/boards/${boardId}/collaborators/invite/`,
    payload,
    who,
  );
}

async function collaboratorCount(boardId: string): Promise<{ stored: number; actual: number }> {
  const row = await handle.db
    .selectFrom('boards')
    .select('collaborator_count')
    .where('id', '=', boardId)
    .executeTakeFirstOrThrow();
  const actual = await handle.db
    .selectFrom('board_collaborators')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('board_id', '=', boardId)
    .where('status', '=', 'accepted')
    .executeTakeFirstOrThrow();
  return { stored: row.collaborator_count, actual: Number(actual.n) };
}

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  test = await buildTestApp(handle.db);
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('inviting by user', () => {
  let owner: UserFixture;
  let invitee: UserFixture;
  let board: BoardFixture;

  beforeAll(async () => {
    owner = await f.user({ username: 'inviting_owner', firstName: 'Ola', lastName: 'Owner' });
    invitee = await f.user({ username: 'invited_person' });
    board = await f.board(owner, { name: 'Secret trip', privacy: 'secret' });
    await f.pin({ board });
  });

  it('invites; the invitee gets no access until accepting, then can save', async () => {
    const result = await invite(board.id, { user_ids: [invitee.id] }, owner);
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({
      board_id: board.id,
      users: [{ user: { id: invitee.id, username: 'invited_person' }, status: 'invited' }],
      emails: [],
    });
    // Invited is not accepted: the secret board stays invisible and unwritable.
    const hidden = await test.client.resourceGet('BoardResource', { board_id: board.id }, invitee);
    expect(hidden.code).toBe(CODES.BOARD_NOT_FOUND.code);
    const picker = await test.client.resourceGet<{ all_boards: PickerBoardItem[] }>(
      'BoardPickerBoardsResource',
      {},
      invitee,
    );
    expect(picker.data.all_boards.map((item) => item.id)).not.toContain(board.id);

    // It is in the invitee's list, with the board's name but no pin images of a secret board.
    const list = await test.client.get<BoardInviteItem[]>('/v3/users/me/board_invites/', invitee);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      board: { id: board.id, name: 'Secret trip', privacy: 'secret', cover_images: [] },
      invited_by: { id: owner.id, full_name: 'Ola Owner' },
    });

    // Inviting again changes nothing.
    const again = await invite(board.id, { user_ids: [invitee.id] }, owner);
    expect(again.data.users[0]?.status).toBe('invited');

    const before = await collaboratorCount(board.id);
    const accepted = await test.client.send<CollaboratorInviteOutcome>(
      'POST',
      `/v3/boards/${board.id}/collaborators/accept/`,
      {},
      invitee,
    );
    expect(accepted.data).toMatchObject({ board: { id: board.id }, status: 'accepted' });
    const after = await collaboratorCount(board.id);
    expect(after.stored).toBe(before.stored + 1);
    expect(after.stored).toBe(after.actual);

    // Accepting twice is harmless and counts once.
    const twice = await test.client.send(
      'POST',
      `/v3/boards/${board.id}/collaborators/accept/`,
      {},
      invitee,
    );
    expect(twice.status).toBe(200);
    expect(await collaboratorCount(board.id)).toEqual(after);

    const saved = await test.client.resourceCreate<SavedPin>(
      'PinResource',
      { board_id: board.id, image_base64: (await jpegBytes(91)).toString('base64') },
      invitee,
    );
    expect(saved.status).toBe(200);
    const listAfter = await test.client.get<BoardInviteItem[]>(
      '/v3/users/me/board_invites/',
      invitee,
    );
    expect(listAfter.data).toEqual([]);
    // Once accepted, the board shows up again when inviting: status accepted.
    const member = await invite(board.id, { user_ids: [invitee.id] }, owner);
    expect(member.data.users[0]?.status).toBe('accepted');
  });

  it('declines: the invitation disappears and nothing is granted', async () => {
    const someone = await f.user();
    await invite(board.id, { user_ids: [someone.id] }, owner);
    const declined = await test.client.send<CollaboratorInviteOutcome>(
      'POST',
      `/v3/boards/${board.id}/collaborators/decline/`,
      {},
      someone,
    );
    expect(declined.data.status).toBe('declined');
    const accept = await test.client.send(
      'POST',
      `/v3/boards/${board.id}/collaborators/accept/`,
      {},
      someone,
    );
    expect(accept.status).toBe(404);
    expect(accept.code).toBe(CODES.COLLABORATOR_INVITE_NOT_FOUND.code);
    const declineAgain = await test.client.send(
      'POST',
      `/v3/boards/${board.id}/collaborators/decline/`,
      {},
      someone,
    );
    expect(declineAgain.code).toBe(CODES.COLLABORATOR_INVITE_NOT_FOUND.code);
  });

  it('lets only the owner invite', async () => {
    const publicBoard = await f.board(owner, { name: 'Open board' });
    const collaborator = await f.user();
    await f.collaborator(publicBoard, collaborator, 'accepted');
    const byCollaborator = await invite(publicBoard.id, { user_ids: [invitee.id] }, collaborator);
    expect(byCollaborator.status).toBe(403);
    expect(byCollaborator.code).toBe(CODES.COLLABORATOR_INVITE_NOT_OWNER.code);
    const stranger = await f.user();
    const secretForStranger = await invite(board.id, { user_ids: [stranger.id] }, stranger);
    expect(secretForStranger.code).toBe(CODES.BOARD_NOT_FOUND.code);
    const visitor = await invite(publicBoard.id, { user_ids: [invitee.id] }, null);
    expect(visitor.code).toBe(CODES.UNAUTHORIZED.code);
  });

  it('refuses protected boards, the owner themself, unknown people and bad bodies', async () => {
    const business = await f.user();
    const campaign = await f.board(business, { name: 'Campaign', privacy: 'protected' });
    const protectedInvite = await invite(campaign.id, { user_ids: [invitee.id] }, business);
    expect(protectedInvite.code).toBe(CODES.COLLABORATOR_INVITE_NOT_ALLOWED.code);
    const self = await invite(board.id, { user_ids: [owner.id] }, owner);
    expect(self.code).toBe(CODES.COLLABORATOR_INVITE_SELF.code);
    const unknown = await invite(board.id, { user_ids: ['987654321'] }, owner);
    expect(unknown.code).toBe(CODES.USER_NOT_FOUND.code);
    const empty = await invite(board.id, {}, owner);
    expect(empty.code).toBe(CODES.VALIDATION_FAILED.code);
    const tooMany = await invite(
      board.id,
      { emails: Array.from({ length: 21 }, (_, i) => `p${i}@example.org`) },
      owner,
    );
    expect(tooMany.code).toBe(CODES.VALIDATION_FAILED.code);
  });

  it('needs a signed-in person for the invitations list', async () => {
    const visitor = await test.client.get('/v3/users/me/board_invites/', null);
    expect(visitor.code).toBe(CODES.UNAUTHORIZED.code);
  });

  it('pages the invitations list', async () => {
    const popular = await f.user();
    for (let i = 0; i < 3; i += 1) {
      const someBoard = await f.board(owner, { name: `Board to share ${i}` });
      await invite(someBoard.id, { user_ids: [popular.id] }, owner);
    }
    const first = await test.client.get<BoardInviteItem[]>(
      '/v3/users/me/board_invites/?page_size=2',
      popular,
    );
    expect(first.data).toHaveLength(2);
    const second = await test.client.get<BoardInviteItem[]>(
      `/v3/users/me/board_invites/?page_size=2&bookmark=${first.bookmark ?? ''}`,
      popular,
    );
    expect(second.data).toHaveLength(1);
    expect(second.bookmark).toBeUndefined();
  });
});

describe('inviting by e-mail (dev mailbox)', () => {
  it('checks each address (COLLABORATOR_INVITE_EMAIL_INVALID) before sending anything', async () => {
    const owner = await f.user();
    const board = await f.board(owner, { name: 'Mail board' });
    const result = await invite(board.id, { emails: ['good@example.org', 'not-an-email'] }, owner);
    expect(result.status).toBe(400);
    expect(result.code).toBe(CODES.COLLABORATOR_INVITE_EMAIL_INVALID.code);
    expect(result.errorData['email']).toBe('not-an-email');
    const stored = await handle.db
      .selectFrom('board_invites')
      .select('id')
      .where('board_id', '=', board.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('limits e-mail invitations per person per day (COLLABORATOR_INVITE_LIMIT)', async () => {
    const owner = await f.user();
    const board = await f.board(owner, { name: 'Busy board' });
    let sent = 0;
    while (sent < COLLABORATOR_EMAIL_INVITES_PER_DAY) {
      const batch = Math.min(20, COLLABORATOR_EMAIL_INVITES_PER_DAY - sent);
      const emails = Array.from({ length: batch }, (_, i) => `guest${sent + i}@example.org`);
      const result = await invite(board.id, { emails }, owner);
      expect(result.data.emails.every((entry) => entry.status === 'sent')).toBe(true);
      sent += batch;
    }
    const refused = await invite(board.id, { emails: ['one.more@example.org'] }, owner);
    expect(refused.status).toBe(429);
    expect(refused.code).toBe(CODES.COLLABORATOR_INVITE_LIMIT.code);
    // User invitations are not mail and are not limited this way.
    const friend = await f.user();
    const byUser = await invite(board.id, { user_ids: [friend.id] }, owner);
    expect(byUser.status).toBe(200);
    test.clock.advance(24 * 60 * 60_000 + 1);
    const nextDay = await invite(board.id, { emails: ['one.more@example.org'] }, owner);
    expect(nextDay.status).toBe(200);
    // The accepted mails go to this app's dev mailbox (decision 143: mail is a job).
    expect(await test.app.jobs.workDue(BOARD_INVITE_MAIL_JOB)).toBe(
      COLLABORATOR_EMAIL_INVITES_PER_DAY + 1,
    );
  });

  it('retries a refused mail, then takes the invitation back out and dead-letters the job', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const broken = await buildTestApp(handle.db, {
      config: { smtpUrl: `smtp://127.0.0.1:${port}` },
    });
    try {
      const owner = await f.user();
      const board = await f.board(owner, { name: 'Unlucky board' });
      const result = await broken.client.send<CollaboratorInviteResult>(
        'POST',
        `/v3/boards/${board.id}/collaborators/invite/`,
        { emails: ['someone@example.org'] },
        owner,
      );
      expect(result.status).toBe(200);
      // Accepted for delivery: the mail is a durable job (decision 143).
      expect(result.data.emails).toEqual([{ email: 'someone@example.org', status: 'sent' }]);
      const stored = () =>
        handle.db
          .selectFrom('board_invites')
          .select('id')
          .where('board_id', '=', board.id)
          .execute();
      const [invitation] = await stored();
      if (!invitation) throw new Error('no invitation stored');
      // Every run but the last fails and leaves the invitation for the next retry.
      for (let run = 0; run < MAIL_RETRY_LIMIT; run++) {
        expect(await broken.app.jobs.workDue(BOARD_INVITE_MAIL_JOB)).toBe(1);
        expect(await stored()).toHaveLength(1);
        await makeRetriesDue(handle.db, BOARD_INVITE_MAIL_JOB);
      }
      expect(await broken.app.jobs.workDue(BOARD_INVITE_MAIL_JOB)).toBe(1);
      expect(await stored()).toEqual([]);
      const dead = (await broken.app.jobs.deadLetters({ limit: 100 })).filter(
        (letter) => letter.queue === BOARD_INVITE_MAIL_JOB,
      );
      // Ids only in the queue: no address, token or link.
      expect(dead.map((letter) => letter.data)).toContainEqual({ invite_id: invitation.id });
      expect(dead.at(-1)?.retryCount).toBe(MAIL_RETRY_LIMIT);
    } finally {
      await broken.close();
    }
  });
});

describe('inviting by e-mail over SMTP, accepted after signing up', () => {
  let smtp: SmtpSink;
  const inbox: ReceivedMail[] = [];
  let auth: TestApp;
  let ip = 0;

  function browser(): TestBrowser {
    ip += 1;
    return new TestBrowser(auth.app, `100.64.1.${ip}`);
  }

  async function signUp(email = uniqueEmail('collab')): Promise<{ b: TestBrowser; id: string }> {
    const b = browser();
    const response = await b.post('/v3/register/', signupBody({ email }));
    expect(response.statusCode, response.body).toBe(200);
    return { b, id: body<AuthSuccess>(response).resource_response.data.user.id };
  }

  async function ownerWithBoard(name: string): Promise<{ b: TestBrowser; boardId: string }> {
    const { b } = await signUp();
    const created = await b.post('/resource/BoardResource/create/', {
      options: { name, privacy: 'secret' },
    });
    expect(created.statusCode, created.body).toBe(200);
    return { b, boardId: body<PickerBoardItem>(created).resource_response.data.id };
  }

  async function inviteByMail(owner: TestBrowser, boardId: string, email: string) {
    const before = inbox.length;
    const response = await owner.post(`/v3/boards/${boardId}/collaborators/invite/`, {
      emails: [email],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(body<CollaboratorInviteResult>(response).resource_response.data.emails).toEqual([
      { email, status: 'sent' },
    ]);
    await auth.app.jobs.workDue(BOARD_INVITE_MAIL_JOB);
    const mail = inbox[before];
    if (inbox.length !== before + 1 || !mail) throw new Error('expected exactly one mail');
    expect(mail.to).toEqual([email]);
    return { mail, token: inviteToken(mail) };
  }

  beforeAll(async () => {
    smtp = await startSmtpSink(inbox);
    auth = await buildTestApp(handle.db, {
      viewer: 'session',
      config: {
        smtpUrl: smtp.url,
        mailFrom: 'Corkboard <no-reply@corkboard.test>',
      },
    });
  });

  afterAll(async () => {
    await auth.close();
    await smtp.close();
  });

  it('mails a link whose token, after sign-up, makes the reader a collaborator who can save', async () => {
    const { b: owner, boardId } = await ownerWithBoard('Family recipes');
    const email = uniqueEmail('grandma');
    const { mail, token } = await inviteByMail(owner, boardId, email);
    expect(subject(mail)).toBe('Ann Lee invited you to the board "Family recipes" on Corkboard');
    expect(plainText(mail.raw)).toContain('"Family recipes"');

    // Only the hash is stored.
    const stored = await handle.db
      .selectFrom('board_invites')
      .select('token_hash')
      .where('board_id', '=', boardId)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);

    // The page before signing in can show what the link is for.
    const visitor = browser();
    const preview = await visitor.get(`/v3/board_invites/?token=${encodeURIComponent(token)}`);
    expect(body<EmailInvitePreview>(preview).resource_response.data).toMatchObject({
      board: { id: boardId, name: 'Family recipes' },
      accepted: false,
    });
    // Accepting needs a signed-in person.
    const notSignedIn = await visitor.post('/v3/board_invites/accept/', { token });
    expect(errorCode(notSignedIn)).toBe(CODES.UNAUTHORIZED.code);

    const { b: invitee, id: inviteeId } = await signUp(email);
    const accepted = await invitee.post('/v3/board_invites/accept/', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(body<CollaboratorInviteOutcome>(accepted).resource_response.data).toMatchObject({
      board: { id: boardId, name: 'Family recipes' },
      status: 'accepted',
    });
    // Following the link again is harmless.
    const again = await invitee.post('/v3/board_invites/accept/', { token });
    expect(again.statusCode).toBe(200);
    const counts = await collaboratorCount(boardId);
    expect(counts).toEqual({ stored: 1, actual: 1 });

    // The secret board is theirs to see and save to now.
    const picker = await invitee.get(
      `/resource/BoardPickerBoardsResource/get/?options=${encodeURIComponent('{}')}`,
    );
    const boards = body<{ all_boards: PickerBoardItem[] }>(picker).resource_response.data;
    expect(boards.all_boards.map((item) => item.id)).toContain(boardId);
    const saved = await invitee.post('/resource/PinResource/create/', {
      options: { board_id: boardId, image_base64: (await jpegBytes(93)).toString('base64') },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body<SavedPin>(saved).resource_response.data.pinner.id).toBe(inviteeId);

    // The link belongs to them now: someone else cannot use it.
    const { b: stranger } = await signUp();
    const stolen = await stranger.post('/v3/board_invites/accept/', { token });
    expect(stolen.statusCode).toBe(400);
    expect(errorCode(stolen)).toBe(CODES.COLLABORATOR_INVITE_TOKEN_INVALID.code);
  });

  it('binds the link to the invited address: another account cannot use it (decision 096)', async () => {
    const { b: owner, boardId } = await ownerWithBoard('Secret surprise');
    const email = uniqueEmail('Invited.Person');
    const { token } = await inviteByMail(owner, boardId, email);

    // Whoever holds a forwarded or leaked link, signed in with another address, is refused…
    const { b: holder } = await signUp(uniqueEmail('link-holder'));
    const refused = await holder.post('/v3/board_invites/accept/', { token });
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe(CODES.COLLABORATOR_INVITE_WRONG_EMAIL.code);
    // …and the refusal used nothing up and granted nothing.
    expect(await collaboratorCount(boardId)).toEqual({ stored: 0, actual: 0 });
    const invite = await handle.db
      .selectFrom('board_invites')
      .select('accepted_by_id')
      .where('board_id', '=', boardId)
      .executeTakeFirstOrThrow();
    expect(invite.accepted_by_id).toBeNull();

    // The invited address, typed in another case at sign-up, accepts; the accepted token proves
    // the mailbox, so the address counts as verified.
    const { b: invitee, id: inviteeId } = await signUp(email.toUpperCase());
    const before = await handle.db
      .selectFrom('users')
      .select('email_verified')
      .where('id', '=', inviteeId)
      .executeTakeFirstOrThrow();
    expect(before.email_verified).toBe(false);
    const accepted = await invitee.post('/v3/board_invites/accept/', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = await handle.db
      .selectFrom('users')
      .select('email_verified')
      .where('id', '=', inviteeId)
      .executeTakeFirstOrThrow();
    expect(after.email_verified).toBe(true);
    expect(await collaboratorCount(boardId)).toEqual({ stored: 1, actual: 1 });
  });

  it('refuses an unknown or expired token, and the owner using their own link', async () => {
    const { b: owner, boardId } = await ownerWithBoard('Expiring board');
    const { token } = await inviteByMail(owner, boardId, uniqueEmail('late'));
    const ownUse = await owner.post('/v3/board_invites/accept/', { token });
    expect(errorCode(ownUse)).toBe(CODES.COLLABORATOR_INVITE_SELF.code);

    const { b: late } = await signUp();
    const unknown = await late.post('/v3/board_invites/accept/', { token: 'x'.repeat(43) });
    expect(errorCode(unknown)).toBe(CODES.COLLABORATOR_INVITE_TOKEN_INVALID.code);
    auth.clock.advance(BOARD_INVITE_TTL_MS + 1);
    try {
      const expired = await late.post('/v3/board_invites/accept/', { token });
      expect(errorCode(expired)).toBe(CODES.COLLABORATOR_INVITE_TOKEN_INVALID.code);
      const preview = await late.get(`/v3/board_invites/?token=${encodeURIComponent(token)}`);
      expect(errorCode(preview)).toBe(CODES.COLLABORATOR_INVITE_TOKEN_INVALID.code);
    } finally {
      auth.clock.advance(-(BOARD_INVITE_TTL_MS + 1));
    }
    expect(await collaboratorCount(boardId)).toEqual({ stored: 0, actual: 0 });
  });
});
