// Search advisories (business.md §2.4, §3; docs/decisions/073): matching (whole terms and
// patterns, accents/case/spacing folded), precedence when several match, country entries, the
// ABUSIVE withholding in every scope, and the admin endpoints (access, CRUD, validation, paging).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { AdminSearchAdvisory, SearchAdvisoryInput } from '@corkboard/shared/search/advisories';
import type { SearchAnswer } from '@corkboard/shared/search/api';
import { createFixtures, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { likePatternOf } from './advisories.service.ts';

let handle: DbHandle;
let test: TestApp;
let operator: UserFixture;
let person: UserFixture;
let french: UserFixture;

function entry(overrides: Partial<SearchAdvisoryInput> = {}): SearchAdvisoryInput {
  return {
    match_kind: 'term',
    match_text: 'placeholder',
    advisory: 'TEST_ADVISORY',
    severity: 1,
    advisory_type: 4,
    resource_country: null,
    notices: [
      {
        style: 'info',
        title: 'Take care',
        description: {
          text: 'Read our guide or call us.',
          text_tags: [
            { offset: 5, length: 9, tagType: 'link', link: '/help/guide/' },
            { offset: 18, length: 7, tagType: 'bold', link: null },
          ],
        },
        actions: [{ button_text: 'Get help', link: 'https://help.example/' }],
        footer: 'Footer words',
        phone_number: null,
      },
    ],
    ...overrides,
  };
}

async function create(input: SearchAdvisoryInput): Promise<AdminSearchAdvisory> {
  const created = await test.client.send<AdminSearchAdvisory>(
    'POST',
    '/v3/admin/search-advisories/',
    input,
    operator,
  );
  expect(created.status, JSON.stringify(created.errorData)).toBe(200);
  return created.data;
}

async function search(q: string, who: UserFixture | null = null, scope = 'pins') {
  return test.client.get<SearchAnswer>(`/v3/search/${scope}/?q=${encodeURIComponent(q)}`, who);
}

beforeAll(async () => {
  handle = await createTestDb();
  const f = createFixtures(handle.db);
  operator = await f.user({ isAdmin: true });
  person = await f.user({ firstName: 'Gore', lastName: 'Vidal' });
  french = await f.user();
  await handle.db.updateTable('users').set({ country: 'fr' }).where('id', '=', french.id).execute();
  const board = await f.board(person, { name: 'Gore and sadness' });
  await f.pin({ board, title: 'Crème brûlée recipe', description: 'Sugar' });
  await f.pin({ board, title: 'Gore film poster', description: '' });
  await f.pin({ board, title: 'Diet pills review', description: '' });
  test = await buildTestApp(handle.db);

  await create(entry({ match_text: 'Crème Brûlée', advisory: 'DESSERT_TERM', severity: 2 }));
  await create(
    entry({ match_kind: 'pattern', match_text: '*diet pill*', advisory: 'DIET_PATTERN' }),
  );
  await create(
    entry({ match_kind: 'pattern', match_text: 'diet*', advisory: 'DIET_PREFIX', severity: 2 }),
  );
  await create(entry({ match_text: 'diet pills', advisory: 'DIET_TERM' }));
  await create(
    entry({
      match_text: 'diet pills',
      advisory: 'DIET_TERM_FR',
      resource_country: 'fr',
    }),
  );
  await create(entry({ match_text: 'gore', advisory: 'GORE_ABUSIVE', severity: 0 }));
  await create(entry({ match_kind: 'pattern', match_text: '100%_*', advisory: 'LITERAL_PERCENT' }));
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('matching a search', () => {
  it('matches a whole term with accents, case and spacing folded, and not a longer query', async () => {
    const folded = await search('  CREME   brulee ');
    expect(folded.data.advisory).toMatchObject({ advisory: 'DESSERT_TERM', severity: 2 });
    expect(folded.data.results.length).toBe(1);
    expect((await search('creme brulee recipe')).data.advisory).toBeNull();
  });

  it('answers the advisory the way business.md §3 shapes it', async () => {
    const { data } = await search('crème brûlée');
    expect(data.advisory?.id).toMatch(/^[0-9]+$/);
    expect({ ...data.advisory, id: 'x' }).toEqual({
      id: 'x',
      advisory: 'DESSERT_TERM',
      severity: 2,
      advisory_type: 4,
      resource_country: null,
      notices: [entry().notices[0]],
    });
  });

  it('matches patterns as globs over the whole folded query; * is any run', async () => {
    expect((await search('Best DIÉT Pills 2026')).data.advisory?.advisory).toBe('DIET_PATTERN');
    expect((await search('dietary fibre')).data.advisory?.advisory).toBe('DIET_PREFIX');
    expect((await search('a diet')).data.advisory).toBeNull();
  });

  it('takes % and _ in a pattern literally', async () => {
    expect((await search('100%_ cotton')).data.advisory?.advisory).toBe('LITERAL_PERCENT');
    expect((await search('100xy cotton')).data.advisory).toBeNull();
    expect(likePatternOf('a%b_c*\\')).toBe('a\\%b\\_c%\\\\');
  });

  it('prefers the most severe entry, then a whole term over a pattern', async () => {
    // Matches DIET_PATTERN (1), DIET_PREFIX (2, pattern) and DIET_TERM (1, term).
    expect((await search('diet pills')).data.advisory?.advisory).toBe('DIET_TERM');
  });

  it("gives a person their own country's entry before everyone's", async () => {
    expect((await search('diet pills', french)).data.advisory).toMatchObject({
      advisory: 'DIET_TERM_FR',
      resource_country: 'FR',
    });
    expect((await search('diet pills', person)).data.advisory?.advisory).toBe('DIET_TERM');
  });

  it('answers no advisory for a query nothing matches', async () => {
    const { data } = await search('diary');
    expect(data.advisory).toBeNull();
  });
});

describe('ABUSIVE queries', () => {
  it.each(['pins', 'boards', 'users', 'buyable_pins'])(
    'withhold every result in the %s scope and answer the advisory',
    async (scope) => {
      const answer = await search('GORE', null, scope);
      expect(answer.status).toBe(200);
      expect(answer.data.advisory).toMatchObject({ advisory: 'GORE_ABUSIVE', severity: 0 });
      expect(answer.data.results).toEqual([]);
      expect(answer.data.did_you_mean).toBeNull();
      expect(answer.bookmark).toBeUndefined();
    },
  );

  it('do not withhold a longer query the term does not match', async () => {
    const answer = await search('gore film');
    expect(answer.data.advisory).toBeNull();
    expect(answer.data.results.length).toBe(1);
  });

  it('withhold results for a sensitive query only when the entry is abusive', async () => {
    const answer = await search('diet pills');
    expect(answer.data.advisory?.severity).toBe(1);
    expect(answer.data.results.length).toBe(1);
  });
});

describe('the admin endpoints', () => {
  it('answer visitors UNAUTHORIZED and people who are not operators ADMIN_REQUIRED', async () => {
    const cases = [
      ['GET', '/v3/admin/search-advisories/'],
      ['POST', '/v3/admin/search-advisories/'],
      ['PUT', '/v3/admin/search-advisories/1/'],
      ['DELETE', '/v3/admin/search-advisories/1/'],
    ] as const;
    for (const [method, url] of cases) {
      const visitor =
        method === 'GET'
          ? await test.client.get(url, null)
          : await test.client.send(method, url, entry(), null);
      expect(visitor.code, `${method} ${url}`).toBe(ERROR_CODES.UNAUTHORIZED.code);
      const someone =
        method === 'GET'
          ? await test.client.get(url, person)
          : await test.client.send(method, url, entry(), person);
      expect(someone.code, `${method} ${url}`).toBe(ERROR_CODES.ADMIN_REQUIRED.code);
    }
  });

  it('create, change, list, search, page and remove an entry', async () => {
    const created = await create(
      entry({ match_text: 'Kale smoothie', advisory: 'KALE', resource_country: 'es' }),
    );
    expect(created).toMatchObject({
      match_kind: 'term',
      match_text: 'Kale smoothie',
      resource_country: 'ES',
      updated_by: operator.username,
    });
    const changed = await test.client.send<AdminSearchAdvisory>(
      'PUT',
      `/v3/admin/search-advisories/${created.id}/`,
      entry({ match_text: 'kale juice', advisory: 'KALE_2', severity: 2, advisory_type: 14 }),
      operator,
    );
    expect(changed.data).toMatchObject({
      id: created.id,
      match_text: 'kale juice',
      advisory: 'KALE_2',
      severity: 2,
      advisory_type: 14,
      resource_country: null,
    });
    expect((await search('Kale Juice')).data.advisory?.advisory).toBe('KALE_2');
    expect((await search('kale smoothie')).data.advisory).toBeNull();

    const found = await test.client.get<AdminSearchAdvisory[]>(
      '/v3/admin/search-advisories/?q=KÂLE',
      operator,
    );
    expect(found.data.map((row) => row.id)).toEqual([created.id]);

    const first = await test.client.get<AdminSearchAdvisory[]>(
      '/v3/admin/search-advisories/?page_size=3',
      operator,
    );
    expect(first.data.map((row) => row.advisory)).toEqual([
      'DESSERT_TERM',
      'DIET_PATTERN',
      'DIET_PREFIX',
    ]);
    const second = await test.client.get<AdminSearchAdvisory[]>(
      `/v3/admin/search-advisories/?page_size=3&bookmark=${first.bookmark ?? ''}`,
      operator,
    );
    expect(second.data.map((row) => row.advisory)).toEqual([
      'DIET_TERM',
      'DIET_TERM_FR',
      'GORE_ABUSIVE',
    ]);

    const removed = await test.client.send(
      'DELETE',
      `/v3/admin/search-advisories/${created.id}/`,
      undefined,
      operator,
    );
    expect(removed.data).toEqual({ id: created.id });
    expect((await search('kale juice')).data.advisory).toBeNull();
    const again = await test.client.send(
      'DELETE',
      `/v3/admin/search-advisories/${created.id}/`,
      undefined,
      operator,
    );
    expect(again.code).toBe(ERROR_CODES.SEARCH_ADVISORY_NOT_FOUND.code);
    const missing = await test.client.send(
      'PUT',
      `/v3/admin/search-advisories/${created.id}/`,
      entry(),
      operator,
    );
    expect(missing.code).toBe(ERROR_CODES.SEARCH_ADVISORY_NOT_FOUND.code);
  });

  it('refuse a second entry with the same folded term and country', async () => {
    const duplicate = await test.client.send(
      'POST',
      '/v3/admin/search-advisories/',
      entry({ match_text: 'DIET   Pills' }),
      operator,
    );
    expect(duplicate.code).toBe(ERROR_CODES.SEARCH_ADVISORY_DUPLICATE.code);
    expect(duplicate.status).toBe(409);
  });

  const [notice] = entry().notices;
  if (!notice) throw new Error('entry() has one notice');
  it.each([
    ['an unknown severity', { severity: 3 }, 'severity'],
    ['an advisory type out of range', { advisory_type: 100 }, 'advisory_type'],
    ['a term with *', { match_text: 'diet*' }, 'match_text'],
    ['a pattern of * alone', { match_kind: 'pattern', match_text: ' * ' }, 'match_text'],
    ['a bad country', { resource_country: 'FRA' }, 'resource_country'],
    ['no notices', { notices: [] }, 'notices'],
    [
      'a tag past the end of its text',
      {
        notices: [
          {
            ...notice,
            description: {
              text: 'short',
              text_tags: [{ offset: 2, length: 4, tagType: 'bold', link: null }],
            },
          },
        ],
      },
      'notices.0.description.text_tags.0',
    ],
    [
      'overlapping tags',
      {
        notices: [
          {
            ...notice,
            description: {
              text: 'overlapping',
              text_tags: [
                { offset: 0, length: 4, tagType: 'bold', link: null },
                { offset: 2, length: 4, tagType: 'bold', link: null },
              ],
            },
          },
        ],
      },
      'notices.0.description.text_tags.1',
    ],
    [
      'a link tag without a link',
      {
        notices: [
          {
            ...notice,
            description: {
              text: 'a link',
              text_tags: [{ offset: 2, length: 4, tagType: 'link', link: null }],
            },
          },
        ],
      },
      'notices.0.description.text_tags.0.link',
    ],
    [
      'a javascript: link',
      { notices: [{ ...notice, actions: [{ button_text: 'Go', link: 'javascript:alert(1)' }] }] },
      'notices.0.actions.0.link',
    ],
    [
      'a protocol-relative link',
      { notices: [{ ...notice, actions: [{ button_text: 'Go', link: '//evil.example/' }] }] },
      'notices.0.actions.0.link',
    ],
    [
      'a phone-support notice without a number',
      { notices: [{ ...notice, style: 'phone_support', phone_number: null }] },
      'notices.0.phone_number',
    ],
    [
      'a phone number with letters',
      { notices: [{ ...notice, style: 'phone_support', phone_number: 'call-me-now' }] },
      'notices.0.phone_number',
    ],
  ])('refuse %s as SEARCH_ADVISORY_INVALID', async (_name, overrides, path) => {
    const result = await test.client.send(
      'POST',
      '/v3/admin/search-advisories/',
      { ...entry({ match_text: 'validation case' }), ...overrides },
      operator,
    );
    expect(result.code).toBe(ERROR_CODES.SEARCH_ADVISORY_INVALID.code);
    expect(result.status).toBe(400);
    const fields = result.errorData.fields as { path: string }[];
    expect(fields.map((field) => field.path)).toContain(path);
  });

  it('accept a phone-support notice with a number', async () => {
    const created = await create(
      entry({
        match_text: 'helpline test',
        notices: entry().notices.map((base) => ({
          ...base,
          style: 'phone_support' as const,
          phone_number: '+1 (800) 273-8255',
        })),
      }),
    );
    expect(created.notices[0]).toMatchObject({
      style: 'phone_support',
      phone_number: '+1 (800) 273-8255',
    });
  });
});
