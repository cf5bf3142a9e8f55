import { portfolioListQuerySchema } from '@portfolio-master/contract';
import {
  type CompiledQuery,
  CompiledQuery as RawQuery,
  Kysely,
  type LogEvent,
  PostgresDialect,
  sql,
  SqliteDialect,
} from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openSqlite } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { ChangeFeed } from '../../lib/changes.js';
import { newId } from '../../lib/ids.js';
import { createMarkdownRenderer } from '../../lib/markdown.js';
import { createTestContext, type TestContext } from '../../test/app.js';
import { BlocksService } from '../blocks/blocks.service.js';
import { CommentsService } from '../comments/comments.service.js';
import { FeedsService } from '../feeds/feeds.service.js';
import { LikesService } from '../likes/likes.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { UsersService } from '../users/users.service.js';
import { rewriteAuthorSearchDocuments } from '../../data/portfolios.repository.js';
import { findFollowedPortfolioIds } from '../../data/follows.repository.js';
import {
  findMatchingIds,
  rebuildSearchTerms,
  searchEntry,
  searchKeyBase,
} from '../../data/search.repository.js';
import { ListTotals } from './list-totals.js';
import { PortfoliosService } from './portfolios.service.js';
import { Reads } from '../../lib/reads.js';
import { userRow } from '../../test/rows.js';

/*
 * The plans of the queries the services really run, on a database big enough for the planner to care:
 * every list, search, detail and write look-up must reach the big tables through an index. The data is
 * loaded straight into the tables, ANALYZEd, and the services run on a second Kysely instance that logs
 * each compiled statement, which is then EXPLAINed with its own parameters.
 */

/*
 * Big enough that PostgreSQL's cost model prefers an index wherever one serves the query; with a few
 * hundred rows per table a sequential scan is honestly cheapest and the test would say nothing.
 */
const SIZES = { users: 3000, technologies: 40, portfolios: 10_000, likes: 100_000, comments: 20_000 };
/*
 * The tables that grow with the site's activity. `users` and `images` are reached by primary key or by
 * their own indexes too, but at this size PostgreSQL rightly hashes the few thousand users it joins to a
 * page of comments instead of probing them one by one, so they are not held to the rule; the author
 * filter's username look-up is checked on its own below.
 */
const BIG_TABLES = new Set(['portfolios', 'likes', 'comments', 'portfolio_technologies']);

let context: TestContext;
let logged: Kysely<Database>;
let captured: CompiledQuery[] = [];
const totals = new ListTotals();
const changes = await ChangeFeed.create({});
let services: {
  portfolios: PortfoliosService;
  likes: LikesService;
  comments: CommentsService;
  feeds: FeedsService;
};

/** Deterministic pseudo-random numbers (mulberry32), so every run plans the same data. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const WORDS = Array.from({ length: 5000 }, (_, index) => `soz${index.toString(36)}x`);
const data = {
  users: [] as { id: string; username: string }[],
  technologies: [] as { id: string; name: string; slug: string }[],
  portfolios: [] as { id: string; linktitle: string }[],
  /** Portfolios holding each word, to pick search words of a realistic rarity. */
  wordCounts: new Map<string, number>(),
};

async function insertInBatches<T extends keyof Database>(table: T, rows: Record<string, unknown>[]) {
  const size = Math.floor(20_000 / Object.keys(rows[0] ?? { a: 1 }).length);
  for (let start = 0; start < rows.length; start += size) {
    await context.app.services.db
      .insertInto(table)
      .values(rows.slice(start, start + size) as never)
      .execute();
  }
}

/** A word found in about `share` of the portfolios. */
function wordWithShare(share: number): string {
  let best = WORDS[0]!;
  let bestDistance = Infinity;
  for (const [word, count] of data.wordCounts) {
    const distance = Math.abs(count / SIZES.portfolios - share);
    if (distance < bestDistance) [best, bestDistance] = [word, distance];
  }
  return best;
}

