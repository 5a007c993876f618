// Named prepared statements on the embedded PGlite (docs/decisions/205). PGlite runs PostgreSQL on
// the server's own thread, and its `query()` sends every statement unnamed, in six separate
// calls into the WASM backend (parse, describe, bind, describe, execute, sync): each time the
// statement is parsed, analysed and planned again. For a log-in's statements that was most of
// their cost (the state read: ~3.1 ms of main-thread CPU through `query()`, ~0.4 ms as a named
// statement; measured in ADR 205). PGlite has one connection and one session, so — unlike a pool
// (prepared.ts, ADR 197) — a statement prepared once stays usable for every later query.
//
// The wrapper keeps `query()`'s semantics: the same locks (a statement outside a transaction
// waits for any open transaction, as `query()` does; inside one it runs in it), parameter types
// taken from the server's description and serialised with PGlite's serializers, results parsed by
// PGlite's own parser, errors carrying `query`/`params` as PGlite's do. Only plain DML/queries are
// prepared; anything else (DDL, SET, COPY with blobs, custom per-query parsers) goes through
// `query()` unchanged.
import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/**
 * Decision: at most this many statements stay prepared in PGlite's session; the least recently
 * used is closed beyond it. The API has a few hundred distinct statement texts (lists `in (…)` of
 * different lengths are distinct texts); a plan is kilobytes of PGlite's memory.
 */
export const PGLITE_PREPARED_STATEMENT_LIMIT = 256;

/** Statement texts worth preparing: queries and DML (optionally after a leading comment). */
const PREPARABLE = /^\s*(?:\/\*[^*]*\*\/\s*)?(?:select|insert|update|delete|with)\b/i;

/**
 * Errors after which a prepared statement is dropped (and, outside a transaction, the query run
 * again from a fresh parse): a table the statement reads changed shape since it was prepared
 * ("cached plan must not change result type"), or the statement no longer exists.
 */
const STALE_STATEMENT_CODES = new Set(['0A000', '26000']);

/** Statement names are unique in the process, so two caches over one instance cannot collide. */
let statementCounter = 0;

interface Prepared {
  name: string;
  /** The parameters' type OIDs as the server inferred them (what `query()` asks for too). */
  paramTypes: number[];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** PGlite's own error decoration (its query() adds the same three properties). */
function decorate(
  error: unknown,
  sql: string,
  params: unknown[],
  options: QueryOptions | undefined,
) {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    Object.assign(error, { query: sql, params, queryOptions: options });
  }
  return error;
}

/** Whether `query(sql, params, options)` may take the prepared path. */
function preparable(sql: string, options: QueryOptions | undefined): boolean {
  if (!PREPARABLE.test(sql)) return false;
  if (!options) return true;
  // Kysely passes only rowMode; blobs, per-query parsers/serializers or fixed parameter types
  // keep PGlite's own path.
  return Object.keys(options).every((key) => key === 'rowMode');
}

/** The prepared statements of one PGlite instance (its one session). */
export class PgliteStatementCache {
  readonly #pglite: PGlite;
  readonly #limit: number;
  /** In least- to most-recently used order (a Map keeps insertion order). */
  readonly #statements = new Map<string, Prepared>();
  /** Evicted statements to close before the next prepare. */
  #toClose: string[] = [];

  constructor(pglite: PGlite, limit = PGLITE_PREPARED_STATEMENT_LIMIT) {
    this.#pglite = pglite;
    this.#limit = limit;
  }

  /** How many statements are prepared now (tests). */
  get size(): number {
    return this.#statements.size;
  }

  /**
   * Runs `sql` as a named statement; the caller holds PGlite's query lock (and, outside a
   * transaction, its transaction lock), as `query()` does around its own protocol calls.
   */
  async run<T>(
    sql: string,
    params: unknown[],
    options: QueryOptions | undefined,
    retry: boolean,
  ): Promise<Results<T>> {
    const pglite = this.#pglite;
    try {
      const statement = this.#statements.get(sql) ?? (await this.#prepare(sql));
      // Most recently used last.
      this.#statements.delete(sql);
      this.#statements.set(sql, statement);
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serializer = pglite.serializers[statement.paramTypes[index] ?? 0];
        // As query(): a type without a serializer gets the value's own toString().
        return serializer ? serializer(value) : (value as { toString(): string }).toString();
      });
      const { serialize } = protocol;
      const { messages } = await pglite.execProtocol(
        concat([
          serialize.bind({ statement: statement.name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      const [result] = parse.parseResults(messages, pglite.parsers, options);
      return result as Results<T>;
    } catch (error) {
      const code = errorCode(error);
      if (code !== undefined && STALE_STATEMENT_CODES.has(code)) {
        const stale = this.#statements.get(sql);
        if (stale) {
          this.#statements.delete(sql);
          this.#toClose.push(stale.name);
        }
        if (retry) return this.run<T>(sql, params, options, false);
      }
      throw decorate(error, sql, params, options);
    }
  }

  async #prepare(sql: string): Promise<Prepared> {
    const { serialize } = protocol;
    statementCounter += 1;
    const name = `cb_pglite_${statementCounter}`;
    while (this.#statements.size >= this.#limit) {
      const [oldest] = this.#statements.keys();
      if (oldest === undefined) break;
      this.#toClose.push(this.#statements.get(oldest)!.name);
      this.#statements.delete(oldest);
    }
    const closes = this.#toClose.map((closing) => serialize.close({ type: 'S', name: closing }));
    this.#toClose = [];
    const { messages } = await this.#pglite.execProtocol(
      concat([
        ...closes,
        serialize.parse({ name, text: sql, types: [] }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const description = messages.find((message) => message.name === 'parameterDescription') as
      { dataTypeIDs: number[] } | undefined;
    const prepared = { name, paramTypes: description?.dataTypeIDs ?? [] };
    this.#statements.set(sql, prepared);
    return prepared;
  }
}

/**
 * A PGlite whose `query()` — and its transactions' `query()` — run queries and DML as named
 * prepared statements (see the top of this file). Everything else is the instance itself.
 */
export function preparingPglite(pglite: PGlite, cache = new PgliteStatementCache(pglite)): PGlite {
  const query = async <T>(sql: string, params: unknown[] = [], options?: QueryOptions) => {
    if (!preparable(sql, options)) return pglite.query<T>(sql, params, options);
    await pglite._checkReady();
    // As PGlite's query(): wait for any open transaction, then take the query lock.
    return pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        const result = await cache.run<T>(sql, params, options, true);
        await pglite.syncToFs();
        return result;
      }),
    );
  };
  const wrapTransaction = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, property) {
        if (property === 'query') {
          return async <T>(sql: string, params: unknown[] = [], options?: QueryOptions) => {
            // A closed transaction, or a statement not worth preparing: PGlite's own path
            // (which throws for the closed one).
            if (target.closed || !preparable(sql, options)) {
              return target.query<T>(sql, params, options);
            }
            return pglite._runExclusiveQuery(() => cache.run<T>(sql, params, options, false));
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function'
          ? (value as (...a: unknown[]) => unknown).bind(target)
          : value;
      },
    });
  return new Proxy(pglite, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') {
        return <T>(callback: (tx: Transaction) => Promise<T>) =>
          target.transaction((tx) => callback(wrapTransaction(tx)));
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}
