import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface CoauthorRow {
  portfolio_id: string;
  status: 'invited' | 'accepted';
  id: string;
  username: string;
  firstname: string;
  lastname: string;
  image: string | null;
  is_admin: number;
  email: string | null;
  work_status: string;
}

/** The people invited to these portfolios or crediting them, by invitation time (`accepted` only unless `all`). */
export function findCoauthors(
  db: Executor,
  portfolioIds: readonly string[],
  all = false,
): Promise<CoauthorRow[]> {
  if (portfolioIds.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('portfolio_authors as pa')
    .innerJoin('users as u', 'u.id', 'pa.user_id')
    .select([
      'pa.portfolio_id',
      'pa.status',
      'u.id',
      'u.username',
      'u.firstname',
      'u.lastname',
      'u.image',
      'u.is_admin',
      'u.email',
      'u.work_status',
    ])
    .where('pa.portfolio_id', 'in', portfolioIds);
  if (!all) query = query.where('pa.status', '=', 'accepted');
  return query.orderBy('pa.created_at').orderBy('pa.user_id').execute();
}

/** How many people are invited to or credit this portfolio. */
export async function countCoauthors(db: Executor, portfolioId: string): Promise<number> {
  const row = await db
    .selectFrom('portfolio_authors')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('portfolio_id', '=', portfolioId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findInvitation(db: Executor, portfolioId: string, userId: string) {
  return db
    .selectFrom('portfolio_authors')
    .select(['status'])
    .where('portfolio_id', '=', portfolioId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Answers false when that person is already invited (or credited). */
export async function insertInvitation(
  db: Executor,
  row: { portfolioId: string; userId: string; portfolioCreatedAt: string; now: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('portfolio_authors')
    .values({
      portfolio_id: row.portfolioId,
      user_id: row.userId,
      status: 'invited',
      portfolio_created_at: row.portfolioCreatedAt,
      created_at: row.now,
      accepted_at: null,
    })
    .onConflict((oc) => oc.columns(['portfolio_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Answers whether a pending invitation was accepted. */
export async function acceptInvitation(
  db: Executor,
  portfolioId: string,
  userId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('portfolio_authors')
    .set({ status: 'accepted', accepted_at: now })
    .where('portfolio_id', '=', portfolioId)
    .where('user_id', '=', userId)
    .where('status', '=', 'invited')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Declines, leaves or withdraws: answers the row's status before, undefined when there was none. */
export async function deleteInvitation(
  db: Executor,
  portfolioId: string,
  userId: string,
): Promise<'invited' | 'accepted' | undefined> {
  const row = await db
    .deleteFrom('portfolio_authors')
    .where('portfolio_id', '=', portfolioId)
    .where('user_id', '=', userId)
    .returning('status')
    .executeTakeFirst();
  return row?.status;
}
