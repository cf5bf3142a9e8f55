import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { findInconsistencies } from '../seed/consistency.js';

/** `--verify` of the scripts: says what is inconsistent on stderr, or that all is, on stdout. */
export async function verifyAndReport(
  db: Kysely<Database>,
  dialect: Dialect,
  elapsed: () => string,
): Promise<boolean> {
  const problems = await findInconsistencies(db, dialect);
  if (problems.length > 0) {
    console.error(`Inconsistent data:\n  ${problems.join('\n  ')}`);
    return false;
  }
  console.log(`${elapsed()}  verified: counters, linktitles and search index are consistent`);
  return true;
}
