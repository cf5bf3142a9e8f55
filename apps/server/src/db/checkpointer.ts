import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the thread copies the write-ahead log's new pages into the database file. */
export const CHECKPOINT_INTERVAL_MS = 100;
/**
 * The write connection checkpoints on its own past this many pages of log (80 MB; SQLite's default is
 * 1,000). Only a checkpoint that no commit overtakes lets the log start over from its beginning, and
 * under steady writes only the writer's own is such a one: it copies what the thread has not yet (at
 * most a tenth of a second of writes), once every 20,000 pages. Should the thread stop, it does it all.
 */
export const BACKSTOP_CHECKPOINT_PAGES = 20_000;
const SQLITE_DEFAULT_CHECKPOINT_PAGES = 1000;
/** The log's file is cut back to this size when it starts over (a burst may have grown it further). */
export const WAL_SIZE_LIMIT_BYTES = BACKSTOP_CHECKPOINT_PAGES * 4096;

/** What one checkpoint did (`PRAGMA wal_checkpoint(PASSIVE)`): pages in the log, and copied of them. */
export interface CheckpointReport {
  logPages: number;
  copiedPages: number;
}

export interface Checkpointer {
  /** Runs a last checkpoint on the thread, then ends it. */
  stop(): Promise<void>;
}

/**
 * The thread's code, run from source so that it loads the same way from the build and from the tests.
 * It opens its own connection to the file and only ever checkpoints: a PASSIVE checkpoint neither waits
 * for nor blocks the writer or the readers, and copies what no reader still needs.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const connection = new SQLite(workerData.file);
connection.pragma('synchronous = NORMAL');
const checkpoint = () => {
  const [result] = connection.pragma('wal_checkpoint(PASSIVE)');
  if (workerData.reports && result.log > 0) {
    parentPort.postMessage({ logPages: result.log, copiedPages: result.checkpointed });
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  try {
    checkpoint();
  } finally {
    connection.close();
    parentPort.close();
  }
});
`;

/**
 * Moves SQLite's checkpoints off the event loop (docs/decisions/0066-checkpoints-on-a-thread.md). In WAL
 * mode every commit appends the pages it changed to the log; by default the commit that takes the log
 * past 1,000 pages also copies them into the database file and syncs it, inside the request that made
 * it: a write's commit cost several times its own work, and every fiftieth like waited for a disk sync.
 * Here a thread of its own checkpoints ten times a second, so the writer mostly only appends, and a page
 * written by many commits in that time is copied once. Should the thread fail, the writer checkpoints
 * as before.
 */
export function startCheckpointer(
  file: string,
  writer: SQLite.Database,
  options: {
    logger: { warn(details: object, message: string): void };
    intervalMs?: number;
    onCheckpoint?: (report: CheckpointReport) => void;
  },
): Checkpointer {
  writer.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
  writer.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  const worker = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: {
      file,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      intervalMs: options.intervalMs ?? CHECKPOINT_INTERVAL_MS,
      // Reports cross threads only for a listener (the tests).
      reports: options.onCheckpoint !== undefined,
    },
  });
  // The thread never keeps the process alive; closing the database stops it.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  if (options.onCheckpoint) worker.on('message', options.onCheckpoint);
  worker.on('error', (error) => {
    options.logger.warn({ err: error }, 'the checkpoint thread stopped; the writer checkpoints itself');
    if (writer.open) writer.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_CHECKPOINT_PAGES}`);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      await exited;
    },
  };
}
