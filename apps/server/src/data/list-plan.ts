import type { Sort } from '@portfolio-master/contract';
import type { Dialect } from '../db/database.js';

/*
 * How a list of portfolios is answered, in one place. A request (`GET /api/portfolio`, a feed, a card)
 * goes through these steps, each answered by a repository:
 *
 * 1. Criteria: technology names to ids, the author's username to an id (the service; a name that does
 *    not exist makes the list empty without another query).
 * 2. The count (`planCount`): the portfolios table or the author index when nothing is searched or
 *    filtered, else the text index (see search.repository.ts). The service caches recent counts.
 * 3. The page (`planPage`): which index yields the page's ids, in order.
 * 4. The rows: the page's portfolios by id, with authors, technologies and images (one statement).
 */

export interface ListCriteria {
  /** Every one of these technologies (ids, sorted). */
  technologyIds: readonly string[];
  /** Every one of these words, each also as a prefix (see `toSearchTerms`). */
  searchTerms: readonly string[];
  authorId?: string | undefined;
}

export const NO_CRITERIA: ListCriteria = { technologyIds: [], searchTerms: [] };

/** Whether the text index must answer: words or technologies to match. */
export const usesTextIndex = (criteria: ListCriteria) =>
  criteria.technologyIds.length > 0 || criteria.searchTerms.length > 0;

export type CountPlan = { criteria: ListCriteria } & (
  | /** `count(*)` of the portfolios table, or of one author's through the author index. */
    { source: 'portfolios' }
    /** PostgreSQL: the GIN-indexed search vector and technology ids. */
  | { source: 'postgres-match' }
  /** SQLite: one author's portfolios, each looked up in the text index. */
  | { source: 'author-matches' }
  /** SQLite: the text index's matches. */
  | { source: 'text-index' }
);

export function planCount(dialect: Dialect, criteria: ListCriteria): CountPlan {
  if (!usesTextIndex(criteria)) return { source: 'portfolios', criteria };
  if (dialect === 'postgres') return { source: 'postgres-match', criteria };
  if (criteria.authorId !== undefined) return { source: 'author-matches', criteria };
  return { source: 'text-index', criteria };
}

export type PagePlan = PageRequest &
  (
    | /** The sort's own covering index (`(ranked_likes, created_at, id)`, ...), optionally one author's. */
      { source: 'order-index' }
      /** PostgreSQL: the GIN conditions, sorted by the planner. */
    | { source: 'postgres-match' }
    /** SQLite: an author has few portfolios; each is checked against the text index. */
    | { source: 'author-matches' }
    /** SQLite, newest first: the text index's own order (keys are creation times), read backwards. */
    | { source: 'text-index-order' }
    /** SQLite, by a counter, common matches: walk the counter index, each checked against the text index. */
    | { source: 'counter-index-walk' }
    /** SQLite, by a counter, rare matches or a deep page: every match sorted. */
    | { source: 'sorted-matches' }
  );

export interface PageRequest {
  criteria: ListCriteria;
  sort: Sort;
  limit: number;
  offset: number;
  /** Portfolios a newest-first page of matches leaves out (a search's lifted exact titles). */
  excluding?: readonly string[] | undefined;
}

/**
 * How many portfolios match, and (asked only when it decides the plan) how many there are: for a page
 * by counters on SQLite, together they tell how far down the counter index the page lies.
 */
export interface Totals {
  matches: number;
  portfolios: () => Promise<number>;
}

/** Without `totals` (a feed, a one-off look-up), a page by counters sorts every match. */
export async function planPage(dialect: Dialect, request: PageRequest, totals?: Totals): Promise<PagePlan> {
  const { criteria, sort, limit, offset } = request;
  if (!usesTextIndex(criteria)) return { source: 'order-index', ...request };
  if (dialect === 'postgres') return { source: 'postgres-match', ...request };
  if (criteria.authorId !== undefined) return { source: 'author-matches', ...request };
  if (sort === 'new') return { source: 'text-index-order', ...request };
  if (!totals || totals.matches === 0) return { source: 'sorted-matches', ...request };
  // Walking the counter index checks about (offset + limit) / share-of-matches rows, each a doclist seek;
  // sorting checks every match, each a row look-up. The two per-row costs are close enough to call equal.
  const walked = ((offset + limit) * (await totals.portfolios())) / totals.matches;
  return { source: walked < totals.matches ? 'counter-index-walk' : 'sorted-matches', ...request };
}
