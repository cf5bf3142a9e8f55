import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../db/database.js';
import { readRows } from '../db/hot-reads.js';
import type { Database } from '../db/schema.js';
import { type ListCriteria, planPage } from './list-plan.js';
import {
  findTextIndexPage,
  ftsMatch,
  postgresConditions,
  searchWords,
  tsQuery,
} from './search.repository.js';

type Executor = Kysely<Database> | Transaction<Database>;

/*
 * Best match first (docs/decisions/0059-search-relevance.md). A search is ranked within a window: the
 * `RELEVANCE_WINDOW` newest matches, which the text index yields in order and stops after (as a page
 * by newest does), so page 1 costs the same whether a word matches ten portfolios or half a million.
 * The portfolios whose title is exactly what was typed (the newest `EXACT_TITLES` of them, found by the
 * title words' index) join the window however old they are, and the newest matches are counted without
 * them. Within the window: title matches above matches elsewhere, whole words above prefixes, an exact
 * title above all; then a score (BM25 on SQLite, computed here from counts the index keeps, see `bm25`;
 * `ts_rank_cd` on PostgreSQL); then newest.
 * Past the window the list goes on newest first, without the exact titles already shown.
 */
export const RELEVANCE_WINDOW = 200;
/** Exact titles lifted into the window, newest first: more than this many are rare and alike. */
export const EXACT_TITLES = 20;

interface Candidate {
  id: string;
  title: string;
  /** SQLite: the index document; PostgreSQL: the search vector as text. */
  document: string;
  /** PostgreSQL: `ts_rank_cd`; SQLite's score is computed from the document. */
  score?: number | string;
}

/** Ids of one page of the matches, best match first. */
export async function findRelevancePage(
  db: Executor,
  dialect: Dialect,
  criteria: ListCriteria,
  limit: number,
  offset: number,
): Promise<string[]> {
  // SQLite: the words' full-text query, with their prefixes looked up once for every part of the page.
  const match = dialect === 'sqlite' ? await ftsMatch(db, criteria) : '';
  if (match === null) return [];
  const exact = await findExactTitles(db, dialect, criteria, match);
  const excluding = exact.map((candidate) => candidate.id);
  // The ranked part: the exact titles and the newest other matches.
  const ranked =
    offset < RELEVANCE_WINDOW + exact.length
      ? await rank(db, dialect, criteria, [
          ...exact,
          ...(await findCandidates(db, dialect, criteria, match, excluding)),
        ])
      : [];
  const page = ranked.slice(offset, offset + limit);
  // A full window may have more matches after it, newest first.
  const windowFull = ranked.length === RELEVANCE_WINDOW + exact.length;
  if (page.length === limit || (offset < RELEVANCE_WINDOW + exact.length && !windowFull)) return page;
  const rest = await planPage(dialect, {
    criteria,
    sort: 'new',
    limit: limit - page.length,
    offset: Math.max(offset - exact.length, RELEVANCE_WINDOW),
    excluding,
  });
  if (rest.source === 'order-index') throw new Error('A relevance page needs words to match');
  return [...page, ...(await findTextIndexPage(db, rest))];
}

/** The candidates' ids, best first; the exact titles were listed first, so ties go to them. */
async function rank(
  db: Executor,
  dialect: Dialect,
  criteria: ListCriteria,
  candidates: readonly Candidate[],
): Promise<string[]> {
  const terms = criteria.searchTerms;
  const statistics = dialect === 'sqlite' && candidates.length > 1 ? await indexStatistics(db, terms) : null;
  const scored = candidates.map((candidate, newest) => ({
    id: candidate.id,
    tier: tier(terms, searchWords(candidate.title), (word) => holdsWord(dialect, candidate.document, word)),
    score: statistics ? bm25(candidate.document, terms, statistics) : Number(candidate.score ?? 0),
    newest,
  }));
  scored.sort((a, b) => b.tier - a.tier || b.score - a.score || a.newest - b.newest);
  return scored.map((candidate) => candidate.id);
}

