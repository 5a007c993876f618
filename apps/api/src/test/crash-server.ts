// For crash tests that spawn the real server on a PGlite data directory: a person who can log
// in (written straight into a fresh, migrated database) and a logged-in client's headers.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { createDb } from '@corkboard/db/create-db';
import { migrateToLatest } from '@corkboard/db/migrations';
import type { Database } from '@corkboard/db/schema';

export const CRASH_USERNAME = 'crash_test';
const PASSWORD = 'crash-test-password';
const CSRF = 'Y3Jhc2gtdGVzdC1jc3JmLXRva2VuLTAxMjM0NTY3ODk';

/** Migrates a new database in `dataDir` and adds CRASH_USERNAME with a password. */
export async function prepareCrashData(dataDir: string): Promise<void> {
  const handle = await createDb({ dataDir });
  await migrateToLatest(handle.db as Kysely<unknown>);
  await addLoginUser(handle.db);
  await handle.close();
}

/** Adds CRASH_USERNAME with a password to a migrated database (PGlite or PostgreSQL). */
export async function addLoginUser(db: Kysely<Database>): Promise<void> {
  const user = await db
    .insertInto('users')
    .values({
      username: CRASH_USERNAME,
      first_name: 'Crash',
      last_name: 'Test',
      email: 'crash@test.example',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The e-mail credential as Better Auth stores it (provider 'credential', keyed by the user id).
  await db
    .insertInto('auth_accounts')
    .values({
      user_id: user.id,
      provider_id: 'credential',
      account_id: user.id,
      password: await hashPassword(PASSWORD),
      created_at: new Date(),
      updated_at: new Date(),
    })
    .execute();
}

/** Logs CRASH_USERNAME in at `base`; answers the cookie and CSRF headers of later writes. */
export async function logInCrashUser(base: string): Promise<Record<string, string>> {
  const login = await fetch(`${base}/v3/login/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `csrftoken=${CSRF}`,
      'x-csrftoken': CSRF,
    },
    body: JSON.stringify({ username_or_email: CRASH_USERNAME, password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  const cookies = new Map<string, string>([['csrftoken', CSRF]]);
  for (const cookie of login.headers.getSetCookie()) {
    const [pair = ''] = cookie.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return {
    cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    'x-csrftoken': cookies.get('csrftoken') ?? CSRF,
  };
}

/** Every file under `root` (none when it does not exist): what a crash left on disk. */
export function allFiles(root: string): string[] {
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}
