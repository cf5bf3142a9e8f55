import { type SearchPage, toLatin } from '@portfolio-master/contract';
import { type CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { technologyPrefixStatements } from '../../data/technologies.repository.js';
import { newId } from '../../lib/ids.js';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';
import { userRow } from '../../test/rows.js';
import { hasWordStarting, wordsOf } from '../../test/words.js';

/*
 * One search over three kinds. What each kind should find is worked out here from what the test wrote,
 * by folding every document to Latin and looking at its words, not by the server's way of querying.
 */

let context: TestContext;
let latinAuthor: TestUser;
let cyrillicAuthor: TestUser;

const get = (url: string, headers: Record<string, string> = {}) =>
  call(context.app, { method: 'GET', url, headers });
const search = (query: string) => get(`/api/search?${query}`);

interface PortfolioDoc {
  title: string;
  description: string;
  used: string[];
  author: 'latin' | 'cyrillic';
}
interface PersonDoc {
  username: string;
  firstname: string;
  lastname: string;
  headline: string;
}

/** 23 portfolios about the Zarafshon valley in either script, 6 about something else. */
const PORTFOLIOS: PortfolioDoc[] = [
  ...Array.from({ length: 23 }, (_, i) => ({
    title: i % 2 === 0 ? `Zarafshon vodiysi ${i}` : `Зарафшон водийси ${i}`,
    description: 'Sayohat yo‘riqnomasi.',
    used: [
      `Zarafshon-${i}`,
      ...(i % 3 === 0 ? ['Zarafshon UI'] : []),
      ...(i % 4 === 0 ? ['Зарафшон бот'] : []),
    ],
    author: (i % 2 === 0 ? 'latin' : 'cyrillic') as 'latin' | 'cyrillic',
  })),
  ...Array.from({ length: 6 }, (_, i) => ({
    title: `Kutubxona ${i}`,
    description: i === 2 ? 'Zarafshonda ham ishlaydi.' : 'Kitoblar ro‘yxati.',
    used: ['Vue'],
    author: 'latin' as const,
  })),
];

/** 24 people, 22 of them found by "zarafshon" in some field and script. */
const PEOPLE: PersonDoc[] = Array.from({ length: 24 }, (_, i) => ({
  username: `odam_${i}`,
  firstname: i % 3 === 0 ? 'Зарафшон' : 'Dilnoza',
  lastname: i % 3 === 1 ? 'Zarafshonova' : 'Karimova',
  headline: i % 3 === 2 && i < 22 ? 'Zarafshon ustasi' : 'Dasturchi',
}));

beforeAll(async () => {
  context = await createTestContext();
  latinAuthor = await signUp(context, { firstname: 'Sherzod', lastname: 'Qodirov' });
  cyrillicAuthor = await signUp(context, { firstname: 'Дилноза', lastname: 'Ғуломова' });
  for (const doc of PORTFOLIOS) {
    const author = doc.author === 'latin' ? latinAuthor : cyrillicAuthor;
    const response = await call(context.app, {
      method: 'POST',
      url: '/api/portfolio/create',
      headers: { 'x-token': author.token },
      payload: { title: doc.title, description: doc.description, url: 'https://example.uz', used: doc.used },
    });
    expect(response.statusCode, response.body).toBe(201);
  }
  const { db } = context.app.services;
  const base = Date.parse('2026-03-01T00:00:00Z');
  for (const [i, person] of PEOPLE.entries()) {
    const at = new Date(base + i * 60_000);
    await db
      .insertInto('users')
      .values({
        ...userRow({ id: newId(at), username: person.username, created_at: at.toISOString() }),
        ...person,
      })
      .execute();
  }
});
afterAll(() => context.close());

/** Every page of one tab, walked to its page count. */
async function allPages(type: string, q: string): Promise<{ first: SearchPage; items: unknown[] }> {
  const first = await search(`type=${type}&q=${encodeURIComponent(q)}`);
  expect(first.statusCode, first.body).toBe(200);
  const body = first.json() as SearchPage;
  expect(body.type).toBe(type);
  expect(body.limit).toBe(20);
  const items: unknown[] = [...body.items];
  for (let page = 2; page <= body.pageCount; page += 1) {
    const next = (await search(`type=${type}&q=${encodeURIComponent(q)}&page=${page}`)).json() as SearchPage;
    expect(next.page).toBe(page);
    expect(next.counts).toEqual(body.counts);
    items.push(...next.items);
  }
  return { first: body, items };
}

function expected(prefix: string) {
  const authorNames = { latin: ['Sherzod', 'Qodirov'], cyrillic: ['Дилноза', 'Ғуломова'] };
  const portfolios = PORTFOLIOS.filter((doc) =>
    hasWordStarting([doc.title, doc.description, ...doc.used, ...authorNames[doc.author]], prefix),
  ).map((doc) => doc.title);
  // Signed-up authors are people too.
  const everyone: PersonDoc[] = [
    ...PEOPLE,
    { username: latinAuthor.username, firstname: 'Sherzod', lastname: 'Qodirov', headline: '' },
    { username: cyrillicAuthor.username, firstname: 'Дилноза', lastname: 'Ғуломова', headline: '' },
  ];
  const people = everyone
    .filter((p) => hasWordStarting([p.username, p.firstname, p.lastname, p.headline], prefix))
    .map((p) => p.username);
  const uses = new Map<string, number>();
  for (const doc of PORTFOLIOS) for (const name of doc.used) uses.set(name, (uses.get(name) ?? 0) + 1);
  const technologies = [...uses]
    .filter(([name]) => toLatin(name).toLowerCase().startsWith(prefix))
    .map(([name, count]) => ({ name, count }));
  return { portfolios, people, technologies };
}

describe('search over portfolios, people and technologies', () => {
  it('finds each kind as worked out from what was written, in either script, with every tab’s count', async () => {
    for (const q of ['zarafshon', 'Зарафшон', 'ZARAFSH', 'dilnoza']) {
      const truth = expected(wordsOf(q)[0]!);
      const counts = {
        portfolios: truth.portfolios.length,
        people: truth.people.length,
        technologies: truth.technologies.length,
      };
      const portfolios = await allPages('portfolios', q);
      expect(portfolios.first.counts, q).toEqual(counts);
      expect(portfolios.items.map((item) => (item as { title: string }).title).sort(), q).toEqual(
        [...truth.portfolios].sort(),
      );
      const people = await allPages('people', q);
      expect(people.first.counts, q).toEqual(counts);
      expect(people.items.map((item) => (item as { username: string }).username).sort(), q).toEqual(
        [...truth.people].sort(),
      );
      const technologies = await allPages('technologies', q);
      expect(technologies.first.counts, q).toEqual(counts);
      // Most used first, then by name.
      expect(technologies.items, q).toEqual(
        [...truth.technologies].sort(
          (a, b) => b.count - a.count || (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1),
        ),
      );
    }
    // The counts are large enough for paging to be exercised.
    const truth = expected('zarafshon');
    expect(truth.portfolios.length).toBeGreaterThan(20);
    expect(truth.people.length).toBeGreaterThan(20);
    expect(truth.technologies.length).toBeGreaterThan(20);
  });

  it('pages without overlap, and a page past the last is empty with the same counts', async () => {
    const one = (await search('type=people&q=zarafshon&page=1')).json() as SearchPage;
    const two = (await search('type=people&q=zarafshon&page=2')).json() as SearchPage;
    expect(one.items).toHaveLength(20);
    expect(two.items).toHaveLength(one.counts.people - 20);
    const ids = (page: SearchPage) => page.items.map((item) => JSON.stringify(item));
    expect(ids(one).filter((id) => ids(two).includes(id))).toEqual([]);
    const beyond = (await search('type=technologies&q=zarafshon&page=50')).json() as SearchPage;
    expect(beyond).toMatchObject({ items: [], page: 50, counts: one.counts });
    expect(beyond.pageCount).toBe(Math.ceil(one.counts.technologies / 20));
  });

  it('finds nothing without a word, and the first tab is the default', async () => {
    const response = await search('q=');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      type: 'portfolios',
      items: [],
      counts: { portfolios: 0, people: 0, technologies: 0 },
    });
    expect((await search('type=&q=zarafshon')).json().type).toBe('portfolios');
  });

  it('suggests the first few of each kind, as the tabs’ first pages have them', async () => {
    const response = await get('/api/search/suggest?q=zarafsh');
    expect(response.statusCode, response.body).toBe(200);
    const suggestions = response.json();
    const first = async (type: string) => (await search(`type=${type}&q=zarafsh`)).json().items;
    expect(suggestions.portfolios).toEqual(
      (await first('portfolios'))
        .slice(0, 4)
        .map(({ _id, linktitle, title }: { _id: string; linktitle: string; title: string }) => ({
          _id,
          linktitle,
          title,
        })),
    );
    expect(suggestions.people.map((p: { username: string }) => p.username)).toEqual(
      (await first('people')).slice(0, 4).map((p: { username: string }) => p.username),
    );
    expect(suggestions.technologies).toEqual((await first('technologies')).slice(0, 4));
    expect((await get('/api/search/suggest?q=')).json()).toEqual({
      q: '',
      portfolios: [],
      people: [],
      technologies: [],
    });
  });

  it('keeps its answers: the same answer again is a 304 by its ETag', async () => {
    for (const url of ['/api/search?type=people&q=zarafshon', '/api/search/suggest?q=zar']) {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    }
  });

  it('answers hostile queries with 200 or a 4xx in the reader’s language, never a 5xx', async () => {
    const hostile = [
      '',
      ' ',
      'a'.repeat(10_240),
      '!!!',
      '"',
      '*',
      '-',
      'NEAR(',
      'NEAR(a b)',
      '"zarafshon',
      'zar*',
      '-zarafshon',
      'a OR b AND NOT c',
      '%_\\',
      "'; drop table users; --",
      'Зарафшон zarafshon',
      'Zarafшон',
      '(',
      ':*',
      '&|!',
      '\u0000',
      'С++',
      'c#',
    ];
    for (const q of hostile) {
      for (const url of [
        ...['portfolios', 'people', 'technologies'].map(
          (type) => `/api/search?type=${type}&q=${encodeURIComponent(q)}`,
        ),
        `/api/search/suggest?q=${encodeURIComponent(q)}`,
      ]) {
        const response = await get(url, { 'accept-language': 'uz' });
        expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
        expect([200, 400, 422], url).toContain(response.statusCode);
      }
    }
    const tooLong = await search(`q=${'a'.repeat(10_240)}`);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const unknownType = await search('type=kitoblar&q=a');
    expect(unknownType.statusCode).toBe(422);
    expect((await search('q=a&page=0')).statusCode).toBe(422);
  });

  it('is in the OpenAPI document, each tab’s items by their own schema', async () => {
    const document = (await get('/api/docs/json')).json();
    const searchCall = document.paths['/api/search']?.get;
    expect(searchCall).toBeDefined();
    expect(searchCall.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['page', 'q', 'type']);
    expect(document.paths['/api/search/suggest']?.get).toBeDefined();
    expect(JSON.stringify(document.components.schemas.SearchPage)).toContain('PersonCard');
    expect(document.components.schemas.Suggestions).toBeDefined();
  });
});

