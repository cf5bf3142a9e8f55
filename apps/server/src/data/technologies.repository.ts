import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../db/database.js';
import { readRows } from '../db/hot-reads.js';
import type { Database } from '../db/schema.js';
import { refreshPortfolioLists } from './portfolios.repository.js';
import { writeSearchEntries } from './search.repository.js';

type Executor = Kysely<Database> | Transaction<Database>;

/*
 * One name per technology (docs/decisions/0058-one-name-per-technology.md): a technology merged into
 * another leaves its key (slug) in `technology_redirects`, leading to the one kept. Writes that name it
 * name the kept one, and its filter's and feed's addresses answer 301 to the kept name.
 */

/** The technologies these keys lead to, by key: a live technology's own, else a redirect's. */
export async function findKeptTechnologies(
  db: Executor,
  slugs: readonly string[],
): Promise<Map<string, { id: string; name: string; slug: string }>> {
  if (slugs.length === 0) return new Map();
  const [live, redirected] = await Promise.all([
    db.selectFrom('technologies').select(['id', 'name', 'slug']).where('slug', 'in', slugs).execute(),
    db
      .selectFrom('technology_redirects as r')
      .innerJoin('technologies as t', 't.id', 'r.technology_id')
      .select(['r.slug as key', 't.id', 't.name', 't.slug'])
      .where('r.slug', 'in', slugs)
      .execute(),
  ]);
  const kept = new Map(live.map((row) => [row.slug, row]));
  for (const { key, ...technology } of redirected) if (!kept.has(key)) kept.set(key, technology);
  return kept;
}

/** A live technology by its key, for update (the merge's rows are locked in one order: by key). */
export function findTechnologyForMerge(db: Executor, dialect: Dialect, slug: string) {
  return db
    .selectFrom('technologies')
    .select(['id', 'name', 'slug'])
    .where('slug', '=', slug)
    .$if(dialect === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();
}

/**
 * Merges technology `fromId` into `intoId`: its portfolios name the kept one instead (a portfolio that
 * named both keeps one, at the earlier place), its key and the keys that led to it lead to the kept one,
 * its row goes, the kept one's count is counted again, and the portfolios' names and index entries
 * follow. Answers the portfolios that named it.
 */
export async function mergeTechnologies(
  db: Executor,
  dialect: Dialect,
  from: { id: string; slug: string },
  intoId: string,
): Promise<string[]> {
  const links = await db
    .selectFrom('portfolio_technologies')
    .select('portfolio_id')
    .where('technology_id', '=', from.id)
    .orderBy('portfolio_id')
    .execute();
  const moved = links.map((row) => row.portfolio_id);
  await sql`update portfolio_technologies set position = (select min(s.position)
      from portfolio_technologies s
      where s.portfolio_id = portfolio_technologies.portfolio_id and s.technology_id = ${from.id})
    where technology_id = ${intoId} and exists (select 1 from portfolio_technologies s
      where s.portfolio_id = portfolio_technologies.portfolio_id and s.technology_id = ${from.id}
        and s.position < portfolio_technologies.position)`.execute(db);
  await sql`insert into portfolio_technologies (portfolio_id, technology_id, position)
    select s.portfolio_id, ${intoId}, s.position from portfolio_technologies s
    where s.technology_id = ${from.id} and not exists (select 1 from portfolio_technologies t
      where t.portfolio_id = s.portfolio_id and t.technology_id = ${intoId})`.execute(db);
  await db.deleteFrom('portfolio_technologies').where('technology_id', '=', from.id).execute();
  await db
    .updateTable('technology_redirects')
    .set({ technology_id: intoId })
    .where('technology_id', '=', from.id)
    .execute();
  await db.deleteFrom('technologies').where('id', '=', from.id).execute();
  await db.insertInto('technology_redirects').values({ slug: from.slug, technology_id: intoId }).execute();
  await sql`update technologies set portfolios_count = (select count(*) from portfolio_technologies pt
      join portfolios p on p.id = pt.portfolio_id
      where pt.technology_id = technologies.id and p.hidden_at is null)
    where id = ${intoId}`.execute(db);
  for (const portfolioId of moved) await refreshPortfolioLists(db, portfolioId);
  await writeSearchEntries(db, dialect, moved);
  return moved;
}

/** How many visible portfolios name this technology, as its row counts them. */
export async function countTechnologyPortfolios(db: Executor, technologyId: string): Promise<number> {
  const row = await db
    .selectFrom('technologies')
    .select('portfolios_count')
    .where('id', '=', technologyId)
    .executeTakeFirstOrThrow();
  return Number(row.portfolios_count);
}

/*
 * Technologies found by the start of their name (its slug), in any of a few spellings (the query as
 * typed and in the other script), among those some visible portfolio uses. Each spelling is a range of
 * an index over the slugs: SQLite's unique slug index, which compares bytes; PostgreSQL's
 * `technologies_slug_prefix_index` (`varchar_pattern_ops`), which LIKE with a fixed prefix walks.
 */

function startsWithAny(dialect: Dialect, prefixes: readonly string[]) {
  const one = (prefix: string) =>
    dialect === 'sqlite'
      ? sql`(t.slug >= ${prefix} and t.slug < ${`${prefix}\u{10ffff}`})`
      : sql`t.slug like ${`${prefix.replace(/[\\%_]/g, '\\$&')}%`} escape '\\'`;
  return sql.join(prefixes.map(one), sql` or `);
}

export interface TechnologyMatch {
  name: string;
  portfolios_count: number;
}

/** The statements that read a page of them and their count (apart, so their plans can be checked). */
export function technologyPrefixStatements(
  db: Executor,
  dialect: Dialect,
  prefixes: readonly string[],
  page: { limit: number; offset: number },
) {
  const where = sql`(${startsWithAny(dialect, prefixes)}) and t.portfolios_count > 0`;
  return {
    page: sql<TechnologyMatch>`select t.name, t.portfolios_count from technologies t where ${where}
      order by t.portfolios_count desc, t.slug limit ${page.limit} offset ${page.offset}`.compile(db),
    count: sql<{ n: number | string }>`select count(*) as n from technologies t where ${where}`.compile(db),
  };
}

/** A page of the technologies starting with any of `prefixes`, most used first. */
export function findTechnologiesByPrefix(
  db: Executor,
  dialect: Dialect,
  prefixes: readonly string[],
  limit: number,
  offset: number,
): Promise<TechnologyMatch[]> {
  return readRows<TechnologyMatch>(
    db,
    technologyPrefixStatements(db, dialect, prefixes, { limit, offset }).page,
  );
}

/** How many technologies start with any of `prefixes`. */
export async function countTechnologiesByPrefix(
  db: Executor,
  dialect: Dialect,
  prefixes: readonly string[],
): Promise<number> {
  const { count } = technologyPrefixStatements(db, dialect, prefixes, { limit: 0, offset: 0 });
  const [row] = await readRows<{ n: number | string }>(db, count);
  return Number(row?.n ?? 0);
}
