import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * One name per technology (docs/decisions/0058-one-name-per-technology.md):
 * - `technology_redirects`: the key (slug) of a technology that was folded into another, leading to the
 *   one kept, so the old filter's and feed's addresses answer 301 to it. A redirect goes with the
 *   technology it leads to.
 * - The existing technologies spelled as the list below spells one technology are folded into it once:
 *   their portfolios' links move to it (a portfolio that named both keeps one link, at the first place),
 *   the folded rows go and their keys become redirects, the counts are counted again, and the affected
 *   portfolios' technology names, text index tokens and words follow.
 * The list is the contract's `TECHNOLOGY_ALIASES` as it was when this was written; a spelling listed
 * later is folded as it is written, and an admin merges what was written before.
 */
const ALIASES: Record<string, string[]> = {
  React: ['ReactJS', 'React.js', 'react js'],
  'React Native': ['ReactNative', 'RN'],
  'Node.js': ['Node', 'NodeJS', 'node js'],
  JavaScript: ['JS', 'Java Script', 'ECMAScript', 'ES6'],
  TypeScript: ['TS', 'Type Script'],
  PostgreSQL: ['Postgres', 'PG', 'PSQL', 'Postgre'],
  Vue: ['Vue.js', 'VueJS', 'Vue3'],
  'Next.js': ['NextJS'],
  'Nuxt.js': ['NuxtJS'],
  Express: ['Express.js', 'ExpressJS'],
  NestJS: ['Nest.js'],
  Angular: ['AngularJS', 'Angular.js', 'Angular 2'],
  Svelte: ['SvelteJS', 'Svelte.js'],
  'Tailwind CSS': ['TailwindCSS'],
  MongoDB: ['Mongo', 'Mongo DB'],
  MySQL: ['My SQL'],
  Python: ['Python3'],
  Go: ['Golang', 'Go lang'],
  'C#': ['CSharp', 'C sharp'],
  'C++': ['CPP', 'C plus plus'],
  '.NET': ['dotnet', 'dot net', '.NET Core', 'dotnet core'],
  'ASP.NET': ['ASP.NET Core', 'ASPNET', 'asp net'],
  HTML: ['HTML5'],
  CSS: ['CSS3'],
  'Spring Boot': ['SpringBoot'],
  GraphQL: ['Graph QL'],
  Kubernetes: ['K8s'],
  'Three.js': ['ThreeJS'],
};

const aliasKey = (name: string) =>
  name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s._-]+/gu, '');
const slugOf = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

