import { type Kysely, type RawBuilder, sql } from 'kysely';
import { portfolioListsOf } from '../data/portfolios.repository.js';
import type { Dialect } from '../db/database.js';
import type { Database } from '../db/schema.js';

/**
 * What an API read relies on beyond the foreign keys: stored counters equal to the rows they count,
 * unique linktitles, a search entry for every portfolio that is not hidden and (SQLite) every indexed word's
 * count of the entries holding it. Returns one line per kind of problem
 * (empty when all is well), so seeds can be checked by tests and by hand after a bulk load.
 */
export async function findInconsistencies(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
  const checks: [string, RawBuilder<{ n: number | string }>][] = [
    [
      'portfolios whose likes_count differs from their likes',
      sql`select count(*) as n from portfolios p
        left join (select portfolio_id, count(*) as c from likes group by portfolio_id) l on l.portfolio_id = p.id
        where p.likes_count <> coalesce(l.c, 0)`,
    ],
    [
      'portfolios whose ranked_likes differs from their likes by others',
      sql`select count(*) as n from portfolios p
        left join (select l.portfolio_id, count(*) as c from likes l
          join portfolios o on o.id = l.portfolio_id where l.user_id <> o.author_id group by l.portfolio_id) l
          on l.portfolio_id = p.id
        where p.ranked_likes <> coalesce(l.c, 0)`,
    ],
    [
      'portfolios whose comments_count differs from their comments',
      sql`select count(*) as n from portfolios p
        left join (select portfolio_id, count(*) as c from comments where hidden_at is null and deleted_at is null group by portfolio_id) x
          on x.portfolio_id = p.id
        where p.comments_count <> coalesce(x.c, 0)`,
    ],
    [
      'technologies whose portfolios_count differs from their portfolios',
      sql`select count(*) as n from technologies t
        left join (select pt.technology_id, count(*) as c from portfolio_technologies pt
          join portfolios p on p.id = pt.portfolio_id where p.hidden_at is null group by pt.technology_id) x
          on x.technology_id = t.id
        where t.portfolios_count <> coalesce(x.c, 0)`,
    ],
    [
      'users whose followers_count or following_count differs from their follows',
      sql`select count(*) as n from users u
        left join (select followee_id, count(*) as c from follows group by followee_id) fr on fr.followee_id = u.id
        left join (select follower_id, count(*) as c from follows group by follower_id) fg on fg.follower_id = u.id
        where u.followers_count <> coalesce(fr.c, 0) or u.following_count <> coalesce(fg.c, 0)`,
    ],
    [
      'hidden portfolios still in the search index',
      dialect === 'postgres'
        ? sql`select count(*) as n from portfolios
            where hidden_at is not null and (length(search_vector) > 0 or cardinality(technology_ids) > 0)`
        : sql`select count(*) as n from portfolios p
            join portfolio_search_keys k on k.portfolio_id = p.id
            join portfolio_search s on s.rowid = k.key where p.hidden_at is not null`,
    ],
    ['duplicate linktitles', sql`select count(*) - count(distinct linktitle) as n from portfolios`],
    [
      'portfolios whose technology_names, image_names or image_alts differ from their technologies and images',
      dialect === 'postgres'
        ? sql`select count(*) as n from portfolios p
            where p.technology_names::jsonb <> (${portfolioListsOf(dialect, sql`p.id`).technologies})::jsonb
              or p.image_names::jsonb <> (${portfolioListsOf(dialect, sql`p.id`).images})::jsonb
              or p.image_alts::jsonb <> (${portfolioListsOf(dialect, sql`p.id`).imageAlts})::jsonb`
        : sql`select count(*) as n from portfolios p
            where p.technology_names <> ${portfolioListsOf(dialect, sql`p.id`).technologies}
              or p.image_names <> ${portfolioListsOf(dialect, sql`p.id`).images}
              or p.image_alts <> ${portfolioListsOf(dialect, sql`p.id`).imageAlts}`,
    ],
    [
      'portfolios without technologies',
      sql`select count(*) as n from portfolios p
        where not exists (select 1 from portfolio_technologies pt where pt.portfolio_id = p.id)`,
    ],
    [
      'portfolios missing from the search index',
      dialect === 'postgres'
        ? sql`select count(*) as n from portfolios
            where hidden_at is null and length(search_vector) = 0`
        : sql`select count(*) as n from portfolios p
            where p.hidden_at is null and not exists (select 1 from portfolio_search_keys k
              join portfolio_search s on s.rowid = k.key where k.portfolio_id = p.id)`,
    ],
    [
      'portfolios whose indexed technologies differ from their technologies',
      dialect === 'postgres'
        ? sql`select count(*) as n from portfolios p
            where p.hidden_at is null
              and coalesce((select array_agg(x order by x) from unnest(p.technology_ids) x), '{}')
              <> coalesce((select array_agg(pt.technology_id::text order by pt.technology_id)
                from portfolio_technologies pt where pt.portfolio_id = p.id), '{}')`
        : sql`select count(*) as n from portfolio_search_keys k
            join portfolio_search s on s.rowid = k.key
            where s.technologies <> coalesce((select group_concat(token, ' ') from (
              select 't' || pt.technology_id as token from portfolio_technologies pt
              where pt.portfolio_id = k.portfolio_id order by pt.position)), '')`,
    ],
  ];
  if (dialect === 'sqlite') {
    // FTS5's own vocabulary: each word with the entries holding it, counted from the index itself.
    await sql`create virtual table if not exists temp.indexed_words using fts5vocab(main, portfolio_search, 'col')`.execute(
      db,
    );
    checks.push([
      'indexed words whose count of entries differs from the entries holding them',
      sql`select (select count(*) from search_terms t where t.documents <> coalesce((select v.doc
          from temp.indexed_words v where v.term = t.term and v.col = 'document'), 0))
        + (select count(*) from temp.indexed_words v where v.col = 'document'
          and not exists (select 1 from search_terms t where t.term = v.term)) as n`,
    ]);
  }
  const problems: string[] = [];
  for (const [label, query] of checks) {
    const result = await query.execute(db);
    const n = Number(result.rows[0]?.n ?? 0);
    if (n !== 0) problems.push(`${n} ${label}`);
  }
  return problems;
}
