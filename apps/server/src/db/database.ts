import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { PoolStats } from '../lib/metrics.js';
import type { Outages } from '../lib/outages.js';
import { type CheckpointReport, startCheckpointer } from './checkpointer.js';
import { attachReadConnection } from './hot-reads.js';
import type { Database } from './schema.js';

export type Dialect = DatabaseConfig['dialect'];

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  destroy(): Promise<void>;
  /** PostgreSQL: the pool's connections, for the metrics. */
  poolStats?: () => PoolStats;
  /** SQLite: hands back the page cache memory the connections are not using (`PRAGMA shrink_memory`). */
  shrinkMemory?: () => void;
}

/**
 * How long a statement waits for another process's lock on the file. The wait blocks the event loop,
 * so the server's own connections wait briefly (`SERVER_BUSY_TIMEOUT_MS`) and a longer lock is an
 * outage (503, see outages.ts); commands (backup, import, admin) wait longer.
 */
const COMMAND_BUSY_TIMEOUT_MS = 5000;
export const SERVER_BUSY_TIMEOUT_MS = 100;

export function openSqlite(
  file: string,
  options: { readonly?: boolean; busyTimeoutMs?: number } = {},
): SQLite.Database {
  if (file !== ':memory:' && !options.readonly)
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const connection = new SQLite(file, { readonly: options.readonly ?? false });
  if (!options.readonly) {
    connection.pragma('journal_mode = WAL');
    connection.pragma('foreign_keys = ON');
    connection.pragma('synchronous = NORMAL');
  }
  connection.pragma(`busy_timeout = ${options.busyTimeoutMs ?? COMMAND_BUSY_TIMEOUT_MS}`);
  // Reads go through the operating system's page cache by memory mapping the file (up to 2 GiB, SQLite's
  // own ceiling) instead of copying every page through read(2) into the connection's heap, which keeps
  // 8 MiB of pages of its own (pages past the mapping, pages being written). Mapped pages are the
  // kernel's, shared and given back under pressure; the heap's cache stays with the process.
  connection.pragma('mmap_size = 2147418112');
  connection.pragma('cache_size = -8192');
  return cacheStatements(connection);
}

/** Prepared statements cached per connection; the app sends a few dozen distinct statements. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Reuses prepared statements by their SQL, as drivers with statement caches do: Kysely prepares every
 * query afresh, and compiling SQL costs as much as running a short indexed query. The app never streams
 * (`iterate`), the one use in which a statement cannot serve two queries at a time.
 */
function cacheStatements(connection: SQLite.Database): SQLite.Database {
  const prepare = connection.prepare.bind(connection);
  const cache = new LRUCache<string, SQLite.Statement>({ max: STATEMENT_CACHE_SIZE });
  connection.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (!statement) {
      statement = prepare(source);
      cache.set(source, statement);
    }
    return statement;
  }) as typeof connection.prepare;
  return connection;
}

/** A row object maker per read statement, from its columns (see `readRowObjects`). */
const rowMakers = new WeakMap<SQLite.Statement, (values: unknown[]) => unknown>();

/**
 * A read's rows as objects, made by a function compiled once per statement from its column names: one
 * object literal of a fixed shape per row. better-sqlite3's own objects are built key by key for every row,
 * which made reading a page of twelve portfolio cards with their authors half again as slow.
 */
function readRowObjects(statement: SQLite.Statement, parameters: readonly unknown[]): unknown[] {
  let make = rowMakers.get(statement);
  if (!make) {
    const fields = statement.columns().map((column, index) => `${JSON.stringify(column.name)}: v[${index}]`);
    // Only column names go into the source, each as a JSON string literal.
    make = new Function('v', `return { ${fields.join(', ')} };`) as (values: unknown[]) => unknown;
    rowMakers.set(statement, make);
  }
  // Raw only for this read: on the write connection Kysely runs the same cached statement for objects.
  let rows: unknown[];
  try {
    rows = statement.raw(true).all(...parameters) as unknown[];
  } finally {
    statement.raw(false);
  }
  for (let index = 0; index < rows.length; index++) rows[index] = make(rows[index] as unknown[]);
  return rows;
}

