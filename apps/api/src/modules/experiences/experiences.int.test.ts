// The experience platform (business.md §3, §4.4, §7; docs/decisions/081): every call, every status
// transition, eligibility (dates, audience, triggers, caps), and the operators' definitions.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { ExperienceDefinitionInput } from '@corkboard/shared/experiences/schemas';
import type {
  AdminExperience,
  ExperienceStateAnswer,
  UserExperiencePlatformAnswer,
  UserExperiencesAnswer,
} from '@corkboard/shared/experiences/experiences';
import { createFixtures, type Fixtures, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

const BANNER = 2;
const TOOLTIP = 3;

let handle: DbHandle;
let test: TestApp;
let f: Fixtures;
let operator: UserFixture;

beforeAll(async () => {
  handle = await createTestDb();
  test = await buildTestApp(handle.db);
  f = createFixtures(handle.db);
  operator = await f.user({ isAdmin: true });
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

beforeEach(async () => {
  await handle.db.deleteFrom('experiences').execute();
  test.clock.current = new Date();
});

async function define(
  overrides: Partial<ExperienceDefinitionInput> = {},
): Promise<AdminExperience> {
  const result = await test.client.send<AdminExperience>(
    'POST',
    '/v3/admin/experiences/',
    {
      placement_id: BANNER,
      name: 'Tips banner',
      display_data: { kind: 'banner', anchor: 'home_feed', title: 'Tips' },
      ...overrides,
    },
    operator,
  );
  expect(result.status, JSON.stringify(result.errorData)).toBe(200);
  return result.data;
}

async function shown(who: UserFixture, placements = [BANNER], more: object = {}) {
  return test.client.resourceGet<UserExperiencesAnswer>(
    'UserExperienceResource',
    { placement_ids: placements, ...more },
    who,
  );
}

async function viewed(who: UserFixture, placed: string, more: object = {}) {
  return test.client.send<ExperienceStateAnswer>(
    'POST',
    '/resource/UserExperienceViewedResource/update/',
    { options: { placed_experience_id: placed, ...more } },
    who,
  );
}

async function completed(who: UserFixture, placed: string, withoutHomefeed = false) {
  return test.client.send<ExperienceStateAnswer>(
    'POST',
    '/resource/UserExperienceCompletedResource/update/',
    { options: { placed_experience_id: placed, without_homefeed: withoutHomefeed } },
    who,
  );
}

async function dismissed(who: UserFixture, placed: string) {
  return test.client.send<ExperienceStateAnswer>(
    'POST',
    '/resource/UserExperienceResource/delete/',
    { options: { placed_experience_id: placed } },
    who,
  );
}

async function trigger(who: UserFixture, placed: string) {
  return test.client.send<ExperienceStateAnswer>(
    'PUT',
    `/v3/experiences/${placed}/trigger/`,
    {},
    who,
  );
}

describe('UserExperienceResource get', () => {
  it('answers visitors UNAUTHORIZED', async () => {
    const result = await test.client.resourceGet(
      'UserExperienceResource',
      { placement_ids: [BANNER] },
      null,
    );
    expect(result.code).toBe(ERROR_CODES.UNAUTHORIZED.code);
  });

  it('shows the best experience per placement, null where there is none', async () => {
    const person = await f.user();
    await define({ name: 'Low', priority: 1 });
    const high = await define({ name: 'High', priority: 5 });
    const result = await shown(person, [BANNER, TOOLTIP], { extra_context: { page: 'home' } });
    expect(result.status).toBe(200);
    expect(result.data.experiences[String(TOOLTIP)]).toBeNull();
    expect(result.data.experiences[String(BANNER)]).toMatchObject({
      experience_id: high.id,
      placement_id: BANNER,
      placed_experience_id: `${BANNER}:${high.id}`,
      display_data: { kind: 'banner', anchor: 'home_feed', title: 'Tips' },
      extra_context: { page: 'home' },
      metadata: { name: 'High', priority: 5, triggerable: false },
      status: null,
      view_count: 0,
    });
  });

  it('refuses an unknown placement', async () => {
    const person = await f.user();
    const result = await shown(person, [99]);
    expect(result.code).toBe(ERROR_CODES.VALIDATION_FAILED.code);
  });

  it('honours the dates', async () => {
    const person = await f.user();
    const now = test.clock.now();
    const later = await define({
      starts_at: new Date(now.getTime() + 60_000).toISOString(),
      ends_at: new Date(now.getTime() + 120_000).toISOString(),
    });
    expect((await shown(person)).data.experiences[String(BANNER)]).toBeNull();
    expect((await viewed(person, later.placed_experience_id)).code).toBe(
      ERROR_CODES.EXPERIENCE_NOT_ELIGIBLE.code,
    );
    test.clock.advance(90_000);
    expect((await shown(person)).data.experiences[String(BANNER)]?.experience_id).toBe(later.id);
    test.clock.advance(60_000);
    expect((await shown(person)).data.experiences[String(BANNER)]).toBeNull();
  });

  it('honours the audience: sign-up age, language and page context', async () => {
    const fresh = await f.user();
    const old = await f.user();
    const monthAgo = new Date(Date.now() - 30 * 24 * 60 * 60_000);
    await sql`UPDATE users SET created_at = ${monthAgo} WHERE id = ${old.id}`.execute(handle.db);
    const newcomers = await define({ audience: { signed_up_within_days: 7 } });
    expect((await shown(fresh)).data.experiences[String(BANNER)]?.experience_id).toBe(newcomers.id);
    expect((await shown(old)).data.experiences[String(BANNER)]).toBeNull();

    await handle.db.deleteFrom('experiences').execute();
    const spanish = await define({ audience: { languages: ['es'], context: { page: 'home' } } });
    const ask = (language: string, page: string) =>
      shown(fresh, [BANNER], { targeting: { language }, extra_context: { page } });
    expect((await ask('es-MX', 'home')).data.experiences[String(BANNER)]?.experience_id).toBe(
      spanish.id,
    );
    expect((await ask('en', 'home')).data.experiences[String(BANNER)]).toBeNull();
    expect((await ask('es', 'search')).data.experiences[String(BANNER)]).toBeNull();
  });
});

describe('statuses', () => {
  it('viewed counts views up to the per-person cap', async () => {
    const person = await f.user();
    const banner = await define({ max_views_per_person: 2 });
    const first = await viewed(person, banner.placed_experience_id);
    expect(first.data).toEqual({
      placed_experience_id: banner.placed_experience_id,
      status: 'viewed',
      view_count: 1,
    });
    expect((await viewed(person, banner.placed_experience_id)).data.view_count).toBe(2);
    expect((await shown(person)).data.experiences[String(BANNER)]).toBeNull();
    expect((await viewed(person, banner.placed_experience_id)).code).toBe(
      ERROR_CODES.EXPERIENCE_NOT_ELIGIBLE.code,
    );
  });

  it('max_people: once enough people saw it, others do not get it; those who saw keep it', async () => {
    const ann = await f.user();
    const bob = await f.user();
    const banner = await define({ max_people: 1 });
    await viewed(ann, banner.placed_experience_id);
    expect((await shown(bob)).data.experiences[String(BANNER)]).toBeNull();
    expect((await viewed(bob, banner.placed_experience_id)).code).toBe(
      ERROR_CODES.EXPERIENCE_NOT_ELIGIBLE.code,
    );
    expect((await shown(ann)).data.experiences[String(BANNER)]).toMatchObject({
      status: 'viewed',
      view_count: 1,
    });
  });

  it('dismissed (a delete) is final: never shown again, same end again is fine, another end is not', async () => {
    const person = await f.user();
    const banner = await define();
    await viewed(person, banner.placed_experience_id);
    const dismiss = await dismissed(person, banner.placed_experience_id);
    expect(dismiss.data).toMatchObject({ status: 'dismissed', view_count: 1 });
    expect((await shown(person)).data.experiences[String(BANNER)]).toBeNull();
    expect((await dismissed(person, banner.placed_experience_id)).data.status).toBe('dismissed');
    const complete = await completed(person, banner.placed_experience_id);
    expect(complete.code).toBe(ERROR_CODES.EXPERIENCE_ALREADY_ENDED.code);
    expect(complete.errorData).toEqual({ status: 'dismissed' });
    // A late view changes nothing.
    expect((await viewed(person, banner.placed_experience_id)).data.status).toBe('dismissed');
    // Another person still gets it.
    const other = await f.user();
    expect((await shown(other)).data.experiences[String(BANNER)]?.experience_id).toBe(banner.id);
  });

  it('completed and completed without homefeed', async () => {
    const ann = await f.user();
    const bob = await f.user();
    const banner = await define();
    expect((await completed(ann, banner.placed_experience_id)).data.status).toBe('completed');
    expect((await completed(bob, banner.placed_experience_id, true)).data.status).toBe(
      'completed_without_homefeed',
    );
    expect((await shown(ann)).data.experiences[String(BANNER)]).toBeNull();
    expect((await shown(bob)).data.experiences[String(BANNER)]).toBeNull();
    const rows = await handle.db
      .selectFrom('user_experiences')
      .select(['user_id', 'status'])
      .where('experience_id', '=', banner.id)
      .orderBy('user_id')
      .execute();
    expect(rows).toEqual([
      { user_id: ann.id, status: 'completed' },
      { user_id: bob.id, status: 'completed_without_homefeed' },
    ]);
  });

  it.each([
    ['not an id', 'banner', ERROR_CODES.EXPERIENCE_ID_INVALID.code],
    ['an unknown placement', '99:1', ERROR_CODES.EXPERIENCE_ID_INVALID.code],
    ['an unknown experience', `${BANNER}:999999`, ERROR_CODES.EXPERIENCE_NOT_FOUND.code],
  ])('refuses %s', async (_label, placed, code) => {
    const person = await f.user();
    expect((await viewed(person, placed)).code).toBe(code);
    expect((await dismissed(person, placed)).code).toBe(code);
    expect((await completed(person, placed)).code).toBe(code);
  });

  it('refuses an experience asked under another placement', async () => {
    const person = await f.user();
    const banner = await define();
    expect((await dismissed(person, `${TOOLTIP}:${banner.id}`)).code).toBe(
      ERROR_CODES.EXPERIENCE_NOT_FOUND.code,
    );
  });

  it('answers visitors UNAUTHORIZED on every write', async () => {
    const banner = await define();
    expect((await viewed(null as unknown as UserFixture, banner.placed_experience_id)).code).toBe(
      ERROR_CODES.UNAUTHORIZED.code,
    );
    expect((await trigger(null as unknown as UserFixture, banner.placed_experience_id)).code).toBe(
      ERROR_CODES.UNAUTHORIZED.code,
    );
  });
});

describe('triggers', () => {
  it('a triggerable experience waits for its trigger, then shows', async () => {
    const person = await f.user();
    const tip = await define({
      placement_id: TOOLTIP,
      name: 'First save tip',
      triggerable: true,
      display_data: { kind: 'tooltip', anchor: 'header_account' },
    });
    const before = await shown(person, [TOOLTIP]);
    expect(before.data.experiences[String(TOOLTIP)]).toBeNull();
    expect(before.data.triggerable_placed_exps).toEqual([tip.placed_experience_id]);
    expect((await viewed(person, tip.placed_experience_id)).code).toBe(
      ERROR_CODES.EXPERIENCE_NOT_ELIGIBLE.code,
    );

    const triggered = await trigger(person, tip.placed_experience_id);
    expect(triggered.data).toEqual({
      placed_experience_id: tip.placed_experience_id,
      status: 'triggered',
      view_count: 0,
    });
    const after = await shown(person, [TOOLTIP]);
    expect(after.data.experiences[String(TOOLTIP)]).toMatchObject({ status: 'triggered' });
    expect(after.data.triggerable_placed_exps).toEqual([]);
    // Triggering again keeps the state; after a view, too.
    await viewed(person, tip.placed_experience_id);
    expect((await trigger(person, tip.placed_experience_id)).data).toMatchObject({
      status: 'viewed',
      view_count: 1,
    });
  });

  it('refuses to trigger an experience that is not triggerable', async () => {
    const person = await f.user();
    const banner = await define();
    expect((await trigger(person, banner.placed_experience_id)).code).toBe(
      ERROR_CODES.EXPERIENCE_NOT_TRIGGERABLE.code,
    );
  });
});

describe('UserExperiencePlatformResource get', () => {
  it('answers every placement, all fitting experiences with multiExperiencePlatform', async () => {
    const person = await f.user();
    const low = await define({ name: 'Low', priority: 1 });
    const high = await define({ name: 'High', priority: 2 });
    const single = await test.client.resourceGet<UserExperiencePlatformAnswer>(
      'UserExperiencePlatformResource',
      {},
      person,
    );
    expect(Object.keys(single.data.experiences).sort()).toEqual(['1', '2', '3', '4', '5']);
    expect(single.data.experiences[String(BANNER)]?.map((e) => e.experience_id)).toEqual([high.id]);
    const multi = await test.client.resourceGet<UserExperiencePlatformAnswer>(
      'UserExperiencePlatformResource',
      { multiExperiencePlatform: true, placement_ids: [BANNER] },
      person,
    );
    expect(Object.keys(multi.data.experiences)).toEqual([String(BANNER)]);
    expect(multi.data.experiences[String(BANNER)]?.map((e) => e.experience_id)).toEqual([
      high.id,
      low.id,
    ]);
  });
});

describe('the operators’ definitions', () => {
  it('visitors get UNAUTHORIZED, people who are not operators ADMIN_REQUIRED', async () => {
    const person = await f.user();
    for (const who of [null, person]) {
      const code = who ? ERROR_CODES.ADMIN_REQUIRED.code : ERROR_CODES.UNAUTHORIZED.code;
      expect((await test.client.get('/v3/admin/experiences/', who)).code).toBe(code);
      expect(
        (await test.client.send('POST', '/v3/admin/experiences/', { name: 'x' }, who)).code,
      ).toBe(code);
      expect(
        (await test.client.send('PUT', '/v3/admin/experiences/1/', { name: 'x' }, who)).code,
      ).toBe(code);
      expect((await test.client.send('POST', '/v3/admin/experiences/1/end/', {}, who)).code).toBe(
        code,
      );
      expect((await test.client.send('DELETE', '/v3/admin/experiences/1/', {}, who)).code).toBe(
        code,
      );
    }
    expect(await handle.db.selectFrom('experiences').select('id').execute()).toEqual([]);
  });

  it('lists with people per status, pages, and changes a definition', async () => {
    const person = await f.user();
    const first = await define({ name: 'First' });
    await define({ name: 'Second', placement_id: TOOLTIP, display_data: { kind: 'tooltip' } });
    await viewed(person, first.placed_experience_id);
    const page = await test.client.get<AdminExperience[]>(
      '/v3/admin/experiences/?page_size=1',
      operator,
    );
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ name: 'First', people_by_status: { viewed: 1 } });
    const next = await test.client.get<AdminExperience[]>(
      `/v3/admin/experiences/?page_size=1&bookmark=${page.bookmark ?? ''}`,
      operator,
    );
    expect(next.data[0]?.name).toBe('Second');
    expect(next.bookmark).toBeUndefined();

    const changed = await test.client.send<AdminExperience>(
      'PUT',
      `/v3/admin/experiences/${first.id}/`,
      { placement_id: BANNER, name: 'Renamed', display_data: { kind: 'banner' }, priority: 3 },
      operator,
    );
    expect(changed.data).toMatchObject({ id: first.id, name: 'Renamed', priority: 3 });
    const missing = await test.client.send(
      'PUT',
      '/v3/admin/experiences/999999/',
      { placement_id: BANNER, name: 'x', display_data: { kind: 'banner' } },
      operator,
    );
    expect(missing.code).toBe(ERROR_CODES.EXPERIENCE_NOT_FOUND.code);
  });

  it('refuses an end before the start, an outside link and an unknown placement', async () => {
    const ends = await test.client.send(
      'POST',
      '/v3/admin/experiences/',
      {
        placement_id: BANNER,
        name: 'x',
        display_data: { kind: 'banner' },
        starts_at: '2026-12-02T00:00:00Z',
        ends_at: '2026-12-01T00:00:00Z',
      },
      operator,
    );
    expect(ends.code).toBe(ERROR_CODES.EXPERIENCE_DEFINITION_INVALID.code);
    expect(ends.errorData).toEqual({ reason: 'ends_before_start' });
    for (const body of [
      {
        placement_id: BANNER,
        name: 'x',
        display_data: { kind: 'banner', link: 'https://evil.example/' },
      },
      {
        placement_id: BANNER,
        name: 'x',
        display_data: { kind: 'banner', link: '//evil.example/' },
      },
      { placement_id: 42, name: 'x', display_data: { kind: 'banner' } },
    ]) {
      const result = await test.client.send('POST', '/v3/admin/experiences/', body, operator);
      expect(result.code, JSON.stringify(body)).toBe(ERROR_CODES.VALIDATION_FAILED.code);
    }
  });

  it('a change, an end and a delete take effect on the very next experience call', async () => {
    const person = await f.user();
    const banner = await define({ name: 'Spring', display_data: { kind: 'banner', title: 'A' } });
    expect((await shown(person)).data.experiences[String(BANNER)]?.display_data.title).toBe('A');

    await test.client.send(
      'PUT',
      `/v3/admin/experiences/${banner.id}/`,
      { placement_id: BANNER, name: 'Spring', display_data: { kind: 'banner', title: 'B' } },
      operator,
    );
    expect((await shown(person)).data.experiences[String(BANNER)]?.display_data.title).toBe('B');

    const ended = await test.client.send<AdminExperience>(
      'POST',
      `/v3/admin/experiences/${banner.id}/end/`,
      {},
      operator,
    );
    expect(ended.status).toBe(200);
    expect(ended.data.ends_at).toBe(test.clock.current.toISOString());
    expect((await shown(person)).data.experiences[String(BANNER)]).toBeNull();
    expect((await viewed(person, banner.placed_experience_id)).code).toBe(
      ERROR_CODES.EXPERIENCE_NOT_ELIGIBLE.code,
    );

    const later = await define({ name: 'Later', starts_at: '2999-01-01T00:00:00Z' });
    const endedEarly = await test.client.send<AdminExperience>(
      'POST',
      `/v3/admin/experiences/${later.id}/end/`,
      {},
      operator,
    );
    expect(endedEarly.data).toMatchObject({ starts_at: null });

    const other = await define({ name: 'Summer', display_data: { kind: 'banner', title: 'C' } });
    await viewed(person, other.placed_experience_id);
    expect((await shown(person)).data.experiences[String(BANNER)]?.experience_id).toBe(other.id);
    const removed = await test.client.send<{ id: string }>(
      'DELETE',
      `/v3/admin/experiences/${other.id}/`,
      {},
      operator,
    );
    expect(removed.data).toEqual({ id: other.id });
    expect((await shown(person)).data.experiences[String(BANNER)]).toBeNull();
    expect(
      await handle.db
        .selectFrom('user_experiences')
        .select('user_id')
        .where('experience_id', '=', other.id)
        .execute(),
    ).toEqual([]);
    for (const [method, url] of [
      ['DELETE', `/v3/admin/experiences/${other.id}/`],
      ['POST', `/v3/admin/experiences/${other.id}/end/`],
    ] as const) {
      expect((await test.client.send(method, url, {}, operator)).code).toBe(
        ERROR_CODES.EXPERIENCE_NOT_FOUND.code,
      );
    }
    expect(
      (await test.client.send('DELETE', '/v3/admin/experiences/abc/', {}, operator)).code,
    ).toBe(ERROR_CODES.VALIDATION_FAILED.code);
  });
});

describe('the save tooltip placement', () => {
  it('is shown once: after one view the placement no longer serves it, whatever its cap', async () => {
    const person = await f.user();
    const tip = await define({
      placement_id: TOOLTIP,
      name: 'First save',
      triggerable: true,
      max_views_per_person: 5,
      display_data: { kind: 'tooltip', anchor: 'pin_save_button', body: 'Saved!' },
    });
    expect((await shown(person, [TOOLTIP])).data.experiences[String(TOOLTIP)]).toBeNull();
    await test.client.send(
      'PUT',
      `/v3/experiences/${tip.placed_experience_id}/trigger/`,
      {},
      person,
    );
    expect((await shown(person, [TOOLTIP])).data.experiences[String(TOOLTIP)]?.experience_id).toBe(
      tip.id,
    );
    expect((await viewed(person, tip.placed_experience_id)).data.view_count).toBe(1);
    expect((await shown(person, [TOOLTIP])).data.experiences[String(TOOLTIP)]).toBeNull();
    expect((await viewed(person, tip.placed_experience_id)).code).toBe(
      ERROR_CODES.EXPERIENCE_NOT_ELIGIBLE.code,
    );
  });
});
