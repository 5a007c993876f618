// Account settings through the API with real sessions (issue 9; docs/decisions/148–150): the
// profile (username rules, website, avatar replacement without orphans), password change and
// set, e-mail change by link (the old address told), connected accounts (never the last way
// in), sessions (no tokens, revoke one / all others) and deactivation (hidden, resurrect within
// 28 days, deleted with its media by the account-purge job after). Visitors get 401 everywhere.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { AuthSuccess } from '@corkboard/shared/auth/api';
import {
  RESURRECTION_WINDOW_MS,
  type ConnectedAccounts,
  type ProfileSettings,
  type SessionInfo,
} from '@corkboard/shared/auth/settings';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { jpegBytes, multipartPayload } from '../../test/api-client.ts';
import {
  plainText,
  startSmtpSink,
  type ReceivedMail,
  type SmtpSink,
} from '../../test/smtp-sink.ts';
import { createFixtures } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  body,
  errorCode,
  GOOD_PASSWORD,
  signupBody,
  TestBrowser,
  uniqueEmail,
} from '../../test/test-browser.ts';
import { REAUTH_WINDOW_MS } from '../account-security/security.service.ts';
import { purgeExpiredAccounts } from './deactivation.service.ts';

const CODES = ERROR_CODES;
const ME = '/v3/users/me';
const NEW_PASSWORD = 'otter-violin-77';

let handle: DbHandle;
let test: TestApp;
let smtp: SmtpSink;
const inbox: ReceivedMail[] = [];
let ipCounter = 0;

function browser(): TestBrowser {
  ipCounter += 1;
  return new TestBrowser(test.app, `198.51.100.${ipCounter}`);
}

interface Person {
  id: string;
  email: string;
  username: string;
  b: TestBrowser;
}

async function person(prefix = 'settings'): Promise<Person> {
  const b = browser();
  const email = uniqueEmail(prefix);
  const response = await b.post('/v3/register/', signupBody({ email }));
  expect(response.statusCode).toBe(200);
  const user = body<AuthSuccess>(response).resource_response.data.user;
  return { id: user.id, email, username: user.username, b };
}

async function logIn(identifier: string, password = GOOD_PASSWORD): Promise<TestBrowser> {
  const b = browser();
  const response = await b.post('/v3/login/', { username_or_email: identifier, password });
  expect(response.statusCode).toBe(200);
  return b;
}

/** A person who signed up with Google only (no password): one Google account row. */
async function socialOnly(): Promise<Person> {
  const p = await person('social');
  await handle.db
    .updateTable('auth_accounts')
    .set({ password: null })
    .where('user_id', '=', p.id)
    .where('provider_id', '=', 'credential')
    .execute();
  await handle.db
    .insertInto('auth_accounts')
    .values({ user_id: p.id, provider_id: 'google', account_id: `g-${p.id}` })
    .execute();
  // The engine stamps sessions with the system clock; the app (and this file) run on the test
  // clock, which earlier tests moved on: "logged in just now" is the test clock's now.
  await sql`UPDATE auth_sessions SET created_at = ${test.clock.now()} WHERE user_id = ${p.id}`.execute(
    handle.db,
  );
  return p;
}

async function upload(b: TestBrowser, n: number): Promise<string> {
  const { payload, headers } = multipartPayload(await jpegBytes(n));
  if (!b.cookies.has('csrftoken')) await b.get('/v3/captcha/config/');
  const response = await test.app.inject({
    method: 'POST',
    url: '/v3/media/uploads/',
    remoteAddress: b.ip,
    payload,
    headers: {
      ...headers,
      cookie: b.cookieHeader(),
      'x-csrftoken': b.cookies.get('csrftoken') ?? '',
    },
  });
  expect(response.statusCode).toBe(200);
  return body<{ media_upload_id: string }>(response).resource_response.data.media_upload_id;
}

