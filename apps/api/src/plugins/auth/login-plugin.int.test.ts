// corkboard-login's createSessionForUser (ADR 199): the engine's session hook reads the account,
// refuses suspended, soft-banned and gone accounts (no session row), reactivates one deactivated
// within the window, and hands the row it read to the endpoint, which sets the session cookie
// and the multi-session cookie without reading the person a second time.
import { APIError } from 'better-auth';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { createFixtures } from '../../test/fixtures.ts';
import { ACCOUNT_STATUS_ERRORS, createAuthEngine, RESURRECTION_WINDOW_MS } from './auth-engine.ts';

let handle: DbHandle;
let engine: ReturnType<typeof createAuthEngine>;
const now = new Date('2026-11-28T10:00:00Z');
const DAY_MS = 24 * 60 * 60_000;

beforeAll(async () => {
  handle = await createTestDb();
  engine = createAuthEngine({
    db: handle.db,
    publicUrl: 'http://corkboard.test',
    secret: 'login-plugin-test-secret-0123456789abcdef',
    secureCookies: false,
    now: () => now,
    log: Fastify({ logger: false }).log,
  });
});

afterAll(async () => {
  await handle.close();
});

function createSession(userId: string) {
  return engine.api.createSessionForUser({
    body: { userId },
    headers: new Headers({ 'user-agent': 'login-plugin test' }),
    returnHeaders: true,
  });
}

async function countSessions(userId: string): Promise<number> {
  const rows = await handle.db
    .selectFrom('auth_sessions')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  return rows.length;
}

async function refusal(userId: string): Promise<unknown> {
  try {
    await createSession(userId);
  } catch (error) {
    return error instanceof APIError ? error.body?.code : error;
  }
  return 'no refusal';
}

async function personWith(status: Record<string, unknown>): Promise<string> {
  const person = await createFixtures(handle.db).user();
  if (Object.keys(status).length > 0) {
    await handle.db.updateTable('users').set(status).where('id', '=', person.id).execute();
  }
  return person.id;
}

describe('createSessionForUser', () => {
  it('creates the session and sets its cookie and the multi-session cookie', async () => {
    const userId = await personWith({});
    const result = await createSession(userId);
    expect(result.response.userId).toBe(userId);
    const cookies = result.headers.getSetCookie();
    expect(cookies.some((line) => line.startsWith('corkboard.session_token='))).toBe(true);
    expect(cookies.some((line) => line.startsWith('corkboard.session_token_multi-'))).toBe(true);
    const row = await handle.db
      .selectFrom('auth_sessions')
      .select(['id', 'user_id'])
      .where('id', '=', result.response.sessionId)
      .executeTakeFirst();
    expect(row?.user_id).toBe(userId);
  });

  it('refuses suspended, soft-banned and gone accounts, creating no session', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { suspended_at: now, suspension_reason: 'unusual_activity' },
        ACCOUNT_STATUS_ERRORS.suspended,
      ],
      [{ soft_banned_at: now }, ACCOUNT_STATUS_ERRORS.softBanned],
      [
        { deactivated_at: new Date(now.getTime() - RESURRECTION_WINDOW_MS - DAY_MS) },
        ACCOUNT_STATUS_ERRORS.gone,
      ],
    ];
    for (const [status, code] of cases) {
      const userId = await personWith(status);
      expect(await refusal(userId)).toBe(code);
      expect(await countSessions(userId)).toBe(0);
    }
  });

  it('reactivates an account deactivated within the window', async () => {
    const userId = await personWith({ deactivated_at: new Date(now.getTime() - DAY_MS) });
    const result = await createSession(userId);
    expect(result.response.userId).toBe(userId);
    const row = await handle.db
      .selectFrom('users')
      .select('deactivated_at')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.deactivated_at).toBeNull();
  });

  it('creates no session for an account that does not exist', async () => {
    expect(await refusal('987654321')).not.toBe('no refusal');
    expect(await countSessions('987654321')).toBe(0);
  });
});
