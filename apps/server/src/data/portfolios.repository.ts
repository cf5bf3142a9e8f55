import { type Kysely, PostgresAdapter, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Sort } from '@portfolio-master/contract';
import type { Dialect } from '../db/database.js';
import { storedGallery } from '../lib/string-list.js';
import { hotRead, hotStatement } from '../db/hot-reads.js';
import type { Database, PortfolioRow, PortfoliosTable } from '../db/schema.js';
import { type CountPlan, type ListCriteria, type PagePlan, planCount, planPage } from './list-plan.js';
import { countTextIndexMatches, findTextIndexPage, writeSearchEntry } from './search.repository.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface PortfolioWithAuthor extends Omit<
  PortfolioRow,
  'technology_names' | 'image_names' | 'image_alts' | 'trend_score' | 'ranked_likes' | 'github_due_at'
> {
  author_username: string;
  author_firstname: string;
  author_lastname: string;
  author_image: string | null;
  author_is_admin: number;
  author_email: string | null;
  /** The author's open-to-work status (`users.work_status`). */
  author_work_status: string;
  /** Technology names in the portfolio's order. */
  used: string[];
  /** Gallery file names in order. */
  images: string[];
  /** Their descriptions, aligned with `images` ('' for none). */
  imageAlts: string[];
}

const isPostgres = (db: Executor) => db.getExecutor().adapter instanceof PostgresAdapter;

/** A portfolio with its author; its technology names and gallery are on its own row (`refreshPortfolioLists`). */
function selectWithAuthor(db: Executor) {
  return db
    .selectFrom('portfolios as p')
    .innerJoin('users as u', 'u.id', 'p.author_id')
    .select([
      'p.id',
      'p.author_id',
      'p.title',
      'p.linktitle',
      'p.description',
      'p.url',
      'p.repo_url',
      'p.likes_count',
      'p.comments_count',
      'p.created_at',
      'p.updated_at',
      'u.username as author_username',
      'u.firstname as author_firstname',
      'u.lastname as author_lastname',
      'u.image as author_image',
      'u.is_admin as author_is_admin',
      'u.email as author_email',
      'u.work_status as author_work_status',
      'p.technology_names as used',
      'p.image_names as images',
      'p.image_alts as imageAlts',
      'p.hidden_at',
      'p.hidden_reason',
      'p.channel_opt_out',
      'p.github_repo',
      'p.github_stars',
      'p.github_language',
    ]);
}

/**
 * A portfolio's technology names and gallery file names, in order, as the JSON arrays kept on its row,
 * computed from portfolio_technologies and images (`portfolioId` is an SQL expression).
 */
export function portfolioListsOf(dialect: Dialect, portfolioId: RawBuilder<unknown>) {
  const list = (value: RawBuilder<unknown>, order: RawBuilder<unknown>, from: RawBuilder<unknown>) =>
    dialect === 'postgres'
      ? sql<string>`coalesce((select json_agg(${value} order by ${order})::text ${from}), '[]')`
      : sql<string>`(select json_group_array(${value} order by ${order}) ${from})`;
  return {
    technologies: list(
      sql`t.name`,
      sql`pt.position`,
      sql`from portfolio_technologies pt join technologies t on t.id = pt.technology_id
        where pt.portfolio_id = ${portfolioId}`,
    ),
    images: list(sql`i.filename`, sql`i.position`, sql`from images i where i.portfolio_id = ${portfolioId}`),
    imageAlts: list(sql`i.alt`, sql`i.position`, sql`from images i where i.portfolio_id = ${portfolioId}`),
  };
}

/** Copies a portfolio's technologies and gallery onto its row: in every transaction that changes them. */
export async function refreshPortfolioLists(db: Executor, portfolioId: string): Promise<void> {
  const lists = portfolioListsOf(isPostgres(db) ? 'postgres' : 'sqlite', sql`${portfolioId}`);
  await db
    .updateTable('portfolios')
    .set({ technology_names: lists.technologies, image_names: lists.images, image_alts: lists.imageAlts })
    .where('id', '=', portfolioId)
    .execute();
}

/** The lists are JSON text on the row. */
function withLists(
  row: Omit<PortfolioWithAuthor, 'used' | 'images' | 'imageAlts'> & {
    used: string;
    images: string;
    imageAlts: string;
  },
): PortfolioWithAuthor {
  return { ...row, used: JSON.parse(row.used) as string[], ...storedGallery(row.images, row.imageAlts) };
}

export async function findPortfolioById(db: Executor, id: string): Promise<PortfolioWithAuthor | undefined> {
  const [row] = await hotRead(db, 'portfolio-by-id', [id], () => selectWithAuthor(db).where('p.id', '=', id));
  return row && withLists(row);
}

