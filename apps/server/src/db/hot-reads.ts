import {
  type Compilable,
  CompiledQuery,
  type Kysely,
  PostgresAdapter,
  type QueryResult,
  type Transaction,
} from 'kysely';
import type { Database } from './schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Runs a compiled SELECT on a connection of its own, at once. */
export type ReadConnection = (sql: string, parameters: readonly unknown[]) => unknown[];

const readConnections = new WeakMap<object, ReadConnection>();
const compiledSql = new Map<string, string>();

/**
 * Reads through `db` (never through a transaction, which must see its own writes) go to `read`: on
 * SQLite the write connection while it holds no transaction, else a read-only connection of the same
 * file; either sees every committed write and none in progress.
 */
export function attachReadConnection(db: Kysely<Database>, read: ReadConnection): void {
  readConnections.set(db, read);
}

/**
 * The rows of a read on a hot path (every list page, every portfolio, every signed-in request). Its SQL
 * depends only on its `shape` (how many ids, which sort): it is built with Kysely once per shape and
 * dialect, then each call only binds `parameters`, which must be the values the built query binds, in
 * its order (checked when it is built). Building a query costs about as much as running a short indexed
 * one on SQLite; outside a transaction on SQLite the read also skips the write connection's queue.
 */
export async function hotRead<R>(
  db: Executor,
  shape: string,
  parameters: readonly unknown[],
  build: () => Compilable<R>,
): Promise<R[]> {
  const key = `${!readConnections.has(db) && isPostgres(db) ? 'pg' : 'sqlite'}|${shape}`;
  return rowsOf<R>(db, builtOnce(key, shape, parameters, build), parameters);
}

/**
 * A statement on a hot path that writes (a like's, a comment's), or reads inside a transaction: built
 * once per shape and dialect as `hotRead` builds, run on `db` itself, answering the driver's result (its
 * rows, and the rows it changed).
 */
export function hotStatement<R>(
  db: Executor,
  shape: string,
  parameters: readonly unknown[],
  build: () => Compilable<R>,
): Promise<QueryResult<R>> {
  const sql = builtOnce(`${isPostgres(db) ? 'pg' : 'sqlite'}|${shape}`, shape, parameters, build);
  return db.executeQuery<R>(CompiledQuery.raw(sql, [...parameters]) as CompiledQuery<R>);
}

/** The largest count a counted shape is kept for (see `countedStatement`). */
const MAX_KEPT_COUNT = 16;

/**
 * `hotStatement` for a statement whose shape grows with a count (`count` rows inserted, ids matched):
 * kept per count up to 16, the usual sizes (a comment tells one to a few people); built each time
 * beyond, so the shapes kept stay few however large a batch gets.
 */
export function countedStatement<R>(
  db: Executor,
  shape: string,
  count: number,
  parameters: readonly unknown[],
  build: () => Compilable<R>,
): Promise<QueryResult<R>> {
  if (count > MAX_KEPT_COUNT) return db.executeQuery(build().compile());
  return hotStatement(db, `${shape}:${count}`, parameters, build);
}

function builtOnce(
  key: string,
  shape: string,
  parameters: readonly unknown[],
  build: () => Compilable<unknown>,
): string {
  let sql = compiledSql.get(key);
  if (sql === undefined) {
    const compiled = build().compile();
    const built = compiled.parameters;
    if (built.length !== parameters.length || built.some((value, index) => value !== parameters[index])) {
      throw new Error(`hot statement "${shape}": its parameters are not the ones it binds, in order`);
    }
    sql = compiled.sql;
    compiledSql.set(key, sql);
  }
  return sql;
}

const isPostgres = (db: Executor) => db.getExecutor().adapter instanceof PostgresAdapter;

/** A compiled read, on the read connection when `db` has one (see `attachReadConnection`). */
export function readRows<R>(db: Executor, query: CompiledQuery<unknown>): Promise<R[]> {
  return rowsOf<R>(db, query.sql, query.parameters);
}

/** On the read connection when `db` has one; a query object is made only for the other path. */
async function rowsOf<R>(db: Executor, sql: string, parameters: readonly unknown[]): Promise<R[]> {
  const read = readConnections.get(db);
  if (read) return read(sql, parameters) as R[];
  return (await db.executeQuery<R>(CompiledQuery.raw(sql, [...parameters]) as CompiledQuery<R>)).rows;
}
