// `npm run db:seed -- --pins N` (issue 13 "Speed": the feed, search, board and picker benches at
// 1M pins): after the demo content, N more pins copied from the demo's pins (same images — no
// files are written — titles, descriptions and links), spread over the demo's boards, public
// and secret alike, so the feed's visibility filter has rows to skip. One INSERT … SELECT
// generate_series per batch; the secondary indexes of `pins` are dropped first and built once at
// the end (far faster than keeping them up to date row by row), all in one transaction, so a
// failed run leaves the database as it was.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** Rows per INSERT statement: big enough to amortise a statement, small enough for PGlite. */
export const BULK_PIN_BATCH = 50_000;

export interface BulkPinsResult {
  pins: number;
  seconds: number;
}

export async function addBulkPins(
  db: Kysely<Database>,
  count: number,
  progress: (message: string) => void,
): Promise<BulkPinsResult> {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  await db.transaction().execute(async (trx) => {
    await sql`CREATE TABLE seed_bulk_boards AS
      SELECT (row_number() OVER (ORDER BY id) - 1)::int AS n, id, owner_id FROM boards`.execute(
      trx,
    );
    await sql`CREATE TABLE seed_bulk_templates AS
      SELECT (row_number() OVER (ORDER BY id) - 1)::int AS n,
             image_id, title, description, link, domain, dominant_color, alt_text
      FROM pins WHERE repin_of_id IS NULL`.execute(trx);
    const counts = await sql<{ boards: number; templates: number }>`SELECT
        (SELECT count(*)::int FROM seed_bulk_boards) AS boards,
        (SELECT count(*)::int FROM seed_bulk_templates) AS templates`.execute(trx);
    const { boards = 0, templates = 0 } = counts.rows[0] ?? {};
    if (boards === 0 || templates === 0) {
      throw new Error('--pins needs the demo content first (boards and pins to copy).');
    }
    // Secondary indexes only: those behind a primary key or a constraint stay.
    const indexes = await sql<{ name: string; definition: string }>`
      SELECT i.indexname AS name, i.indexdef AS definition
      FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = 'pins'
        AND NOT EXISTS (
          SELECT 1 FROM pg_constraint c
          WHERE c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass
        )`.execute(trx);
    for (const index of indexes.rows) {
      await sql`DROP INDEX ${sql.id(index.name)}`.execute(trx);
    }
    progress(
      `copying ${count.toLocaleString('en')} pins over ${boards} boards from ${templates} demo pins; ${indexes.rows.length} indexes dropped (${elapsed()})`,
    );
    for (let start = 1; start <= count; start += BULK_PIN_BATCH) {
      const end = Math.min(count, start + BULK_PIN_BATCH - 1);
      await sql`
        INSERT INTO pins (pinner_id, board_id, image_id, title, description, link, domain,
                          dominant_color, alt_text, created_at)
        SELECT b.owner_id, b.id, t.image_id, t.title, t.description, t.link, t.domain,
               t.dominant_color, t.alt_text, now() - make_interval(secs => ${count} - i)
        FROM generate_series(${start}::int, ${end}::int) AS i
        JOIN seed_bulk_boards b ON b.n = (i::bigint * 7919) % ${boards}
        JOIN seed_bulk_templates t ON t.n = i % ${templates}
        ORDER BY i`.execute(trx);
      progress(`${end.toLocaleString('en')} of ${count.toLocaleString('en')} pins (${elapsed()})`);
    }
    for (const index of indexes.rows) {
      await sql.raw(index.definition).execute(trx);
      progress(`index ${index.name} rebuilt (${elapsed()})`);
    }
    await sql`UPDATE boards SET pin_count = c.n
      FROM (SELECT board_id, count(*)::int AS n FROM pins GROUP BY board_id) c
      WHERE c.board_id = boards.id`.execute(trx);
    await sql`UPDATE users SET pin_count = c.n
      FROM (SELECT pinner_id, count(*)::int AS n FROM pins GROUP BY pinner_id) c
      WHERE c.pinner_id = users.id`.execute(trx);
    await sql`DROP TABLE seed_bulk_boards`.execute(trx);
    await sql`DROP TABLE seed_bulk_templates`.execute(trx);
  });
  await sql`ANALYZE`.execute(db);
  progress(`analyzed (${elapsed()})`);
  return { pins: count, seconds: (performance.now() - started) / 1000 };
}