async function load() {
  const next = random(42);
  /** skew > 1 favours the first items, as popularity does. */
  const pick = <T>(items: readonly T[], skew = 1): T => items[Math.floor(next() ** skew * items.length)]!;
  const start = Date.UTC(2023, 0, 1);
  const now = new Date().toISOString();

  data.users = Array.from({ length: SIZES.users }, (_, index) => ({
    id: newId(new Date(start + index * 1000)),
    username: `planner${index}`,
  }));
  await insertInBatches(
    'users',
    data.users.map((user) =>
      userRow({
        id: user.id,
        username: user.username,
        firstname: `Ism${user.username}`,
        lastname: 'Familiya',
        created_at: now,
      }),
    ),
  );

  data.technologies = Array.from({ length: SIZES.technologies }, (_, index) => ({
    id: newId(),
    name: `Tech${index}`,
    slug: `tech${index}`,
  }));

  const links: { portfolio_id: string; technology_id: string; position: number }[] = [];
  const images: Record<string, unknown>[] = [];
  const entries: { id: string; key: number; document: string; technologies: string; ids: string[] }[] = [];
  const portfolioRows = Array.from({ length: SIZES.portfolios }, (_, index) => {
    const created = new Date(start + index * 3_600_000);
    const id = newId(created);
    const author = pick(data.users, 1.5);
    const title = `${pick(WORDS, 3)} ${pick(WORDS, 3)} ${index}`;
    const description = Array.from({ length: 12 }, () => pick(WORDS, 3)).join(' ');
    const linktitle = `${author.username}_${title.replaceAll(' ', '_')}`;
    data.portfolios.push({ id, linktitle });
    for (const word of new Set(`${title} ${description}`.split(' '))) {
      data.wordCounts.set(word, (data.wordCounts.get(word) ?? 0) + 1);
    }
    const used = new Set(
      Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(data.technologies, 2)),
    );
    const entry = searchEntry({
      title,
      description,
      technologies: [...used],
      author: { username: author.username, firstname: '', lastname: '' },
    });
    const ids = [...used].map((technology) => technology.id);
    entries.push({ id, key: searchKeyBase(created), ...entry, ids });
    [...used].forEach((technology, position) =>
      links.push({ portfolio_id: id, technology_id: technology.id, position }),
    );
    for (let position = 0; position < Math.floor(next() * 4); position += 1) {
      images.push({
        filename: `${newId()}.webp`,
        owner_id: author.id,
        portfolio_id: id,
        position,
        width: 800,
        height: 600,
        bytes: 50_000,
        created_at: created.toISOString(),
      });
    }
    return {
      id,
      author_id: author.id,
      title,
      linktitle,
      description,
      url: 'https://example.uz',
      repo_url: null,
      likes_count: 0,
      ranked_likes: 0,
      comments_count: 0,
      created_at: created.toISOString(),
      updated_at: created.toISOString(),
    };
  });

  const likes = new Map<string, { portfolio_id: string; user_id: string; created_at: string }>();
  while (likes.size < SIZES.likes) {
    const portfolio = pick(portfolioRows, 2);
    const user = pick(data.users);
    likes.set(`${portfolio.id}${user.id}`, { portfolio_id: portfolio.id, user_id: user.id, created_at: now });
  }
  // Every third comment answers the portfolio's latest top-level one, when it has one.
  const latestTopLevel = new Map<string, string>();
  const comments = Array.from({ length: SIZES.comments }, (_, index) => {
    const portfolioId = pick(portfolioRows, 2).id;
    const id = newId(new Date(start + index * 60_000));
    const parentId = index % 3 === 2 ? (latestTopLevel.get(portfolioId) ?? null) : null;
    if (parentId === null) latestTopLevel.set(portfolioId, id);
    return {
      id,
      portfolio_id: portfolioId,
      author_id: pick(data.users).id,
      body: `izoh ${index}`,
      created_at: new Date(start + index * 60_000).toISOString(),
      parent_id: parentId,
    };
  });
  const byId = new Map(portfolioRows.map((row) => [row.id, row]));
  for (const like of likes.values()) {
    const row = byId.get(like.portfolio_id)!;
    row.likes_count += 1;
    if (like.user_id !== row.author_id) row.ranked_likes += 1;
  }
  for (const comment of comments) byId.get(comment.portfolio_id)!.comments_count += 1;
  const technologyCounts = new Map<string, number>();
  for (const link of links)
    technologyCounts.set(link.technology_id, (technologyCounts.get(link.technology_id) ?? 0) + 1);

  await insertInBatches(
    'technologies',
    data.technologies.map((t) => ({ ...t, portfolios_count: technologyCounts.get(t.id) ?? 0 })),
  );
  await insertInBatches('portfolios', portfolioRows);
  await insertInBatches('portfolio_technologies', links);
  await insertInBatches('images', images);
  await insertInBatches('likes', [...likes.values()]);
  await insertInBatches('comments', comments);

  const { db, dialect } = context.app.services;
  const payload = JSON.stringify(entries);
  if (dialect === 'postgres') {
    await sql`update portfolios p set search_vector = to_tsvector('simple', d.document),
        technology_ids = array(select json_array_elements_text(d.ids))
      from json_to_recordset(${payload}::json) as d(id text, document text, ids json)
      where p.id = d.id`.execute(db);
    // A loaded table in steady state: autovacuum has set the visibility map and the statistics.
    await sql`vacuum analyze`.execute(db);
  } else {
    await sql`insert into portfolio_search_keys (key, portfolio_id)
      select json_extract(d.value, '$.key'), json_extract(d.value, '$.id') from json_each(${payload}) d`.execute(
      db,
    );
    await sql`insert into portfolio_search (rowid, document, technologies)
      select json_extract(d.value, '$.key'), json_extract(d.value, '$.document'),
        json_extract(d.value, '$.technologies') from json_each(${payload}) d`.execute(db);
    // As the bulk seed does after writing documents directly.
    await rebuildSearchTerms(db);
    await sql`analyze`.execute(db);
  }
}

