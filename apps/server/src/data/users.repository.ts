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
  /** Their descriptions in the same order, as the JSON array kept on its row. */
  image_alts: string;
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
  const columns = ['id', 'author_id', 'title', 'linktitle', 'image_names', 'image_alts'] as const;
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

export interface PinRow extends PortfolioRefRow {
  user_id: string;
  hidden_at: Date | string | null;
}

/** Each person's pinned portfolios, in their order; hidden ones too (the caller knows who may see them). */
export function findPins(db: Executor, userIds: readonly string[]): Promise<PinRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return hotRead(db, `profile-pins:${userIds.length}`, userIds, () =>
    db
      .selectFrom('profile_pins')
      .innerJoin('portfolios', 'portfolios.id', 'profile_pins.portfolio_id')
      .select([
        'profile_pins.user_id',
        'portfolios.id',
        'portfolios.author_id',
        'portfolios.title',
        'portfolios.linktitle',
        'portfolios.image_names',
        'portfolios.image_alts',
        'portfolios.hidden_at',
      ])
      .where('profile_pins.user_id', 'in', userIds)
      .orderBy('profile_pins.user_id')
      .orderBy('profile_pins.position'),
  );
}

/** The person's pinned portfolios' ids, in their order. */
export async function findPinnedIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('profile_pins')
    .select('portfolio_id')
    .where('user_id', '=', userId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.portfolio_id);
}

/** Which of these portfolios the author wrote. */
export async function findOwnPortfolioIds(
  db: Executor,
  authorId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('portfolios')
    .select('id')
    .where('author_id', '=', authorId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Pins these portfolios, in this order, instead of those pinned before. */
export async function replacePins(
  db: Executor,
  userId: string,
  portfolioIds: readonly string[],
): Promise<void> {
  await db.deleteFrom('profile_pins').where('user_id', '=', userId).execute();
  if (portfolioIds.length === 0) return;
  await db
    .insertInto('profile_pins')
    .values(portfolioIds.map((portfolio_id, position) => ({ user_id: userId, portfolio_id, position })))
    .execute();
}

/**
 * The person's own statement of their affiliation. An admin's verification stays only while the kind and
 * the name are what were verified: compared with the row as the update finds it.
 */
export async function setAffiliation(
  db: Executor,
  userId: string,
  affiliation: { kind: string; name: string } | null,
): Promise<void> {
  const kind = affiliation?.kind ?? null;
  const name = affiliation?.name ?? null;
  await db
    .updateTable('users')
    .set({
      affiliation_kind: kind,
      affiliation_name: name,
      affiliation_verified_at: sql<string | null>`case when affiliation_kind = ${kind}
        and affiliation_name = ${name} then affiliation_verified_at end`,
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * Marks the stated affiliation verified (at `at`) or not (null), while it is still the one the admin
 * checked; false when it is not (changed or removed meanwhile).
 */
export async function setAffiliationVerified(
  db: Executor,
  userId: string,
  checked: { kind: string; name: string },
  at: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ affiliation_verified_at: at })
    .where('id', '=', userId)
    .where('affiliation_kind', '=', checked.kind)
    .where('affiliation_name', '=', checked.name)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