async function avatarImage(userId: string) {
  return handle.db
    .selectFrom('users as u')
    .leftJoin('images as i', 'i.id', 'u.avatar_image_id')
    .select(['u.avatar_image_id', 'i.variants'])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  smtp = await startSmtpSink(inbox);
  handle = await createTestDb();
  test = await buildTestApp(handle.db, {
    viewer: 'session',
    config: { smtpUrl: smtp.url, mailFrom: 'Corkboard <no-reply@corkboard.test>' },
  });
});

afterAll(async () => {
  await test.close();
  await handle.close();
  await smtp.close();
});

describe('authorisation', () => {
  it('answers 401 to visitors on every settings endpoint', async () => {
    const visitor = browser();
    for (const path of ['profile/', 'connected_accounts/', 'sessions/']) {
      expect(errorCode(await visitor.get(`${ME}/${path}`))).toBe(CODES.UNAUTHORIZED.code);
    }
    for (const path of [
      'profile/',
      'password/',
      'email/',
      'sessions/revoke_others/',
      'deactivate/',
    ]) {
      expect(errorCode(await visitor.post(`${ME}/${path}`, {}))).toBe(CODES.UNAUTHORIZED.code);
    }
    expect(errorCode(await visitor.delete(`${ME}/sessions/1/`))).toBe(CODES.UNAUTHORIZED.code);
    expect(errorCode(await visitor.delete(`${ME}/connected_accounts/google/`))).toBe(
      CODES.UNAUTHORIZED.code,
    );
  });

  it('refuses a write without the CSRF header', async () => {
    const p = await person();
    const response = await p.b.post(`${ME}/profile/`, { about: 'x' }, { csrf: false });
    expect(errorCode(response)).toBe(CODES.CSRF_FAILED.code);
  });
});

