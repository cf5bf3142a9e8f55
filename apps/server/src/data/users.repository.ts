import type { Locale } from '@portfolio-master/i18n';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Updateable } from 'kysely';
import type { Dialect } from '../db/database.js';
import { hotRead } from '../db/hot-reads.js';
import type { Database, NewUser, UserRow, UsersTable } from '../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type UserPatch = Omit<Updateable<UsersTable>, 'id' | 'created_at'>;

export function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Case-insensitive, served by the unique index on lower(username). */
export function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** The account that signs in with this Telegram id (at most one: the column is unique). */
export function findUserByTelegramId(db: Executor, telegramId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('telegram_id', '=', telegramId).executeTakeFirst();
}

/** The names as stored now; on PostgreSQL the row stays locked until the transaction ends. */
export function lockUserNames(
  db: Executor,
  dialect: Dialect,
  id: string,
): Promise<Pick<UserRow, 'username' | 'firstname' | 'lastname'> | undefined> {
  return db
    .selectFrom('users')
    .select(['username', 'firstname', 'lastname'])
    .where('id', '=', id)
    .$if(dialect === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export async function insertUser(db: Executor, user: NewUser): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

/** The language the account reads the site in, which its notification mails are written in. */
export async function setUserLocale(db: Executor, id: string, locale: Locale): Promise<void> {
  await db.updateTable('users').set({ locale }).where('id', '=', id).execute();
}

export async function updateUser(db: Executor, id: string, patch: UserPatch): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
}

export function listUsers(db: Executor, limit: number, offset: number): Promise<UserRow[]> {
  return hotRead(db, 'users-page', [limit, offset], () =>
    db
      .selectFrom('users')
      .selectAll()
      .where('hidden_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset),
  );
}

export interface PortfolioRefRow {
  id: string;
  author_id: string;
  title: string;
  linktitle: string;
  /** Its gallery's file names in order, as the JSON array kept on its row. */
  image_names: string;
}

/**
 * Each author's newest `limit` portfolios, with their gallery, and how many portfolios each has in all:
 * of those everyone sees.
 */
export async function findPortfolioRefs(
  db: Executor,
  authorIds: readonly string[],
  limit: number,
): Promise<{ portfolios: PortfolioRefRow[]; counts: Map<string, number> }> {
  if (authorIds.length === 0) return { portfolios: [], counts: new Map() };
  const columns = ['id', 'author_id', 'title', 'linktitle', 'image_names'] as const;
  const [portfolios, counted] = await Promise.all([
    authorIds.length === 1
      ? hotRead(db, 'author-portfolio-refs', [authorIds[0]!, limit], () =>
          db
            .selectFrom('portfolios')
            .select(columns)
            .where('author_id', '=', authorIds[0]!)
            .where('hidden_at', 'is', null)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(limit),
        )
      : hotRead(db, `authors-portfolio-refs:${authorIds.length}`, [...authorIds, limit], () =>
          db
            .selectFrom(
              db
                .selectFrom('portfolios')
                .select(columns)
                .select((eb) =>
                  eb.fn
                    .agg<number>('row_number')
                    .over((over) =>
                      over.partitionBy('author_id').orderBy('created_at', 'desc').orderBy('id', 'desc'),
                    )
                    .as('rank'),
                )
                .where('author_id', 'in', authorIds)
                .where('hidden_at', 'is', null)
                .as('ranked'),
            )
            .select(columns)
            .where('rank', '<=', limit)
            .orderBy('author_id')
            .orderBy('rank'),
        ),
    hotRead(db, `authors-portfolio-counts:${authorIds.length}`, authorIds, () =>
      db
        .selectFrom('portfolios')
        .select(['author_id', (eb) => eb.fn.countAll<number | string>().as('count')])
        .where('author_id', 'in', authorIds)
        .where('hidden_at', 'is', null)
        .groupBy('author_id'),
    ),
  ]);
  return { portfolios, counts: new Map(counted.map((row) => [row.author_id, Number(row.count)])) };
}

export async function setAdminFlag(db: Executor, username: string, isAdmin: boolean): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ is_admin: isAdmin ? 1 : 0 })
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
