import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Migrator } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/database.js';
import { migrationProvider } from '../db/migrator.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { writeOriginalDump } from '../test/original-dump.js';

/* `npm run import:original` as an operator runs it: from its source, as `npm run` starts it from the build. */

const execute = promisify(execFile);
const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

let database: TestDatabase;
let dir: string;
let dumpFolder: string;

const COMMAND = ['--import', 'tsx', '--conditions=source', 'src/scripts/import-original.ts'];

const environment = (target: TestDatabase, uploads: string) => ({
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: target.url,
  UPLOAD_DIR: path.join(dir, uploads),
  SEED_DEMO: 'off',
});

const importInto = async (target: TestDatabase, uploads: string, ...args: string[]) => {
  try {
    const { stdout, stderr } = await execute(process.execPath, [...COMMAND, ...args], {
      cwd: SERVER_DIR,
      env: environment(target, uploads),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};
const importOriginal = (...args: string[]) => importInto(database, 'uploads', ...args);

const open = (target: TestDatabase) =>
  createDatabase(
    target.dialect === 'sqlite'
      ? { dialect: 'sqlite', file: target.url.slice('sqlite:'.length) }
      : { dialect: 'postgres', url: target.url },
    { logger: console, poolSize: 1 },
  );

/** The tables of a PostgreSQL database, ours or anyone's. */
async function postgresTables(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

/** What an import leaves, but for the new names of stored images: equal after equal imports. */
async function contents(target: TestDatabase) {
  const handle = open(target);
  try {
    const { db } = handle;
    const count = async (table: 'likes' | 'comments' | 'images' | 'original_images' | 'portfolio_aliases') =>
      Number(
        (await db.selectFrom(table).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
      );
    return {
      users: await db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'password_hash', 'created_at'])
        .orderBy('id')
        .execute(),
      portfolios: await db
        .selectFrom('portfolios')
        .select(['id', 'linktitle', 'author_id', 'likes_count', 'comments_count', 'technology_names'])
        .orderBy('id')
        .execute(),
      technologies: await db
        .selectFrom('technologies')
        .select(['slug', 'portfolios_count'])
        .orderBy('slug')
        .execute(),
      oldNames: (await db.selectFrom('original_images').select('name').orderBy('name').execute()).map(
        (row) => row.name,
      ),
      rows: {
        likes: await count('likes'),
        comments: await count('comments'),
        images: await count('images'),
        original_images: await count('original_images'),
        portfolio_aliases: await count('portfolio_aliases'),
      },
    };
  } finally {
    await handle.destroy();
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-import-'));
  dumpFolder = (await writeOriginalDump(dir)).folder;
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run import:original', () => {
  it('explains its arguments', async () => {
    const result = await importOriginal();
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: npm run import:original -- --dump <folder>');
    expect((await importOriginal('--dump', path.join(dir, 'nowhere'))).stderr).toContain(
      'Cannot read the dump',
    );
  });

  it('dry-runs against a database without our tables as an empty one, writing nothing at all', async () => {
    const result = await importOriginal('--dump', dumpFolder, '--dry-run');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('no tables of ours in the database yet: compared as empty');
    expect(result.stdout).toMatch(/users\s+4\s+0\s+1\n/);
    expect(result.stdout).toMatch(/portfolios\s+5\s+0\s+1\n/);
    expect(result.stdout).toMatch(/images\s+3\s+0\s+3\n/);
    expect(result.stdout).toContain('linktitle of an earlier portfolio: the later one gets a new one');
    for (const picture of ['missing.png', 'partial.png', 'broken.png']) {
      expect(result.stdout).toContain(`e.g. ${picture}`);
    }
    expect(result.stdout).toContain('Dry run: nothing was changed.');
    if (database.dialect === 'sqlite') {
      // Not even the file (nor its -wal or -shm) was made.
      expect(fs.readdirSync(path.dirname(database.url.slice('sqlite:'.length)))).toEqual([]);
    } else {
      expect(await postgresTables(database.url)).toEqual([]);
    }
    expect(fs.existsSync(path.join(dir, 'uploads'))).toBe(false);
  });

  it('will not dry-run against a database with only some of our migrations', async () => {
    const older = await createTestDatabase();
    try {
      const handle = open(older);
      try {
        const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
        expect((await migrator.migrateTo('20261122090000_initial_schema')).error).toBeUndefined();
      } finally {
        await handle.destroy();
      }
      const result = await importInto(older, 'older-uploads', '--dump', dumpFolder, '--dry-run');
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('run npm run db:migrate first');
      expect(fs.existsSync(path.join(dir, 'older-uploads'))).toBe(false);
    } finally {
      await older.drop();
    }
  });

  it('imports, prints the summary and every problem, and verifies', async () => {
    const result = await importOriginal('--dump', dumpFolder, '--verify');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/users\s+4\s+0\s+1\n/);
    expect(result.stdout).toMatch(/images\s+3\s+0\s+3\n/);
    expect(result.stdout).toContain('linktitle of an earlier portfolio: the later one gets a new one');
    expect(result.stdout).toContain('Import finished.');
    expect(result.stdout).toContain('verified: counters, linktitles and search index are consistent');
  });

  it('says there is nothing to do when run again, dry or not', async () => {
    for (const args of [['--verify'], ['--dry-run']]) {
      const result = await importOriginal('--dump', dumpFolder, ...args);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/portfolios\s+0\s+5\s+1\n/);
      expect(result.stdout).toContain(
        'Nothing to import: everything in the dump is already in the database.',
      );
    }
  });

  it('finishes a run killed halfway with kill -9, to the same result as one run through', async () => {
    const killed = await createTestDatabase();
    const whole = await createTestDatabase();
    try {
      const big = (await writeOriginalDump(path.join(dir, 'big'), { plain: 600 })).folder;
      // Ten portfolios a transaction: killed as soon as the first batch is reported, 60 batches remain.
      const child = spawn(process.execPath, [...COMMAND, '--dump', big, '--batch=10'], {
        cwd: SERVER_DIR,
        env: environment(killed, 'killed-uploads'),
      });
      child.stdout.on('data', (chunk: Buffer) => {
        if (/portfolios \d+\/605/.test(chunk.toString())) child.kill('SIGKILL');
      });
      await new Promise((resolve) => child.on('exit', resolve));
      expect(child.signalCode).toBe('SIGKILL');
      const partial = await contents(killed);
      expect(partial.portfolios.length).toBeGreaterThan(0);
      expect(partial.portfolios.length).toBeLessThan(605);

      const resumed = await importInto(killed, 'killed-uploads', '--dump', big, '--verify');
      expect(resumed.code).toBe(0);
      expect(resumed.stdout).toMatch(new RegExp(`portfolios\\s+${605 - partial.portfolios.length}\\s+`));
      expect((await importInto(whole, 'whole-uploads', '--dump', big, '--verify')).code).toBe(0);
      const result = await contents(killed);
      expect(result.portfolios).toHaveLength(605);
      expect(result).toEqual(await contents(whole));
    } finally {
      await killed.drop();
      await whole.drop();
    }
  });
});