beforeAll(async () => {
  context = await createTestContext();
  await load();
  const log = (event: LogEvent) => {
    if (event.level === 'query') captured.push(event.query);
  };
  const { config, imageStore } = context.app.services;
  const database = config.database;
  logged = new Kysely<Database>({
    dialect:
      database.dialect === 'sqlite'
        ? new SqliteDialect({ database: openSqlite(database.file) })
        : new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 2 }) }),
    log,
  });
  // Small sitemap files and no reuse, so that every statement of a build is run and planned.
  const feeds = new FeedsService(logged, database.dialect, config.publicUrl, {
    sitemapLimits: { urlsPerFile: 3000 },
    ttlMs: 0,
  });
  const users = new UsersService(logged, database.dialect, imageStore, new Set(), changes);
  const notifications = new NotificationsService(logged, {
    users,
    mailer: context.app.services.mailer,
    publicUrl: config.publicUrl,
    logger: context.app.log,
  });
  const blocks = new BlocksService(logged, { users, changes });
  // Nothing cached: every read runs its statements, so every one is planned.
  const reads = new Reads({ enabled: false, changes });
  const comments = new CommentsService(logged, users, changes, notifications, blocks, reads);
  services = {
    portfolios: new PortfoliosService(logged, database.dialect, {
      users,
      comments,
      imageStore,
      totals,
      changes,
      reads,
      notifications,
      renderMarkdown: createMarkdownRenderer({ imageSource: () => null }),
    }),
    likes: new LikesService(logged, changes, users, notifications, blocks),
    comments,
    feeds,
  };
}, 120_000);

afterAll(async () => {
  await logged?.destroy();
  await context?.close();
});

/** Runs `work` and answers the statements it sent (transactions' begin/commit and inserts left out). */
async function statementsOf(work: () => Promise<unknown>): Promise<CompiledQuery[]> {
  // Totals are cached between pages; every count statement must be planned here too.
  totals.clear();
  captured = [];
  await work();
  return captured.filter((query) => /^\s*(select|update|delete|with)\b/i.test(query.sql));
}

/**
 * Full scans of big tables in one statement's plan, as readable lines; empty when every access is
 * indexed. A walk along a whole index counts as a full scan too, unless the statement has a LIMIT: then
 * it is an ordered walk that stops after a page (`SCAN p USING INDEX portfolios_created_at_index`).
 */
