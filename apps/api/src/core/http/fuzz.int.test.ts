// Issue 13, "kept fixed, in CI": a property-based run over every route and resource verb the
// OpenAPI document lists, with inputs generated from each operation's own schemas (and values of
// the wrong type, unknown keys, odd strings and seeded ids mixed in). Asserted for every answer:
// no 5xx, JSON answers in the envelope, and no data of a secret board in any answer to a visitor
// or to a signed-in person who is not its owner. fast-check prints the failing request.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { csrfHeaders } from '../../test/api-client.ts';
import { createFixtures } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { as } from '../../test/test-viewer.ts';
import { OPENAPI_PATH } from './openapi.ts';

/** Generated requests per run (a few thousand, as issue 13 asks; about a minute on two cores). */
const FUZZ_RUNS = 2_500;
/** Generous: the run takes about a minute on an idle two-core machine, more under load. */
const FUZZ_TIMEOUT_MS = 10 * 60_000;
/** A word no generator produces: it appears only in the secret board's own data. */
const SECRET_MARKER = 'qzxwvmarker';
/** Served outside the API or streaming files: not generated. */
const SKIPPED_PATHS = [/^\/api\/auth\/\{\*\}$/, /^\/media\//];
/**
 * The only 5xx allowed: a registered "not available now" answer in the envelope (an identity or
 * SMS provider that is not configured here, image work at capacity) — never INTERNAL (500).
 */
const DELIBERATE_UNAVAILABLE = new Set<number>(
  Object.values(ERROR_CODES)
    .filter((definition) => definition.httpStatus === 503)
    .map((definition) => definition.code),
);
/** Answers that are not in the envelope by design (the document itself, the health probe). */
const NOT_ENVELOPED = new Set([OPENAPI_PATH, '/healthz']);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  contentSchema?: JsonSchema;
};
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface FuzzRequest {
  method: string;
  url: string;
  body: unknown;
  who: 'visitor' | 'stranger' | 'owner';
}

let handle: DbHandle;
let test: TestApp;
let operations: { method: string; path: string; op: Operation }[] = [];
let seeded: { owner: { id: string }; stranger: { id: string }; ids: string[] };

/** Ids of seeded rows (so generated requests reach real rows, the secret board's among them). */
function seededValue(): fc.Arbitrary<string> {
  return fc.constantFrom(...seeded.ids);
}

/** Odd strings: empty, long, unicode, control characters, path and SQL punctuation. */
const oddString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'null',
    '[]',
    '{}',
    "'; --",
    '../..',
    '%',
    'x'.repeat(300),
  ),
);

/** Any JSON-ish value, for "the wrong type" and unknown keys. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  oddString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(oddString, fc.integer()), { maxLength: 4 }),
);

/** A value for `schema`, usually of its shape, sometimes not (to reach the validation paths). */
function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyValue;
  const shaped = shapedValue(schema, depth);
  return fc.oneof({ arbitrary: shaped, weight: 8 }, { arbitrary: anyValue, weight: 1 });
}

function shapedValue(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((alternative) => fromSchema(alternative, depth + 1)));
  }
  if (schema.allOf?.[0]) return fromSchema(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const known = fc.record(
        Object.fromEntries(properties.map(([name, sub]) => [name, fromSchema(sub, depth + 1)])),
        { requiredKeys: [] },
      );
      const unknown = fc.dictionary(fc.string({ maxLength: 8 }), anyValue, { maxKeys: 2 });
      return fc.tuple(known, unknown).map(([a, b]) => ({ ...b, ...a }));
    }
    case 'array':
      return fc.array(fromSchema(schema.items, depth + 1), { maxLength: 5 });
    case 'integer':
      return fc.oneof(
        fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 1000, 1e6) }),
        fc.constantFrom(0, -1, 2 ** 31, Number.MAX_SAFE_INTEGER),
      );
    case 'number':
      return fc.double({ noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return fc.oneof(seededValue(), oddString);
    default:
      return anyValue;
  }
}

/** A query or path value as text. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

function requestFor(method: string, path: string, op: Operation): fc.Arbitrary<FuzzRequest> {
  const parameters = op.parameters ?? [];
  const pathValues = fc.record(
    Object.fromEntries(
      parameters
        .filter((p) => p.in === 'path')
        .map((p) => [p.name, fc.oneof(seededValue(), oddString, fromSchema(p.schema).map(asText))]),
    ),
  );
  const queryValues = fc.record(
    Object.fromEntries(
      parameters
        .filter((p) => p.in === 'query')
        .map((p) => {
          // Resource options are JSON in the query: generate from their content schema.
          const content = p.schema?.contentSchema;
          const value = content
            ? fromSchema(content).map((v) => JSON.stringify(v) ?? '')
            : fromSchema(p.schema).map(asText);
          return [p.name, fc.oneof(value, oddString)];
        }),
    ),
    { requiredKeys: [] },
  );
  const bodySchema = op.requestBody ? Object.values(op.requestBody.content)[0]?.schema : undefined;
  const body = op.requestBody ? fromSchema(bodySchema) : fc.constant(undefined);
  return fc
    .record({
      pathValues,
      queryValues,
      body,
      who: fc.constantFrom('visitor' as const, 'stranger' as const, 'owner' as const),
    })
    .map(({ pathValues: values, queryValues: query, body: payload, who }) => {
      const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
        encodeURIComponent(String(values[name] ?? '')),
      );
      const search = new URLSearchParams(
        Object.entries(query).map(([name, value]) => [name, String(value)]),
      ).toString();
      return { method, url: search ? `${filled}?${search}` : filled, body: payload, who };
    });
}

async function send(request: FuzzRequest) {
  const user =
    request.who === 'owner' ? seeded.owner : request.who === 'stranger' ? seeded.stranger : null;
  const hasBody = request.body !== undefined && request.method !== 'GET';
  return test.app.inject({
    method: request.method as 'GET',
    url: request.url,
    ...(hasBody ? { payload: JSON.stringify(request.body) } : {}),
    headers: {
      accept: 'application/json',
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
      ...csrfHeaders(),
      ...as(user),
    },
  });
}

/**
 * The owner may publish their own secret (a generated owner request can make the board public,
 * invite the stranger, or move or save the pin onto a public board): that is not a leak, but it
 * would make the marker legitimately visible to others. After every owner write that succeeded,
 * the secret is put back — the board secret again, no collaborator, the marker only in the
 * secret board's own rows — and the public page caches dropped, as any write does.
 */
