// Two API processes on one database and one Redis (issue 13 "Scale out"; ADR 105): the per-address
// budget is counted once across both, and an operator's change on one drops the other's cached
// copy at once. Each has a control without Redis showing what the shared store changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { resolveGroup } from '@corkboard/shared/experiments/experiments';
import { createFixtures, type UserFixture } from '../test/fixtures.ts';
import { startRedisServer, type RedisServer } from '../test/redis-server.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { RedisUnavailableError, redisSharedState } from './shared-state.ts';

const PASSWORD = 'web_increased_min_password_length';
/** Small, so the test spends a handful of requests; the same on every process. */
const BUDGET = 4;

let handle: DbHandle;
let redis: RedisServer;
let operator: UserFixture;
let person: UserFixture;
const apps: TestApp[] = [];

async function app(shared: boolean, budget = 10_000): Promise<TestApp> {
  const built = await buildTestApp(handle.db, {
    config: {
      experiments: {},
      rateLimitMax: budget,
      redisUrl: shared ? redis.url : undefined,
    },
  });
  apps.push(built);
  return built;
}

function hit(test: TestApp, address: string) {
  return test.app.inject({
    method: 'GET',
    url: '/v3/experiments/',
    headers: { accept: 'application/json' },
    remoteAddress: address,
  });
}

beforeAll(async () => {
  handle = await createTestDb();
  redis = await startRedisServer();
  const f = createFixtures(handle.db);
  operator = await f.user({ isAdmin: true });
  person = await f.user();
});

afterAll(async () => {
  for (const test of apps) await test.close();
  await redis.stop();
  await handle.close();
});

describe('the per-address budget', () => {
  it('is counted once across processes sharing Redis', async () => {
    const [a, b] = [await app(true, BUDGET), await app(true, BUDGET)];
    for (const test of [a, b, a, b]) expect((await hit(test, '10.0.0.1')).statusCode).toBe(200);
    const over = await hit(a, '10.0.0.1');
    expect(over.statusCode).toBe(429);
    expect(over.json<{ resource_response: { code: number } }>().resource_response.code).toBe(
      ERROR_CODES.RATE_LIMITED.code,
    );
    expect((await hit(b, '10.0.0.1')).statusCode).toBe(429);
    // Per address: another one still has its whole budget.
    expect((await hit(b, '10.0.0.2')).statusCode).toBe(200);
  });

  it('control: without Redis each process has a budget of its own', async () => {
    const [a, b] = [await app(false, BUDGET), await app(false, BUDGET)];
    for (const test of [a, b, a, b, a, b]) {
      expect((await hit(test, '10.0.0.3')).statusCode).toBe(200);
    }
  });
});

describe("an operator's change", () => {
  async function groupOn(test: TestApp): Promise<string | undefined> {
    const page = await test.client.get<{ groups: Record<string, string> }>(
      '/v3/experiments/',
      person,
    );
    return page.data.groups[PASSWORD];
  }

  async function override(test: TestApp, group: string | null) {
    const url = `/v3/admin/experiments/${PASSWORD}/overrides/${person.username}/`;
    const answer =
      group === null
        ? await test.client.send('DELETE', url, undefined, operator)
        : await test.client.send('PUT', url, { group }, operator);
    expect(answer.status).toBe(200);
  }

  const bucketed = () => resolveGroup(PASSWORD, person.id);
  const other = () => (bucketed() === 'control' ? 'enabled' : 'control');

  beforeAll(async () => {
    // The shares resolveGroup buckets by, so "bucketed" is what the database says too.
    const answer = await (
      await app(false)
    ).client.send(
      'PUT',
      `/v3/admin/experiments/${PASSWORD}/`,
      {
        groups: [
          { name: 'control', percent: 50 },
          { name: 'enabled', percent: 50 },
        ],
      },
      operator,
    );
    expect(answer.status).toBe(200);
  });

  it('on one process drops the cached copy on the other at once', async () => {
    const [a, b] = [await app(true), await app(true)];
    await expect.poll(() => groupOn(b)).toBe(bucketed());
    await override(a, other());
    // B's clock never moves, so only the message can make it read afresh.
    await expect.poll(() => groupOn(b)).toBe(other());
    await override(a, null);
    await expect.poll(() => groupOn(b)).toBe(bucketed());
  });

  it('control: without Redis the other process keeps its copy until it expires', async () => {
    const [a, b] = [await app(false), await app(false)];
    expect(await groupOn(b)).toBe(bucketed());
    await override(a, other());
    expect(await groupOn(a)).toBe(other());
    expect(await groupOn(b)).toBe(bucketed());
    await override(a, null);
  });
});

describe('the invalidation bus', () => {
  it("carries a message's detail to every process, and none when it has none (ADR 209)", async () => {
    const log = { warn: () => {} };
    const [a, b] = await Promise.all([
      redisSharedState(redis.url, log),
      redisSharedState(redis.url, log),
    ]);
    try {
      const heardOnA: (string | undefined)[] = [];
      const heardOnB: (string | undefined)[] = [];
      a.bus.subscribe('detail-test', (detail) => heardOnA.push(detail));
      b.bus.subscribe('detail-test', (detail) => heardOnB.push(detail));
      a.bus.publish('detail-test', '42');
      // At once on the publisher; on the other process when Redis delivers it.
      expect(heardOnA).toEqual(['42']);
      await expect.poll(() => heardOnB).toEqual(['42']);
      a.bus.publish('detail-test');
      await expect.poll(() => heardOnB).toEqual(['42', undefined]);
      // A detail that looks like the plain message is still a detail.
      a.bus.publish('detail-test', '1');
      await expect.poll(() => heardOnB).toEqual(['42', undefined, '1']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('start-up', () => {
  it('refuses to start when REDIS_URL does not answer, naming the address only', async () => {
    const gone = await startRedisServer();
    await gone.stop();
    const withPassword = gone.url.replace('redis://', 'redis://user:s3cret-pass@');
    const error = await redisSharedState(withPassword, { warn: () => {} }).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(RedisUnavailableError);
    expect(String(error)).toContain(new URL(gone.url).port);
    expect(String(error)).not.toContain('s3cret-pass');
  });
});
