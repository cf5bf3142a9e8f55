import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Counts one visitor's view of a portfolio on a day, once; answers whether it was new. */
export async function insertView(
  db: Kysely<Database>,
  view: { portfolio_id: string; day: string; visitor: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('portfolio_views')
    .values(view)
    .onConflict((oc) => oc.columns(['portfolio_id', 'day', 'visitor']).doNothing())
    .returning('day')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Unique viewers of a portfolio per day since `firstDay`, for the days that have any. */
export function countViewersByDay(db: Kysely<Database>, portfolioId: string, firstDay: string) {
  return db
    .selectFrom('portfolio_views')
    .select(['day', (eb) => eb.fn.countAll<number | string>().as('viewers')])
    .where('portfolio_id', '=', portfolioId)
    .where('day', '>=', firstDay)
    .groupBy('day')
    .execute();
}

/** Deletes the views and salts of the days before `oldest`. */
export async function deleteViewsBefore(db: Kysely<Database>, oldest: string): Promise<void> {
  await db.deleteFrom('portfolio_views').where('day', '<', oldest).execute();
  await db.deleteFrom('view_salts').where('day', '<', oldest).execute();
}

/** The day's salt: `candidate` when this is the first to ask, else the one stored first. */
export async function daySalt(db: Kysely<Database>, day: string, candidate: string): Promise<string> {
  await db
    .insertInto('view_salts')
    .values({ day, salt: candidate })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  const row = await db
    .selectFrom('view_salts')
    .select('salt')
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  return row.salt;
}
