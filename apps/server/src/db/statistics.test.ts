import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createDatabase, openSqlite } from './database.js';
import { migrateToLatest } from './migrator.js';
import { dropValueSamples, refreshStatistics } from './statistics.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-statistics-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A table with an index over skewed values: what `ANALYZE` samples. */
function fillScores(connection: SQLite.Database): void {
  connection.exec('create table scores (id integer primary key, score integer not null)');
  connection.exec('create index scores_score on scores (score)');
  const insert = connection.prepare('insert into scores (score) values (?)');
  connection.transaction(() => {
    for (let index = 0; index < 3000; index++) insert.run(index % 10 === 0 ? index : 7);
  })();
}

const count = (connection: SQLite.Database, table: string) =>
  connection.prepare(`select count(*) from ${table}`).pluck().get() as number;

describe('SQLite planner statistics', () => {
  it('keep the row counts and lose the value samples, and the queries answer as before', async () => {
    const file = path.join(dir, 'samples.db');
    const setup = openSqlite(file);
    fillScores(setup);
    setup.exec('analyze');
    expect(count(setup, 'sqlite_stat4')).toBeGreaterThan(0);
    const stat1 = setup.prepare('select tbl, idx, stat from sqlite_stat1 order by idx').all();
    setup.close();

    const handle = createDatabase({ dialect: 'sqlite', file }, { logger: console });
    try {
      const ranged = () =>
        sql<{ n: number }>`select count(*) as n from scores where score >= ${100}`.execute(handle.db);
      const before = (await ranged()).rows[0]!.n;
      expect(await dropValueSamples(handle.db)).toBe(true);
      // Nothing more to remove the second time.
      expect(await dropValueSamples(handle.db)).toBe(false);
      expect((await ranged()).rows[0]!.n).toBe(before);
    } finally {
      await handle.destroy();
    }
    const after = new SQLite(file, { readonly: true });
    try {
      expect(count(after, 'sqlite_stat4')).toBe(0);
      expect(after.prepare('select tbl, idx, stat from sqlite_stat1 order by idx').all()).toEqual(stat1);
    } finally {
      after.close();
    }
  });

  it('are refreshed without samples, and a database never analysed has none to drop', async () => {
    const file = path.join(dir, 'refresh.db');
    const setup = openSqlite(file);
    fillScores(setup);
    setup.close();
    const handle = createDatabase({ dialect: 'sqlite', file }, { logger: console });
    try {
      expect(await dropValueSamples(handle.db)).toBe(false);
      await refreshStatistics(handle.db, 'sqlite');
      const stats = await sql<{ n: number }>`select count(*) as n from sqlite_stat1`.execute(handle.db);
      expect(stats.rows[0]!.n).toBeGreaterThan(0);
      const samples = await sql<{ n: number }>`select count(*) as n from sqlite_stat4`.execute(handle.db);
      expect(samples.rows[0]!.n).toBe(0);
    } finally {
      await handle.destroy();
    }
  });

  it('lose their value samples when the server opens the database', async () => {
    const file = path.join(dir, 'server.db');
    const migrated = createDatabase({ dialect: 'sqlite', file }, { logger: console });
    await migrateToLatest(migrated.db);
    await migrated.destroy();
    const setup = openSqlite(file);
    fillScores(setup);
    setup.exec('analyze');
    expect(count(setup, 'sqlite_stat4')).toBeGreaterThan(0);
    setup.close();

    const config = loadConfig({
      DATABASE_URL: `sqlite:${file}`,
      UPLOAD_DIR: path.join(dir, 'uploads'),
      MAIL_DIR: path.join(dir, 'mail'),
      SEED_DEMO: 'off',
    });
    const app = await buildApp(config, { logger: false });
    try {
      await app.ready();
    } finally {
      await app.close();
    }
    const after = new SQLite(file, { readonly: true });
    try {
      expect(count(after, 'sqlite_stat4')).toBe(0);
      expect(count(after, 'sqlite_stat1')).toBeGreaterThan(0);
    } finally {
      after.close();
    }
  });
});
