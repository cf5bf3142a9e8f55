import { parseArgs } from 'node:util';
import { loadConfigOrExplain } from '../config.js';
import { createDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { verifyAndReport } from './verify.js';
import { readDump } from '../import/dump.js';
import { openForDryRun } from '../import/dry-run-database.js';
import { IMAGE_WORKERS, importOriginal } from '../import/original-import.js';
import { formatReport, progressPrinter } from '../import/report.js';
import { ChangeFeed, changeTags } from '../lib/changes.js';
import { openBucket } from '../modules/images/open-bucket.js';
import { ImageStore } from '../modules/images/image-store.js';

const USAGE = `Usage: npm run import:original -- --dump <folder> [--dry-run] [--verify] [--batch=500]

Imports the original site's MongoDB data (a mongodump folder with users, portfolios, comments,
uploads.files and uploads.chunks as .bson or .bson.gz) into the database named by DATABASE_URL,
its images into UPLOAD_DIR (or S3_URL). Safe to run again: what is already there is skipped.
--dry-run prints what would be imported and every problem found, changing nothing (a database
without our tables yet is taken as empty, and left as it is).
--verify re-counts every counter and checks the search index afterwards.
--batch is how many users or portfolios go in one transaction (500).
The rules for messy data: docs/decisions/0030-importing-the-original-site.md.`;

function parseImportArguments(argv: readonly string[]) {
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: {
        dump: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        verify: { type: 'boolean', default: false },
        batch: { type: 'string', default: '500' },
        help: { type: 'boolean', default: false },
      },
    });
    const batch = Number(values.batch);
    if (values.help || !values.dump) return USAGE;
    if (!Number.isInteger(batch) || batch < 1) return `--batch is a whole number from 1\n\n${USAGE}`;
    return { dump: values.dump, dryRun: values['dry-run'], verify: values.verify, batch };
  } catch (error) {
    return `${(error as Error).message}\n\n${USAGE}`;
  }
}

async function main(): Promise<number> {
  const options = parseImportArguments(process.argv.slice(2));
  if (typeof options === 'string') {
    console.error(options);
    return 2;
  }
  const config = loadConfigOrExplain();
  if (!config) return 1;
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`;
  let read;
  try {
    read = await readDump(options.dump);
  } catch (error) {
    console.error(`Cannot read the dump: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const { dump, missing } = read;
  if (missing.length > 0)
    console.log(`${elapsed()}  not in the dump (taken as empty): ${missing.join(', ')}`);
  console.log(
    `${elapsed()}  read ${dump.users.length} users, ${dump.portfolios.length} portfolios, ` +
      `${dump.comments.length} comments, ${dump['uploads.files'].length} files`,
  );
  const bucket = await openBucket(config.bucket);
  const changes = await ChangeFeed.create({ redisUrl: config.redisUrl });
  let database: DatabaseHandle | undefined;
  try {
    if (options.dryRun) {
      const opened = await openForDryRun(config.database, { logger: console });
      if (typeof opened === 'string') {
        console.error(opened);
        return 1;
      }
      database = opened.handle;
      if (opened.empty) console.log(`${elapsed()}  no tables of ours in the database yet: compared as empty`);
    } else {
      database = createDatabase(config.database, { logger: console, poolSize: 1 });
      const applied = await migrateToLatest(database.db);
      if (applied.length > 0) console.log(`${elapsed()}  migrations applied: ${applied.join(', ')}`);
    }
    const imageStore = new ImageStore(config.uploadDir, undefined, bucket, undefined, IMAGE_WORKERS);
    if (!options.dryRun) await imageStore.init();
    const report = await importOriginal(
      dump,
      { db: database.db, dialect: database.dialect, imageStore },
      {
        dryRun: options.dryRun,
        batch: { users: options.batch, portfolios: options.batch },
        progress: progressPrinter(process.stdout, elapsed),
      },
    );
    console.log(`\n${formatReport(report)}`);
    if (report.changed && !options.dryRun) {
      // Running instances drop the lists and pages they cache (at once with REDIS_URL).
      await changes.publish([
        changeTags.lists,
        changeTags.users,
        changeTags.technologies,
        changeTags.catalog,
      ]);
    }
    if (options.verify && !(await verifyAndReport(database.db, database.dialect, elapsed))) return 1;
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    read.close();
    await changes.close();
    bucket?.close();
    await database?.destroy();
  }
}

process.exitCode = await main();
