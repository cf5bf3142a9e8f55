import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { attachReadConnection } from './hot-reads.js';
import type { Database } from './schema.js';

export type Dialect = DatabaseConfig['dialect'];

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

export function openSqlite(file: string, options: { readonly?: boolean } = {}): SQLite.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const connection = new SQLite(file, { readonly: options.readonly ?? false });
  if (!options.readonly) {
    connection.pragma('journal_mode = WAL');
    connection.pragma('foreign_keys = ON');
    connection.pragma('synchronous = NORMAL');
  }
  connection.pragma('busy_timeout = 5000');
  // Reads go through the operating system's page cache by memory mapping (the first 256 MiB of the file)
  // instead of copying every page through read(2); the connection keeps 32 MiB of pages of its own.
  connection.pragma('mmap_size = 268435456');
  connection.pragma('cache_size = -32768');
  return cacheStatements(connection);
}

/** Prepared statements kept per connection; the app sends a few dozen distinct statements. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Reuses prepared statements by their SQL, as drivers with statement caches do: Kysely prepares every
 * query afresh, and compiling SQL costs as much as running a short indexed query. The app never streams
 * (`iterate`), the one use in which a statement cannot serve two queries at a time.
 */
function cacheStatements(connection: SQLite.Database): SQLite.Database {
  const prepare = connection.prepare.bind(connection);
  const cache = new Map<string, SQLite.Statement>();
  connection.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (statement) {
      // Most recently used last, so the first entry is the one to drop.
      cache.delete(source);
    } else {
      statement = prepare(source);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, statement);
    return statement;
  }) as typeof connection.prepare;
  return connection;
}

export interface DatabaseOptions {
  /** Where trouble that the connection pool recovers from is reported: the app's logger. */
  logger: Pick<FastifyBaseLogger, 'warn'>;
  poolSize?: number;
}

export function createDatabase(config: DatabaseConfig, options: DatabaseOptions): DatabaseHandle {
  if (config.dialect === 'sqlite') {
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqlite(config.file) }) });
    if (config.file === ':memory:') return { db, dialect: 'sqlite', destroy: () => db.destroy() };
    // Hot reads (see hotRead) use a read-only connection of their own: WAL lets it read while the
    // write connection writes, and it sees each write once committed.
    const reader = openSqlite(config.file, { readonly: true });
    attachReadConnection(db, (sql, parameters) => reader.prepare(sql).all(...parameters));
    return {
      db,
      dialect: 'sqlite',
      destroy: async () => {
        await db.destroy();
        reader.close();
      },
    };
  }
  const pool = new pg.Pool({ connectionString: config.url, max: options.poolSize ?? 10 });
  // An idle connection dropped by the server (a restart, a terminated backend) must not crash the process;
  // the pool replaces it on the next query. It is still worth knowing about.
  pool.on('error', (error) => {
    options.logger.warn({ err: error }, 'an idle PostgreSQL connection failed and left the pool');
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', destroy: () => db.destroy() };
}
