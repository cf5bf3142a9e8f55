import { type Sort, toLatin } from '@portfolio-master/contract';
import { type Expression, type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../db/database.js';
import { hotRead, readRows } from '../db/hot-reads.js';
import type { Database } from '../db/schema.js';
import { type CountPlan, type ListCriteria, type PagePlan, planPage } from './list-plan.js';

type Executor = Kysely<Database> | Transaction<Database>;

/*
 * The text index holds, for every portfolio, the words it is found by and the technologies it uses, so
 * both the `q` search and the technology filter are answered by the index alone:
 * - SQLite: an FTS5 table with a `document` and a `technologies` column (`t<technology id>` tokens).
 *   Its rowids are sort keys, `searchKey(created_at)`, so the newest matches come first when FTS5 walks
 *   its doclists backwards, and a page stops after `limit` rows. `portfolio_search_keys` maps a
 *   portfolio to its key; deleting that row (by cascade) deletes the index row.
 * - PostgreSQL: a GIN-indexed `search_vector` (the `simple` configuration; there is no Uzbek stemmer) and
 *   a GIN-indexed `technology_ids` array.
 */

/** Keys per millisecond of creation time: ms × 1024 stays below 2^53 until the year 2248. */
const KEYS_PER_MILLISECOND = 1024;

/** The first sort key of portfolios created at this instant. */
export function searchKeyBase(createdAt: Date | string): number {
  const ms = typeof createdAt === 'string' ? Date.parse(createdAt) : createdAt.getTime();
  return ms * KEYS_PER_MILLISECOND;
}

/** What a portfolio is found by: title, technologies, author names and description. */
export interface SearchSource {
  title: string;
  description: string;
  technologies: readonly { id: string; name: string }[];
  author: { username: string; firstname: string; lastname: string };
}

/** The index entry: the words as `searchWords` splits them, and the technologies' tokens. */
export function searchEntry(source: SearchSource): { document: string; technologies: string } {
  const text = [
    source.title,
    source.technologies.map((t) => t.name).join(' '),
    source.author.username,
    source.author.firstname,
    source.author.lastname,
    source.description,
  ].join('\n');
  return {
    // Both dialects index exactly the words a query is split into: PostgreSQL's own parser would keep
    // "node.js" as one host name and drop "<script>" as a tag.
    document: searchWords(text).join(' '),
    technologies: source.technologies.map((t) => technologyToken(t.id)).join(' '),
  };
}

const technologyToken = (id: string) => `t${id}`;

/** A title's words as the index splits them, one space apart: what an exact title is found by. */
export const titleWords = (title: string) => searchWords(title).join(' ');

const ASCII = /^[\t\n\r -~]*$/;

/** Every apostrophe people type (o‘, g‘ and the tutuq belgisi); ʻ and ʼ are letters to Unicode. */
const APOSTROPHES = /[‘’'`ʻʼ]/g;

/**
 * Runs of letters and digits, in Latin (Cyrillic Uzbek is folded to Latin, so either script finds the
 * other), lowercased and without diacritics (as SQLite's `remove_diacritics 2` does), so that documents
 * and queries are split the same way on both dialects. Every apostrophe splits alike.
 */
export function searchWords(text: string): string[] {
  // ASCII has nothing to fold or strip: the same words, found faster (most titles and documents).
  if (ASCII.test(text)) return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return (
    toLatin(text)
      .replace(APOSTROPHES, '’')
      .toLowerCase()
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** The words of what a person typed; nothing of it is ever read as query syntax. */
export function toSearchTerms(query: string): string[] {
  return searchWords(query).slice(0, 8);
}

/**
 * Every term must match; each of two or more characters as a prefix, so a word being typed already
 * finds. A single character matches only itself ("c", "r"): as a prefix it would match most of the index.
 * Prefixes of two and three characters have FTS5's own prefix index. A longer one is looked up in
 * `search_terms` as the whole words it begins and matched as an OR of them, which FTS5 walks in rowid
 * order and stops after a page; only a prefix of more than `EXPANSION_LIMIT` words stays a prefix query
 * (answered by merging their doclists). Null when a term begins no word at all: nothing matches.
 */
async function ftsQuery(db: Executor, terms: readonly string[]): Promise<string | null> {
  const parts: string[] = [];
  for (const term of terms) {
    if (term.length === 1) parts.push(`"${term}"`);
    else if (term.length <= 3) parts.push(`"${term}"*`);
    else {
      const words = await expandPrefix(db, term);
      if (words.length === 0) return null;
      parts.push(
        words.length > EXPANSION_LIMIT ? `"${term}"*` : `(${words.map((w) => `"${w}"`).join(' OR ')})`,
      );
    }
  }
  return parts.join(' AND ');
}

const EXPANSION_LIMIT = 32;

/** The indexed words that begin with `prefix`, one more than `EXPANSION_LIMIT` at most. */
async function expandPrefix(db: Executor, prefix: string): Promise<string[]> {
  const rows = await readRows<{ term: string }>(
    db,
    sql`select term from search_terms where term >= ${prefix} and term < ${`${prefix}\u{10FFFF}`}
      order by term limit ${EXPANSION_LIMIT + 1}`.compile(db),
  );
  return rows.map((row) => row.term);
}

export function tsQuery(terms: readonly string[]): string {
  return terms.map((term) => (term.length > 1 ? `${term}:*` : term)).join(' & ');
}

/**
 * Writes (or rewrites) one portfolio's index entry from what the database holds now. A hidden portfolio
 * has none: no search or technology filter finds it until it is shown again.
 */
export async function writeSearchEntry(db: Executor, dialect: Dialect, portfolioId: string): Promise<void> {
  await writeSearchEntries(db, dialect, [portfolioId]);
}

/** `writeSearchEntry` for many portfolios, reading their rows and technologies a few hundred at a time. */
export async function writeSearchEntries(
  db: Executor,
  dialect: Dialect,
  portfolioIds: readonly string[],
): Promise<void> {
  for (let start = 0; start < portfolioIds.length; start += 500) {
    const ids = portfolioIds.slice(start, start + 500);
    const portfolios = await db
      .selectFrom('portfolios as p')
      .innerJoin('users as u', 'u.id', 'p.author_id')
      .select([
        'p.id',
        'p.title',
        'p.description',
        'p.created_at',
        'p.hidden_at',
        'u.username',
        'u.firstname',
        'u.lastname',
      ])
      .where('p.id', 'in', ids)
      .execute();
    if (portfolios.length !== new Set(ids).size) throw new Error('A portfolio to index is not there');
    const technologies = new Map<string, { id: string; name: string }[]>();
    const links = await db
      .selectFrom('portfolio_technologies as pt')
      .innerJoin('technologies as t', 't.id', 'pt.technology_id')
      .select(['pt.portfolio_id', 't.id', 't.name'])
      .where('pt.portfolio_id', 'in', ids)
      .orderBy('pt.portfolio_id')
      .orderBy('pt.position')
      .execute();
    for (const link of links) {
      const list = technologies.get(link.portfolio_id) ?? [];
      list.push({ id: link.id, name: link.name });
      technologies.set(link.portfolio_id, list);
    }
    const words: string[] = [];
    for (const portfolio of portfolios) {
      if (portfolio.hidden_at !== null) {
        await removeSearchEntry(db, dialect, portfolio.id);
        continue;
      }
      const own = technologies.get(portfolio.id) ?? [];
      const entry = searchEntry({ ...portfolio, technologies: own, author: portfolio });
      if (dialect === 'postgres') {
        words.push(...entry.document.split(' '));
        await sql`update portfolios set search_vector = to_tsvector('simple', ${entry.document}),
          technology_ids = ${own.map((t) => t.id)}::text[], title_words = ${titleWords(portfolio.title)}
          where id = ${portfolio.id}`.execute(db);
        continue;
      }
      await sql`update portfolios set title_words = ${titleWords(portfolio.title)}
        where id = ${portfolio.id}`.execute(db);
      const key = await searchKeyOf(db, portfolio.id, portfolio.created_at);
      await deleteIndexRow(db, key);
      await sql`insert into portfolio_search (rowid, document, technologies)
        values (${key}, ${entry.document}, ${entry.technologies})`.execute(db);
      await countWords(db, entry.document);
    }
    // SQLite's new words were added as they were counted.
    if (dialect === 'postgres') await addSearchTerms(db, words);
  }
}

/*
 * SQLite: `search_terms.documents` is how many index entries hold each word, what BM25 weighs a word's
 * rarity by (relevance.repository.ts); FTS5 itself could only tell by walking the word's whole doclist.
 * Every entry written counts its words in, every entry removed counts them out (a key deleted with its
 * portfolio, by the trigger that deletes its entry). The words are letters and digits one space apart, so
 * `","` between them makes a JSON array.
 */

/** Deletes an index row (if there is one), counting its words out of `search_terms.documents` first. */
async function deleteIndexRow(db: Executor, key: number | Expression<number>): Promise<void> {
  await sql`update search_terms set documents = documents - 1 where term in (select j.value
    from portfolio_search s, json_each('["' || replace(s.document, ' ', '","') || '"]') j
    where s.rowid = ${key})`.execute(db);
  await sql`delete from portfolio_search where rowid = ${key}`.execute(db);
}

/** Counts the words of an entry just written into `search_terms`, adding the words it is the first to hold. */
async function countWords(db: Executor, document: string): Promise<void> {
  const words = [...new Set(document.split(' '))].filter((word) => word !== '');
  if (words.length === 0) return;
  // An insert only for a new word: the trigger that keeps its trigrams fires for those alone.
  await sql`insert into search_terms (term, documents) select value, 1 from json_each(${JSON.stringify(words)})
    where true on conflict (term) do update set documents = documents + 1`.execute(db);
}

/**
 * What the text index is made by: 2 folds Cyrillic to Latin and splits every apostrophe alike; 3 keeps
 * each visible portfolio's title words (`title_words`) too. Index entries written by an older version are
 * brought up to date at start (`bringSearchIndexUpToDate`).
 */
export const SEARCH_INDEX_VERSION = 3;

/** Letters whose indexing changed in version 2: Cyrillic, and the apostrophes Unicode calls letters. */
const CHANGED_IN_2 = { sqlite: '*[Ѐ-ӿʻʼ]*', postgres: '[Ѐ-ӿʻʼ]' };

/**
 * Brings what an older version wrote up to date, once: rewrites the index entries of portfolios whose
 * title, description, technologies or author's names hold a letter whose indexing changed in 2, and
 * fills the title words 3 added. Answers how many entries were rewritten.
 */
export async function bringSearchIndexUpToDate(db: Kysely<Database>, dialect: Dialect): Promise<number> {
  const state = await db.selectFrom('search_index_state').select('version').executeTakeFirst();
  const version = state?.version ?? 0;
  if (version >= SEARCH_INDEX_VERSION) return 0;
  const ids = version >= 2 ? [] : await findChangedIn2(db, dialect);
  await db.transaction().execute(async (trx) => {
    await writeSearchEntries(trx, dialect, ids);
    await fillTitleWords(trx);
    await trx.deleteFrom('search_index_state').execute();
    await trx.insertInto('search_index_state').values({ version: SEARCH_INDEX_VERSION }).execute();
  });
  return ids.length;
}

/** Portfolios with a letter whose indexing changed in version 2 in what they are found by. */
async function findChangedIn2(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
  const changed = (column: string) =>
    dialect === 'postgres'
      ? sql`${sql.ref(column)} ~ ${CHANGED_IN_2.postgres}`
      : sql`${sql.ref(column)} glob ${CHANGED_IN_2.sqlite}`;
  const rows = await db
    .selectFrom('portfolios as p')
    .innerJoin('users as u', 'u.id', 'p.author_id')
    .select('p.id')
    .where(
      sql<boolean>`${changed('p.title')} or ${changed('p.description')} or ${changed('p.technology_names')}
      or ${changed('u.username')} or ${changed('u.firstname')} or ${changed('u.lastname')}`,
    )
    .execute();
  return rows.map((row) => row.id);
}

/** Every visible portfolio's `title_words`, written once over the rows that came before version 3. */
async function fillTitleWords(db: Executor): Promise<void> {
  let after = '';
  for (;;) {
    const rows = await readRows<{ id: string; title: string }>(
      db,
      sql<{ id: string; title: string }>`select id, title from portfolios
        where id > ${after} and hidden_at is null and title_words = '' order by id limit 1000`.compile(db),
    );
    if (rows.length === 0) return;
    // One statement for the thousand rows, not a round trip each.
    const words = sql.join(
      rows.map((row) => sql`when ${row.id} then ${titleWords(row.title)}`),
      sql` `,
    );
    await sql`update portfolios set title_words = case id ${words} end
      where id in (${sql.join(rows.map((row) => row.id))})`.execute(db);
    after = rows[rows.length - 1]!.id;
  }
}

/** Takes the portfolio out of the text index (its SQLite sort key stays its own). */
async function removeSearchEntry(db: Executor, dialect: Dialect, portfolioId: string): Promise<void> {
  if (dialect === 'postgres') {
    await sql`update portfolios set search_vector = ''::tsvector, technology_ids = '{}'::text[],
      title_words = '' where id = ${portfolioId}`.execute(db);
    return;
  }
  await sql`update portfolios set title_words = '' where id = ${portfolioId}`.execute(db);
  await deleteIndexRow(
    db,
    sql<number>`(select key from portfolio_search_keys where portfolio_id = ${portfolioId})`,
  );
}

/**
 * Every word of the text index's documents into `search_terms`, after documents were written in bulk.
 * SQLite's words also serve prefixes (see `expandPrefix`), with how many entries hold each (what BM25
 * weighs them by); on both dialects they are the vocabulary misspelt words are corrected from (see
 * spelling.repository.ts).
 */
export async function rebuildSearchTerms(db: Executor, dialect: Dialect = 'sqlite'): Promise<void> {
  if (dialect === 'postgres') {
    await sql`insert into search_terms (term)
      select word from ts_stat('select search_vector from portfolios') on conflict do nothing`.execute(db);
    return;
  }
  await sql`create virtual table temp.portfolio_search_words using fts5vocab(main, portfolio_search, 'col')`.execute(
    db,
  );
  await sql`update search_terms set documents = 0`.execute(db);
  await sql`insert into search_terms (term, documents)
    select term, doc from temp.portfolio_search_words where col = 'document'
    on conflict (term) do update set documents = excluded.documents`.execute(db);
  await sql`drop table temp.portfolio_search_words`.execute(db);
}

/** The words of documents just written, into `search_terms`. Words are never removed: one that no
 * document holds any more expands to a term that matches nothing, and is never suggested (a suggestion
 * must find more than what was typed). */
export async function addSearchTerms(db: Executor, words: readonly string[]): Promise<void> {
  const unique = [...new Set(words.filter((word) => word !== ''))];
  // 500 words a statement keeps under SQLite's parameter limit.
  for (let start = 0; start < unique.length; start += 500) {
    const values = unique.slice(start, start + 500).map((word) => sql`(${word})`);
    await sql`insert into search_terms (term) values ${sql.join(values)} on conflict do nothing`.execute(db);
  }
}

/** The portfolio's sort key, allocated on first use: the next free one of its creation millisecond. */
async function searchKeyOf(db: Executor, portfolioId: string, createdAt: Date | string): Promise<number> {
  const existing = await sql<{
    key: number;
  }>`select key from portfolio_search_keys where portfolio_id = ${portfolioId}`.execute(db);
  if (existing.rows[0]) return existing.rows[0].key;
  const base = searchKeyBase(createdAt instanceof Date ? createdAt : String(createdAt));
  const last = base + KEYS_PER_MILLISECOND - 1;
  const result = await sql<{ key: number }>`insert into portfolio_search_keys (key, portfolio_id)
    select coalesce(max(key) + 1, ${base}), ${portfolioId} from portfolio_search_keys
    where key between ${base} and ${last}
    returning key`.execute(db);
  const key = result.rows[0]!.key;
  if (key > last) throw new Error(`More than ${KEYS_PER_MILLISECOND} portfolios created in one millisecond`);
  return key;
}

export type { ListCriteria as IndexedCriteria } from './list-plan.js';

/** The FTS5 query for the criteria; null when they cannot match anything. */
export async function ftsMatch(db: Executor, criteria: ListCriteria): Promise<string | null> {
  const parts: string[] = [];
  if (criteria.technologyIds.length > 0) {
    parts.push(`technologies : (${criteria.technologyIds.map(technologyToken).join(' AND ')})`);
  }
  if (criteria.searchTerms.length > 0) {
    const words = await ftsQuery(db, criteria.searchTerms);
    if (words === null) return null;
    parts.push(`document : (${words})`);
  }
  return parts.join(' AND ');
}

export function postgresConditions(criteria: ListCriteria) {
  // Hidden portfolios match nothing anyway (their vector and technologies are empty); saying so lets
  // the planner walk the sort's partial index and stop after a page, instead of sorting every match
  // (the React+TypeScript filter's first page: 16 ms to 1.8 ms on 100 000 portfolios).
  const parts = [sql`p.hidden_at is null`];
  if (criteria.technologyIds.length > 0) {
    parts.push(sql`p.technology_ids @> ${[...criteria.technologyIds]}::text[]`);
  }
  if (criteria.searchTerms.length > 0) {
    parts.push(sql`p.search_vector @@ to_tsquery('simple', ${tsQuery(criteria.searchTerms)})`);
  }
  if (criteria.authorId !== undefined) parts.push(sql`p.author_id = ${criteria.authorId}`);
  return sql.join(parts, sql` and `);
}

const ORDER: Record<Sort, ReturnType<typeof sql.raw>> = {
  new: sql.raw('p.created_at desc, p.id desc'),
  popular: sql.raw('p.ranked_likes desc, p.created_at desc, p.id desc'),
  discussed: sql.raw('p.comments_count desc, p.created_at desc, p.id desc'),
  trending: sql.raw('p.trend_score desc, p.created_at desc, p.id desc'),
};

const COUNTER_INDEX: Record<Exclude<Sort, 'new'>, ReturnType<typeof sql.raw>> = {
  popular: sql.raw('portfolios_popular_index'),
  discussed: sql.raw('portfolios_discussed_index'),
  trending: sql.raw('portfolios_trending_index'),
};

/** Ids of one page of matches, found as the plan says (see list-plan.ts). */
export async function findTextIndexPage(
  db: Executor,
  plan: Exclude<PagePlan, { source: 'order-index' }>,
): Promise<string[]> {
  const { criteria, sort, limit, offset } = plan;
  const match = plan.source === 'postgres-match' ? '' : await ftsMatch(db, criteria);
  if (match === null) return [];
  const excluding = plan.excluding ?? [];
  const notExcluded = (column: string) =>
    excluding.length === 0 ? sql`` : sql`and ${sql.ref(column)} not in (${sql.join(excluding)})`;
  const build = () => {
    let query;
    switch (plan.source) {
      case 'postgres-match':
        query = sql<{ id: string }>`select p.id from portfolios p where ${postgresConditions(criteria)}
        ${notExcluded('p.id')} order by ${ORDER[sort]} limit ${limit} offset ${offset}`;
        break;
      case 'author-matches':
        query = sql<{ id: string }>`select p.id from portfolios p
        join portfolio_search_keys k on k.portfolio_id = p.id
        where p.author_id = ${criteria.authorId}
          and k.key in (select rowid from portfolio_search where portfolio_search match ${match})
          ${notExcluded('p.id')} order by ${ORDER[sort]} limit ${limit} offset ${offset}`;
        break;
      case 'text-index-order':
        query = sql<{ id: string }>`select k.portfolio_id as id from portfolio_search s
        join portfolio_search_keys k on k.key = s.rowid
        where portfolio_search match ${match} ${notExcluded('k.portfolio_id')}
        order by s.rowid desc limit ${limit} offset ${offset}`;
        break;
      case 'counter-index-walk':
        query = sql<{ id: string }>`select p.id from portfolios p
        indexed by ${COUNTER_INDEX[sort as Exclude<Sort, 'new'>]}
        join portfolio_search_keys k on k.portfolio_id = p.id
        where p.hidden_at is null and exists (select 1 from portfolio_search s
          where s.rowid = k.key and portfolio_search match ${match})
        order by ${ORDER[sort]} limit ${limit} offset ${offset}`;
        break;
      case 'sorted-matches':
        // CROSS JOIN keeps SQLite from walking the whole counter index instead.
        query = sql<{ id: string }>`select p.id from portfolio_search s
        cross join portfolio_search_keys k on k.key = s.rowid
        cross join portfolios p on p.id = k.portfolio_id
        where portfolio_search match ${match}
        order by ${ORDER[sort]} limit ${limit} offset ${offset}`;
        break;
    }
    return query;
  };
  if (plan.source === 'postgres-match' || excluding.length > 0) {
    const rows = await readRows<{ id: string }>(db, build().compile(db));
    return rows.map((row) => row.id);
  }
  // SQLite: the statement depends only on the plan's source and sort; it is built once for each.
  const parameters =
    plan.source === 'author-matches' ? [criteria.authorId, match, limit, offset] : [match, limit, offset];
  const rows = await hotRead<{ id: string }>(
    db,
    `text-index-page:${plan.source}:${sort}`,
    parameters,
    () => ({
      compile: () => build().compile(db),
    }),
  );
  return rows.map((row) => row.id);
}

/** Ids of one page of the portfolios that match, planned as a list request would be. */
export async function findMatchingIds(
  db: Executor,
  dialect: Dialect,
  criteria: ListCriteria,
  sort: Sort,
  limit: number,
  offset: number,
  estimate?: { matches: number; portfolios: number },
): Promise<string[]> {
  const plan = await planPage(
    dialect,
    { criteria, sort, limit, offset },
    estimate && { matches: estimate.matches, portfolios: async () => estimate.portfolios },
  );
  if (plan.source === 'order-index') throw new Error('findMatchingIds needs words or technologies to match');
  return findTextIndexPage(db, plan);
}

/** How many match, counted as the plan says (see list-plan.ts). */
export async function countTextIndexMatches(
  db: Executor,
  plan: Exclude<CountPlan, { source: 'portfolios' }>,
): Promise<number> {
  const { criteria } = plan;
  const match = plan.source === 'postgres-match' ? '' : await ftsMatch(db, criteria);
  if (match === null) return 0;
  let query;
  switch (plan.source) {
    case 'postgres-match':
      query = sql<{ n: number | string }>`select count(*) as n from portfolios p
        where ${postgresConditions(criteria)}`;
      break;
    case 'author-matches':
      query = sql<{ n: number | string }>`select count(*) as n from portfolios p
        join portfolio_search_keys k on k.portfolio_id = p.id
        where p.author_id = ${criteria.authorId}
          and k.key in (select rowid from portfolio_search where portfolio_search match ${match})`;
      break;
    case 'text-index':
      query = sql<{ n: number | string }>`select count(*) as n from portfolio_search
        where portfolio_search match ${match}`;
      break;
  }
  const [row] = await readRows<{ n: number | string }>(db, query.compile(db));
  return Number(row?.n ?? 0);
}