interface TechnologyRow {
  id: string;
  name: string;
  slug: string;
  portfolios_count: number | string;
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('technology_redirects')
    .addColumn('slug', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('technology_id', sql`char(24)`, (c) =>
      c.notNull().references('technologies.id').onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('technology_redirects_technology_index')
    .on('technology_redirects')
    .column('technology_id')
    .execute();

  const keptByKey = new Map<string, string>();
  for (const [kept, spellings] of Object.entries(ALIASES)) {
    for (const spelling of [kept, ...spellings]) keptByKey.set(aliasKey(spelling), kept);
  }
  const rows = (await db
    .selectFrom('technologies')
    .select(['id', 'name', 'slug', 'portfolios_count'])
    .execute()) as TechnologyRow[];
  const groups = new Map<string, TechnologyRow[]>();
  for (const row of rows) {
    const kept = keptByKey.get(aliasKey(row.name));
    if (kept === undefined) continue;
    groups.set(kept, [...(groups.get(kept) ?? []), row]);
  }

  for (const [kept, group] of groups) {
    const keptSlug = slugOf(kept);
    // The row already under the kept name stays; else the most used one takes the kept name.
    const target =
      group.find((row) => row.slug === keptSlug) ??
      [...group].sort((a, b) => Number(b.portfolios_count) - Number(a.portfolios_count))[0]!;
    const sources = group.filter((row) => row.id !== target.id);
    if (sources.length === 0 && target.slug === keptSlug) continue;
    const affected = new Set<string>();
    const linked = await db
      .selectFrom('portfolio_technologies')
      .select('portfolio_id')
      .where(
        'technology_id',
        'in',
        group.map((row) => row.id),
      )
      .execute();
    for (const row of linked) affected.add(row.portfolio_id as string);

    for (const source of sources) {
      // A portfolio that named both keeps the earlier of the two places.
      await sql`update portfolio_technologies set position = (select min(s.position)
          from portfolio_technologies s
          where s.portfolio_id = portfolio_technologies.portfolio_id and s.technology_id = ${source.id})
        where technology_id = ${target.id} and exists (select 1 from portfolio_technologies s
          where s.portfolio_id = portfolio_technologies.portfolio_id and s.technology_id = ${source.id}
            and s.position < portfolio_technologies.position)`.execute(db);
      await sql`insert into portfolio_technologies (portfolio_id, technology_id, position)
        select s.portfolio_id, ${target.id}, s.position from portfolio_technologies s
        where s.technology_id = ${source.id} and not exists (select 1 from portfolio_technologies t
          where t.portfolio_id = s.portfolio_id and t.technology_id = ${target.id})`.execute(db);
      await db.deleteFrom('portfolio_technologies').where('technology_id', '=', source.id).execute();
      await db.deleteFrom('technologies').where('id', '=', source.id).execute();
    }
    if (target.slug !== keptSlug) {
      await db
        .updateTable('technologies')
        .set({ name: kept, slug: keptSlug })
        .where('id', '=', target.id)
        .execute();
    }
    const redirects = [...sources, target].filter((row) => row.slug !== keptSlug);
    if (redirects.length > 0) {
      await db
        .insertInto('technology_redirects')
        .values(redirects.map((row) => ({ slug: row.slug, technology_id: target.id })))
        .execute();
    }
    await sql`update technologies set portfolios_count = (select count(*) from portfolio_technologies pt
        join portfolios p on p.id = pt.portfolio_id
        where pt.technology_id = technologies.id and p.hidden_at is null)
      where id = ${target.id}`.execute(db);
    await refreshPortfolios(db, postgres, [...affected], kept);
  }
}

/** The affected portfolios' technology names, text index tokens, and the kept name's words. */
async function refreshPortfolios(
  db: Kysely<any>,
  postgres: boolean,
  portfolioIds: string[],
  kept: string,
): Promise<void> {
  const words = (kept.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');
  for (let start = 0; start < portfolioIds.length; start += 500) {
    const ids = portfolioIds.slice(start, start + 500);
    if (postgres) {
      await sql`update portfolios p set
          technology_names = coalesce((select json_agg(t.name order by pt.position)::text
            from portfolio_technologies pt join technologies t on t.id = pt.technology_id
            where pt.portfolio_id = p.id), '[]'),
          technology_ids = case when p.hidden_at is null then coalesce((select
            array_agg(pt.technology_id::text order by pt.technology_id) from portfolio_technologies pt
            where pt.portfolio_id = p.id), '{}') else '{}' end,
          search_vector = case when p.hidden_at is null
            then p.search_vector || to_tsvector('simple', ${words}) else p.search_vector end
        where p.id = any(${ids}::text[])`.execute(db);
      continue;
    }
    const list = sql.join(ids.map((id) => sql`${id}`));
    await sql`update portfolios set technology_names = (select json_group_array(t.name order by pt.position)
        from portfolio_technologies pt join technologies t on t.id = pt.technology_id
        where pt.portfolio_id = portfolios.id)
      where id in (${list})`.execute(db);
    await sql`update portfolio_search set
        technologies = coalesce((select group_concat(token, ' ') from (select 't' || pt.technology_id as token
          from portfolio_search_keys k join portfolio_technologies pt on pt.portfolio_id = k.portfolio_id
          where k.key = portfolio_search.rowid order by pt.position)), ''),
        document = document || ' ' || ${words}
      where rowid in (select key from portfolio_search_keys where portfolio_id in (${list}))`.execute(db);
    if (words !== '') {
      await sql`insert or ignore into search_terms (term) values ${sql.join(
        words.split(' ').map((word) => sql`(${word})`),
      )}`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // The folded rows are not split again: their spellings are gone, and the kept names are right.
  await db.schema.dropTable('technology_redirects').execute();
}