/** PostgreSQL: a candidate's columns, the search vector as text and its `ts_rank_cd`. */
const postgresCandidate = (criteria: ListCriteria) => sql`p.id, p.title, p.search_vector::text as document,
  ts_rank_cd(p.search_vector, to_tsquery('simple', ${tsQuery(criteria.searchTerms)})) as score`;

/** The newest matches whose title's words are the query's words, with what they are ranked by. */
async function findExactTitles(
  db: Executor,
  dialect: Dialect,
  criteria: ListCriteria,
  match: string,
): Promise<Candidate[]> {
  const words = criteria.searchTerms.join(' ');
  if (dialect === 'postgres') {
    const query = sql<Candidate>`select ${postgresCandidate(criteria)}
      from portfolios p where p.title_words = ${words} and ${postgresConditions(criteria)}
      order by p.created_at desc, p.id desc limit ${EXACT_TITLES}`;
    return readRows<Candidate>(db, query.compile(db));
  }
  const authorOnly = criteria.authorId === undefined ? sql`` : sql`and p.author_id = ${criteria.authorId}`;
  // The few exact titles first (one look-up of the title words' index), then their index entries.
  const query = sql<Candidate>`select k.portfolio_id as id, p.title, s.document
    from portfolio_search s
    cross join portfolio_search_keys k on k.key = s.rowid
    cross join portfolios p on p.id = k.portfolio_id
    where portfolio_search match ${match} and s.rowid in (select t.key from portfolio_search_keys t
      where t.portfolio_id in (select p.id from portfolios p where p.title_words = ${words}
        and p.hidden_at is null ${authorOnly}))
    order by s.rowid desc limit ${EXACT_TITLES}`;
  return readRows<Candidate>(db, query.compile(db));
}

/** The window: the newest matches but these, with what they are ranked by, newest first. */
async function findCandidates(
  db: Executor,
  dialect: Dialect,
  criteria: ListCriteria,
  match: string,
  excluding: readonly string[],
): Promise<Candidate[]> {
  if (dialect === 'postgres') {
    const others = excluding.length === 0 ? sql`` : sql`and p.id not in (${sql.join(excluding)})`;
    const query = sql<Candidate>`select ${postgresCandidate(criteria)}
      from portfolios p where ${postgresConditions(criteria)} ${others}
      order by p.created_at desc, p.id desc limit ${RELEVANCE_WINDOW}`;
    return readRows<Candidate>(db, query.compile(db));
  }
  const authorOnly =
    criteria.authorId === undefined
      ? sql``
      : sql`and rowid in (select k.key from portfolios p join portfolio_search_keys k on k.portfolio_id = p.id
          where p.author_id = ${criteria.authorId})`;
  const others =
    excluding.length === 0
      ? sql``
      : sql`and rowid not in (select key from portfolio_search_keys where portfolio_id in (${sql.join(excluding)}))`;
  const query = sql<Candidate>`select k.portfolio_id as id, p.title, c.document
    from (select rowid as key, document from portfolio_search
      where portfolio_search match ${match} ${authorOnly} ${others}
      order by rowid desc limit ${RELEVANCE_WINDOW}) c
    cross join portfolio_search_keys k on k.key = c.key
    cross join portfolios p on p.id = k.portfolio_id
    order by c.key desc`;
  return readRows<Candidate>(db, query.compile(db));
}

/** Whether the index entry holds the word whole. */
function holdsWord(dialect: Dialect, document: string, word: string): boolean {
  // SQLite: the words, one space apart; PostgreSQL: a tsvector as text, 'word':1,4 'other':2.
  if (dialect === 'sqlite') return ` ${document} `.includes(` ${word} `);
  return document.includes(`'${word.replaceAll("'", "''")}':`);
}

/**
 * How well a matching portfolio matches, before the engine's score: per word, in the title whole (8)
 * or as a prefix (4), else elsewhere whole (2) or as a prefix (1); the title exactly what was typed, 100
 * more.
 */
