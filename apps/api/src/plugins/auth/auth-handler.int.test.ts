// Better Auth's own endpoints under /api/auth/* (auth-handler.ts), issue 9 security fixes:
// page script never receives a raw session token (get-session, list-sessions), and a deeply
// nested JSON body answers 400 in the envelope instead of a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { AuthSuccess } from '@corkboard/shared/auth/api';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  body,
  errorCode,
  GOOD_PASSWORD,
  signupBody,
  TestBrowser,
  uniqueEmail,
} from '../../test/test-browser.ts';

const ORIGIN = { origin: 'http://corkboard.test' };
let handle: DbHandle;
let test: TestApp;
let ip = 0;

async function signedIn(): Promise<{ b: TestBrowser; id: string; tokens: string[] }> {
  ip += 1;
  const b = new TestBrowser(test.app, `198.18.0.${ip}`);
  const email = uniqueEmail('handler');
  const response = await b.post('/v3/register/', signupBody({ email }));
  const id = body<AuthSuccess>(response).resource_response.data.user.id;
  const other = new TestBrowser(test.app, `198.18.1.${ip}`);
  await other.post('/v3/login/', { username_or_email: email, password: GOOD_PASSWORD });
  const rows = await handle.db
    .selectFrom('auth_sessions')
    .select('token')
    .where('user_id', '=', id)
    .execute();
  return { b, id, tokens: rows.map((row) => row.token) };
}

beforeAll(async () => {
  handle = await createTestDb();
  test = await buildTestApp(handle.db, { viewer: 'session' });
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('session endpoints answer no raw session token', () => {
  it('get-session: who is signed in, without the token', async () => {
    const { b, id, tokens } = await signedIn();
    const response = await b.get('/api/auth/get-session');
    expect(response.statusCode).toBe(200);
    const answer = response.json<{ user: { id: string }; session: Record<string, unknown> }>();
    expect(answer.user.id).toBe(id);
    expect(answer.session).not.toHaveProperty('token');
    expect(tokens.length).toBe(2);
    for (const token of tokens) expect(response.body).not.toContain(token);
  });

  it('list-sessions: each session without its token', async () => {
    const { b, tokens } = await signedIn();
    const response = await b.get('/api/auth/list-sessions');
    expect(response.statusCode).toBe(200);
    const sessions = response.json<Array<Record<string, unknown>>>();
    expect(sessions.length).toBe(2);
    for (const session of sessions) expect(session).not.toHaveProperty('token');
    for (const token of tokens) expect(response.body).not.toContain(token);
  });
});

describe('deeply nested JSON', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const deepObject = (depth: number) => `{"sessionToken":${nested(depth)}}`;

  for (const path of [
    '/api/auth/sign-out',
    '/api/auth/revoke-session',
    '/api/auth/revoke-sessions',
  ]) {
    it(`${path} answers 400 in the envelope`, async () => {
      const { b } = await signedIn();
      for (const payload of [nested(100_000), deepObject(100_000), deepObject(200)]) {
        const response = await test.app.inject({
          method: 'POST',
          url: path,
          remoteAddress: b.ip,
          payload,
          headers: {
            ...ORIGIN,
            'content-type': 'application/json',
            cookie: b.cookieHeader(),
            'x-csrftoken': b.cookies.get('csrftoken') ?? '',
          },
        });
        expect(response.statusCode, path).toBe(400);
        expect(errorCode(response)).toBe(ERROR_CODES.BAD_REQUEST.code);
      }
    });
  }
});