describe('profile', () => {
  it('reads and updates name, about and website', async () => {
    const p = await person();
    const updated = await p.b.post(`${ME}/profile/`, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      about: 'Engines and looms',
      website_url: 'ada.test/notes',
    });
    expect(updated.statusCode).toBe(200);
    const profile = body<ProfileSettings>(await p.b.get(`${ME}/profile/`)).resource_response.data;
    expect(profile).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      about: 'Engines and looms',
      website_url: 'https://ada.test/notes',
      email: p.email,
    });
    const cleared = await p.b.post(`${ME}/profile/`, { website_url: '' });
    expect(body<ProfileSettings>(cleared).resource_response.data.website_url).toBeNull();
  });

  it('refuses a bad website, bad, reserved and taken usernames, and unknown fields', async () => {
    const p = await person();
    const other = await person();
    const cases: [Record<string, unknown>, number][] = [
      [{ website_url: 'javascript:alert(1)' }, CODES.PROFILE_WEBSITE_INVALID.code],
      [{ website_url: 'not a url' }, CODES.PROFILE_WEBSITE_INVALID.code],
      [{ username: 'no spaces' }, CODES.USERNAME_INVALID.code],
      [{ username: 'ab' }, CODES.USERNAME_INVALID.code],
      [{ username: 'settings' }, CODES.USERNAME_RESERVED.code],
      [{ username: 'MyCorkboard' }, CODES.USERNAME_RESERVED.code],
      [{ username: other.username.toUpperCase() }, CODES.USERNAME_TAKEN.code],
      [{ is_admin: true }, CODES.VALIDATION_FAILED.code],
      [{ about: 'x'.repeat(501) }, CODES.VALIDATION_FAILED.code],
    ];
    for (const [input, code] of cases) {
      const response = await p.b.post(`${ME}/profile/`, input);
      expect(errorCode(response), JSON.stringify(input)).toBe(code);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('changes the username; the profile moves with it', async () => {
    const p = await person();
    const name = `renamed_${p.id}`;
    expect((await p.b.post(`${ME}/profile/`, { username: name })).statusCode).toBe(200);
    expect((await browser().get(`/v3/users/${name}/`)).statusCode).toBe(200);
    expect((await browser().get(`/v3/users/${p.username}/`)).statusCode).toBe(404);
  });

  it('sets an avatar from an upload; replacing it deletes the old image and its files', async () => {
    const p = await person();
    const first = await upload(p.b, 1);
    const set = await p.b.post(`${ME}/profile/`, { avatar_media_upload_id: first });
    expect(body<ProfileSettings>(set).resource_response.data.image_medium_url).toMatch(
      /^\/media\//,
    );
    const old = await avatarImage(p.id);
    expect(old.avatar_image_id).not.toBeNull();
    const oldKeys = Object.values(old.variants ?? {}).map((variant) => variant.key);
    expect(oldKeys.length).toBeGreaterThan(0);
    for (const key of oldKeys) expect(existsSync(join(test.mediaRoot, key))).toBe(true);
    // The upload became the avatar: it cannot be used a second time.
    expect(errorCode(await p.b.post(`${ME}/profile/`, { avatar_media_upload_id: first }))).toBe(
      CODES.MEDIA_UPLOAD_NOT_FOUND.code,
    );

    const second = await upload(p.b, 2);
    expect((await p.b.post(`${ME}/profile/`, { avatar_media_upload_id: second })).statusCode).toBe(
      200,
    );
    const now = await avatarImage(p.id);
    expect(now.avatar_image_id).not.toBe(old.avatar_image_id);
    const gone = await handle.db
      .selectFrom('images')
      .select('id')
      .where('id', '=', old.avatar_image_id ?? '0')
      .executeTakeFirst();
    expect(gone).toBeUndefined();
    for (const key of oldKeys) expect(existsSync(join(test.mediaRoot, key))).toBe(false);

    // Removing it leaves no image behind either.
    expect((await p.b.post(`${ME}/profile/`, { avatar_media_upload_id: null })).statusCode).toBe(
      200,
    );
    expect((await avatarImage(p.id)).avatar_image_id).toBeNull();
    const left = await handle.db
      .selectFrom('images')
      .select('id')
      .where('id', '=', now.avatar_image_id ?? '0')
      .executeTakeFirst();
    expect(left).toBeUndefined();
  });

  it("refuses someone else's upload", async () => {
    const p = await person();
    const other = await person();
    const theirs = await upload(other.b, 3);
    expect(errorCode(await p.b.post(`${ME}/profile/`, { avatar_media_upload_id: theirs }))).toBe(
      CODES.MEDIA_UPLOAD_NOT_FOUND.code,
    );
  });
});

describe('password', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const p = await person();
    const elsewhere = await logIn(p.email);
    const wrong = await p.b.post(`${ME}/password/`, {
      current_password: 'not-my-password',
      new_password: NEW_PASSWORD,
    });
    expect(errorCode(wrong)).toBe(CODES.PASSWORD_CURRENT_INCORRECT.code);
    const missing = await p.b.post(`${ME}/password/`, { new_password: NEW_PASSWORD });
    expect(errorCode(missing)).toBe(CODES.PASSWORD_CURRENT_INCORRECT.code);
    const weak = await p.b.post(`${ME}/password/`, {
      current_password: GOOD_PASSWORD,
      new_password: 'abc',
    });
    expect(errorCode(weak)).toBe(CODES.AUTH_PASSWORD_TOO_SHORT.code);

    const changed = await p.b.post(`${ME}/password/`, {
      current_password: GOOD_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect(body<{ other_sessions_revoked: number }>(changed).resource_response.data).toEqual({
      has_password: true,
      other_sessions_revoked: 1,
    });
    expect((await p.b.get(`${ME}/profile/`)).statusCode).toBe(200);
    expect(errorCode(await elsewhere.get(`${ME}/profile/`))).toBe(CODES.UNAUTHORIZED.code);
    await logIn(p.email, NEW_PASSWORD);
  });

  it('limits password checks per person', async () => {
    const p = await person();
    let last = 0;
    for (let attempt = 0; attempt < 11; attempt++) {
      last = errorCode(
        await p.b.post(`${ME}/password/`, {
          current_password: 'wrong-guess',
          new_password: NEW_PASSWORD,
        }),
      );
    }
    expect(last).toBe(CODES.RATE_LIMITED.code);
  });

  it('lets a social-only account set a first password, on a fresh session only', async () => {
    const p = await socialOnly();
    const set = await p.b.post(`${ME}/password/`, { new_password: NEW_PASSWORD });
    expect(set.statusCode).toBe(200);
    const again = await p.b.post(`${ME}/password/`, { new_password: 'second-try-88' });
    expect(errorCode(again)).toBe(CODES.PASSWORD_CURRENT_INCORRECT.code);

    const stale = await socialOnly();
    test.clock.advance(REAUTH_WINDOW_MS + 60_000);
    expect(errorCode(await stale.b.post(`${ME}/password/`, { new_password: NEW_PASSWORD }))).toBe(
      CODES.REAUTH_REQUIRED.code,
    );
  });
});

