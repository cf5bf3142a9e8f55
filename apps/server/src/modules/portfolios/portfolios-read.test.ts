import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';

let context: TestContext;
let jasur: TestUser;
let malika: TestUser;
let viewer: TestUser;
let bulk: TestUser;

interface Summary {
  _id: string;
  linktitle: string;
  title: string;
  used: string[];
  likesCount: number;
  commentsCount: number;
  likedByMe: boolean;
  author: { _id: string; username: string };
  date: string;
}
interface Portfolio extends Summary {
  likes: string[];
  comments: { _id: string; body: string; date: string; commentAuthor: { _id: string } }[];
}
interface Page {
  items: Summary[];
  total: number;
  page: number;
  limit: number;
  pageCount: number;
}

/** The featured portfolios by name, oldest first; `bulkIds` are 18 more by another author, created after them. */
const featured: Record<string, Portfolio> = {};
const bulkIds: string[] = [];
/** Every portfolio id, newest first. */
let newestFirst: string[] = [];

const headers = (user?: TestUser) => (user ? { 'x-token': user.token } : {});

async function createPortfolio(user: TestUser, body: Record<string, unknown>): Promise<Portfolio> {
  const response = await call(context.app, {
    method: 'POST',
    url: '/api/portfolio/create',
    headers: headers(user),
    payload: { url: 'https://example.uz', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function like(user: TestUser, id: string) {
  const response = await call(context.app, {
    method: 'PUT',
    url: `/api/portfolio/like/${id}`,
    headers: headers(user),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function comment(user: TestUser, id: string, body: string) {
  const response = await call(context.app, {
    method: 'PUT',
    url: `/api/portfolio/comment/${id}`,
    headers: headers(user),
    payload: { body },
  });
  expect(response.statusCode).toBe(201);
}

async function list(query: string, user?: TestUser): Promise<Page> {
  const response = await call(context.app, {
    method: 'GET',
    url: `/api/portfolio?${query}`,
    headers: headers(user),
  });
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  return response.json();
}

const ids = (page: Page) => page.items.map((item) => item._id);
const idsOf = (...names: string[]) => names.map((name) => featured[name]!._id);

beforeAll(async () => {
  context = await createTestContext();
  [jasur, malika, viewer, bulk] = await Promise.all([
    signUp(context, { username: 'Jasur.Dev', firstname: 'Jasurbek', lastname: 'Toshmatov' }),
    signUp(context, { username: 'malika', firstname: 'Malika', lastname: 'Ёқубова' }),
    signUp(context, { username: 'viewer1', firstname: 'Kuzatuvchi', lastname: 'Odam' }),
    signUp(context, { username: 'bulkuser', firstname: 'Ommaviy', lastname: 'Muallif' }),
  ]);
  const plan: [string, TestUser, Record<string, unknown>][] = [
    [
      'weather',
      jasur,
      { title: 'Weather dashboard', used: ['React', 'Node'], description: 'Ob-havo prognozi' },
    ],
    ['chat', jasur, { title: 'Chat server', used: 'Node, Redis', description: 'Tezkor xabarlar' }],
    [
      'shop',
      malika,
      {
        title: 'Online do‘kon',
        used: ['React', 'Node', 'PostgreSQL'],
        description: 'Internet magazin uchun sayt',
      },
    ],
    ['cyrillic', malika, { title: 'Портфолио сайти', used: ['Vue'], description: 'Шахсий сайт' }],
    ['native', jasur, { title: 'React Native ilova', used: ['React Native', 'TypeScript'] }],
    ['calc', malika, { title: 'Kalkulyator', used: ['React'], description: 'Oddiy hisoblagich' }],
  ];
  for (const [name, user, body] of plan) featured[name] = await createPortfolio(user, body);
  for (let index = 0; index < 18; index += 1) {
    bulkIds.push(
      (await createPortfolio(bulk, { title: `Ommaviy loyiha ${index}`, used: ['Bulkstack'] }))._id,
    );
  }
  newestFirst = [...Object.values(featured).map((p) => p._id), ...bulkIds].reverse();

  // popular: shop 3, weather 2, calc 2 (a tie: calc is newer); discussed: chat 3, cyrillic 1, native 1 (a tie).
  // Malika's like of her own shop is shown but does not rank it (see likes/fair-ranking.test.ts).
  for (const user of [jasur, malika, viewer, bulk]) await like(user, featured.shop!._id);
  for (const user of [viewer, malika]) await like(user, featured.weather!._id);
  for (const user of [jasur, viewer]) await like(user, featured.calc!._id);
  for (const body of ['birinchi', 'ikkinchi', 'uchinchi']) await comment(viewer, featured.chat!._id, body);
  await comment(jasur, featured.cyrillic!._id, 'zo‘r');
  await comment(malika, featured.native!._id, 'ajoyib');
});
afterAll(() => context.close());

describe('GET /portfolio/{idOrLinktitle}', () => {
  const get = (id: string, user?: TestUser, extra: Record<string, string> = {}) =>
    call(context.app, {
      method: 'GET',
      url: `/api/portfolio/${id}`,
      headers: { ...headers(user), ...extra },
    });

  it('finds a portfolio by id and by linktitle, URL-encoded Unicode included', async () => {
    const shop = featured.shop!;
    const byId = await get(shop._id);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({ _id: shop._id, title: 'Online do‘kon' });
    const byLinktitle = await get(encodeURIComponent(shop.linktitle));
    expect(byLinktitle.json()).toEqual(byId.json());

    const cyrillic = featured.cyrillic!;
    expect(cyrillic.linktitle).toBe('malika_Портфолио_сайти');
    const encoded = await get(encodeURIComponent(cyrillic.linktitle));
    expect(encoded.statusCode).toBe(200);
    expect(encoded.json()._id).toBe(cyrillic._id);
  });

  it('answers 404 with the JSON body null for a missing id or linktitle', async () => {
    for (const id of [
      '0123456789abcdef01234567',
      'malika_Yo‘q',
      encodeURIComponent('нет_такого'),
      'x'.repeat(300),
    ]) {
      for (const accept of ['application/json', '*/*']) {
        const response = await get(id, undefined, { accept });
        expect(response.statusCode, id).toBe(404);
        expect(response.body).toBe('null');
        expect(response.headers['content-type']).toContain('application/json');
      }
    }
  });

  it('says likedByMe only to the liker, and lists likes as user ids', async () => {
    const shop = featured.shop!;
    const anonymous = (await get(shop._id)).json();
    expect(anonymous.likedByMe).toBe(false);
    expect(anonymous.likesCount).toBe(4);
    expect([...anonymous.likes].sort()).toEqual([jasur.id, malika.id, viewer.id, bulk.id].sort());
    expect((await get(shop._id, viewer)).json().likedByMe).toBe(true);
    expect((await get(shop._id, await signUp(context))).json().likedByMe).toBe(false);
    expect((await get(shop._id, undefined, { 'x-token': 'expired-or-forged' })).json().likedByMe).toBe(false);
  });

  it('lists comments newest first with their authors', async () => {
    const chat = (await get(featured.chat!._id)).json() as Portfolio;
    expect(chat.commentsCount).toBe(3);
    expect(chat.comments.map((c) => c.body)).toEqual(['uchinchi', 'ikkinchi', 'birinchi']);
    expect(chat.comments.every((c) => c.commentAuthor._id === viewer.id)).toBe(true);
    const dates = chat.comments.map((c) => c.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

describe('GET /portfolio', () => {
  it('pages by 10 by default with the right total and pageCount', async () => {
    const first = await list('');
    expect(first).toMatchObject({ total: 24, page: 1, limit: 10, pageCount: 3 });
    expect(ids(first)).toEqual(newestFirst.slice(0, 10));
    const third = await list('page=3');
    expect(ids(third)).toEqual(newestFirst.slice(20));
    expect((await list('page=4')).items).toEqual([]);
    const seven = await list('limit=7&page=2');
    expect(seven).toMatchObject({ total: 24, limit: 7, pageCount: 4 });
    expect(ids(seven)).toEqual(newestFirst.slice(7, 14));
    expect(ids(await list('limit=50'))).toEqual(newestFirst);
    const item = first.items[0]!;
    expect(item).not.toHaveProperty('likes');
    expect(item).not.toHaveProperty('comments');
  });

  it('refuses bad page, limit and sort values with 422', async () => {
    for (const query of [
      'limit=51',
      'limit=0',
      'limit=abc',
      'page=0',
      'page=-1',
      'page=abc',
      'page=1.5',
      'limit=',
      'sort=oldest',
      `filter=${'x'.repeat(41)}`,
      `q=${'a'.repeat(201)}`,
    ]) {
      const response = await call(context.app, { method: 'GET', url: `/api/portfolio?${query}` });
      expect(response.statusCode, query).toBe(422);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('sorts by popularity and by discussion, ties newest first', async () => {
    const orderedBy = (counts: Record<string, number>) => {
      const countOf = (id: string) => {
        const name = Object.keys(featured).find((key) => featured[key]!._id === id);
        return name ? (counts[name] ?? 0) : 0;
      };
      return [...newestFirst].sort(
        (a, b) => countOf(b) - countOf(a) || newestFirst.indexOf(a) - newestFirst.indexOf(b),
      );
    };
    const popular = await list('sort=popular&limit=50');
    expect(ids(popular).slice(0, 3)).toEqual(idsOf('shop', 'calc', 'weather'));
    expect(ids(popular)).toEqual(orderedBy({ shop: 3, weather: 2, calc: 2 }));
    expect(popular.items.map((i) => i.likesCount).slice(0, 4)).toEqual([4, 2, 2, 0]);
    const discussed = await list('sort=discussed&limit=50');
    expect(ids(discussed).slice(0, 3)).toEqual(idsOf('chat', 'native', 'cyrillic'));
    expect(ids(discussed)).toEqual(orderedBy({ chat: 3, cyrillic: 1, native: 1 }));
    expect(ids(await list('sort=new&limit=50'))).toEqual(newestFirst);
  });

  it('filters by every named technology, case-insensitively', async () => {
    expect(ids(await list('filter=React,Node'))).toEqual(idsOf('shop', 'weather'));
    expect(ids(await list('filter=react,NODE'))).toEqual(idsOf('shop', 'weather'));
    expect(ids(await list(`filter=${encodeURIComponent(' react , node ,')}`))).toEqual(
      idsOf('shop', 'weather'),
    );
    expect(ids(await list('filter=React&filter=Node'))).toEqual(idsOf('shop', 'weather'));
    expect(ids(await list('filter=React'))).toEqual(idsOf('calc', 'shop', 'weather'));
    expect(ids(await list(`filter=${encodeURIComponent('react native')}`))).toEqual(idsOf('native'));
    const unknown = await list('filter=Cobol');
    expect(unknown).toMatchObject({ items: [], total: 0, pageCount: 0 });
    expect((await list('filter=React,Cobol')).total).toBe(0);
    const bulkPage = await list('filter=bulkstack&page=2');
    expect(bulkPage).toMatchObject({ total: 18, pageCount: 2 });
    expect(ids(bulkPage)).toEqual([...bulkIds].reverse().slice(10));
  });

  it('searches title, description, technologies and author names by word prefix', async () => {
    const search = async (q: string, extra = '') =>
      ids(await list(`q=${encodeURIComponent(q)}&limit=50${extra}`)).sort();
    const sorted = (...names: string[]) => idsOf(...names).sort();
    expect(await search('reac')).toEqual(sorted('weather', 'shop', 'native', 'calc'));
    expect(await search('REACT native')).toEqual(sorted('native'));
    expect(await search('weather')).toEqual(sorted('weather'));
    expect(await search('prognoz')).toEqual(sorted('weather'));
    expect(await search('postgres')).toEqual(sorted('shop'));
    expect(await search('internet magazin')).toEqual(sorted('shop'));
    expect(await search('internet chat')).toEqual([]);
    expect(await search('do‘kon')).toEqual(sorted('shop'));
    expect(await search('jasurbek')).toEqual(sorted('weather', 'chat', 'native'));
    expect(await search('jasur.dev')).toEqual(sorted('weather', 'chat', 'native'));
    expect(await search('toshmatov chat')).toEqual(sorted('chat'));
    expect(await search('malika')).toEqual(sorted('shop', 'cyrillic', 'calc'));
    expect(await search('ЁҚУБОВА')).toEqual(sorted('shop', 'cyrillic', 'calc'));
    expect(await search('портфол')).toEqual(sorted('cyrillic'));
    expect(await search('ШАХСИЙ')).toEqual(sorted('cyrillic'));
    expect(await search('typescript')).toEqual(sorted('native'));
    expect(await search('nosuchword')).toEqual([]);
    const counted = await list('q=ommaviy&limit=5');
    expect(counted).toMatchObject({ total: 18, pageCount: 4 });
    expect(ids(counted)).toEqual([...bulkIds].reverse().slice(0, 5));
  });

  it('never fails on hostile search text', async () => {
    const hostile = [
      '"',
      '""',
      '*',
      'OR',
      'react OR node',
      'NOT react',
      'NEAR(',
      'NEAR(react node)',
      "'",
      "'; DROP TABLE portfolios;--",
      '%',
      '%%',
      '_',
      '\\',
      '\\\\',
      '&',
      '|',
      '!',
      ':*',
      'a:*',
      '(',
      ')',
      '^',
      '-react',
      '+',
      '{}',
      '[]',
      '\u0000',
      '\u0301',
      'ʻ',
      '²',
      '🙂',
      '.,;:!?',
      'x'.repeat(200),
      'ab '.repeat(66),
      '"'.repeat(200),
      'ё'.repeat(200),
    ];
    for (const q of hostile) {
      const response = await call(context.app, {
        method: 'GET',
        url: `/api/portfolio?q=${encodeURIComponent(q)}`,
      });
      expect([200, 422], JSON.stringify(q)).toContain(response.statusCode);
      if (q.length <= 200 && !q.includes('\u0000')) expect(response.statusCode, JSON.stringify(q)).toBe(200);
      expect(Array.isArray(response.json().items) || response.json().code === 'VALIDATION_FAILED').toBe(true);
    }
    expect((await list(`q=${encodeURIComponent('.,;:!?')}`)).total).toBe(24);
    expect(ids(await list(`q=${encodeURIComponent('"react" OR')}&limit=50`)).length).toBe(0);
    expect(ids(await list(`q=${encodeURIComponent('"react"*')}&limit=50`)).sort()).toEqual(
      idsOf('weather', 'shop', 'native', 'calc').sort(),
    );
  });

  it('never fails on hostile filter and author values', async () => {
    for (const value of [
      '\u0000',
      "'",
      '"',
      '%',
      '_',
      '\\',
      "'); DROP TABLE users;--",
      'ʻ',
      '🙂',
      'x'.repeat(40),
    ]) {
      for (const name of ['filter', 'author', 'q']) {
        const response = await call(context.app, {
          method: 'GET',
          url: `/api/portfolio?${name}=${encodeURIComponent(value)}`,
        });
        expect([200, 422], `${name}=${JSON.stringify(value)}: ${response.body}`).toContain(
          response.statusCode,
        );
      }
    }
    expect((await list(`author=${encodeURIComponent('%')}`)).total).toBe(0);
    expect((await list(`author=${encodeURIComponent('_alika')}`)).total).toBe(0);
    expect((await list(`filter=${encodeURIComponent('%')}`)).total).toBe(0);
  });

  it('lists one author’s portfolios, whatever the case of the username', async () => {
    expect(ids(await list('author=Jasur.Dev'))).toEqual(idsOf('native', 'chat', 'weather'));
    expect(ids(await list('author=jasur.dev'))).toEqual(idsOf('native', 'chat', 'weather'));
    expect(ids(await list('author=MALIKA'))).toEqual(idsOf('calc', 'cyrillic', 'shop'));
    expect((await list('author=nobody')).total).toBe(0);
    expect((await list('author=')).total).toBe(24);
  });

  it('combines filter, q, sort and author', async () => {
    expect(ids(await list('author=malika&filter=react'))).toEqual(idsOf('calc', 'shop'));
    expect(ids(await list('author=malika&filter=react&sort=popular'))).toEqual(idsOf('shop', 'calc'));
    expect(ids(await list('author=malika&filter=react&q=online&sort=popular'))).toEqual(idsOf('shop'));
    expect(ids(await list('filter=Node&q=jasur&sort=discussed'))).toEqual(idsOf('chat', 'weather'));
    expect(ids(await list('filter=React&q=reac&sort=popular'))).toEqual(idsOf('shop', 'calc', 'weather'));
    const paged = await list('filter=React&q=reac&sort=popular&limit=2&page=2');
    expect(paged).toMatchObject({ total: 3, pageCount: 2, page: 2, limit: 2 });
    expect(ids(paged)).toEqual(idsOf('weather'));
    expect((await list('author=jasur.dev&filter=Vue')).total).toBe(0);
    expect((await list('author=malika&q=jasurbek')).total).toBe(0);
  });

  it('tells a signed-in viewer which items they like', async () => {
    const page = await list('filter=React&limit=50', viewer);
    const liked = Object.fromEntries(page.items.map((item) => [item._id, item.likedByMe]));
    expect(liked).toEqual({
      [featured.shop!._id]: true,
      [featured.weather!._id]: true,
      [featured.calc!._id]: true,
    });
    const asMalika = await list('filter=React&limit=50', malika);
    expect(
      asMalika.items
        .filter((item) => item.likedByMe)
        .map((item) => item._id)
        .sort(),
    ).toEqual(idsOf('shop', 'weather').sort());
    expect((await list('filter=React')).items.every((item) => !item.likedByMe)).toBe(true);
  });
});

describe('GET /portfolio/all', () => {
  it('answers full portfolios newest first, with likes and comments', async () => {
    const response = await call(context.app, { method: 'GET', url: '/api/portfolio/all' });
    expect(response.statusCode).toBe(200);
    const all: Portfolio[] = response.json();
    expect(all.map((p) => p._id)).toEqual(newestFirst);
    const shop = all.find((p) => p._id === featured.shop!._id)!;
    expect(shop.likes).toHaveLength(4);
    const chat = all.find((p) => p._id === featured.chat!._id)!;
    expect(chat.comments.map((c) => c.body)).toEqual(['uchinchi', 'ikkinchi', 'birinchi']);
    const mine = await call(context.app, {
      method: 'GET',
      url: '/api/portfolio/all',
      headers: headers(viewer),
    });
    expect(mine.json().find((p: Portfolio) => p._id === featured.shop!._id).likedByMe).toBe(true);
  });

  it('takes limit and offset', async () => {
    const slice = await call(context.app, { method: 'GET', url: '/api/portfolio/all?limit=5&offset=3' });
    expect(slice.json().map((p: Portfolio) => p._id)).toEqual(newestFirst.slice(3, 8));
    const past = await call(context.app, { method: 'GET', url: '/api/portfolio/all?offset=100' });
    expect(past.json()).toEqual([]);
    for (const query of ['limit=0', 'limit=1001', 'offset=-1', 'limit=x']) {
      const response = await call(context.app, { method: 'GET', url: `/api/portfolio/all?${query}` });
      expect(response.statusCode, query).toBe(422);
    }
  });
});

describe('GET /portfolio/technologies', () => {
  it('counts each technology once per portfolio, most used first', async () => {
    const response = await call(context.app, { method: 'GET', url: '/api/portfolio/technologies' });
    expect(response.statusCode).toBe(200);
    const technologies: { name: string; count: number }[] = response.json();
    const all: Portfolio[] = (await call(context.app, { method: 'GET', url: '/api/portfolio/all' })).json();
    const expected = new Map<string, number>();
    for (const portfolio of all)
      for (const name of portfolio.used) expected.set(name, (expected.get(name) ?? 0) + 1);
    expect(Object.fromEntries(technologies.map((t) => [t.name, t.count]))).toEqual(
      Object.fromEntries(expected),
    );
    const counts = technologies.map((t) => t.count);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    expect(technologies[0]).toEqual({ name: 'Bulkstack', count: 18 });
    expect(technologies.find((t) => t.name === 'React')?.count).toBe(3);
  });
});
