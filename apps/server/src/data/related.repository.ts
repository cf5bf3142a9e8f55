import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { groupBy } from '../lib/group-by.js';
import { findMatchingIds } from './search.repository.js';

type Executor = Kysely<Database> | Transaction<Database>;

/*
 * "O‘xshash loyihalar" (docs/decisions/0061-related-work.md): candidates come from the indexes lists
 * already use, a bounded number from each, and are scored in memory by the service:
 * - each of the portfolio's first technologies: its newest portfolios through
 *   `portfolio_technologies (technology_id, portfolio_id)` (ids sort by creation time);
 * - each of the title's longest words: the newest matches of the text index (`findMatchingIds`), which
 *   holds no hidden portfolio.
 */

/** Technologies of the portfolio looked at, in its own order. */
export const RELATED_TECHNOLOGIES = 8;
/** Newest portfolios taken per technology. */
export const CANDIDATES_PER_TECHNOLOGY = 40;
/** Title words looked up in the text index. */
export const RELATED_TITLE_WORDS = 4;
/** Newest matches taken per title word. */
export const CANDIDATES_PER_WORD = 20;

/** The portfolio's technology ids in its order, at most `RELATED_TECHNOLOGIES`. */
export async function findTechnologyIdsOf(db: Executor, portfolioId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('portfolio_technologies')
    .select('technology_id')
    .where('portfolio_id', '=', portfolioId)
    .orderBy('position')
    .limit(RELATED_TECHNOLOGIES)
    .execute();
  return rows.map((row) => row.technology_id);
}

/** The newest portfolios using this technology (hidden ones too: they are left out with the rows). */
async function findNewestWithTechnology(db: Executor, technologyId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('portfolio_technologies')
    .select('portfolio_id')
    .where('technology_id', '=', technologyId)
    .orderBy('portfolio_id', 'desc')
    .limit(CANDIDATES_PER_TECHNOLOGY)
    .execute();
  return rows.map((row) => row.portfolio_id);
}

/** Ids of the portfolios worth scoring: at most 8 × 40 + 4 × 20, the portfolio itself among them maybe. */
export async function findRelatedCandidateIds(
  db: Executor,
  dialect: Dialect,
  technologyIds: readonly string[],
  titleWords: readonly string[],
): Promise<string[]> {
  const lists = await Promise.all([
    ...technologyIds.map((id) => findNewestWithTechnology(db, id)),
    ...titleWords
      .slice(0, RELATED_TITLE_WORDS)
      .map((word) =>
        findMatchingIds(
          db,
          dialect,
          { technologyIds: [], searchTerms: [word] },
          'new',
          CANDIDATES_PER_WORD,
          0,
        ),
      ),
  ]);
  return [...new Set(lists.flat())];
}

export interface RelatedCandidate {
  id: string;
  author_id: string;
  title: string;
  ranked_likes: number;
  technology_ids: string[];
}

/**
 * The candidates anyone may see: not hidden, their author neither hidden nor blocked now, with their
 * technology ids (one look-up by the primary key).
 */
export async function findRelatedCandidates(
  db: Executor,
  ids: readonly string[],
  now: string,
): Promise<RelatedCandidate[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('portfolios as p')
    .innerJoin('users as u', 'u.id', 'p.author_id')
    .select(['p.id', 'p.author_id', 'p.title', 'p.ranked_likes'])
    .where('p.id', 'in', ids)
    .where('p.hidden_at', 'is', null)
    .where('u.hidden_at', 'is', null)
    .where(sql<boolean>`(u.blocked_at is null or u.blocked_until <= ${now})`)
    .execute();
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom('portfolio_technologies')
    .select(['portfolio_id', 'technology_id'])
    .where(
      'portfolio_id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  const technologies = groupBy(
    links,
    (link) => link.portfolio_id,
    (link) => link.technology_id,
  );
  return rows.map((row) => ({
    ...row,
    ranked_likes: Number(row.ranked_likes),
    technology_ids: technologies.get(row.id) ?? [],
  }));
}