export interface DatabaseOptions {
  /** Where trouble that the connection pool recovers from is reported: the app's logger. */
  logger: Pick<FastifyBaseLogger, 'warn'>;
  poolSize?: number;
  /** The server's: a connection lost (PostgreSQL restarting) is reported there instead of logged. */
  outages?: Outages;
  /** SQLite: see `SERVER_BUSY_TIMEOUT_MS`. */
  busyTimeoutMs?: number;
  /**
   * For what must change nothing (a dry run), whatever its code does: SQLite opens the file read-only (it
   * must exist), PostgreSQL refuses every write of the session.
   */
  readonly?: boolean;
  /**
   * SQLite: checkpoints run on a thread of their own (see checkpointer.ts), for the server; commands that
   * run once and end leave them to the writer.
   */
  checkpointOnThread?: boolean;
  /** With `checkpointOnThread`: told of each checkpoint that found pages in the log (for the tests). */
  onCheckpoint?: (report: CheckpointReport) => void;
}

export function createDatabase(config: DatabaseConfig, options: DatabaseOptions): DatabaseHandle {
  if (config.dialect === 'sqlite') {
    const { busyTimeoutMs, readonly } = options;
    const writer = openSqlite(config.file, { busyTimeoutMs, readonly });
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: writer }) });
    if (config.file === ':memory:') return { db, dialect: 'sqlite', destroy: () => db.destroy() };
    // Hot reads (see hotRead) go to the write connection while it holds no transaction: its page cache
    // survives its own commits, where another connection drops its whole cache after every commit it did
    // not make and reads the pages again (a like's session look-up: 25 µs against 87). While a write's
    // transaction is open (across awaits) they use a read-only connection of their own: WAL lets it read
    // while the write connection writes, and it sees each write once committed, as reads must.
    const reader = openSqlite(config.file, { readonly: true, busyTimeoutMs });
    attachReadConnection(db, (sql, parameters) =>
      readRowObjects((writer.inTransaction ? reader : writer).prepare(sql), parameters),
    );
    const checkpointer =
      options.checkpointOnThread && !readonly
        ? startCheckpointer(config.file, writer, {
            logger: options.logger,
            onCheckpoint: options.onCheckpoint,
          })
        : undefined;
    return {
      db,
      dialect: 'sqlite',
      destroy: async () => {
        await checkpointer?.stop();
        // The write connection closes last: the last connection to close folds the log into the file.
        reader.close();
        await db.destroy();
      },
      shrinkMemory: () => {
        for (const connection of [writer, reader]) if (connection.open) connection.pragma('shrink_memory');
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: options.poolSize ?? 10,
    // A server that does not answer (rather than refusing) is an outage after this, not a hung request.
    connectionTimeoutMillis: 5000,
    // Every statement here is short: compiling one to machine code (JIT) costs more than it saves, tens
    // of milliseconds on a count over many rows.
    options: ['-c jit=off', ...(options.readonly ? ['-c default_transaction_read_only=on'] : [])].join(' '),
  });
  // An idle connection dropped by the server (a restart, a terminated backend) must not crash the process;
  // the pool replaces it on the next query. It is still worth knowing about.
  const connectionLost = (error: Error) => {
    if (options.outages) options.outages.report('database', error);
    else options.logger.warn({ err: error }, 'a PostgreSQL connection failed and left the pool');
  };
  pool.on('error', connectionLost);
  // A connection lost while lent out (a restart during a query) fails its query and then raises an
  // 'error' event on the client, which would end the process unless someone listens: the pool only
  // listens on idle ones.
  pool.on('connect', (client) => client.on('error', connectionLost));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    destroy: () => db.destroy(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * Succeeds when the database can be written again: on SQLite the write lock is taken and let go (another
 * process holding the file locked fails it), on PostgreSQL a statement is answered.
 */
export async function probeDatabase(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`select 1`.execute(db);
    return;
  }
  await db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    await sql`rollback`.execute(connection);
  });
}