function tier(
  terms: readonly string[],
  title: readonly string[],
  inDocument: (word: string) => boolean,
): number {
  let total = title.join(' ') === terms.join(' ') ? 100 : 0;
  for (const term of terms) {
    if (title.includes(term)) total += 8;
    else if (term.length > 1 && title.some((word) => word.startsWith(term))) total += 4;
    else total += inDocument(term) ? 2 : 1;
  }
  return total;
}

/*
 * SQLite's score: BM25 (Okapi, FTS5's own constants), computed here rather than by FTS5's `bm25()`, which
 * counts the entries holding each word by walking the word's whole doclist on every search: 6 ms for a
 * word in a quarter of the entries at a million portfolios, where the window itself takes 0.2 ms
 * (docs/decisions/0062-bm25-from-kept-counts.md). The counts come from `search_terms.documents`, kept by
 * every index write; the entries and their words in all from FTS5's averages record.
 */
const K1 = 1.2;
const B = 0.75;

export interface IndexStatistics {
  /** Entries in the index. */
  entries: number;
  /** Words in an entry's document, on average. */
  averageLength: number;
  /** Per search term, the entries holding it: as a word, or (two letters or more) a word it begins. */
  holding: number[];
}

/** What BM25 weighs the terms by, for the whole index: two look-ups of a few rows each. */
async function indexStatistics(db: Executor, terms: readonly string[]): Promise<IndexStatistics> {
  const [averages] = await readRows<{ block: Uint8Array }>(
    db,
    sql<{ block: Uint8Array }>`select block from portfolio_search_data where id = 1`.compile(db),
  );
  // The averages record: the entries, then the words of each column in all (the document first).
  const [entries = 0, words = 0] = averages ? readVarints(averages.block, 2) : [];
  const counts = await readRows<{ i: number; n: number | null }>(
    db,
    sql<{ i: number; n: number | null }>`${sql.join(
      terms.map((term, i) =>
        term.length === 1
          ? sql`select ${i} as i, sum(documents) as n from search_terms where term = ${term}`
          : sql`select ${i} as i, sum(documents) as n from search_terms
              where term >= ${term} and term < ${`${term}\u{10FFFF}`}`,
      ),
      sql` union all `,
    )}`.compile(db),
  );
  const holding = terms.map(() => 0);
  for (const row of counts) holding[row.i] = Math.min(Number(row.n ?? 0), entries);
  return { entries, averageLength: entries > 0 ? words / entries : 1, holding };
}

/** SQLite's variable-length integers, as FTS5 writes them: 7 bits a byte, the ninth byte whole. */
export function readVarints(bytes: Uint8Array, count: number): number[] {
  const values: number[] = [];
  let at = 0;
  while (values.length < count && at < bytes.length) {
    let value = 0;
    for (let i = 0; at < bytes.length; i += 1) {
      const byte = bytes[at++]!;
      if (i === 8) {
        value = value * 256 + byte;
        break;
      }
      value = value * 128 + (byte & 0x7f);
      if (byte < 0x80) break;
    }
    values.push(value);
  }
  return values;
}

/**
 * BM25 of an entry's document for the terms: per term, its rarity (log of the entries without it over the
 * entries with it, never below FTS5's floor) times how often the document holds it, saturating, against
 * the document's length relative to the average. A term of two letters or more counts every word it
 * begins, as the index matches it.
 */
export function bm25(document: string, terms: readonly string[], statistics: IndexStatistics): number {
  const words = document === '' ? [] : document.split(' ');
  const lengthNorm = 1 - B + (B * words.length) / (statistics.averageLength || 1);
  let score = 0;
  terms.forEach((term, i) => {
    let frequency = 0;
    for (const word of words) if (word === term || (term.length > 1 && word.startsWith(term))) frequency += 1;
    if (frequency === 0) return;
    const holding = statistics.holding[i]!;
    const rarity = Math.max(Math.log((statistics.entries - holding + 0.5) / (holding + 0.5)), 1e-6);
    score += (rarity * frequency * (K1 + 1)) / (frequency + K1 * lengthNorm);
  });
  return score;
}
