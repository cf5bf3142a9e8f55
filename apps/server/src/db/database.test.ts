import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from './database.js';
import { readRows } from './hot-reads.js';
import { migrateToLatest } from './migrator.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-database-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A file database in the test's folder, with both of its connections. */
const openSqliteHandle = (file: string) =>
  createDatabase({ dialect: 'sqlite', file: path.join(dir, file) }, { logger: console });

describe('the SQLite handle', () => {
  it('hands back unused page cache and goes on reading and writing on both connections', async () => {
    const handle = openSqliteHandle('site.db');
    try {
      await migrateToLatest(handle.db);
      const technology = { id: 'a'.repeat(24), name: 'Zig', slug: 'zig', portfolios_count: 0 };
      await handle.db.insertInto('technologies').values(technology).execute();
      expect(handle.shrinkMemory).toBeTypeOf('function');
      handle.shrinkMemory!();
      await handle.db
        .updateTable('technologies')
        .set({ portfolios_count: 3 })
        .where('id', '=', technology.id)
        .execute();
      // The read connection sees the write made after the shrink.
      const rows = await readRows<{ portfolios_count: number }>(
        handle.db,
        CompiledQuery.raw('select portfolios_count from technologies where slug = ?', ['zig']),
      );
      expect(rows).toEqual([{ portfolios_count: 3 }]);
    } finally {
      await handle.destroy();
    }
    // A closed handle is left alone.
    expect(() => handle.shrinkMemory!()).not.toThrow();
  });

  it('answers reads on the read connection as the rows the write connection gives', async () => {
    const handle = openSqliteHandle('rows.db');
    try {
      await migrateToLatest(handle.db);
      const technologies = ['Zig', 'Elm', 'Nim'].map((name, index) => ({
        id: String(index).repeat(24),
        name,
        slug: name.toLowerCase(),
        portfolios_count: index * 7,
      }));
      await handle.db.insertInto('technologies').values(technologies).execute();
      const query = CompiledQuery.raw(
        `select id, name as "the name", portfolios_count, null as empty, slug || '!' as slug, 1.5 as "x"
         from technologies where portfolios_count >= ? order by name`,
        [0],
      );
      const written = (await handle.db.executeQuery(query)).rows as Record<string, unknown>[];
      const read = await readRows<Record<string, unknown>>(handle.db, query);
      expect(written).toHaveLength(3);
      // Same keys in the same order, same values, plain objects; twice, so the made rows are reused alike.
      for (let round = 0; round < 2; round++) {
        const rows = round === 0 ? read : await readRows<Record<string, unknown>>(handle.db, query);
        expect(rows).toEqual(written);
        expect(rows.map((row) => Object.keys(row))).toEqual(written.map((row) => Object.keys(row)));
        expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
      }
      expect(read[0]).toEqual({
        id: '1'.repeat(24),
        'the name': 'Elm',
        portfolios_count: 7,
        empty: null,
        slug: 'elm!',
        x: 1.5,
      });
      // No rows is an empty list.
      expect(
        await readRows(handle.db, CompiledQuery.raw('select id from technologies where slug = ?', ['go'])),
      ).toEqual([]);
    } finally {
      await handle.destroy();
    }
  });
  it('reads what is committed, whether a write is under way or not, and leaves the write path its objects', async () => {
    const handle = openSqliteHandle('committed.db');
    try {
      await migrateToLatest(handle.db);
      const technology = { id: 'b'.repeat(24), name: 'Odin', slug: 'odin', portfolios_count: 1 };
      await handle.db.insertInto('technologies').values(technology).execute();
      const query = CompiledQuery.raw('select portfolios_count from technologies where slug = ?', ['odin']);
      const read = () => readRows<{ portfolios_count: number }>(handle.db, query);
      expect(await read()).toEqual([{ portfolios_count: 1 }]);
      // The same statement through Kysely on the write connection still answers objects, not raw rows.
      expect((await handle.db.executeQuery(query)).rows).toEqual([{ portfolios_count: 1 }]);
      await handle.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('technologies')
          .set({ portfolios_count: 2 })
          .where('slug', '=', 'odin')
          .execute();
        // Uncommitted: a read beside the transaction does not see it, the transaction does.
        expect(await read()).toEqual([{ portfolios_count: 1 }]);
        expect((await trx.executeQuery(query)).rows).toEqual([{ portfolios_count: 2 }]);
      });
      expect(await read()).toEqual([{ portfolios_count: 2 }]);
      await handle.db
        .transaction()
        .execute(async (trx) => {
          await trx
            .updateTable('technologies')
            .set({ portfolios_count: 9 })
            .where('slug', '=', 'odin')
            .execute();
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      expect(await read()).toEqual([{ portfolios_count: 2 }]);
    } finally {
      await handle.destroy();
    }
  });
});
