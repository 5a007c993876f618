// Named prepared statements for the few queries whose planning costs far more than running them
// (docs/decisions/197). Kysely's pg driver sends every query unnamed, so PostgreSQL plans it anew
// each time; the servable-ads query (ten tables, four subqueries) took 30–170 ms to plan under
// load and 1–4 ms to run. A query whose SQL starts with PREPARED_STATEMENT_MARKER is sent as a
// named statement instead (named by a hash of its text, so each SQL shape gets its own): each
// pool connection parses it once, and after PostgreSQL's five custom plans it reuses a generic
// plan. PGlite ignores the comment (it has no pool to keep statements in).
import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Starts the SQL of a query to be run as a named prepared statement on PostgreSQL — or follows its
 * leading `select ` (a Kysely builder's `modifyFront`).
 */
export const PREPARED_STATEMENT_MARKER = '/* prepared */';

function isMarked(text: string): boolean {
  return (
    text.startsWith(PREPARED_STATEMENT_MARKER) ||
    text.startsWith(`select ${PREPARED_STATEMENT_MARKER}`)
  );
}

/** The statement name of a query text: stable per text, within PostgreSQL's 63-byte limit. */
export function preparedStatementName(text: string): string {
  return `cb_${createHash('sha256').update(text).digest('base64url').slice(0, 40)}`;
}

/**
 * A pg Client that runs marked queries as named statements. Only the (text, values) form is
 * rewritten — the form Kysely uses; everything else passes through unchanged.
 */
export class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [text, values, ...rest] = args;
    if (typeof text === 'string' && isMarked(text) && rest.length === 0) {
      const config: pg.QueryConfig = { name: preparedStatementName(text), text };
      if (Array.isArray(values)) config.values = values as unknown[];
      return super.query(config) as never;
    }
    return (super.query as (...parameters: unknown[]) => unknown)(...args) as never;
  }
}
