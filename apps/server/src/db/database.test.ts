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

describe('the SQLite handle', () => {
  it('hands back unused page cache and goes on reading and writing on both connections', async () => {
    const handle = createDatabase(
      { dialect: 'sqlite', file: path.join(dir, 'site.db') },
      { logger: console },
    );
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
});
