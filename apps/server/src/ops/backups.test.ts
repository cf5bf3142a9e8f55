import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { findInconsistencies } from '../seed/consistency.js';
import {
  call,
  createTestContext,
  createWithImages,
  signUp,
  type TestContext,
  type TestUser,
} from '../test/app.js';
import { createDatabase } from '../db/database.js';
import { migrationProvider } from '../db/migrator.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { backup, BackupError, readManifest, restore } from './backups.js';

const execute = promisify(execFile);
const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
/** One of the project's commands, from its source as `npm run` starts it from the build. */
const command = (name: string, args: string[], env: NodeJS.ProcessEnv) =>
  execute(process.execPath, ['--import', 'tsx', '--conditions=source', `src/scripts/${name}.ts`, ...args], {
    cwd: SERVER_DIR,
    env,
  });

let context: TestContext;
let users: TestUser[];
const folders: string[] = [];
const databases: TestDatabase[] = [];
const apps: FastifyInstance[] = [];

const folder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-backup-'));
  folders.push(dir);
  return dir;
};

beforeAll(async () => {
  context = await createTestContext();
  users = await Promise.all([signUp(context), signUp(context), signUp(context)]);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await context.close();
  for (const database of databases) await database.drop();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

const headers = (user: TestUser) => ({ 'x-token': user.token });

/** Runs statements on a database outside the app, as an operator would by hand. */
/** Takes a database back to how it was after `migration`, by the migrations' own ways down. */
async function migrateDownTo(config: Config, migration: string): Promise<void> {
  const handle = createDatabase(config.database, { logger: console });
  try {
    const { error } = await new Migrator({ db: handle.db, provider: migrationProvider }).migrateTo(migration);
    expect(error).toBeUndefined();
  } finally {
    await handle.destroy();
  }
}

const createWithImage = (user: TestUser, title: string) =>
  createWithImages(context.app, user, 1, { title, url: 'https://zaxira.example.uz', used: 'Go' });

/** A config for the app on a restored database and upload folder. */
async function restoredPlace(): Promise<{ config: Config; database: TestDatabase }> {
  const database = await createTestDatabase();
  databases.push(database);
  const uploadDir = path.join(folder(), 'uploads');
  const config: Config = {
    ...context.config,
    database: database.url.startsWith('sqlite:')
      ? { dialect: 'sqlite', file: database.url.slice('sqlite:'.length) }
      : { dialect: 'postgres', url: database.url },
    uploadDir,
  };
  return { config, database };
}

describe('backups taken while the site is written to', () => {
  it('restore every row and file acknowledged before the backup began', async () => {
    const acknowledged = [];
    for (let i = 0; i < 4; i += 1) acknowledged.push(await createWithImage(users[i % 3]!, `Zaxira ${i}`));
    for (const portfolio of acknowledged) {
      expect(
        (
          await call(context.app, {
            method: 'PUT',
            url: `/api/portfolio/like/${portfolio._id}`,
            headers: headers(users[0]!),
          })
        ).statusCode,
      ).toBe(200);
    }

    // Writes keep coming while the backup runs: creates with images, likes, comments.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      for (let i = 0; writing; i += 1) {
        const user = users[i % 3]!;
        if (i % 3 === 0) await createWithImage(user, `Yozilmoqda ${i}`);
        else {
          const target = acknowledged[i % acknowledged.length]!;
          await call(context.app, {
            method: 'PUT',
            url: `/api/portfolio/comment/${target._id}`,
            headers: headers(user),
            payload: { body: `Izoh ${i}` },
          });
        }
        written += 1;
      }
    })();
    const to = path.join(folder(), 'zaxira');
    const manifest = await backup(
      { database: context.config.database, uploadDir: context.config.uploadDir },
      to,
    );
    writing = false;
    await writer;
    expect(written).toBeGreaterThan(0);

    expect(manifest.dialect).toBe(context.database.dialect);
    expect(manifest.migrations).toContain('20261127090000_portfolio_lists');
    expect(manifest.rows.portfolios).toBeGreaterThanOrEqual(acknowledged.length);
    expect(manifest.missingImages).toEqual([]);
    expect(manifest.images.map((image) => image.name)).toEqual(
      expect.arrayContaining(acknowledged.flatMap((p) => p.images)),
    );
    for (const image of manifest.images) expect(image.sha256).toMatch(/^[0-9a-f]{64}$/);

    const { config } = await restoredPlace();
    await restore({ database: config.database, uploadDir: config.uploadDir }, to);
    const restored = await buildApp({ ...config, seedDemo: false }, { logger: false });
    apps.push(restored);
    await restored.ready();
    expect(await findInconsistencies(restored.services.db, restored.services.dialect)).toEqual([]);
    for (const portfolio of acknowledged) {
      const read = await call(restored, { method: 'GET', url: `/api/portfolio/${portfolio._id}` });
      expect(read.statusCode).toBe(200);
      expect(read.json().likes).toContain(users[0]!.id);
      expect(read.json().images).toEqual(portfolio.images);
      for (const image of portfolio.images) {
        expect((await call(restored, { method: 'GET', url: `/image/${image}` })).statusCode).toBe(200);
      }
    }
    // The people can sign in with their sessions as they were.
    const me = await call(restored, { method: 'GET', url: '/api/user/me', headers: headers(users[1]!) });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe(users[1]!.username);
  });

  it('restores a backup made before the newest table existed, which the migrations then make', async () => {
    const portfolio = await createWithImage(users[0]!, 'Eski zaxira');
    const current = path.join(folder(), 'hozirgi');
    await backup({ database: context.config.database, uploadDir: context.config.uploadDir }, current);
    // The same data as a site of the day before the aliases' table would hold it: every newer migration
    // taken back by its own way down.
    const older = await restoredPlace();
    await restore({ database: older.config.database, uploadDir: older.config.uploadDir }, current);
    const newest = '20261210090000_portfolio_aliases';
    await migrateDownTo(older.config, '20261209090000_telegram_accounts');
    const before = path.join(folder(), 'eski');
    const manifest = await backup(
      { database: older.config.database, uploadDir: older.config.uploadDir },
      before,
    );
    expect(manifest.migrations).not.toContain(newest);
    expect(manifest.rows).not.toHaveProperty('portfolio_aliases');
    expect(manifest.rows.portfolios).toBeGreaterThan(0);

    const { config } = await restoredPlace();
    await restore({ database: config.database, uploadDir: config.uploadDir }, before);
    const restored = await buildApp({ ...config, seedDemo: false }, { logger: false });
    apps.push(restored);
    await restored.ready();
    const read = await call(restored, { method: 'GET', url: `/api/portfolio/${portfolio._id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json().images).toEqual(portfolio.images);
    const aliases = await restored.services.db
      .selectFrom('portfolio_aliases')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(aliases.n)).toBe(0);
  });

  it('refuses a damaged backup, a non-empty target and a folder that is not a backup', async () => {
    await createWithImage(users[0]!, 'Buzilgan zaxira');
    const to = path.join(folder(), 'zaxira');
    const manifest = await backup(
      { database: context.config.database, uploadDir: context.config.uploadDir },
      to,
    );
    await expect(
      backup({ database: context.config.database, uploadDir: context.config.uploadDir }, to),
    ).rejects.toThrow(BackupError);

    // One byte of one image changed.
    const image = path.join(to, 'images', manifest.images[0]!.name);
    const original = fs.readFileSync(image);
    const damaged = Buffer.from(original);
    damaged.writeUInt8(damaged.readUInt8(damaged.length - 1) ^ 0xff, damaged.length - 1);
    fs.writeFileSync(image, damaged);
    const { config } = await restoredPlace();
    await expect(restore({ database: config.database, uploadDir: config.uploadDir }, to)).rejects.toThrow(
      /damaged/,
    );
    fs.writeFileSync(image, original);

    // The site's own database is not empty: nothing is overwritten.
    await expect(
      restore({ database: context.config.database, uploadDir: path.join(folder(), 'bosh') }, to),
    ).rejects.toThrow(/not empty/);
    await expect(readManifest(folder())).rejects.toThrow(/not a finished backup/);
    await expect(
      backup(
        { database: { dialect: 'sqlite', file: path.join(folder(), 'yoq.db') }, uploadDir: folder() },
        folder(),
      ),
    ).rejects.toThrow(/no database/);
    // Repaired, it restores.
    await expect(
      restore({ database: config.database, uploadDir: config.uploadDir }, to),
    ).resolves.toMatchObject({
      rows: manifest.rows,
    });
  });

  it('runs as npm run backup and npm run restore', async () => {
    const to = path.join(folder(), 'cli');
    const env = {
      ...process.env,
      DATABASE_URL: context.database.url,
      UPLOAD_DIR: context.config.uploadDir,
      SEED_DEMO: 'off',
    };
    const backedUp = await command('backup', ['--to', to], env);
    expect(backedUp.stdout).toMatch(/Backed up to .* portfolios \d+/);
    const { config, database } = await restoredPlace();
    const restoredEnv = { ...env, DATABASE_URL: database.url, UPLOAD_DIR: config.uploadDir };
    const restored = await command('restore', ['--from', to], restoredEnv);
    expect(restored.stdout).toMatch(/every file matched its checksum/);
    const again = command('restore', ['--from', to], restoredEnv);
    await expect(again).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/not empty/) });
  });
});
