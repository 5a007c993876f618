// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// Signed-out visitors' performance samples (issue 12; business.md §4.5; docs/decisions/121): one
// row per metric a page load reported to the client log (the image-visibility profiler's time or
// its give-up, LCP, INP, CLS). The admin reads percentiles over a recent window; old rows are
// swept with the other client events.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE visitor_performance_samples (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    page text NOT NULL CHECK (length(page) <= 40),
    metric text NOT NULL CHECK (metric IN ('image_visible', 'lcp', 'inp', 'cls')),
    value double precision CHECK (value IS NULL OR value >= 0),
    state text CHECK (state IN ('complete', 'disabled')),
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX visitor_performance_samples_window_idx
    ON visitor_performance_samples (metric, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE visitor_performance_samples`.execute(db);
}