async function keepSecret(secretBoardId: string): Promise<void> {
  const db = handle.db;
  const scrub = (column: string) => sql<string>`replace(${sql.ref(column)}, ${SECRET_MARKER}, 'x')`;
  await db
    .updateTable('boards')
    .set({ privacy: 'secret' })
    .where('id', '=', secretBoardId)
    .execute();
  await db.deleteFrom('board_collaborators').where('board_id', '=', secretBoardId).execute();
  await db
    .updateTable('pins')
    .set({ title: scrub('title'), description: scrub('description') })
    .where('board_id', '<>', secretBoardId)
    .execute();
  await db
    .updateTable('board_sections')
    .set({ title: scrub('title') })
    .where('board_id', '<>', secretBoardId)
    .execute();
  await db
    .updateTable('boards')
    .set({ name: scrub('name'), description: scrub('description') })
    .where('id', '<>', secretBoardId)
    .execute();
  await test.app.pageCache.invalidate();
}

beforeAll(async () => {
  handle = await createTestDb();
  const f = createFixtures(handle.db);
  const owner = await f.user({ firstName: `Owner ${SECRET_MARKER}` });
  const stranger = await f.user();
  const secret = await f.board(owner, {
    name: `Board ${SECRET_MARKER}`,
    slug: 'hidden-plans',
    privacy: 'secret',
    description: `about ${SECRET_MARKER}`,
  });
  const section = await f.section(secret, { title: `Section ${SECRET_MARKER}` });
  const secretPin = await f.pin({ board: secret, section, title: `Pin ${SECRET_MARKER}` });
  const open = await f.board(stranger, { name: 'Open board' });
  const openPin = await f.pin({ board: open, title: 'Open pin' });
  // The owner's name carries the marker too, but a person is public: only board data is secret.
  await handle.db
    .updateTable('users')
    .set({ first_name: 'Owner' })
    .where('id', '=', owner.id)
    .execute();
  seeded = {
    owner,
    stranger,
    ids: [
      secret.id,
      section.id,
      secretPin.id,
      open.id,
      openPin.id,
      owner.id,
      stranger.id,
      owner.username,
      secret.slug,
    ],
  };
  test = await buildTestApp(handle.db, { config: { rateLimitMax: 1_000_000 } });
  const doc = (await test.app.inject({ method: 'GET', url: OPENAPI_PATH })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    SKIPPED_PATHS.some((pattern) => pattern.test(path))
      ? []
      : Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('generated requests over every route', () => {
  it('would notice the secret board in an answer: its owner gets the marker back, others do not', async () => {
    const url = `/v3/boards/${seeded.ids[0]}/pins/`;
    const asOwner = await send({ method: 'GET', url, body: undefined, who: 'owner' });
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.body).toContain(SECRET_MARKER);
    for (const who of ['visitor', 'stranger'] as const) {
      const answer = await send({ method: 'GET', url, body: undefined, who });
      expect(answer.body.toLowerCase(), who).not.toContain(SECRET_MARKER);
    }
  });

  it(
    'never answer 5xx, answer JSON in the envelope, and never show a secret board to others',
    async () => {
      expect(operations.length).toBeGreaterThan(100);
      const requests = fc.oneof(
        ...operations.map(({ method, path, op }) => requestFor(method, path, op)),
      );
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(requests, async (request) => {
          const response = await send(request);
          if (request.who === 'owner' && request.method !== 'GET' && response.statusCode < 300) {
            await keepSecret(seeded.ids[0] as string);
          }
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const where = `${request.method} ${request.url} as ${request.who}`;
          if (response.statusCode >= 500) {
            const code = response.json<{ resource_response?: { code?: number } }>()
              .resource_response?.code;
            expect(
              response.statusCode === 503 && code !== undefined && DELIBERATE_UNAVAILABLE.has(code),
              `${where}: ${response.statusCode} ${response.body.slice(0, 300)}`,
            ).toBe(true);
          }
          const path = request.url.split('?')[0] ?? '';
          if (
            response.headers['content-type']?.includes('application/json') &&
            !NOT_ENVELOPED.has(path)
          ) {
            const body = response.json<{ resource_response?: { code?: unknown } }>();
            expect(typeof body.resource_response?.code, where).toBe('number');
          }
          if (request.who !== 'owner') {
            expect(response.body.toLowerCase(), where).not.toContain(SECRET_MARKER);
          }
        }),
        {
          numRuns: FUZZ_RUNS,
          // Replays a failing run: fast-check prints its seed (and path) with the counterexample.
          ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
          ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}),
        },
      );
      // The run reached past the validation layer: some answers succeeded, some were refused.
      expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
      expect([...statuses.keys()].some((status) => status >= 400)).toBe(true);
    },
    FUZZ_TIMEOUT_MS,
  );
});
