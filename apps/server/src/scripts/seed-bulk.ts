import { parseArgs } from 'node:util';
import { loadConfigOrExplain } from '../config.js';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { BULK_PASSWORD, type BulkOptions, seedBulk, validateBulkOptions } from '../seed/bulk.js';
import { verifyAndReport } from './verify.js';
import { ImageStore } from '../modules/images/image-store.js';

const USAGE = `Usage: npm run seed:bulk -- [--users 10000] [--portfolios 100000] [--likes 1000000]
         [--comments 300000] [--seed 1] [--until 2026-01-01] [--reset] [--verify]

Fills the database named by DATABASE_URL (SQLite or PostgreSQL) with generated data for load tests.
The same --seed and --until give the same data. --reset deletes all existing data first (otherwise a
database that already has users is refused). --verify re-counts every counter afterwards.`;

/** The arguments as bulk-seed options, or a message saying what is wrong with them. */
function parseSeedArguments(argv: readonly string[]): (BulkOptions & { verify: boolean }) | string {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        users: { type: 'string', default: '10000' },
        portfolios: { type: 'string', default: '100000' },
        likes: { type: 'string', default: '1000000' },
        comments: { type: 'string', default: '300000' },
        seed: { type: 'string', default: '1' },
        until: { type: 'string' },
        reset: { type: 'boolean', default: false },
        verify: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    return `${(error as Error).message}\n\n${USAGE}`;
  }
  if (parsed.help) return USAGE;
  const until = parsed.until === undefined ? undefined : new Date(parsed.until);
  if (until && Number.isNaN(until.getTime())) return `--until must be a date such as 2026-01-01\n\n${USAGE}`;
  const options = {
    users: Number(parsed.users),
    portfolios: Number(parsed.portfolios),
    likes: Number(parsed.likes),
    comments: Number(parsed.comments),
    seed: parsed.seed,
    reset: parsed.reset,
    verify: parsed.verify,
    ...(until ? { until } : {}),
  };
  const problem = validateBulkOptions(options);
  return problem ? `${problem}\n\n${USAGE}` : options;
}

async function main(): Promise<number> {
  const options = parseSeedArguments(process.argv.slice(2));
  if (typeof options === 'string') {
    console.error(options);
    return 2;
  }
  const config = loadConfigOrExplain();
  if (!config) return 1;
  const target = config.database.dialect === 'sqlite' ? `sqlite:${config.database.file}` : 'PostgreSQL';
  console.log(
    `Seeding ${target}: ${options.users} users, ${options.portfolios} portfolios, ${options.likes} likes, ` +
      `${options.comments} comments (seed ${options.seed}${options.reset ? ', reset' : ''})`,
  );
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`;
  const database = createDatabase(config.database, { logger: console, poolSize: 1 });
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0) console.log(`${elapsed()}  migrations applied: ${applied.join(', ')}`);
    const result = await seedBulk(database.db, database.dialect, options, (message) =>
      console.log(`${elapsed()}  ${message}`),
    );
    if (result.removedImages.length > 0) {
      await new ImageStore(config.uploadDir).remove(result.removedImages);
      console.log(`${elapsed()}  removed ${result.removedImages.length} image files of the deleted data`);
    }
    console.log(
      `Done in ${((performance.now() - started) / 1000).toFixed(1)} s. Every user's password: ${BULK_PASSWORD}`,
    );
    if (options.verify && !(await verifyAndReport(database.db, database.dialect, elapsed))) return 1;
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await database.destroy();
  }
}

process.exitCode = await main();
