import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BACKSTOP_CHECKPOINT_PAGES,
  type Checkpointer,
  type CheckpointReport,
  startCheckpointer,
} from './checkpointer.js';
import { createDatabase, openSqlite } from './database.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-checkpointer-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const quiet = { warn: () => undefined };

/** About 1,500 pages of rows in one commit: past SQLite's own checkpoint at 1,000. */
function writeManyPages(writer: SQLite.Database): void {
  writer.exec('create table if not exists blobs (id integer primary key, body blob not null)');
  const insert = writer.prepare('insert into blobs (body) values (?)');
  writer.transaction(() => {
    for (let index = 0; index < 1500; index++) insert.run(Buffer.alloc(4000, index % 251));
  })();
}

/** How many rows the database file holds by itself, without its write-ahead log. */
function rowsInFileAlone(file: string): number {
  const bare = `${file}.bare-${Math.random().toString(36).slice(2)}`;
  fs.copyFileSync(file, bare);
  const connection = new SQLite(bare, { readonly: true });
  try {
    const table = connection.prepare("select 1 from sqlite_master where name = 'blobs'").get();
    return table ? (connection.prepare('select count(*) as n from blobs').get() as { n: number }).n : 0;
  } finally {
    connection.close();
    fs.rmSync(bare, { force: true });
  }
}

const untilReport = (reports: CheckpointReport[], done: (report: CheckpointReport) => boolean) =>
  expect.poll(() => reports.some(done), { timeout: 5000, interval: 20 }).toBe(true);

/** A file database's write connection with a checkpoint thread every `intervalMs`, closed after `use`. */
async function withCheckpointer(
  name: string,
  intervalMs: number,
  use: (opened: {
    file: string;
    writer: SQLite.Database;
    reports: CheckpointReport[];
    checkpointer: Checkpointer;
  }) => Promise<void>,
): Promise<void> {
  const file = path.join(dir, name);
  const writer = openSqlite(file);
  const reports: CheckpointReport[] = [];
  const checkpointer = startCheckpointer(file, writer, {
    logger: quiet,
    intervalMs,
    onCheckpoint: (report) => reports.push(report),
  });
  try {
    await use({ file, writer, reports, checkpointer });
  } finally {
    await checkpointer.stop();
    writer.close();
  }
}

describe('checkpoints on a thread of their own', () => {
  it('leave the writer only appending to the log, and copy it into the file on the thread', async () => {
    // A long interval: nothing but the commit itself could copy pages until the thread's last checkpoint.
    await withCheckpointer('append.db', 60_000, async ({ file, writer, reports, checkpointer }) => {
      expect(writer.pragma('wal_autocheckpoint', { simple: true })).toBe(BACKSTOP_CHECKPOINT_PAGES);
      writeManyPages(writer);
      // SQLite's default would have checkpointed at this commit; the file alone does not have the rows yet.
      expect(rowsInFileAlone(file)).toBe(0);
      await checkpointer.stop();
      expect(reports).toHaveLength(1);
      expect(reports[0]!.logPages).toBeGreaterThan(1000);
      expect(reports[0]!.copiedPages).toBe(reports[0]!.logPages);
      expect(rowsInFileAlone(file)).toBe(1500);
      // The writer goes on after the thread has ended.
      writer.prepare('insert into blobs (body) values (?)').run(Buffer.from('after'));
      expect(writer.prepare('select count(*) as n from blobs').pluck().get()).toBe(1501);
    });
  });

  it('copy what was committed while the writer stays open', async () => {
    await withCheckpointer('interval.db', 50, async ({ file, writer, reports }) => {
      writeManyPages(writer);
      await untilReport(
        reports,
        (report) => report.logPages > 1000 && report.copiedPages === report.logPages,
      );
      expect(rowsInFileAlone(file)).toBe(1500);
    });
  });

  it('hand checkpoints back to the writer when the thread cannot run', async () => {
    const file = path.join(dir, 'fallback.db');
    const writer = openSqlite(file);
    const warnings: string[] = [];
    const checkpointer = startCheckpointer(path.join(dir, 'no such folder', 'x.db'), writer, {
      logger: { warn: (_details, message) => warnings.push(message) },
    });
    try {
      await expect.poll(() => warnings, { timeout: 5000 }).toHaveLength(1);
      expect(writer.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
      writeManyPages(writer);
      // SQLite's own checkpoint at the commit put the rows into the file.
      expect(rowsInFileAlone(file)).toBe(1500);
    } finally {
      await checkpointer.stop();
      writer.close();
    }
  });

  it('run for the database the server opens, and end with it', async () => {
    const file = path.join(dir, 'server.db');
    const reports: CheckpointReport[] = [];
    const handle = createDatabase(
      { dialect: 'sqlite', file },
      { logger: quiet, checkpointOnThread: true, onCheckpoint: (report) => reports.push(report) },
    );
    try {
      await sql`create table notes (id integer primary key)`.execute(handle.db);
      await sql`insert into notes (id) values (1)`.execute(handle.db);
      await untilReport(reports, (report) => report.copiedPages === report.logPages);
    } finally {
      await handle.destroy();
    }
    // Closed: the last connection folded the log into the file and removed it.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });
});
