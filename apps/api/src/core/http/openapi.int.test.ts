// GET /v3/openapi.json: the generated document lists every route the app serves and every
// resource verb, each with its input and answer schemas (the real envelope).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { RESOURCE_VERBS } from '../resources/resource-registry.ts';
import { OPENAPI_PATH } from './openapi.ts';

interface Operation {
  summary?: string;
  parameters?: { name: string; in: string; schema?: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

/** Routes served outside the API (Better Auth's passthrough, the web build's files). */
const NOT_API = [/^\/api\/auth\//, /^\/assets\//];

let handle: DbHandle;
let t: TestApp;
let doc: Document;
let routes: { method: string; url: string }[] = [];

/** `/v3/pins/:id/` → `/v3/pins/{id}/`, as OpenAPI spells path parameters. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{*}');
}

beforeAll(async () => {
  handle = await createTestDb();
  t = await buildTestApp(handle.db);
  const response = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(response.statusCode).toBe(200);
  doc = response.json<Document>();
  // Every route as Fastify registered it (an independent list from the document's).
  routes = [...t.app.routeTable];
});

afterAll(async () => {
  await t.close();
  await handle.close();
});

/** The operation, whether the route was written with a trailing slash or not (both answer). */
function operation(method: string, url: string): Operation | undefined {
  const path = openApiPath(url);
  const paths = [path, path.endsWith('/') ? path.slice(0, -1) : `${path}/`];
  return paths.map((candidate) => doc.paths[candidate]?.[method.toLowerCase()]).find(Boolean);
}

function successSchema(op: Operation): Record<string, unknown> | undefined {
  const [status] = Object.keys(op.responses).filter((code) => /^[23]\d\d$/.test(code));
  const content = status === undefined ? undefined : op.responses[status]?.content;
  return content ? Object.values(content)[0]?.schema : undefined;
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it('lists every route the app serves, with an answer schema and the failure envelope', () => {
    const served = routes.filter(
      (route) =>
        route.method !== 'HEAD' &&
        route.method !== 'OPTIONS' &&
        !NOT_API.some((pattern) => pattern.test(route.url)),
    );
    expect(served.length).toBeGreaterThan(40);
    for (const route of served) {
      const op = operation(route.method, route.url);
      expect(op, `${route.method} ${route.url}`).toBeDefined();
      if (!op) continue;
      expect(op.summary, `${route.method} ${route.url} summary`).toBeTruthy();
      expect(successSchema(op), `${route.method} ${route.url} answer`).toBeDefined();
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['4XX', '5XX']));
    }
  });

  it('documents input schemas: path parameters, query strings and bodies', () => {
    const pin = operation('GET', '/v3/pins/:id/');
    expect(pin?.parameters?.find((p) => p.in === 'path' && p.name === 'id')).toBeDefined();
    const search = operation('GET', '/v3/search/:scope/');
    expect(search?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['q', 'bookmark', 'page_size']),
    );
    const login = operation('POST', '/v3/login/');
    const loginBody = login?.requestBody?.content['application/json']?.schema;
    expect(loginBody?.['properties']).toHaveProperty('username_or_email');
    expect(loginBody?.['properties']).toHaveProperty('password');
    const register = operation('POST', '/v3/register/');
    expect(
      register?.requestBody?.content['application/json']?.schema?.['properties'],
    ).toHaveProperty('birthday');
  });

  it('lists every resource verb with its options and answer schemas', () => {
    const names = t.app.resources.names();
    expect(names).toContain('PinResource');
    let verbs = 0;
    for (const name of names) {
      const definition = t.app.resources.lookup(name) ?? {};
      for (const verb of RESOURCE_VERBS) {
        if (!definition[verb]) continue;
        verbs += 1;
        const method = verb === 'get' ? 'GET' : 'POST';
        const op = operation(method, `/resource/${name}/${verb}/`);
        expect(op, `${name} ${verb}`).toBeDefined();
        if (!op) continue;
        if (verb === 'get') {
          const options = op.parameters?.find((p) => p.name === 'options');
          expect(options?.schema?.['contentSchema'], `${name} get options`).toBeDefined();
        } else {
          const body = op.requestBody?.content['application/json']?.schema;
          expect(JSON.stringify(body), `${name} ${verb} options`).toContain('options');
        }
        expect(successSchema(op), `${name} ${verb} answer`).toBeDefined();
      }
    }
    expect(verbs).toBeGreaterThan(15);
  });

  it('describes the real envelope', () => {
    const op = operation('GET', '/resource/BoardPickerBoardsResource/get/');
    const envelope = op ? successSchema(op) : undefined;
    const json = JSON.stringify(envelope);
    for (const field of ['resource_response', 'status', 'code', 'message', 'data', 'bookmark']) {
      expect(json).toContain(`"${field}"`);
    }
    expect(json).toContain('all_boards');
    expect(JSON.stringify(doc)).toContain('api_error_code');
  });
});
