import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { Database } from './schema.js';

export type Dialect = DatabaseConfig['dialect'];

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

export function openSqlite(file: string): SQLite.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const connection = new SQLite(file);
  connection.pragma('journal_mode = WAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('synchronous = NORMAL');
  connection.pragma('busy_timeout = 5000');
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
    return { db, dialect: 'sqlite', destroy: () => db.destroy() };
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