describe('technologies by the start of their name', () => {
  /** The plan of one statement, as lines; PostgreSQL is told not to prefer a scan of a small table. */
  async function planOf(query: CompiledQuery): Promise<string> {
    const { db, dialect } = context.app.services;
    if (dialect === 'postgres') {
      return db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const result = await trx.executeQuery<{ 'QUERY PLAN': string }>({
          ...query,
          sql: `explain ${query.sql}`,
        } as CompiledQuery<{ 'QUERY PLAN': string }>);
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    }
    const result = await db.executeQuery<{ detail: string }>({
      ...query,
      sql: `explain query plan ${query.sql}`,
    } as CompiledQuery<{ detail: string }>);
    return result.rows.map((row) => row.detail).join('\n');
  }

  it('reads a range of an index over the slugs, never the whole table', async () => {
    const { db, dialect } = context.app.services;
    const statements = technologyPrefixStatements(db, dialect, ['zarafshon', 'зарафшон'], {
      limit: 20,
      offset: 0,
    });
    for (const query of [statements.page, statements.count]) {
      const plan = await planOf(query);
      if (dialect === 'postgres') {
        expect(plan, plan).toMatch(/technologies_slug_prefix_index/);
        expect(plan, plan).not.toMatch(/Seq Scan/);
      } else {
        expect(plan, plan).toMatch(/SEARCH t USING (COVERING )?INDEX \S+ \(slug>\? AND slug<\?\)/);
        expect(plan, plan).not.toMatch(/^SCAN t\b/m);
      }
    }
  });
});