describe('e-mail change', () => {
  function linkToken(mail: ReceivedMail): string {
    const match = /\/settings\/email\/confirm\/\?token=([A-Za-z0-9_-]+)/.exec(plainText(mail.raw));
    if (!match?.[1]) throw new Error(`no link in:\n${mail.raw}`);
    return match[1];
  }

  it('mails the new address; the change applies only when the link is opened; the old address is told', async () => {
    const p = await person();
    const next = uniqueEmail('moved');
    expect(
      errorCode(await p.b.post(`${ME}/email/`, { email: next, password: 'wrong-password' })),
    ).toBe(CODES.PASSWORD_CURRENT_INCORRECT.code);
    expect(
      errorCode(await p.b.post(`${ME}/email/`, { email: 'nope', password: GOOD_PASSWORD })),
    ).toBe(CODES.AUTH_EMAIL_INVALID.code);
    expect(
      errorCode(await p.b.post(`${ME}/email/`, { email: p.email, password: GOOD_PASSWORD })),
    ).toBe(CODES.EMAIL_CHANGE_SAME.code);

    const before = inbox.length;
    const asked = await p.b.post(`${ME}/email/`, { email: next, password: GOOD_PASSWORD });
    expect(asked.statusCode).toBe(200);
    const mail = inbox[before];
    expect(inbox.length).toBe(before + 1);
    expect(mail?.to).toEqual([next]);
    // Nothing changed yet.
    const profile = await p.b.get(`${ME}/profile/`);
    expect(body<ProfileSettings>(profile).resource_response.data.email).toBe(p.email);

    const token = linkToken(mail as ReceivedMail);
    const confirmed = await browser().post(`${ME}/email/confirm/`, { token });
    expect(confirmed.statusCode).toBe(200);
    const after = await p.b.get(`${ME}/profile/`);
    expect(body<ProfileSettings>(after).resource_response.data.email).toBe(next);
    const notice = inbox[before + 1];
    expect(notice?.to).toEqual([p.email]);
    expect(plainText(notice?.raw ?? '')).toContain(next);
    // Single use.
    expect(errorCode(await browser().post(`${ME}/email/confirm/`, { token }))).toBe(
      CODES.EMAIL_CHANGE_TOKEN_INVALID.code,
    );
    await logIn(next);
  });

  it('refuses an expired link and an address taken in the meantime', async () => {
    const p = await person();
    const other = await person();
    let before = inbox.length;
    await p.b.post(`${ME}/email/`, { email: uniqueEmail('late'), password: GOOD_PASSWORD });
    const late = linkToken(inbox[before] as ReceivedMail);
    test.clock.advance(24 * 60 * 60_000 + 1000);
    expect(errorCode(await browser().post(`${ME}/email/confirm/`, { token: late }))).toBe(
      CODES.EMAIL_CHANGE_TOKEN_INVALID.code,
    );

    before = inbox.length;
    const wanted = uniqueEmail('wanted');
    await p.b.post(`${ME}/email/`, { email: wanted, password: GOOD_PASSWORD });
    const token = linkToken(inbox[before] as ReceivedMail);
    await handle.db
      .updateTable('users')
      .set({ email: wanted })
      .where('id', '=', other.id)
      .execute();
    expect(errorCode(await browser().post(`${ME}/email/confirm/`, { token }))).toBe(
      CODES.AUTH_EMAIL_TAKEN.code,
    );
  });
});

