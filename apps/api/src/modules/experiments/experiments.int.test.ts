// Experiments admin (issue 12; docs/decisions/120): allocation from the database is
// deterministic and follows the operators' shares, per-person overrides win over buckets, reads
// for a decision are logged once per subject and group, the admin endpoints are for operators
// only and refuse bad input with their codes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { VISITOR_ID_COOKIE } from '@corkboard/shared/auth/api';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type {
  AdminExperiment,
  AdminExperimentExposure,
  AdminExperimentOverride,
} from '@corkboard/shared/experiments/admin';
import { bucketOf, resolveGroup } from '@corkboard/shared/experiments/experiments';
import { answer, TEST_CSRF_TOKEN, type Who } from '../../test/api-client.ts';
import { createFixtures, type Fixtures, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { as } from '../../test/test-viewer.ts';
import { EXPOSURE_RATE_LIMIT_MAX } from './experiments.routes.ts';
import { EXPERIMENTS_CACHE_TTL_MS } from './experiments.service.ts';

const PASSWORD = 'web_increased_min_password_length';
const BASE = '/v3/admin/experiments';

let handle: DbHandle;
let test: TestApp;
let f: Fixtures;
let operator: UserFixture;
let person: UserFixture;

interface ExperimentsAnswer {
  visitor_id: string;
  groups: Record<string, string>;
}

function visitorHeaders(visitor: string): Record<string, string> {
  return { cookie: `csrftoken=${TEST_CSRF_TOKEN}; ${VISITOR_ID_COOKIE}=${visitor}` };
}

function visitorId(n: number): string {
  return `${String(n).padStart(8, '0')}${'v'.repeat(14)}`;
}

/** The groups the page is told (GET /v3/experiments/: not an exposure, not rate-limited). */
async function groupsOf(app: TestApp, who: Who, visitor = visitorId(0)) {
  const response = await app.app.inject({
    method: 'GET',
    url: '/v3/experiments/',
    headers: { accept: 'application/json', ...as(who), ...visitorHeaders(visitor) },
  });
  expect(response.statusCode).toBe(200);
  return answer<ExperimentsAnswer>(response).data.groups;
}

/** The page reports that it decided something with the password experiment. */
async function expose(app: TestApp, who: Who, visitor = visitorId(0)) {
  const answer = await app.client.send<{ groups: Record<string, string> }>(
    'POST',
    '/v3/experiments/exposures/',
    { experiments: [PASSWORD] },
    who,
    visitorHeaders(visitor),
  );
  expect(answer.status).toBe(200);
  return answer.data.groups;
}

async function setShares(control: number, enabled: number) {
  const answer = await test.client.send(
    'PUT',
    `${BASE}/${PASSWORD}/`,
    {
      groups: [
        { name: 'control', percent: control },
        { name: 'enabled', percent: enabled },
      ],
    },
    operator,
  );
  expect(answer.status).toBe(200);
}

beforeAll(async () => {
  handle = await createTestDb();
  test = await buildTestApp(handle.db, { config: { experiments: {} } });
  f = createFixtures(handle.db);
  operator = await f.user({ isAdmin: true });
  person = await f.user();
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

beforeEach(async () => {
  await handle.db.deleteFrom('experiment_exposures').execute();
  await handle.db.deleteFrom('experiment_overrides').execute();
  await setShares(50, 50);
});

describe('allocation', () => {
  it('is seeded from the coded defaults and listed for operators', async () => {
    const list = await test.client.get<AdminExperiment[]>(`${BASE}/`, operator);
    expect(list.status).toBe(200);
    const names = list.data.map((experiment) => experiment.name);
    expect(names).toEqual(
      expect.arrayContaining([
        PASSWORD,
        'web_kr_privacy_consent_step',
        'web_extension_upsell',
        'web_unauth_aggregate_save_counts',
      ]),
    );
    const consent = list.data.find(
      (experiment) => experiment.name === 'web_kr_privacy_consent_step',
    );
    expect(consent?.groups.map((group) => [group.name, group.percent])).toEqual([
      ['control', 0],
      ['enabled', 100],
    ]);
  });

  it('puts the same visitor in the same group on every request, by the hash of name and id', async () => {
    for (let n = 0; n < 20; n += 1) {
      const visitor = visitorId(n);
      const first = await groupsOf(test, null, visitor);
      const again = await groupsOf(test, null, visitor);
      expect(again[PASSWORD]).toBe(first[PASSWORD]);
      expect(first[PASSWORD]).toBe(bucketOf(PASSWORD, visitor) < 5000 ? 'control' : 'enabled');
    }
    const signedIn = await groupsOf(test, person);
    expect(signedIn[PASSWORD]).toBe(resolveGroup(PASSWORD, person.id));
  });

  it("follows the operators' shares: 100 % enabled moves everyone, back to 50/50 restores", async () => {
    const before = await groupsOf(test, null, visitorId(3));
    await setShares(0, 100);
    for (let n = 0; n < 10; n += 1) {
      expect((await groupsOf(test, null, visitorId(n)))[PASSWORD]).toBe('enabled');
    }
    await setShares(100, 0);
    expect((await groupsOf(test, null, visitorId(3)))[PASSWORD]).toBe('control');
    await setShares(50, 50);
    expect((await groupsOf(test, null, visitorId(3)))[PASSWORD]).toBe(before[PASSWORD]);
  });

  it('reaches another server process once its cached copy is older than the TTL', async () => {
    const other = await buildTestApp(handle.db, { config: { experiments: {} } });
    try {
      const visitor = visitorId(7);
      const start = (await groupsOf(other, null, visitor))[PASSWORD];
      const flipped = start === 'control' ? [0, 100] : [100, 0];
      await setShares(flipped[0] ?? 0, flipped[1] ?? 0);
      expect((await groupsOf(other, null, visitor))[PASSWORD]).toBe(start);
      other.clock.advance(EXPERIMENTS_CACHE_TTL_MS);
      expect((await groupsOf(other, null, visitor))[PASSWORD]).not.toBe(start);
    } finally {
      await other.close();
    }
  });

  it('refuses shares that miss a group, repeat one or do not add up to 100', async () => {
    for (const groups of [
      [{ name: 'control', percent: 100 }],
      [
        { name: 'control', percent: 50 },
        { name: 'control', percent: 50 },
      ],
      [
        { name: 'control', percent: 40 },
        { name: 'enabled', percent: 50 },
      ],
      [
        { name: 'control', percent: 50 },
        { name: 'other', percent: 50 },
      ],
    ]) {
      const refused = await test.client.send('PUT', `${BASE}/${PASSWORD}/`, { groups }, operator);
      expect(refused.status).toBe(400);
      expect(refused.code).toBe(ERROR_CODES.EXPERIMENT_ALLOCATION_INVALID.code);
    }
    const bad = await test.client.send(
      'PUT',
      `${BASE}/${PASSWORD}/`,
      { groups: [{ name: 'control', percent: 33.333 }] },
      operator,
    );
    expect(bad.code).toBe(ERROR_CODES.VALIDATION_FAILED.code);
    const unknown = await test.client.send(
      'PUT',
      `${BASE}/no_such_experiment/`,
      { groups: [{ name: 'control', percent: 100 }] },
      operator,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.code).toBe(ERROR_CODES.EXPERIMENT_NOT_FOUND.code);
  });
});

describe('overrides', () => {
  it('put one person into a group whatever their bucket, until removed', async () => {
    const bucketed = resolveGroup(PASSWORD, person.id);
    const forced = bucketed === 'control' ? 'enabled' : 'control';
    const set = await test.client.send(
      'PUT',
      `${BASE}/${PASSWORD}/overrides/${person.username}/`,
      { group: forced },
      operator,
    );
    expect(set.status).toBe(200);
    expect((await groupsOf(test, person))[PASSWORD]).toBe(forced);
    const page = await test.client.get<ExperimentsAnswer>('/v3/experiments/', person);
    expect(page.data.groups[PASSWORD]).toBe(forced);

    const listed = await test.client.get<AdminExperimentOverride[]>(
      `${BASE}/${PASSWORD}/overrides/`,
      operator,
    );
    expect(listed.data).toEqual([
      expect.objectContaining({
        username: person.username,
        group: forced,
        created_by: operator.username,
      }),
    ]);

    const removed = await test.client.send(
      'DELETE',
      `${BASE}/${PASSWORD}/overrides/${person.username}/`,
      undefined,
      operator,
    );
    expect(removed.status).toBe(200);
    expect((await groupsOf(test, person))[PASSWORD]).toBe(bucketed);
    const again = await test.client.send(
      'DELETE',
      `${BASE}/${PASSWORD}/overrides/${person.username}/`,
      undefined,
      operator,
    );
    expect(again.code).toBe(ERROR_CODES.EXPERIMENT_OVERRIDE_NOT_FOUND.code);
  });

  it('refuses an unknown group, person or experiment with their codes', async () => {
    const group = await test.client.send(
      'PUT',
      `${BASE}/${PASSWORD}/overrides/${person.username}/`,
      { group: 'turbo' },
      operator,
    );
    expect(group.code).toBe(ERROR_CODES.EXPERIMENT_GROUP_UNKNOWN.code);
    const nobody = await test.client.send(
      'PUT',
      `${BASE}/${PASSWORD}/overrides/nobody_here_at_all/`,
      { group: 'enabled' },
      operator,
    );
    expect(nobody.status).toBe(404);
    expect(nobody.code).toBe(ERROR_CODES.EXPERIMENT_OVERRIDE_USER_NOT_FOUND.code);
    const badName = await test.client.send(
      'PUT',
      `${BASE}/${PASSWORD}/overrides/not%20a%20name/`,
      { group: 'enabled' },
      operator,
    );
    expect(badName.code).toBe(ERROR_CODES.VALIDATION_FAILED.code);
    const experiment = await test.client.get(`${BASE}/nope/overrides/`, operator);
    expect(experiment.code).toBe(ERROR_CODES.EXPERIMENT_NOT_FOUND.code);
  });
});

describe('exposures', () => {
  async function exposures(group?: string, query = '') {
    const answer = await test.client.get<AdminExperimentExposure[]>(
      `${BASE}/${PASSWORD}/exposures/?${group ? `group=${group}&` : ''}${query}`,
      operator,
    );
    expect(answer.status).toBe(200);
    return answer;
  }

  it('are written when a decision reads the group, once per subject and group', async () => {
    await test.client.get('/v3/experiments/', null);
    expect((await exposures()).data).toEqual([]);

    await expose(test, null, visitorId(101));
    await expose(test, null, visitorId(101));
    const other = await buildTestApp(handle.db, { config: { experiments: {} } });
    try {
      await expose(other, null, visitorId(101));
    } finally {
      await other.close();
    }
    const logged = (await exposures()).data;
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      username: null,
      visitor: visitorId(101).slice(0, 8),
      group: resolveGroup(PASSWORD, visitorId(101)),
      source: 'allocation',
    });

    // A person this process has not seen yet (it remembers what it already wrote).
    const newcomer = await f.user();
    await test.client.send(
      'PUT',
      `${BASE}/${PASSWORD}/overrides/${newcomer.username}/`,
      { group: 'enabled' },
      operator,
    );
    await expose(test, newcomer);
    const withPerson = (await exposures()).data;
    expect(withPerson[0]).toMatchObject({
      username: newcomer.username,
      group: 'enabled',
      source: 'override',
    });
  });

  it("are written by the server's own decisions (the signup password rule)", async () => {
    const refused = await test.client.send(
      'POST',
      '/v3/register/',
      { email: 'someone@example.com' },
      null,
      visitorHeaders(visitorId(102)),
    );
    expect(refused.status).toBe(400);
    const logged = (await exposures()).data;
    expect(logged.map((row) => row.visitor)).toEqual([visitorId(102).slice(0, 8)]);
  });

  it('are listed newest first in capped pages, filtered by group', async () => {
    await setShares(0, 100);
    for (let n = 110; n < 113; n += 1) await expose(test, null, visitorId(n));
    const first = await exposures(undefined, 'page_size=2');
    expect(first.data.map((row) => row.visitor)).toEqual([
      visitorId(112).slice(0, 8),
      visitorId(111).slice(0, 8),
    ]);
    expect(first.bookmark).toBeDefined();
    const second = await exposures(undefined, `page_size=2&bookmark=${first.bookmark ?? ''}`);
    expect(second.data).toHaveLength(1);
    expect(second.bookmark).toBeUndefined();
    expect((await exposures('control')).data).toEqual([]);
    expect((await exposures('enabled')).data).toHaveLength(3);
    const bad = await test.client.get(`${BASE}/${PASSWORD}/exposures/?bookmark=%%%`, operator);
    expect(bad.code).toBe(ERROR_CODES.INVALID_BOOKMARK.code);
  });

  it('ignore experiments the code does not read and refuse a bad body', async () => {
    const unknown = await test.client.send(
      'POST',
      '/v3/experiments/exposures/',
      { experiments: ['not_an_experiment'] },
      null,
    );
    expect(unknown.status).toBe(200);
    expect(unknown.data).toEqual({ groups: {} });
    const bad = await test.client.send(
      'POST',
      '/v3/experiments/exposures/',
      { experiments: [] },
      null,
    );
    expect(bad.code).toBe(ERROR_CODES.VALIDATION_FAILED.code);
  });

  it('are rate-limited per client', async () => {
    const fresh = await buildTestApp(handle.db, { config: { experiments: {} } });
    try {
      const statuses: number[] = [];
      for (let n = 0; n <= EXPOSURE_RATE_LIMIT_MAX; n += 1) {
        const sent = await fresh.client.send(
          'POST',
          '/v3/experiments/exposures/',
          { experiments: [PASSWORD] },
          null,
        );
        statuses.push(sent.status);
      }
      expect(statuses.slice(0, EXPOSURE_RATE_LIMIT_MAX).every((status) => status === 200)).toBe(
        true,
      );
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await fresh.close();
    }
  });
});

describe('admin access', () => {
  it('is for operators only', async () => {
    const anonymous = await test.client.get(`${BASE}/`, null);
    expect(anonymous.code).toBe(ERROR_CODES.UNAUTHORIZED.code);
    const notOperator = await test.client.get(`${BASE}/`, person);
    expect(notOperator.code).toBe(ERROR_CODES.ADMIN_REQUIRED.code);
    const write = await test.client.send(
      'PUT',
      `${BASE}/${PASSWORD}/overrides/${person.username}/`,
      { group: 'enabled' },
      person,
    );
    expect(write.code).toBe(ERROR_CODES.ADMIN_REQUIRED.code);
    const log = await test.client.get(`${BASE}/${PASSWORD}/exposures/`, person);
    expect(log.code).toBe(ERROR_CODES.ADMIN_REQUIRED.code);
  });
});
