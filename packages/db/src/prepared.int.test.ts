// Marked queries (ADR 197): on PostgreSQL they run as named prepared statements, one per SQL
// text, and answer exactly what the unmarked query answers; unmarked queries stay unnamed. On
// PGlite the marker is a comment and changes nothing.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './create-db.ts';
import { PREPARED_STATEMENT_MARKER, preparedStatementName } from './prepared.ts';
import { createTestDb } from './testing.ts';

let handle: DbHandle;
const PREPARED = sql.raw(PREPARED_STATEMENT_MARKER);

beforeAll(async () => {
  handle = await createTestDb();
});

afterAll(async () => {
  await handle.close();
});

describe('marked queries', () => {
  it('answer as unmarked ones, with their parameters', async () => {
    const marked = await sql<{ n: number; label: string }>`${PREPARED}
      SELECT ${41}::int + 1 AS n, ${'a'}::text || 'b' AS label`.execute(handle.db);
    expect(marked.rows).toEqual([{ n: 42, label: 'ab' }]);
    // Same statement, other values: the parameters are not baked into the prepared statement.
    const again = await sql<{ n: number; label: string }>`${PREPARED}
      SELECT ${1}::int + 1 AS n, ${'x'}::text || 'b' AS label`.execute(handle.db);
    expect(again.rows).toEqual([{ n: 2, label: 'xb' }]);
  });

  it('are named prepared statements on PostgreSQL, unmarked ones are not', async () => {
    if (handle.kind !== 'postgres') return;
    // One connection for both queries and the look at pg_prepared_statements.
    await handle.db.connection().execute(async (db) => {
      const compiled = sql`${PREPARED} SELECT ${7}::int AS seven`.compile(db);
      await sql`${PREPARED} SELECT ${7}::int AS seven`.execute(db);
      await sql`SELECT ${8}::int AS eight`.execute(db);
      // A builder's marker follows its `select` (modifyFront).
      const built = db.selectFrom('users').modifyFront(PREPARED).select('id').where('id', '=', '0');
      await built.execute();
      const statements = await sql<{ name: string; statement: string }>`
        SELECT name, statement FROM pg_prepared_statements`.execute(db);
      expect(statements.rows.map((row) => row.name)).toContain(preparedStatementName(compiled.sql));
      expect(statements.rows.map((row) => row.name)).toContain(
        preparedStatementName(built.compile().sql),
      );
      expect(statements.rows.some((row) => row.statement.includes('eight'))).toBe(false);
    });
  });
});
