import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, Timestamp } from '../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface SitemapPortfolioRow {
  id: string;
  linktitle: string;
  updated_at: Timestamp['__select__'];
}

/** One page of the portfolios everyone sees, in id order, after `afterId`: a walk along the primary key. */
export function sitemapPortfolios(
  db: Executor,
  afterId: string | undefined,
  limit: number,
): Promise<SitemapPortfolioRow[]> {
  return db
    .selectFrom('portfolios')
    .select(['id', 'linktitle', 'updated_at'])
    .where('hidden_at', 'is', null)
    .$if(afterId !== undefined, (qb) => qb.where('id', '>', afterId!))
    .orderBy('id')
    .limit(limit)
    .execute();
}

export interface SitemapProfileRow {
  id: string;
  username: string;
  updated_at: Timestamp['__select__'];
  /** The newest `updated_at` of the user's portfolios. */
  portfolios_updated_at: Timestamp['__select__'];
}

/**
 * One page of the users who have a portfolio, in id order, after `afterId`. Whether they have one, and
 * when the newest changed, are both one seek in `(author_id, updated_at)`.
 */
export function sitemapProfiles(
  db: Executor,
  afterId: string | undefined,
  limit: number,
): Promise<SitemapProfileRow[]> {
  return db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.username',
      'u.updated_at',
      (eb) =>
        eb
          .selectFrom('portfolios as p')
          .select(sql<Timestamp['__select__']>`max(p.updated_at)`.as('latest'))
          .whereRef('p.author_id', '=', 'u.id')
          .where('p.hidden_at', 'is', null)
          .$asScalar()
          .$notNull()
          .as('portfolios_updated_at'),
    ])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('portfolios as p')
          .select('p.id')
          .whereRef('p.author_id', '=', 'u.id')
          .where('p.hidden_at', 'is', null),
      ),
    )
    .where('u.hidden_at', 'is', null)
    .$if(afterId !== undefined, (qb) => qb.where('u.id', '>', afterId!))
    .orderBy('u.id')
    .limit(limit)
    .execute();
}

/** A technology by the key the list filter uses (`technologySlug`). */
export function findTechnologyBySlug(
  db: Executor,
  slug: string,
): Promise<{ id: string; name: string } | undefined> {
  return db.selectFrom('technologies').select(['id', 'name']).where('slug', '=', slug).executeTakeFirst();
}
