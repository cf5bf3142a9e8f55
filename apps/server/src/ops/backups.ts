import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { BucketConfig } from '../lib/bucket-url.js';
import { openBucket } from '../modules/images/open-bucket.js';
import type { Dialect } from '../db/database.js';
import { isImageFilename } from '../modules/images/image-store.js';

const run = promisify(execFile);

/** What a backup folder holds; written last, so a folder without it is not a backup. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  dialect: Dialect;
  /** The schema's migrations applied in the copy, oldest first. */
  migrations: string[];
  /** Rows per table in the copy. */
  rows: Record<string, number>;
  /** The database copy: `database.sqlite` (SQLite) or `database.pgdump` (pg_dump's custom format). */
  database: FileEntry;
  /** Every image file the copy names, under `images/`. */
  images: FileEntry[];
  /** Files the copy names that were gone when they were copied: deleted while the backup ran. */
  missingImages: string[];
}

interface FileEntry {
  name: string;
  bytes: number;
  sha256: string;
}

export interface Storage {
  database: DatabaseConfig;
  uploadDir: string;
  /** With `S3_URL`, where the images live (the upload folder then holds local copies). */
  bucket?: BucketConfig | undefined;
}

const TABLES = [
  'users',
  'sessions',
  'email_verifications',
  'password_resets',
  'email_changes',
  'follows',
  'portfolios',
  'technologies',
  // The keys of technologies merged into others: restored, old addresses keep leading to the kept ones.
  'technology_redirects',
  'portfolio_technologies',
  'images',
  'original_images',
  'likes',
  'comments',
  // A comment's earlier texts, for the moderation queue.
  'comment_revisions',
  // Portfolios their authors have not published yet.
  'portfolio_drafts',
  // Who made a portfolio together with its owner, and who is invited to.
  'portfolio_authors',
  'bookmarks',
  // Whom each person blocked or muted.
  'person_blocks',
  'notifications',
  'notification_settings',
  'portfolio_views',
  'view_salts',
  'reports',
  'moderation_log',
  // Telegram sign-in payloads already used: restored, a replay stays refused.
  'telegram_logins',
  // Old linktitles of imported portfolios: restored, old links keep leading to them.
  'portfolio_aliases',
  'profile_pins',
  // What the bot still has to send, and what the channel posted: restored, nothing goes out twice.
  'telegram_outbox',
  'telegram_fanouts',
  'telegram_channel_posts',
  'telegram_digests',
] as const;
type Table = (typeof TABLES)[number];
const MANIFEST = 'manifest.json';
const IMAGES = 'images';
/** The image store's folder of files that wait for their rows (see ImageStore.place). */
const PENDING = 'pending';

export class BackupError extends Error {}

/**
 * A consistent copy of the site while it runs: the database as of one moment (SQLite's online backup
 * API in one step; on PostgreSQL, pg_dump of a snapshot exported by a transaction that also lists the
 * rows), then every image file that copy names, each with its SHA-256, then the manifest.
 */
