import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** Likes and comments count for "trending" this long. */
export const TRENDING_WINDOW_DAYS = 7;
/** A like or comment is worth half as much every this many hours. */
export const TRENDING_HALF_LIFE_HOURS = 48;
/** A comment is worth this many likes. */
export const COMMENT_WEIGHT = 2;

/**
 * Recomputes every `trend_score` that is or becomes non-zero: the sum over the portfolio's likes (1, but
 * never its author's own) and
 * comments (`COMMENT_WEIGHT`) of the last `TRENDING_WINDOW_DAYS`, each halved every
 * `TRENDING_HALF_LIFE_HOURS` of its age. Reads only that window's likes and comments (their
 * `created_at` indexes) and the portfolios scored before (the trending index), never every portfolio.
 * Answers how many portfolios have a score now.
 */
export async function refreshTrendScores(
  db: Kysely<Database>,
  dialect: Dialect,
  now = new Date(),
): Promise<number> {
  const since = new Date(now.getTime() - TRENDING_WINDOW_DAYS * 86_400_000).toISOString();
  const at = now.toISOString();
  const ageHours =
    dialect === 'postgres'
      ? sql`extract(epoch from (${at}::timestamptz - a.created_at)) / 3600.0`
      : sql`(julianday(${at}) - julianday(a.created_at)) * 24.0`;
  const halfLife = sql.lit(TRENDING_HALF_LIFE_HOURS);
  const scores = sql`select a.portfolio_id, sum(a.weight * exp(-ln(2) * ${ageHours} / ${halfLife})) as score
    from (
      select l.portfolio_id, l.created_at, 1.0 as weight from likes l
        join portfolios p on p.id = l.portfolio_id
        where l.created_at > ${since} and l.user_id <> p.author_id
      union all
      select portfolio_id, created_at, ${sql.lit(COMMENT_WEIGHT)} * 1.0 as weight from comments
        where created_at > ${since}
    ) a group by a.portfolio_id`;
  return db.transaction().execute(async (trx) => {
    // Scores that fell out of the window go back to zero; the window's are written anew.
    await sql`update portfolios set trend_score = 0
      where trend_score > 0 and id not in (select s.portfolio_id from (${scores}) s)`.execute(trx);
    const written = await sql`update portfolios set trend_score = s.score
      from (${scores}) s where portfolios.id = s.portfolio_id`.execute(trx);
    return Number(written.numAffectedRows ?? 0);
  });
}