describe('connected accounts', () => {
  it('lists providers; never disconnects the last way in; with a password it may', async () => {
    const p = await socialOnly();
    const list = body<ConnectedAccounts>(await p.b.get(`${ME}/connected_accounts/`));
    expect(list.resource_response.data.has_password).toBe(false);
    expect(list.resource_response.data.accounts.map((a) => [a.provider, a.connected])).toEqual([
      ['google', true],
      ['facebook', false],
      ['line', false],
    ]);
    expect(errorCode(await p.b.delete(`${ME}/connected_accounts/google/`))).toBe(
      CODES.CONNECTED_ACCOUNT_LAST_WAY_IN.code,
    );
    expect(errorCode(await p.b.delete(`${ME}/connected_accounts/facebook/`))).toBe(
      CODES.CONNECTED_ACCOUNT_NOT_FOUND.code,
    );
    expect(errorCode(await p.b.delete(`${ME}/connected_accounts/twitter/`))).toBe(
      CODES.VALIDATION_FAILED.code,
    );
    expect((await p.b.post(`${ME}/password/`, { new_password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
    const gone = await p.b.delete(`${ME}/connected_accounts/google/`, {
      body: { password: NEW_PASSWORD },
    });
    expect(gone.statusCode).toBe(200);
    expect(
      body<ConnectedAccounts>(gone).resource_response.data.accounts.every((a) => !a.connected),
    ).toBe(true);
  });
});

describe('connected accounts: re-authentication (ADR 165)', () => {
  it('with a password: refused without it or with a wrong one; the row stays', async () => {
    const p = await person('reauth');
    await handle.db
      .insertInto('auth_accounts')
      .values({ user_id: p.id, provider_id: 'facebook', account_id: `f-${p.id}` })
      .execute();
    for (const sent of [{}, { password: 'not-the-password' }]) {
      const refused = await p.b.delete(`${ME}/connected_accounts/facebook/`, { body: sent });
      expect(refused.statusCode).toBe(403);
      expect(errorCode(refused)).toBe(CODES.CONNECTED_ACCOUNT_REAUTH_REQUIRED.code);
    }
    const still = body<ConnectedAccounts>(await p.b.get(`${ME}/connected_accounts/`));
    expect(
      still.resource_response.data.accounts.find((a) => a.provider === 'facebook')?.connected,
    ).toBe(true);
    const done = await p.b.delete(`${ME}/connected_accounts/facebook/`, {
      body: { password: GOOD_PASSWORD },
    });
    expect(done.statusCode).toBe(200);
  });

  it('social-only: a session older than the re-auth window is refused', async () => {
    const p = await socialOnly();
    await handle.db
      .insertInto('auth_accounts')
      .values({ user_id: p.id, provider_id: 'line', account_id: `l-${p.id}` })
      .execute();
    test.clock.advance(REAUTH_WINDOW_MS + 60_000);
    const refused = await p.b.delete(`${ME}/connected_accounts/line/`);
    expect(errorCode(refused)).toBe(CODES.CONNECTED_ACCOUNT_REAUTH_REQUIRED.code);
    // Logging in again (with Google) makes the session fresh: as if it had just been created.
    await sql`UPDATE auth_sessions SET created_at = ${test.clock.now()} WHERE user_id = ${p.id}`.execute(
      handle.db,
    );
    expect((await p.b.delete(`${ME}/connected_accounts/line/`)).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('lists sessions without tokens, marks the current one, revokes one and all others', async () => {
    const p = await person();
    const second = await logIn(p.email);
    const third = await logIn(p.email);
    const listed = await p.b.get(`${ME}/sessions/`, { 'user-agent': 'x' });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toMatch(/token/i);
    const sessions = body<SessionInfo[]>(listed).resource_response.data;
    expect(sessions).toHaveLength(3);
    const current = sessions.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(errorCode(await p.b.delete(`${ME}/sessions/${current[0]?.id}/`))).toBe(
      CODES.SESSION_IS_CURRENT.code,
    );

    // Another person cannot end these sessions.
    const stranger = await person();
    const victim = sessions.find((s) => !s.current);
    expect(errorCode(await stranger.b.delete(`${ME}/sessions/${victim?.id}/`))).toBe(
      CODES.SESSION_NOT_FOUND.code,
    );
    expect(errorCode(await p.b.delete(`${ME}/sessions/abc/`))).toBe(CODES.VALIDATION_FAILED.code);

    expect((await p.b.delete(`${ME}/sessions/${victim?.id}/`)).statusCode).toBe(200);
    const stillIn = [
      (await second.get(`${ME}/profile/`)).statusCode,
      (await third.get(`${ME}/profile/`)).statusCode,
    ].sort();
    expect(stillIn).toEqual([200, 401]);
    const others = await p.b.post(`${ME}/sessions/revoke_others/`);
    expect(body<{ revoked: number }>(others).resource_response.data.revoked).toBe(1);
    expect(errorCode(await second.get(`${ME}/profile/`))).toBe(CODES.UNAUTHORIZED.code);
    expect(errorCode(await third.get(`${ME}/profile/`))).toBe(CODES.UNAUTHORIZED.code);
    expect((await p.b.get(`${ME}/profile/`)).statusCode).toBe(200);
  });

  it('get-session and list-sessions of Better Auth carry no token', async () => {
    const p = await person();
    for (const path of ['/api/auth/get-session', '/api/auth/list-sessions']) {
      const response = await p.b.get(path);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toMatch(/"token"/);
    }
  });
});

describe('deactivation', () => {
  it('needs the password; hides the person; a login within 28 days brings them back', async () => {
    const p = await person();
    const board = await createFixtures(handle.db).board({ id: p.id, username: p.username });
    const boardPath = `/v3/boards/${p.username}/${board.slug}/`;
    expect((await browser().get(boardPath)).statusCode).toBe(200);
    expect(errorCode(await p.b.post(`${ME}/deactivate/`, {}))).toBe(
      CODES.DEACTIVATE_REAUTH_REQUIRED.code,
    );
    expect(errorCode(await p.b.post(`${ME}/deactivate/`, { password: 'wrong-one' }))).toBe(
      CODES.DEACTIVATE_REAUTH_REQUIRED.code,
    );
    const done = await p.b.post(`${ME}/deactivate/`, { password: GOOD_PASSWORD });
    expect(done.statusCode).toBe(200);
    const until = body<{ resurrect_until: string }>(done).resource_response.data.resurrect_until;
    expect(Date.parse(until) - test.clock.now().getTime()).toBe(RESURRECTION_WINDOW_MS);
    // Signed out everywhere, and hidden from everyone.
    expect(errorCode(await p.b.get(`${ME}/profile/`))).toBe(CODES.UNAUTHORIZED.code);
    expect((await browser().get(`/v3/users/${p.username}/`)).statusCode).toBe(404);
    expect((await browser().get(`/v3/users/${p.username}/boards/`)).statusCode).toBe(404);
    expect((await browser().get(boardPath)).statusCode).toBe(404);

    test.clock.advance(RESURRECTION_WINDOW_MS - 60_000);
    const back = await browser().post('/v3/login/', {
      username_or_email: p.email,
      password: GOOD_PASSWORD,
    });
    expect(body<AuthSuccess>(back).resource_response.data.reactivated).toBe(true);
    expect((await browser().get(`/v3/users/${p.username}/`)).statusCode).toBe(200);
    expect((await browser().get(boardPath)).statusCode).toBe(200);
  });

  it('a social-only person deactivates with a fresh session', async () => {
    const p = await socialOnly();
    const fresh = await p.b.post(`${ME}/deactivate/`, {});
    expect(fresh.statusCode).toBe(200);
    const q = await socialOnly();
    test.clock.advance(REAUTH_WINDOW_MS + 60_000);
    expect(errorCode(await q.b.post(`${ME}/deactivate/`, {}))).toBe(
      CODES.DEACTIVATE_REAUTH_REQUIRED.code,
    );
  });

  it("the purge corrects the counters on other people's boards and profiles that counted the person", async () => {
    const fixtures = createFixtures(handle.db);
    const owner = await fixtures.user();
    const board = await fixtures.board(owner);
    const section = await fixtures.section(board);
    const p = await person('purged');
    const purged = { id: p.id, username: p.username };
    await fixtures.collaborator(board, purged, 'accepted');
    await fixtures.pin({ board, pinner: purged });
    await fixtures.pin({ board, pinner: purged, section });
    await fixtures.pin({ board });
    await handle.db
      .insertInto('board_follows')
      .values({ user_id: p.id, board_id: board.id })
      .execute();
    await handle.db
      .updateTable('boards')
      .set({ follower_count: 1 })
      .where('id', '=', board.id)
      .execute();
    await handle.db
      .insertInto('user_follows')
      .values([
        { follower_id: p.id, followee_id: owner.id },
        { follower_id: owner.id, followee_id: p.id },
      ])
      .execute();
    await handle.db
      .updateTable('users')
      .set({ follower_count: 1, following_count: 1 })
      .where('id', '=', owner.id)
      .execute();
    await p.b.post(`${ME}/deactivate/`, { password: GOOD_PASSWORD });
    const deps = { db: handle.db, storage: test.storage, now: test.clock.now, log: test.app.log };
    test.clock.advance(RESURRECTION_WINDOW_MS + 60_000);
    expect(await purgeExpiredAccounts(deps)).toBeGreaterThanOrEqual(1);

    const after = await handle.db
      .selectFrom('boards')
      .select(['pin_count', 'follower_count', 'collaborator_count'])
      .where('id', '=', board.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ pin_count: 1, follower_count: 0, collaborator_count: 0 });
    const pinsLeft = await handle.db
      .selectFrom('pins')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('board_id', '=', board.id)
      .executeTakeFirstOrThrow();
    expect(Number(pinsLeft.n)).toBe(after.pin_count);
    const sectionAfter = await handle.db
      .selectFrom('board_sections')
      .select('pin_count')
      .where('id', '=', section.id)
      .executeTakeFirstOrThrow();
    expect(sectionAfter.pin_count).toBe(0);
    const ownerAfter = await handle.db
      .selectFrom('users')
      .select(['follower_count', 'following_count'])
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(ownerAfter).toEqual({ follower_count: 0, following_count: 0 });
  });

  it('after 28 days the account-purge job deletes the person, their pins and their media', async () => {
    const p = await person();
    const uploadId = await upload(p.b, 9);
    await p.b.post(`${ME}/profile/`, { avatar_media_upload_id: uploadId });
    const avatar = await avatarImage(p.id);
    const keys = Object.values(avatar.variants ?? {}).map((variant) => variant.key);
    await p.b.post(`${ME}/deactivate/`, { password: GOOD_PASSWORD });
    const stays = await person();
    const deps = { db: handle.db, storage: test.storage, now: test.clock.now, log: test.app.log };

    test.clock.advance(RESURRECTION_WINDOW_MS - 60_000);
    await purgeExpiredAccounts(deps);
    expect(
      await handle.db.selectFrom('users').select('id').where('id', '=', p.id).executeTakeFirst(),
    ).toBeDefined();

    test.clock.advance(2 * 60_000);
    expect(await purgeExpiredAccounts(deps)).toBeGreaterThanOrEqual(1);
    expect(
      await handle.db.selectFrom('users').select('id').where('id', '=', p.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await handle.db
        .selectFrom('images')
        .select('id')
        .where('id', '=', avatar.avatar_image_id ?? '0')
        .executeTakeFirst(),
    ).toBeUndefined();
    for (const key of keys) expect(existsSync(join(test.mediaRoot, key))).toBe(false);
    expect(
      await handle.db
        .selectFrom('users')
        .select('id')
        .where('id', '=', stays.id)
        .executeTakeFirst(),
    ).toBeDefined();
  });
});