/** What a write to a portfolio needs of it (a like, a comment): who wrote it and whether it is hidden. */
export interface PortfolioKey {
  id: string;
  author_id: string;
  hidden_at: Date | string | null;
}

/** `findPortfolioById`'s row narrowed to `PortfolioKey`: one primary-key look-up of three columns. */
export async function findPortfolioKeyById(db: Executor, id: string): Promise<PortfolioKey | undefined> {
  const [row] = await hotRead(db, 'portfolio-key-by-id', [id], () =>
    db.selectFrom('portfolios').select(['id', 'author_id', 'hidden_at']).where('id', '=', id),
  );
  return row;
}

export async function findPortfolioByLinktitle(
  db: Executor,
  linktitle: string,
): Promise<PortfolioWithAuthor | undefined> {
  const [row] = await hotRead(db, 'portfolio-by-linktitle', [linktitle], () =>
    selectWithAuthor(db).where('p.linktitle', '=', linktitle),
  );
  return row && withLists(row);
}

/** The portfolio an old linktitle of the original site still leads to (see the import's plan). */
export async function findPortfolioByOldLinktitle(
  db: Executor,
  oldLinktitle: string,
): Promise<PortfolioWithAuthor | undefined> {
  const row = await selectWithAuthor(db)
    .innerJoin('portfolio_aliases as a', 'a.portfolio_id', 'p.id')
    .where('a.old_linktitle', '=', oldLinktitle)
    .executeTakeFirst();
  return row && withLists(row);
}

export type { ListCriteria } from './list-plan.js';

const ORDER_COLUMNS = {
  new: ['created_at'],
  popular: ['ranked_likes', 'created_at'],
  discussed: ['comments_count', 'created_at'],
  trending: ['trend_score', 'created_at'],
} as const satisfies Record<Sort, readonly (keyof PortfoliosTable)[]>;

/** Ids of one page, found as the plan says (see list-plan.ts). */
export async function findPageIds(db: Executor, plan: PagePlan): Promise<string[]> {
  if (plan.source !== 'order-index') return findTextIndexPage(db, plan);
  // The sort's covering index alone (`(ranked_likes, created_at, id)`, and so on): a deep page skips
  // index entries, not joined rows.
  const { criteria, sort, limit, offset } = plan;
  const { authorId } = criteria;
  if (authorId !== undefined) {
    // A person's list also holds the work they co-author: the two ranges merged, each read no deeper
    // than the page's end (docs/decisions/0056-co-authors.md). Without any, the author index alone.
    const coauthored = await findCoauthoredKeys(db, authorId, sort, offset + limit);
    if (coauthored.length > 0) {
      const own = await findOwnKeys(db, authorId, sort, offset + limit);
      return mergeKeys([...own, ...coauthored], sort).slice(offset, offset + limit);
    }
  }
  const rows = await hotRead(
    db,
    `portfolio-ids:${sort}:${authorId === undefined ? 'all' : 'author'}`,
    authorId === undefined ? [limit, offset] : [authorId, limit, offset],
    () => {
      // What everyone sees: hidden portfolios are not in the sorts' (partial) indexes.
      let query = db.selectFrom('portfolios').select('id').where('hidden_at', 'is', null);
      if (authorId !== undefined) query = query.where('author_id', '=', authorId);
      for (const column of ORDER_COLUMNS[sort]) query = query.orderBy(column, 'desc');
      return query.orderBy('id', 'desc').limit(limit).offset(offset);
    },
  );
  return rows.map((row) => row.id);
}

type SortKey = { id: string } & Partial<Record<(typeof ORDER_COLUMNS)[Sort][number], unknown>>;

/** One author's own portfolios, the first `limit` in the sort's order, with their sort keys. */
function findOwnKeys(db: Executor, authorId: string, sort: Sort, limit: number): Promise<SortKey[]> {
  let query = db
    .selectFrom('portfolios')
    .select(['id', ...ORDER_COLUMNS[sort]])
    .where('hidden_at', 'is', null)
    .where('author_id', '=', authorId);
  for (const column of ORDER_COLUMNS[sort]) query = query.orderBy(column, 'desc');
  return query.orderBy('id', 'desc').limit(limit).execute() as Promise<SortKey[]>;
}

/**
 * The portfolios a person co-authors (accepted), the first `limit` in the sort's order. Newest first is a
 * range of `portfolio_authors_user_index`; another order sorts the person's co-authored work.
 */