async function fullScans(query: CompiledQuery): Promise<{ scans: string[]; plan: string }> {
  const { db, dialect } = context.app.services;
  const limited = /\blimit\b/i.test(query.sql);
  if (dialect === 'postgres') {
    const result = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
      RawQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
    );
    const root = (result.rows[0]!['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan;
    const scans: string[] = [];
    const lines: string[] = [];
    const walk = (node: PlanNode, depth: number) => {
      const relation = node['Relation Name'] ?? '';
      const line = `${node['Node Type']}${relation ? ` on ${relation}` : ''}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}`;
      lines.push(`${'  '.repeat(depth)}${line}${node['Index Cond'] ? ` (${node['Index Cond']})` : ''}`);
      const wholeIndex = /^Index (Only )?Scan$/.test(node['Node Type']) && !node['Index Cond'] && !limited;
      if (BIG_TABLES.has(relation) && (node['Node Type'] === 'Seq Scan' || wholeIndex)) scans.push(line);
      for (const child of node.Plans ?? []) walk(child, depth + 1);
    };
    walk(root, 0);
    return { scans, plan: lines.join('\n') };
  }
  const result = await db.executeQuery<{ detail: string }>(
    RawQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
  );
  const aliases = new Map<string, string>();
  for (const match of query.sql.matchAll(/\b(?:from|join|update)\s+"?(\w+)"?(?:\s+as)?\s+"?(\w+)"?/gi)) {
    aliases.set(match[2]!, match[1]!);
  }
  const details = result.rows.map((row) => row.detail);
  const scans = details.filter((detail) => {
    const match = /^SCAN (\w+)(.*)$/.exec(detail);
    if (!match) return false;
    const table = aliases.get(match[1]!) ?? match[1]!;
    return BIG_TABLES.has(table) && !(limited && /USING (COVERING )?INDEX/.test(match[2]!));
  });
  return { scans, plan: details.join('\n') };
}

interface PlanNode {
  'Node Type': string;
  'Index Cond'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/**
 * The unfiltered total reads every visible row by nature (see the test below): on PostgreSQL
 * `count(*) … where hidden_at is null` (the partial order index), on SQLite `count(*)` of all less the
 * hidden ones.
 */
const isUnfilteredCount = (query: CompiledQuery) =>
  /^select count\(\*\) as "count" from "portfolios"( where "hidden_at" is (not )?null)?$/i.test(
    query.sql.replace(/\s+/g, ' ').trim(),
  );

/** Statements of the unfiltered total: one on PostgreSQL, all less the hidden on SQLite. */
const unfilteredCounts = () => (inject('dialect') === 'postgres' ? 1 : 2);

async function expectIndexed(
  label: string,
  work: () => Promise<unknown>,
  options: { allowUnfilteredCount?: boolean } = {},
) {
  const statements = await statementsOf(work);
  expect(statements.length, `${label}: no statements captured`).toBeGreaterThan(0);
  const problems: string[] = [];
  for (const statement of statements) {
    if (process.env.SHOW_PLANS)
      console.log(`${label}\n${statement.sql}\n${(await fullScans(statement)).plan}\n`);
    if (options.allowUnfilteredCount && isUnfilteredCount(statement)) continue;
    const { scans, plan } = await fullScans(statement);
    if (scans.length > 0)
      problems.push(`${statement.sql}\n  params: ${JSON.stringify(statement.parameters)}\n${plan}`);
  }
  expect(problems, `${label}: full scans of big tables`).toEqual([]);
  return statements;
}

const listQuery = (query: Record<string, unknown>) => portfolioListQuerySchema.parse(query);

describe('query plans on a loaded database', () => {
  it('loaded what it meant to', async () => {
    const { db } = context.app.services;
    for (const [table, size] of [
      ['portfolios', SIZES.portfolios],
      ['likes', SIZES.likes],
      ['comments', SIZES.comments],
    ] as const) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(row.count), table).toBe(size);
    }
  });

  it('default list page (anonymous and signed in)', async () => {
    const viewer = data.users[3]!.id;
    const statements = await expectIndexed(
      'default page',
      async () => {
        const page = (await services.portfolios.page(listQuery({}), null)).value;
        expect(page.items).toHaveLength(10);
        await services.portfolios.page(listQuery({}), viewer);
      },
      { allowUnfilteredCount: true },
    );
    // The statements let through are exactly the unfiltered total, counted once for both pages.
    expect(statements.filter(isUnfilteredCount).length).toBe(unfilteredCounts());
  });

  it('sorted by popularity and by discussion', async () => {
    await expectIndexed(
      'sorted pages',
      async () => {
        const popular = (await services.portfolios.page(listQuery({ sort: 'popular' }), null)).value;
        expect(popular.items[0]!.likesCount).toBeGreaterThan(popular.items[9]!.likesCount);
        await services.portfolios.page(listQuery({ sort: 'discussed', page: 3 }), null);
      },
      { allowUnfilteredCount: true },
    );
  });

  it('page 100', async () => {
    await expectIndexed(
      'page 100',
      async () => {
        const page = (await services.portfolios.page(listQuery({ page: 100 }), null)).value;
        expect(page.items).toHaveLength(10);
      },
      { allowUnfilteredCount: true },
    );
  });

  it('deep pages of every sort skip entries of the order index alone, never rows (SQLite)', async () => {
    for (const sort of ['new', 'popular', 'discussed', 'trending'] as const) {
      const statements = await expectIndexed(
        `page 100 by ${sort}`,
        () => services.portfolios.page(listQuery({ page: 100, sort }), null),
        { allowUnfilteredCount: true },
      );
      const pageIds = statements.find((query) => /\boffset\b/i.test(query.sql))!;
      expect(pageIds.parameters.at(-1), sort).toBe(990);
      if (inject('dialect') !== 'sqlite') continue;
      const { plan } = await fullScans(pageIds);
      // `hidden_at` is in the partial index too, or SQLite reads each skipped row to check it.
      const index = sort === 'new' ? 'created_at' : sort;
      expect(plan, sort).toBe(`SCAN portfolios USING COVERING INDEX portfolios_${index}_index`);
    }
  });

  it('filtered by two technologies', async () => {
    await expectIndexed('filter', async () => {
      const page = (await services.portfolios.page(listQuery({ filter: 'Tech0,Tech1' }), null)).value;
      expect(page.total).toBeGreaterThan(0);
      const rare = (await services.portfolios.page(listQuery({ filter: 'Tech30,Tech2', page: 2 }), null))
        .value;
      expect(rare.total).toBeGreaterThanOrEqual(0);
    });
  });

  it('filtered and sorted by counters, common and rare technologies, near and deep pages', async () => {
    await expectIndexed(
      'filter by counters',
      async () => {
        const common = (await services.portfolios.page(listQuery({ filter: 'Tech0', sort: 'popular' }), null))
          .value;
        expect(common.items[0]!.likesCount).toBeGreaterThanOrEqual(common.items[9]!.likesCount);
        await services.portfolios.page(listQuery({ filter: 'Tech0', sort: 'discussed', page: 40 }), null);
        await services.portfolios.page(listQuery({ filter: 'Tech30,Tech2', sort: 'popular' }), null);
        // The unfiltered total tells how common the matches are.
      },
      { allowUnfilteredCount: true },
    );
  });

  it('answers a page by counters the same whichever way it is found', async () => {
    const { db, dialect } = context.app.services;
    const ids = (
      await db.selectFrom('technologies').select('id').where('slug', 'in', ['tech0', 'tech1']).execute()
    )
      .map((row) => row.id)
      .sort();
    for (const criteria of [
      { technologyIds: ids.slice(0, 1), searchTerms: [] },
      { technologyIds: ids, searchTerms: [] },
      { technologyIds: [], searchTerms: [wordWithShare(0.05)] },
    ]) {
      for (const sort of ['popular', 'discussed'] as const) {
        for (const [limit, offset] of [
          [10, 0],
          [10, 30],
          [50, 100],
        ] as const) {
          // Sorting every match, and walking the counter index (an estimate that says matches are common).
          const sorted = await findMatchingIds(db, dialect, criteria, sort, limit, offset);
          const walked = await findMatchingIds(db, dialect, criteria, sort, limit, offset, {
            matches: 1_000_000,
            portfolios: 1,
          });
          expect(walked, `${JSON.stringify(criteria)} ${sort} ${limit} ${offset}`).toEqual(sorted);
          expect(sorted.length).toBeGreaterThan(0);
        }
      }
    }
  });

  it('a search', async () => {
    await expectIndexed('search', async () => {
      // A word in about one portfolio of 200, and two commoner words together, one typed halfway.
      const rare = (await services.portfolios.page(listQuery({ q: wordWithShare(0.005) }), null)).value;
      expect(rare.total).toBeGreaterThan(0);
      const [first, second] = [wordWithShare(0.03), wordWithShare(0.02)];
      await services.portfolios.page(listQuery({ q: `${first.slice(0, -1)} ${second}` }), null);
    });
  });

  it('an author page', async () => {
    const statements = await expectIndexed('author', async () => {
      const page = (
        await services.portfolios.page(listQuery({ author: data.users[0]!.username.toUpperCase() }), null)
      ).value;
      expect(page.total).toBeGreaterThan(0);
    });
    // The case-insensitive username look-up goes through the lower(username) index, never a users scan.
    const byUsername = statements.filter((statement) => statement.sql.includes('lower(username)'));
    expect(byUsername).toHaveLength(1);
    for (const statement of byUsername) {
      expect((await fullScans(statement)).plan).toMatch(/users_username_lower_unique/);
    }
  });

  it('everything at once: filter, search, author and sort', async () => {
    await expectIndexed(
      'combined',
      async () => {
        await services.portfolios.page(
          listQuery({
            filter: 'Tech0',
            q: wordWithShare(0.01),
            author: data.users[1]!.username,
            sort: 'popular',
          }),
          data.users[2]!.id,
        );
      },
      { allowUnfilteredCount: true },
    );
  });

  it('a portfolio in detail, by id and by linktitle, and /portfolio/all', async () => {
    const busiest = await context.app.services.db
      .selectFrom('portfolios')
      .select(['id', 'linktitle'])
      .orderBy('likes_count', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await expectIndexed('detail', async () => {
      const byId = (await services.portfolios.get(busiest.id, { id: data.users[5]!.id, isAdmin: false }))
        .value;
      expect(byId!.likes.length).toBeGreaterThan(10);
      await services.portfolios.get(busiest.linktitle, null);
      // Two list pages' worth. At this size a 100-portfolio page's batched look-ups (100 ids at once) are
      // honestly cheaper as sequential scans of the 20 000-row tables on PostgreSQL; from about 100 000
      // rows on, the same statements use the indexes.
      const all = (await services.portfolios.all(20, 200, data.users[5]!.id)).value;
      expect(all).toHaveLength(20);
      await services.portfolios.technologies({ limit: 100 });
    });
  });

  it('a portfolio’s threads: a page with their newest replies, and a thread’s earlier replies', async () => {
    const busiest = await context.app.services.db
      .selectFrom('comments')
      .select(['portfolio_id', 'parent_id'])
      .where('parent_id', 'is not', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await expectIndexed('threads', async () => {
      const page = await services.comments.page(busiest.portfolio_id, { limit: 20 });
      expect(page.items.some((thread) => thread.replies.length > 0)).toBe(true);
      const replies = await services.comments.replies(busiest.portfolio_id, busiest.parent_id!, {
        limit: 20,
      });
      expect(replies.items.length).toBeGreaterThan(0);
    });
  });

  it('writes: create (linktitle look-up), update, like, comment, delete', async () => {
    const author = data.users[0]!;
    const target = data.portfolios[1500]!.id;
    await expectIndexed('writes', async () => {
      const created = await services.portfolios.create(
        { id: author.id, username: author.username, firstname: 'A', lastname: 'B' },
        {
          status: 'published',
          title: 'Rejalar tekshiruvi',
          url: 'https://x.uz',
          used: ['Tech0', 'Yangi'],
          description: '',
        },
        [],
      );
      await services.portfolios.update(
        created._id,
        { id: author.id, isAdmin: false },
        { used: ['Tech1'] },
        [],
      );
      // Owned by someone else, so that the check for a block between the two is planned too.
      const owned = { id: target, authorId: data.users[2]!.id };
      await services.likes.toggle(owned, author.id);
      const [thread] = await services.comments.add(owned, author.id, 'reja');
      await services.comments.add(owned, data.users[1]!.id, 'javob', thread!._id);
      await services.comments.remove(target, { id: author.id, isAdmin: false }, { index: 0 });
      await services.portfolios.remove(created._id, { id: author.id, isAdmin: false });
      await rewriteAuthorSearchDocuments(logged, context.app.services.dialect, author.id);
    });
  });

  it('the sitemap and the feeds of the site, a technology and an author', async () => {
    const statements = await expectIndexed('sitemap and feeds', async () => {
      const sitemap = await services.feeds.sitemap();
      expect(sitemap.files.size).toBeGreaterThan(SIZES.portfolios / 3000);
      await services.feeds.siteFeed();
      await services.feeds.technologyFeed('TECH3');
      await services.feeds.profileFeed(data.users[0]!.username);
    });
    // Each sitemap query reads one page of rows along an index, walking the whole of it only page by page.
    const pages = statements.filter((statement) => /order by ("u"\.)?"id" limit/i.test(statement.sql));
    const profilePages = pages.filter((page) => page.sql.includes('"users"'));
    expect(pages.length - profilePages.length).toBeGreaterThan(1);
    expect(profilePages.length).toBeGreaterThan(0);
    // Whether an author has portfolios, and when the newest changed: one index seek each.
    for (const statement of profilePages) {
      expect((await fullScans(statement)).plan).toMatch(/portfolios_author_updated_index/);
    }
  });

  it('a person’s list and the following feed with co-authored work: ranges of their indexes', async () => {
    const { db } = context.app.services;
    const [person, viewer] = [data.users[0]!, data.users[5]!];
    const credited = [data.portfolios[10]!, data.portfolios[2000]!, data.portfolios[4000]!];
    const rows = await db
      .selectFrom('portfolios')
      .select(['id', 'created_at'])
      .where(
        'id',
        'in',
        credited.map((portfolio) => portfolio.id),
      )
      .where('author_id', '!=', person.id)
      .execute();
    await db
      .insertInto('portfolio_authors')
      .values(
        rows.map((row) => ({
          portfolio_id: row.id,
          user_id: person.id,
          status: 'accepted' as const,
          portfolio_created_at: row.created_at as string,
          created_at: new Date().toISOString(),
          accepted_at: new Date().toISOString(),
        })),
      )
      .execute();
    await db
      .insertInto('follows')
      .values({ follower_id: viewer.id, followee_id: person.id, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.doNothing())
      .execute();
    try {
      const statements = await expectIndexed('co-authored', async () => {
        for (const sort of ['new', 'popular'] as const) {
          const page = (await services.portfolios.page(listQuery({ author: person.username, sort }), null))
            .value;
          expect(page.total).toBeGreaterThanOrEqual(rows.length);
        }
        const feed = await findFollowedPortfolioIds(logged, viewer.id, 20, 0);
        expect(feed.total).toBeGreaterThanOrEqual(rows.length);
      });
      // Newest first, a person's co-authored work is one range of its own index (SQLite; PostgreSQL reads
      // a table of three rows whole, as it should).
      const newest = statements.filter(
        (statement) =>
          statement.sql.includes('"portfolio_authors"') &&
          /order by "pa"\."portfolio_created_at"/.test(statement.sql),
      );
      expect(newest.length).toBeGreaterThan(0);
      for (const statement of context.app.services.dialect === 'sqlite' ? newest : []) {
        expect((await fullScans(statement)).plan).toMatch(/portfolio_authors_user_index/);
      }
    } finally {
      await db.deleteFrom('portfolio_authors').where('user_id', '=', person.id).execute();
      await db
        .deleteFrom('follows')
        .where('follower_id', '=', viewer.id)
        .where('followee_id', '=', person.id)
        .execute();
    }
  });

  it('the unfiltered total is the one full count, and it touches nothing but portfolios', async () => {
    // Counting every visible portfolio has no predicate to narrow it: PostgreSQL walks the partial order
    // index, SQLite its smallest index less the hidden ones' own. It is let through above only when it is
    // exactly these statements.
    const statements = await statementsOf(() => services.portfolios.page(listQuery({}), null));
    const counts = statements.filter(isUnfilteredCount);
    expect(counts).toHaveLength(unfilteredCounts());
    for (const count of counts) {
      const { plan } = await fullScans(count);
      expect(plan).not.toMatch(/likes|comments|portfolio_technologies|users/);
      if (/not null/.test(count.sql)) expect(plan).toMatch(/portfolios_hidden_index/);
    }
  });
});
