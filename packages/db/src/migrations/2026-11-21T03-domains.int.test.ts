// The domains migration: verified_domains' shape rules, the dialog-render event with its metric,
// and down() → up() leaving the schema as it found it.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../create-db.ts';
import { createTestDb } from '../testing.ts';
import { down, up } from './2026-11-21T03-domains.ts';

let handle: DbHandle;
let userId: string;

beforeAll(async () => {
  handle = await createTestDb();
  const user = await handle.db
    .insertInto('users')
    .values({
      username: 'domain_owner',
      email: 'domain_owner@example.test',
      first_name: 'Domain',
      last_name: 'Owner',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  userId = user.id;
});

afterAll(async () => {
  await handle.close();
});

async function rejects(task: () => Promise<unknown>): Promise<void> {
  await expect(task()).rejects.toThrow(/violates check constraint/);
}

describe('2026-11-21T03-domains', () => {
  it('keeps domains in the form pins.domain has: lower case, without www.', async () => {
    await handle.db
      .insertInto('verified_domains')
      .values({ domain: 'cooking.example', user_id: userId })
      .execute();
    const insert = (domain: string) =>
      handle.db.insertInto('verified_domains').values({ domain, user_id: userId }).execute();
    await rejects(() => insert('www.other.example'));
    await rejects(() => insert('Other.example'));
    await rejects(() => insert(''));
    // One official user per domain.
    await expect(insert('cooking.example')).rejects.toThrow(/duplicate key/);
  });

  it('stores the dialog render only with a metric, and metrics only on that event', async () => {
    const event = (values: {
      event: 'pin_create_fail' | 'pin_saved_dialog_render';
      metric: 'send' | 'promote' | null;
    }) => handle.db.insertInto('pin_client_events').values(values).execute();
    await event({ event: 'pin_saved_dialog_render', metric: 'send' });
    await event({ event: 'pin_saved_dialog_render', metric: 'promote' });
    await event({ event: 'pin_create_fail', metric: null });
    await rejects(() => event({ event: 'pin_saved_dialog_render', metric: null }));
    await rejects(() => event({ event: 'pin_create_fail', metric: 'send' }));
    await rejects(() =>
      sql`INSERT INTO pin_client_events (event, metric) VALUES ('pin_saved_dialog_render', 'share')`.execute(
        handle.db,
      ),
    );
  });

  it('down() removes what up() added, and up() applies again', async () => {
    const db = handle.db as unknown as Kysely<unknown>;
    await down(db);
    const tables = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM information_schema.tables
      WHERE table_name = 'verified_domains'`.execute(db);
    expect(tables.rows[0]?.n).toBe(0);
    const columns = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM information_schema.columns
      WHERE table_name = 'pin_client_events' AND column_name = 'metric'`.execute(db);
    expect(columns.rows[0]?.n).toBe(0);
    // The renders went with the column; the other events stay, under the old rule.
    const left = await sql<{ event: string }>`SELECT event FROM pin_client_events`.execute(db);
    expect(left.rows.map((row) => row.event)).toEqual(['pin_create_fail']);
    await rejects(() =>
      sql`INSERT INTO pin_client_events (event) VALUES ('pin_saved_dialog_render')`.execute(db),
    );

    await up(db);
    await handle.db
      .insertInto('pin_client_events')
      .values({ event: 'pin_saved_dialog_render', metric: 'send' })
      .execute();
  });
});