function findCoauthoredKeys(db: Executor, userId: string, sort: Sort, limit: number): Promise<SortKey[]> {
  let query = db
    .selectFrom('portfolio_authors as pa')
    .innerJoin('portfolios as p', 'p.id', 'pa.portfolio_id')
    .select(['p.id', ...ORDER_COLUMNS[sort].map((column) => `p.${column}` as const)])
    .where('pa.user_id', '=', userId)
    .where('pa.status', '=', 'accepted')
    .where('p.hidden_at', 'is', null);
  if (sort === 'new') {
    query = query.orderBy('pa.portfolio_created_at', 'desc').orderBy('pa.portfolio_id', 'desc');
  } else {
    for (const column of ORDER_COLUMNS[sort]) query = query.orderBy(`p.${column}`, 'desc');
    query = query.orderBy('p.id', 'desc');
  }
  return query.limit(limit).execute() as Promise<SortKey[]>;
}

const keyValue = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** Merges sort keys read from two ranges into one order, each portfolio once; answers their ids. */
function mergeKeys(keys: SortKey[], sort: Sort): string[] {
  const compare = (a: SortKey, b: SortKey) => {
    for (const column of ORDER_COLUMNS[sort]) {
      const x = keyValue(a[column]) as number | string;
      const y = keyValue(b[column]) as number | string;
      if (x !== y) return x < y ? 1 : -1;
    }
    return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
  };
  return [...new Set(keys.sort(compare).map((key) => key.id))];
}