export async function backup(storage: Storage, to: string): Promise<BackupManifest> {
  await emptyFolder(to, 'The backup folder');
  await fs.mkdir(path.join(to, IMAGES), { recursive: true });
  const createdAt = new Date().toISOString();
  const snapshot =
    storage.database.dialect === 'sqlite'
      ? await copySqlite(storage.database.file, path.join(to, 'database.sqlite'))
      : await dumpPostgres(storage.database.url, path.join(to, 'database.pgdump'));
  const images: FileEntry[] = [];
  const missingImages: string[] = [];
  const bucket = await openBucket(storage.bucket);
  try {
    for (const name of snapshot.imageNames) {
      const target = path.join(to, IMAGES, name);
      const copied =
        (await copyImage(storage.uploadDir, name, target)) ??
        ((await bucket?.fetch(name, target)) ? await describe(target) : undefined);
      if (copied) images.push(copied);
      else missingImages.push(name);
    }
  } finally {
    bucket?.close();
  }
  const manifest: BackupManifest = {
    format: 1,
    createdAt,
    dialect: storage.database.dialect,
    migrations: snapshot.migrations,
    rows: snapshot.rows,
    database: await describe(snapshot.file),
    images,
    missingImages,
  };
  await fs.writeFile(path.join(to, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Puts a backup back into an empty database and an empty upload folder, after checking every file
 * against the manifest; then checks that the database holds the rows the manifest counted.
 */
export async function restore(storage: Storage, from: string): Promise<BackupManifest> {
  const manifest = await readManifest(from);
  if (manifest.dialect !== storage.database.dialect) {
    throw new BackupError(
      `The backup is of ${manifest.dialect}; DATABASE_URL is ${storage.database.dialect}`,
    );
  }
  await verify(path.join(from, manifest.database.name), manifest.database);
  for (const image of manifest.images) await verify(path.join(from, IMAGES, image.name), image);
  await emptyFolder(storage.uploadDir, 'UPLOAD_DIR');

  const source = path.join(from, manifest.database.name);
  if (storage.database.dialect === 'sqlite') {
    const target = storage.database.file;
    if ((await fs.stat(target).catch(() => undefined))?.size) {
      throw new BackupError(`${target} is not empty: restore only into a new database`);
    }
    await fs.mkdir(path.dirname(path.resolve(target)), { recursive: true });
    await Promise.all(['-wal', '-shm'].map((suffix) => fs.rm(`${target}${suffix}`, { force: true })));
    await fs.copyFile(source, target);
  } else {
    const url = storage.database.url;
    const tables = await withClient(url, async (client) => {
      const result = await client.query<{ n: string }>(
        `select count(*) as n from information_schema.tables where table_schema = 'public'`,
      );
      return Number(result.rows[0]!.n);
    });
    if (tables > 0) throw new BackupError('The database is not empty: restore only into a new database');
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${url}`, source]);
  }

  await fs.mkdir(storage.uploadDir, { recursive: true });
  const bucket = await openBucket(storage.bucket);
  try {
    for (const image of manifest.images) {
      const file = path.join(from, IMAGES, image.name);
      if (bucket) await bucket.put(image.name, file);
      else await fs.copyFile(file, path.join(storage.uploadDir, image.name));
    }
  } finally {
    bucket?.close();
  }
  const counted = TABLES.filter((table) => manifest.rows[table] !== undefined);
  const rows = await countRows(storage.database, counted);
  for (const table of counted) {
    if (rows[table] !== manifest.rows[table]) {
      throw new BackupError(`${table}: ${rows[table]} rows restored, the backup has ${manifest.rows[table]}`);
    }
  }
  return manifest;
}

export async function readManifest(from: string): Promise<BackupManifest> {
  const text = await fs.readFile(path.join(from, MANIFEST), 'utf8').catch(() => {
    throw new BackupError(`${from} holds no ${MANIFEST}: not a finished backup`);
  });
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== 1) throw new BackupError(`Unknown backup format ${String(manifest.format)}`);
  for (const image of manifest.images) {
    if (!isImageFilename(image.name)) throw new BackupError(`Not an image file name: ${image.name}`);
  }
  return manifest;
}

interface Snapshot {
  file: string;
  migrations: string[];
  rows: Record<string, number>;
  imageNames: string[];
}

async function copySqlite(file: string, target: string): Promise<Snapshot> {
  if (!(await fs.stat(file).catch(() => undefined))?.isFile()) {
    throw new BackupError(`There is no database at ${file} (DATABASE_URL)`);
  }
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // All pages in one step: one read transaction, so writes meanwhile neither restart nor tear the copy.
    await source.backup(target, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const copy = new SQLite(target, { readonly: true });
  try {
    const column = (sql: string) => copy.prepare(sql).pluck().all() as string[];
    const present = new Set(column(`select name from sqlite_master where type = 'table'`));
    return {
      file: target,
      rows: await countTables(
        (table) => countIn(copy, table),
        TABLES.filter((table) => present.has(table)),
      ),
      migrations: column('select name from kysely_migration order by name'),
      imageNames: column('select filename from images order by filename'),
    };
  } finally {
    copy.close();
  }
}

/**
 * Rows per table, as `count` counts them. A database migrated before a table existed has no such table:
 * its backup does not count it, and its restore does not look for it (the migrations at start make it).
 */
async function countTables(
  count: (table: Table) => number | Promise<number>,
  tables: readonly Table[],
): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  for (const table of tables) rows[table] = await count(table);
  return rows;
}

/** `select count(*)` of a table in an open SQLite file. */
function countIn(db: SQLite.Database, table: string): number {
  return Number(db.prepare(`select count(*) from ${table}`).pluck().get());
}

/** `select count(*)` of a table on a PostgreSQL connection. */
async function countOn(client: pg.Client, table: string): Promise<number> {
  return Number((await client.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]!.n);
}

/**
 * pg_dump of a snapshot that this transaction exports and keeps open while the dump runs, so the counts
 * and image names read here are those of the dump.
 */
async function dumpPostgres(url: string, target: string): Promise<Snapshot> {
  return withClient(url, async (client) => {
    await client.query('begin isolation level repeatable read read only');
    try {
      const { rows: exported } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
      const present = await client.query<{ name: string }>(
        'select table_name as name from information_schema.tables where table_schema = current_schema()',
      );
      const tables = new Set(present.rows.map((row) => row.name));
      const rows = await countTables(
        (table) => countOn(client, table),
        TABLES.filter((table) => tables.has(table)),
      );
      const migrations = await client.query<{ name: string }>(
        'select name from kysely_migration order by name',
      );
      const images = await client.query<{ filename: string }>(
        'select filename from images order by filename',
      );
      await run('pg_dump', ['--format=custom', `--snapshot=${exported[0]!.id}`, `--file=${target}`, url]);
      return {
        file: target,
        rows,
        migrations: migrations.rows.map((row) => row.name),
        imageNames: images.rows.map((row) => row.filename),
      };
    } finally {
      await client.query('rollback');
    }
  });
}

/** Copies an image from where it is served, or from where it waits for its row; undefined if gone. */
async function copyImage(uploadDir: string, name: string, target: string): Promise<FileEntry | undefined> {
  for (const source of [path.join(uploadDir, name), path.join(uploadDir, PENDING, name)]) {
    try {
      await fs.copyFile(source, target);
      return await describe(target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return undefined;
}

async function describe(file: string): Promise<FileEntry> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  const { size } = await fs.stat(file);
  return { name: path.basename(file), bytes: size, sha256: hash.digest('hex') };
}

async function verify(file: string, expected: FileEntry): Promise<void> {
  const actual = await describe(file).catch(() => undefined);
  if (!actual || actual.sha256 !== expected.sha256 || actual.bytes !== expected.bytes) {
    throw new BackupError(`${expected.name} is missing or differs from the manifest: the backup is damaged`);
  }
}

async function countRows(
  database: DatabaseConfig,
  tables: readonly Table[],
): Promise<Record<string, number>> {
  if (database.dialect === 'sqlite') {
    const db = new SQLite(database.file, { readonly: true });
    try {
      return await countTables((table) => countIn(db, table), tables);
    } finally {
      db.close();
    }
  }
  return withClient(database.url, (client) => countTables((table) => countOn(client, table), tables));
}

/** A folder that does not exist yet or holds nothing but empty folders. */
async function emptyFolder(dir: string, what: string): Promise<void> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const empty =
      entry.isDirectory() && (await fs.readdir(path.join(dir, entry.name)).catch(() => [])).length === 0;
    if (!empty) throw new BackupError(`${what} (${dir}) is not empty`);
  }
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
