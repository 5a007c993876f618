// The admin side's access rule (visitors UNAUTHORIZED, people ADMIN_REQUIRED, operators in) and
// its own endpoints: the overview counts, the operator list, grant and revoke with the
// last-operator rule; /v3/users/me/ tells the web who is an operator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { AdminOverview } from '@corkboard/shared/admin/api';
import type { UserSummary } from '@corkboard/shared/api-types';
import type { AuthUser } from '@corkboard/shared/auth/api';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { createFixtures, type Fixtures, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let handle: DbHandle;
let test: TestApp;
let f: Fixtures;
let operator: UserFixture;
let person: UserFixture;

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  test = await buildTestApp(handle.db);
  operator = await f.user({ isAdmin: true });
  person = await f.user();
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

async function isAdmin(user: UserFixture): Promise<boolean> {
  const row = await handle.db
    .selectFrom('users')
    .select('is_admin')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  return row.is_admin;
}

describe('who may use the admin endpoints', () => {
  it('answers visitors UNAUTHORIZED and people who are not operators ADMIN_REQUIRED', async () => {
    const visitor = await test.client.get('/v3/admin/overview/', null);
    expect(visitor.status).toBe(401);
    expect(visitor.code).toBe(ERROR_CODES.UNAUTHORIZED.code);

    const someone = await test.client.get('/v3/admin/overview/', person);
    expect(someone.status).toBe(403);
    expect(someone.code).toBe(ERROR_CODES.ADMIN_REQUIRED.code);

    const grant = await test.client.send(
      'PUT',
      `/v3/admin/operators/${person.username}/`,
      undefined,
      person,
    );
    expect(grant.code).toBe(ERROR_CODES.ADMIN_REQUIRED.code);
    expect(await isAdmin(person)).toBe(false);
  });

  it('refuses a suspended operator', async () => {
    const suspended = await f.user({ isAdmin: true });
    await handle.db
      .updateTable('users')
      .set({ suspended_at: new Date(), suspension_reason: 'unusual_activity' })
      .where('id', '=', suspended.id)
      .execute();
    const answer = await test.client.get('/v3/admin/overview/', suspended);
    expect(answer.code).toBe(ERROR_CODES.ADMIN_REQUIRED.code);
  });

  it('tells the web whether the signed-in person is an operator', async () => {
    const mine = await test.client.get<AuthUser>('/v3/users/me/', operator);
    expect(mine.data.is_admin).toBe(true);
    const theirs = await test.client.get<AuthUser>('/v3/users/me/', person);
    expect(theirs.data.is_admin).toBe(false);
  });
});

describe('the overview', () => {
  it('counts what the product holds', async () => {
    const board = await f.board(person, { privacy: 'secret' });
    await f.pin({ board });
    const answer = await test.client.get<AdminOverview>('/v3/admin/overview/', operator);
    expect(answer.status).toBe(200);
    const data = answer.data;
    const count = async (table: 'users' | 'pins' | 'boards') =>
      Number(
        (
          await handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(data.people).toBe(await count('users'));
    expect(data.pins).toBe(await count('pins'));
    expect(data.boards).toBe(await count('boards'));
    expect(data.secret_boards).toBeGreaterThanOrEqual(1);
    expect(data.pins_last_7_days).toBe(data.pins);
    // The test app has no SMTP_URL and is not production.
    expect(data).toMatchObject({ mail_delivery: 'dev_mailbox', production: false });
  });

  it('says when mail goes out through SMTP, and when production runs without it', async () => {
    const withSmtp = await buildTestApp(handle.db, {
      config: { smtpUrl: 'smtp://127.0.0.1:2525', nodeEnv: 'production' },
    });
    const withoutSmtp = await buildTestApp(handle.db, { config: { nodeEnv: 'production' } });
    try {
      const sent = await withSmtp.client.get<AdminOverview>('/v3/admin/overview/', operator);
      expect(sent.data).toMatchObject({ mail_delivery: 'smtp', production: true });
      const kept = await withoutSmtp.client.get<AdminOverview>('/v3/admin/overview/', operator);
      expect(kept.data).toMatchObject({ mail_delivery: 'dev_mailbox', production: true });
    } finally {
      await withSmtp.close();
      await withoutSmtp.close();
    }
  });
});

describe('operators', () => {
  it('grants, lists (paged, oldest first) and revokes', async () => {
    const newcomer = await f.user();
    const grant = await test.client.send(
      'PUT',
      `/v3/admin/operators/${newcomer.username.toUpperCase()}/`,
      undefined,
      operator,
    );
    expect(grant.status).toBe(200);
    expect(await isAdmin(newcomer)).toBe(true);
    // Granting twice is fine.
    const again = await test.client.send(
      'PUT',
      `/v3/admin/operators/${newcomer.username}/`,
      undefined,
      operator,
    );
    expect(again.status).toBe(200);

    const first = await test.client.get<UserSummary[]>(
      '/v3/admin/operators/?page_size=1',
      operator,
    );
    expect(first.data.map((u) => u.username)).toEqual([operator.username]);
    const bookmark = first.bookmark;
    expect(bookmark).toBeTypeOf('string');
    const rest = await test.client.get<UserSummary[]>(
      `/v3/admin/operators/?page_size=50&bookmark=${bookmark ?? ''}`,
      operator,
    );
    expect(rest.data.map((u) => u.username)).toContain(newcomer.username);

    const revoke = await test.client.send(
      'DELETE',
      `/v3/admin/operators/${newcomer.username}/`,
      undefined,
      operator,
    );
    expect(revoke.status).toBe(200);
    expect(await isAdmin(newcomer)).toBe(false);
  });

  it('answers USER_NOT_FOUND for nobody and never removes the last operator', async () => {
    const nobody = await test.client.send(
      'PUT',
      '/v3/admin/operators/no_such_person/',
      undefined,
      operator,
    );
    expect(nobody.code).toBe(ERROR_CODES.USER_NOT_FOUND.code);

    // Leave exactly one operator, then try to remove them.
    await handle.db
      .updateTable('users')
      .set({ is_admin: false })
      .where('id', '<>', operator.id)
      .execute();
    const last = await test.client.send(
      'DELETE',
      `/v3/admin/operators/${operator.username}/`,
      undefined,
      operator,
    );
    expect(last.status).toBe(409);
    expect(last.code).toBe(ERROR_CODES.ADMIN_LAST_OPERATOR.code);
    expect(await isAdmin(operator)).toBe(true);
  });

  it('refuses a malformed username before touching anything', async () => {
    const answer = await test.client.send(
      'PUT',
      '/v3/admin/operators/not%20a%20name/',
      undefined,
      operator,
    );
    expect(answer.status).toBe(400);
    expect(answer.code).toBe(ERROR_CODES.VALIDATION_FAILED.code);
  });
});
