// Named prepared statements on PGlite (ADR 205): a statement is parsed once per PGlite session and
// answers exactly what PGlite's own query() answers — values, parsed types, affected rows, errors
// — with the same locking against open transactions.
import type { PGlite } from '@electric-sql/pglite';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kyselyOverPglite, openPglite } from './create-db.ts';
import { PgliteStatementCache, preparingPglite } from './pglite-prepared.ts';
import type { Database } from './schema.ts';

let pglite: PGlite;
let cache: PgliteStatementCache;
let prepared: PGlite;

beforeAll(async () => {
  pglite = await openPglite(undefined);
  cache = new PgliteStatementCache(pglite, 3);
  prepared = preparingPglite(pglite, cache);
  await pglite.exec(`
    CREATE TABLE things (id bigserial PRIMARY KEY, label text UNIQUE NOT NULL,
      born date, seen_at timestamptz, meta jsonb, tags text[]);`);
});

afterAll(async () => {
  await pglite.close();
});

async function both(text: string, params: unknown[] = []) {
  const own = await pglite.query(text, params, { rowMode: 'object' });
  const ours = await prepared.query(text, params, { rowMode: 'object' });
  return { own, ours };
}

describe('a prepared statement on PGlite', () => {
  it('answers as query() does: values, parsed types, affected rows', async () => {
    const seen = new Date('2026-11-28T10:30:00.000Z');
    const inserted = await prepared.query<{ id: string }>(
      'INSERT INTO things (label, born, seen_at, meta, tags) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      ['a', '1990-05-01', seen, { k: [1, 'x'] }, ['p', 'q']],
      { rowMode: 'object' },
    );
    expect(inserted.rows).toEqual([{ id: '1' }]);
    const { own, ours } = await both('SELECT * FROM things WHERE label = $1', ['a']);
    expect(ours.rows).toEqual(own.rows);
    expect(ours.rows[0]).toEqual({
      id: '1',
      label: 'a',
      born: '1990-05-01',
      seen_at: seen,
      meta: { k: [1, 'x'] },
      tags: ['p', 'q'],
    });
    expect(ours.fields).toEqual(own.fields);
    const updated = await prepared.query('UPDATE things SET label = $1 WHERE label = $2', [
      'b',
      'a',
    ]);
    expect(updated.affectedRows).toBe(1);
    const none = await prepared.query('UPDATE things SET label = $1 WHERE label = $2', ['c', 'zz']);
    expect(none.affectedRows).toBe(0);
    expect(
      (await both('SELECT count(*)::int AS n FROM things WHERE $1::text IS NULL', [null])).ours
        .rows,
    ).toEqual([{ n: 1 }]);
  });

  it('is parsed once per text and reused with other values; the least recently used is closed', async () => {
    const fresh = new PgliteStatementCache(pglite, 2);
    const db = preparingPglite(pglite, fresh);
    const q1 = 'SELECT $1::int + 1 AS n';
    expect((await db.query(q1, [1])).rows).toEqual([{ n: 2 }]);
    expect((await db.query(q1, [41])).rows).toEqual([{ n: 42 }]);
    expect(fresh.size).toBe(1);
    await db.query('SELECT $1::int + 2 AS n', [1]);
    await db.query('SELECT $1::int + 3 AS n', [1]);
    // The limit holds; the closed one is prepared again when it comes back.
    expect(fresh.size).toBe(2);
    expect((await db.query(q1, [9])).rows).toEqual([{ n: 10 }]);
    const names = await pglite.query<{ name: string }>('SELECT name FROM pg_prepared_statements');
    expect(names.rows.filter((row) => row.name.startsWith('cb_pglite_'))).toHaveLength(
      2 + cache.size,
    );
  });

  it('fails as query() fails (code, query, params) and leaves the session usable', async () => {
    await prepared.query('INSERT INTO things (label) VALUES ($1)', ['dup']);
    const error = await prepared
      .query('INSERT INTO things (label) VALUES ($1)', ['dup'])
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: '23505',
      query: 'INSERT INTO things (label) VALUES ($1)',
      params: ['dup'],
    });
    await expect(prepared.query('SELECT nope FROM things')).rejects.toMatchObject({
      code: '42703',
    });
    await expect(prepared.query('SELECT $1::int AS n', ['x'])).rejects.toMatchObject({
      code: '22P02',
    });
    expect((await prepared.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('is prepared again after the table it reads changed shape', async () => {
    await pglite.exec('CREATE TABLE shapes (a int)');
    await pglite.exec('INSERT INTO shapes VALUES (1)');
    expect((await prepared.query('SELECT * FROM shapes')).rows).toEqual([{ a: 1 }]);
    await pglite.exec('ALTER TABLE shapes ADD COLUMN b text');
    expect((await prepared.query('SELECT * FROM shapes')).rows).toEqual([{ a: 1, b: null }]);
  });
});

describe('Kysely over the prepared PGlite', () => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    const other = await openPglite(undefined);
    await other.exec('CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)');
    db = kyselyOverPglite(other);
  });
  afterAll(async () => {
    await db.destroy();
  });
  const count = async () =>
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM notes`.execute(db)).rows[0]!.n;

  it('a statement outside a transaction waits for it, and does not run inside it', async () => {
    let outside: Promise<number> | undefined;
    await expect(
      db.transaction().execute(async (tx) => {
        await sql`INSERT INTO notes (body) VALUES (${'in a transaction'})`.execute(tx);
        outside = count();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // Had it run inside the transaction it would have counted the rolled-back row.
    expect(await outside).toBe(0);
    await db.transaction().execute(async (tx) => {
      await sql`INSERT INTO notes (body) VALUES (${'kept'})`.execute(tx);
      outside = count();
    });
    expect(await outside).toBe(1);
  });

  it('statements prepared in a rolled-back transaction still work afterwards', async () => {
    const text = 'fresh in a transaction';
    await expect(
      db.transaction().execute(async (tx) => {
        await sql`SELECT body FROM notes WHERE body = ${text}`.execute(tx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const again = await sql`SELECT body FROM notes WHERE body = ${text}`.execute(db);
    expect(again.rows).toEqual([]);
  });
});