/** How many portfolios a person co-authors (accepted) that everyone sees. */
async function countCoauthored(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('portfolio_authors as pa')
    .innerJoin('portfolios as p', 'p.id', 'pa.portfolio_id')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('pa.user_id', '=', userId)
    .where('pa.status', '=', 'accepted')
    .where('p.hidden_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The portfolios with the highest trending scores (only those that have one), best first. */
export async function findTrendingIds(db: Executor, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('portfolios')
    .select('id')
    .where('hidden_at', 'is', null)
    .where('trend_score', '>', 0)
    .orderBy('trend_score', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** How many portfolios match, counted as the plan says. */
export async function countMatches(db: Executor, plan: CountPlan): Promise<number> {
  if (plan.source !== 'portfolios') return countTextIndexMatches(db, plan);
  const { authorId } = plan.criteria;
  if (authorId === undefined && !isPostgres(db)) {
    // SQLite checks `hidden_at` row by row even on the partial index that holds exactly these rows;
    // every row counted through its smallest index, less the few hidden ones (their own small index), is
    // two index walks instead.
    const [all, hidden] = await Promise.all([
      db
        .selectFrom('portfolios')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('portfolios')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('hidden_at', 'is not', null)
        .executeTakeFirstOrThrow(),
    ]);
    return Number(all.count) - Number(hidden.count);
  }
  let query = db
    .selectFrom('portfolios')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('hidden_at', 'is', null);
  if (authorId !== undefined) query = query.where('author_id', '=', authorId);
  const [row, coauthored] = await Promise.all([
    query.executeTakeFirstOrThrow(),
    authorId === undefined ? 0 : countCoauthored(db, authorId),
  ]);
  return Number(row.count) + coauthored;
}

/** Newest first, one page: for feeds and lists whose count does not matter. */
export async function listPortfolioIds(
  db: Executor,
  dialect: Dialect,
  criteria: ListCriteria,
  sort: Sort,
  limit: number,
  offset: number,
): Promise<string[]> {
  return findPageIds(db, await planPage(dialect, { criteria, sort, limit, offset }));
}

export function countPortfolios(db: Executor, dialect: Dialect, criteria: ListCriteria): Promise<number> {
  return countMatches(db, planCount(dialect, criteria));
}

/** These portfolios with their authors, in the order of `ids`. */
export async function findPortfoliosByIds(
  db: Executor,
  ids: readonly string[],
): Promise<PortfolioWithAuthor[]> {
  if (ids.length === 0) return [];
  const rows = await hotRead(db, `portfolios-by-ids:${ids.length}`, ids, () =>
    selectWithAuthor(db).where('p.id', 'in', ids),
  );
  const byId = new Map(rows.map((row) => [row.id, withLists(row)]));
  return ids.map((id) => byId.get(id)).filter((row): row is PortfolioWithAuthor => row !== undefined);
}

/** Ids of the technologies with these slugs, by slug; missing ones are left out. */
export async function findTechnologyIds(
  db: Executor,
  slugs: readonly string[],
): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await hotRead(db, `technology-ids:${slugs.length}`, slugs, () =>
    db.selectFrom('technologies').select(['id', 'slug']).where('slug', 'in', slugs),
  );
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** Which of these portfolios the user likes. */
export async function findLikedBy(
  db: Executor,
  userId: string,
  portfolioIds: readonly string[],
): Promise<Set<string>> {
  if (portfolioIds.length === 0) return new Set();
  const rows = await hotRead(db, `liked-by:${portfolioIds.length}`, [userId, ...portfolioIds], () =>
    db
      .selectFrom('likes')
      .select('portfolio_id')
      .where('user_id', '=', userId)
      .where('portfolio_id', 'in', portfolioIds),
  );
  return new Set(rows.map((row) => row.portfolio_id));
}

/** Which of these linktitles are taken: an equality look-up on the unique index, unlike a LIKE. */
export async function findTakenLinktitles(db: Executor, candidates: readonly string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const rows = await db
    .selectFrom('portfolios')
    .select('linktitle')
    .where('linktitle', 'in', candidates)
    .execute();
  return new Set(rows.map((row) => row.linktitle));
}

/** A portfolio's GitHub repository and what was last seen of it (docs/decisions/0052). */
export interface GithubColumns {
  github_repo: string | null;
  github_stars: number | null;
  github_language: string | null;
  github_due_at: string | null;
}

export async function insertPortfolio(
  db: Executor,
  row: Omit<
    PortfolioRow,
    | 'likes_count'
    | 'comments_count'
    | 'created_at'
    | 'updated_at'
    | 'technology_names'
    | 'image_names'
    | 'image_alts'
    | 'trend_score'
    | 'ranked_likes'
    | 'hidden_at'
    | 'hidden_reason'
    | 'github_repo'
    | 'github_stars'
    | 'github_language'
    | 'github_due_at'
  > &
    Partial<GithubColumns> & {
      created_at: string;
      updated_at: string;
    },
): Promise<void> {
  await db.insertInto('portfolios').values(row).execute();
}

export async function updatePortfolio(
  db: Executor,
  id: string,
  patch: Partial<Pick<PortfolioRow, 'title' | 'description' | 'url' | 'repo_url' | 'channel_opt_out'>> &
    Partial<GithubColumns> & {
      updated_at: string;
    },
): Promise<boolean> {
  const result = await db.updateTable('portfolios').set(patch).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Takes the portfolio's row lock for the rest of the transaction (a no-op update works on both
 * dialects), so concurrent writes to one portfolio run one after another. False when it is gone.
 */
export async function lockPortfolio(db: Executor, id: string): Promise<boolean> {
  const result = await hotStatement(db, 'lock-portfolio', [id], () =>
    db
      .updateTable('portfolios')
      .set((eb) => ({ likes_count: eb.ref('likes_count') }))
      .where('id', '=', id),
  );
  return Number(result.numAffectedRows ?? 0) > 0;
}

export async function deletePortfolio(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('portfolios').where('id', '=', id).execute();
}

/** Ids of these technologies by slug, creating the missing ones under their first spelling. */
export async function ensureTechnologies(
  db: Executor,
  technologies: readonly { id: string; name: string; slug: string }[],
): Promise<Map<string, string>> {
  if (technologies.length === 0) return new Map();
  // Inserted in one order by every transaction, so two creates naming the same new technologies in
  // different orders cannot deadlock on each other's rows.
  const bySlug = [...technologies].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  await db
    .insertInto('technologies')
    .values(bySlug.map((t) => ({ id: t.id, name: t.name, slug: t.slug, portfolios_count: 0 })))
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
  const rows = await db
    .selectFrom('technologies')
    .select(['id', 'slug'])
    .where(
      'slug',
      'in',
      technologies.map((t) => t.slug),
    )
    .execute();
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/**
 * Replaces a portfolio's technologies and keeps every technology's portfolio count exact: the count is
 * of portfolios everyone sees, so a hidden one's links move no count.
 */
export async function replacePortfolioTechnologies(
  db: Executor,
  portfolioId: string,
  technologyIds: readonly string[],
): Promise<void> {
  const counted = !(await isPortfolioHidden(db, portfolioId));
  // Only the links this statement really removed are counted down.
  const previous = await db
    .deleteFrom('portfolio_technologies')
    .where('portfolio_id', '=', portfolioId)
    .returning('technology_id')
    .execute();
  if (counted) {
    await countTechnologies(
      db,
      previous.map((row) => row.technology_id),
      -1,
    );
  }
  if (technologyIds.length > 0) {
    await db
      .insertInto('portfolio_technologies')
      .values(
        technologyIds.map((technologyId, position) => ({
          portfolio_id: portfolioId,
          technology_id: technologyId,
          position,
        })),
      )
      .execute();
    if (counted) await countTechnologies(db, technologyIds, 1);
  }
  await refreshPortfolioLists(db, portfolioId);
}

async function isPortfolioHidden(db: Executor, portfolioId: string): Promise<boolean> {
  const row = await db
    .selectFrom('portfolios')
    .select('hidden_at')
    .where('id', '=', portfolioId)
    .executeTakeFirst();
  return row !== undefined && row.hidden_at !== null;
}

/** Moves these technologies' portfolio counts by `delta`. */
export async function countTechnologies(
  db: Executor,
  technologyIds: readonly string[],
  delta: 1 | -1,
): Promise<void> {
  if (technologyIds.length === 0) return;
  await db
    .updateTable('technologies')
    .set((eb) => ({ portfolios_count: eb('portfolios_count', '+', delta) }))
    .where('id', 'in', technologyIds)
    .execute();
}

/**
 * Hides a portfolio (with the moderator's reason) or shows it again, under its row lock: its
 * technologies are counted out or back in and its index entry follows. False when it is gone or was
 * already so.
 */
export async function setPortfolioHidden(
  db: Executor,
  dialect: Dialect,
  portfolioId: string,
  hidden: { at: string; reason: string } | null,
): Promise<boolean> {
  const result = await db
    .updateTable('portfolios')
    .set({ hidden_at: hidden?.at ?? null, hidden_reason: hidden?.reason ?? null })
    .where('id', '=', portfolioId)
    .where('hidden_at', hidden ? 'is' : 'is not', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  const links = await db
    .selectFrom('portfolio_technologies')
    .select('technology_id')
    .where('portfolio_id', '=', portfolioId)
    .execute();
  await countTechnologies(
    db,
    links.map((row) => row.technology_id),
    hidden ? -1 : 1,
  );
  await writeSearchEntry(db, dialect, portfolioId);
  return true;
}

/**
 * The most used technologies, or those whose slug starts with `prefix`, most used first. SQLite compares
 * slugs byte by byte, so a prefix is a range on the unique slug index; PostgreSQL's collation may not
 * order by bytes, so there it is LIKE with the prefix's own wildcards escaped.
 */
export function listTechnologies(
  db: Executor,
  dialect: Dialect,
  options: { prefix?: string | undefined; limit: number },
) {
  let query = db
    .selectFrom('technologies')
    .select(['name', 'portfolios_count'])
    .where('portfolios_count', '>', 0);
  const prefix = options.prefix;
  if (prefix && dialect === 'sqlite') {
    query = query.where('slug', '>=', prefix).where('slug', '<', `${prefix}\u{10ffff}`);
  } else if (prefix) {
    query = query.where(sql<boolean>`slug like ${`${prefix.replace(/[\\%_]/g, '\\$&')}%`} escape '\\'`);
  }
  return query.orderBy('portfolios_count', 'desc').orderBy('slug').limit(options.limit).execute();
}

export async function replacePortfolioImages(
  db: Executor,
  portfolioId: string,
  ownerId: string,
  keep: readonly string[],
  added: readonly { filename: string; width: number; height: number; bytes: number }[],
  /** The gallery's descriptions in its new order: the kept pictures', then the added ones'. */
  alts: readonly string[] = [],
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .deleteFrom('images')
    .where('portfolio_id', '=', portfolioId)
    .$if(keep.length > 0, (qb) => qb.where('filename', 'not in', keep))
    .execute();
  for (const [position, filename] of keep.entries()) {
    await db
      .updateTable('images')
      .set({ position, alt: alts[position] ?? '' })
      .where('filename', '=', filename)
      .execute();
  }
  if (added.length > 0) {
    await db
      .insertInto('images')
      .values(
        added.map((image, index) => ({
          filename: image.filename,
          owner_id: ownerId,
          portfolio_id: portfolioId,
          position: keep.length + index,
          alt: alts[keep.length + index] ?? '',
          width: image.width,
          height: image.height,
          bytes: image.bytes,
          created_at: now,
        })),
      )
      .execute();
  }
  await refreshPortfolioLists(db, portfolioId);
}

/**
 * Rewrites the index entries of one author's portfolios. The author's names are part of every entry, so
 * a change of username, first or last name must call this in the same transaction, or the portfolios
 * stay findable only by the old names.
 */
export async function rewriteAuthorSearchDocuments(
  db: Executor,
  dialect: Dialect,
  authorId: string,
): Promise<void> {
  const rows = await db.selectFrom('portfolios').select('id').where('author_id', '=', authorId).execute();
  for (const row of rows) await writeSearchEntry(db, dialect, row.id);
}
