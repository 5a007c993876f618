// What a password log-in asks of the database (ADRs 187, 194, 199): on PGlite every statement is
// work on the server's only thread, beside the password hash on libuv's pool, so the log-in rate
// against the raw hash rate (npm run bench:login) depends on how many there are. A successful
// log-in of a person without a second factor: the state read, clearing the client's counters,
// the session hook's status read, the session insert, and trusting the browser together with
// reading the person for the answer. Statements are recorded as their kind and the tables they
// name, in order.
import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { AuthSuccess } from '@corkboard/shared/auth/api';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  body,
  GOOD_PASSWORD,
  newBrowser,
  signUp,
  type TestBrowser,
} from '../../test/test-browser.ts';
import { DEVICE_COOKIE } from '../account-security/devices.service.ts';
import { countSessions } from './auth.repository.ts';

/** The tables (and aliases) a statement names (Kysely's TableNodes; raw SQL names none). */
function tablesOf(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) tablesOf(item, found);
  } else if (node !== null && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (record['kind'] === 'TableNode') {
      const table = record['table'] as { identifier?: { name?: string } } | undefined;
      if (table?.identifier?.name) found.add(table.identifier.name);
    }
    for (const value of Object.values(record)) tablesOf(value, found);
  }
  return found;
}

/** Records every statement a Kysely instance executes, as `Kind table, table`. */
class Statements implements KyselyPlugin {
  readonly #labels = new WeakMap<object, string>();
  executed: string[] = [];
  transformQuery(args: PluginTransformQueryArgs) {
    const node: OperationNode = args.node;
    const kind = node.kind.replace(/QueryNode$|Node$/, '');
    const tables = [...tablesOf(node)].sort().join(', ');
    this.#labels.set(args.queryId, tables ? `${kind} ${tables}` : kind);
    return args.node;
  }
  transformResult(args: PluginTransformResultArgs) {
    this.executed.push(this.#labels.get(args.queryId) ?? 'unknown');
    return Promise.resolve(args.result);
  }
}

/** A successful log-in without a second factor, from a browser not signed in. */
const LOG_IN = [
  // readPasswordLoginState: counters, account, hash, providers, factors, trusted browser.
  'Raw',
  // clearCounters: the account's counter (and a trusted browser's) in one statement.
  'Delete auth_rate_limits',
  // The engine's session hook: the account's status (the endpoint uses this row, ADR 199);
  // Better Auth's adapter selects from a subquery aliased "primary".
  'Select primary, users',
  // Better Auth's session row.
  'Insert auth_sessions',
  // trustDeviceAndFindAuthUser: the device cookie's row (a CTE) and the person for the answer.
  'Select auth_trusted_devices, images, trusted_device, u, ua, users',
];

let handle: DbHandle;
let test: TestApp;
const statements = new Statements();

beforeAll(async () => {
  handle = await createTestDb();
  test = await buildTestApp(handle.db.withPlugin(statements), { viewer: 'session' });
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

async function logIn(b: TestBrowser, identifier: string) {
  // The CSRF cookie first (TestBrowser fetches it on its first write), outside the count.
  await b.get('/v3/captcha/config/');
  statements.executed = [];
  const response = await b.post('/v3/login/', {
    username_or_email: identifier,
    password: GOOD_PASSWORD,
  });
  return { response, executed: statements.executed };
}

describe('a password log-in, statement by statement', () => {
  it('from a new browser: five statements, and the answer is the person, signed in', async () => {
    const person = await signUp(test.app, 'trips');
    const b = newBrowser(test.app);
    const sessionsBefore = await countSessions(handle.db, person.id);
    const { response, executed } = await logIn(b, person.email);
    expect(response.statusCode).toBe(200);
    expect(executed).toEqual(LOG_IN);
    const { user } = body<AuthSuccess>(response).resource_response.data;
    expect(user).toMatchObject({ id: person.id, username: person.username, has_password: true });
    expect(await countSessions(handle.db, person.id)).toBe(sessionsBefore + 1);
    expect(b.cookies.has(DEVICE_COOKIE)).toBe(true);
    expect((await b.get('/v3/users/me/')).statusCode).toBe(200);
  });

  it('from a trusted browser: the same five (its counter is cleared with the account’s)', async () => {
    const person = await signUp(test.app, 'trips');
    const b = newBrowser(test.app);
    expect((await logIn(b, person.username)).response.statusCode).toBe(200);
    await b.post('/v3/logout/');
    const { response, executed } = await logIn(b, person.username);
    expect(response.statusCode).toBe(200);
    expect(executed).toEqual(LOG_IN);
  });
});
