import { parseArgs } from 'node:util';
import { BOUNDS } from '@portfolio-master/contract';
import { findMentionCandidates } from '@portfolio-master/server/data/mentions.repository';
import type { DatabaseHandle } from '@portfolio-master/server/db/database';
import { seedBulk } from '@portfolio-master/server/seed/bulk';
import { Random } from '@portfolio-master/server/seed/random';
import { sql } from 'kysely';
import { withFreshDatabase } from './fresh-database.js';

/**
 * `npm run bench:mentions`: how long the comment box's suggestions after `@` take in the database at
 * 100,000 accounts, uncached (what a prefix nobody asked for lately costs), on SQLite and PostgreSQL.
 * Seeds the accounts with the bulk seed into a fresh database of each kind, then asks for prefixes of
 * one to five letters of usernames that exist (and some that match nobody), and prints the times.
 */

const USAGE = 'Usage: npm run bench:mentions -- [--users=100000] [--asks=400] [--database=sqlite,postgres]';

function options() {
  const { values } = parseArgs({
    options: {
      users: { type: 'string', default: '100000' },
      asks: { type: 'string', default: '400' },
      database: { type: 'string', default: 'sqlite,postgres' },
    },
  });
  const users = Number(values.users);
  const asks = Number(values.asks);
  const databases = values.database.split(',');
  if (!Number.isInteger(users) || users < 1 || !Number.isInteger(asks) || asks < 1) throw new Error(USAGE);
  if (databases.some((name) => name !== 'sqlite' && name !== 'postgres')) throw new Error(USAGE);
  return { users, asks, databases: databases as ('sqlite' | 'postgres')[] };
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function measure(handle: DatabaseHandle, asks: number) {
  const random = new Random('mentions');
  const names = (await handle.db.selectFrom('users').select('username').execute()).map((row) =>
    row.username.toLowerCase(),
  );
  const prefixes = Array.from({ length: asks }, (_, i) => {
    const name = random.pick(names);
    // Every fifth asks for a name nobody has: the walk finds nothing and must stop at once too.
    return i % 5 === 4 ? `${name}zzq` : name.slice(0, 1 + (i % 5));
  });
  const now = new Date().toISOString();
  for (const prefix of prefixes.slice(0, 20)) {
    await findMentionCandidates(handle.db, handle.dialect, prefix, BOUNDS.mentionSuggestions, now);
  }
  const times: number[] = [];
  let found = 0;
  for (const prefix of prefixes) {
    const start = performance.now();
    const rows = await findMentionCandidates(
      handle.db,
      handle.dialect,
      prefix,
      BOUNDS.mentionSuggestions,
      now,
    );
    times.push(performance.now() - start);
    found += rows.length;
  }
  times.sort((a, b) => a - b);
  return {
    median: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    max: times.at(-1)!,
    found,
    count: names.length,
  };
}

async function main() {
  const { users, asks, databases } = options();
  const rows: string[] = [];
  for (const database of databases) {
    await withFreshDatabase(database, 'bench-mentions', async (handle) => {
      const started = performance.now();
      await seedBulk(handle.db, handle.dialect, {
        users,
        portfolios: 0,
        likes: 0,
        comments: 0,
        seed: 'mentions',
        reset: false,
      });
      await sql`analyze`.execute(handle.db);
      const took = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`${database}: ${users} accounts seeded in ${took} s`);
      const result = await measure(handle, asks);
      rows.push(
        `| ${database === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${result.count} | ${asks} | ` +
          `${result.median.toFixed(2)} ms | ${result.p95.toFixed(2)} ms | ${result.max.toFixed(2)} ms | ` +
          `${(result.found / asks).toFixed(1)} |`,
      );
    });
  }
  console.log('\n| Database | Accounts | Prefixes asked | Median | p95 | Slowest | People suggested, mean |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  console.log(rows.join('\n'));
}

await main();
