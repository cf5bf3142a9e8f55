import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { findInconsistencies } from '../../seed/consistency.js';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';

/* Best match first, and close spellings offered for a search that finds little (decision 0059). */

let context: TestContext;
let author: TestUser;

beforeAll(async () => {
  context = await createTestContext();
  author = await signUp(context, { firstname: 'Nodira', lastname: 'Yusupova' });
});
afterAll(() => context.close());

async function create(title: string, description: string, used: string[] = ['Svelte']): Promise<void> {
  const response = await call(context.app, {
    method: 'POST',
    url: '/api/portfolio/create',
    headers: { 'x-token': author.token },
    payload: { title, description, url: 'https://tartib.example.uz', used },
  });
  expect(response.statusCode, response.body).toBe(201);
}

interface Page {
  items: { title: string }[];
  total: number;
  suggestion?: string;
}

async function list(query: string): Promise<Page> {
  const response = await call(context.app, { method: 'GET', url: `/api/portfolio?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}
const titles = async (query: string) => (await list(query)).items.map((item) => item.title);
const q = (text: string) => `q=${encodeURIComponent(text)}`;

describe('best match first', () => {
  beforeAll(async () => {
    // Oldest first: each later one is newer.
    await create('Kutubxona', 'Kitoblar ro‘yxati.');
    await create('Maktab kutubxonasi', 'O‘quvchilar uchun.');
    await create('Onlayn do‘kon', 'Kutubxona uchun ham ishlaydi.');
    await create('Ob-havo', 'Shahar kutubxonalari yonida.');
    await create('Kutubxona tizimi', 'Kitob berish va qaytarish.');
    await create('Shaxmat o‘yini', 'Shaxmat.');
    await create('Shaxmat o‘yini', 'Shaxmat.');
    await create('Тарихий обидалар', 'Кутубхона ва музейлар.');
  });

  it('puts the exact title first, title words above descriptions, whole words above prefixes', async () => {
    expect(await titles(q('kutubxona'))).toEqual([
      'Kutubxona',
      'Kutubxona tizimi',
      'Maktab kutubxonasi',
      'Тарихий обидалар',
      'Onlayn do‘kon',
      'Ob-havo',
    ]);
  });

  it('ranks the same in either script', async () => {
    expect(await titles(q('КУТУБХОНА'))).toEqual(await titles(q('kutubxona')));
    expect((await titles(q('обидалар')))[0]).toBe('Тарихий обидалар');
    expect((await titles(q('tarixiy obidalar')))[0]).toBe('Тарихий обидалар');
  });

  it('breaks ties newest first', async () => {
    const page = await list(q('shaxmat'));
    expect(page.items).toHaveLength(2);
    const newest = await list('sort=new&author=' + encodeURIComponent(author.username) + '&limit=50');
    const ids = (items: unknown[]) => items.map((item) => (item as { _id: string })._id);
    const order = ids(newest.items);
    const [first, second] = ids(page.items);
    expect(order.indexOf(first!)).toBeLessThan(order.indexOf(second!));
  });

  it('is the order of a search unless another is asked for, and pages continue it', async () => {
    expect(await titles(`${q('kutubxona')}&sort=relevance`)).toEqual(await titles(q('kutubxona')));
    expect(await titles(`${q('kutubxona')}&sort=new`)).toEqual([
      'Тарихий обидалар',
      'Kutubxona tizimi',
      'Ob-havo',
      'Onlayn do‘kon',
      'Maktab kutubxonasi',
      'Kutubxona',
    ]);
    const pages = [];
    for (let page = 1; page <= 3; page += 1)
      pages.push(...(await titles(`${q('kutubxona')}&limit=2&page=${page}`)));
    expect(pages).toEqual(await titles(q('kutubxona')));
    // Without words, relevance is newest first.
    expect(await titles('sort=relevance&limit=3')).toEqual(await titles('sort=new&limit=3'));
  });
});

describe('close spellings', () => {
  beforeAll(async () => {
    await create('Kino afisha', 'Seanslar jadvali.', ['React', 'TypeScript']);
    await create('Vue do‘koni', 'Mahsulotlar.', ['Vue']);
  });

  it('offers the close word for a misspelt one of five letters or more', async () => {
    const typo = await list(q('kutubxna'));
    expect(typo.total).toBe(0);
    expect(typo.suggestion).toBe('kutubxona');
    expect((await list(q(typo.suggestion!))).total).toBe(6);

    const react = await list(q('Reactt'));
    expect(react.suggestion?.toLowerCase()).toBe('react');
    expect(await titles(q(react.suggestion!))).toEqual(['Kino afisha']);
  });

  it('corrects a word typed in Cyrillic, and only the misspelt word of several', async () => {
    expect((await list(q('кутубхна'))).suggestion).toBe('kutubxona');
    expect((await list(q('maktab kutubxna'))).suggestion).toBe('maktab kutubxona');
  });

  it('leaves short words, found words and words with no close spelling alone', async () => {
    const short = await list(q('Vuee'));
    expect(short.total).toBe(0);
    expect(short).not.toHaveProperty('suggestion');
    expect(await list(q('kutubxona'))).not.toHaveProperty('suggestion');
    expect(await list(q('zzzzzzqqq'))).not.toHaveProperty('suggestion');
  });
});

describe('hostile queries', () => {
  it('answer 200 or a 4xx, never a 5xx', async () => {
    const queries = [
      '',
      ' ',
      'x'.repeat(10 * 1024),
      '!!! ??? ...',
      'NEAR(',
      'NEAR(kutubxona shaxmat, 2)',
      '"',
      '*',
      '-',
      '-kutubxona',
      'kutub*',
      '"kutubxona',
      'title: kutubxona',
      'kutubxona AND OR NOT',
      'Reactт кутубxона',
      'кутубхнa reactt',
      "o'yin ‘ ’ ʻ",
      '\u0000',
    ];
    for (const text of queries) {
      for (const sort of ['', '&sort=relevance', '&sort=popular']) {
        const response = await call(context.app, {
          method: 'GET',
          url: `/api/portfolio?q=${encodeURIComponent(text)}${sort}`,
        });
        expect(response.statusCode, `${text.slice(0, 20)} ${sort}: ${response.body}`).toBeLessThan(500);
        if (response.statusCode >= 400) expect(response.json().code ?? response.json().error).toBeTruthy();
      }
    }
  });
});

describe('what a word weighs', () => {
  /** SQLite: how many index entries hold the word, as kept for BM25 (decision 62). */
  async function holding(word: string): Promise<number> {
    const { rows } = await sql<{ n: number }>`select documents as n from search_terms
      where term = ${word}`.execute(context.app.services.db);
    return Number(rows[0]?.n ?? 0);
  }
  async function expectCounted(sqliteCount: number): Promise<void> {
    const { db, dialect } = context.app.services;
    expect(await findInconsistencies(db, dialect)).toEqual([]);
    // PostgreSQL ranks by ts_rank_cd, which weighs no word by its rarity: it keeps no counts.
    if (dialect === 'sqlite') expect(await holding('qalampir')).toBe(sqliteCount);
  }
  const post = async (user: TestUser, title: string) => {
    const response = await call(context.app, {
      method: 'POST',
      url: '/api/portfolio/create',
      headers: { 'x-token': user.token },
      payload: { title, description: 'Qalampir qalampir.', url: 'https://qalampir.example.uz', used: ['Go'] },
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { _id: string })._id;
  };

  it('is counted as portfolios are written, edited, deleted and their authors leave', async () => {
    const leaving = await signUp(context);
    const first = await post(author, 'Qalampir bog‘i');
    await post(author, 'Achchiq qalampir');
    await post(leaving, 'Qalampir savdosi');
    await post(leaving, 'Qalampir narxlari');
    await expectCounted(4);

    const edited = await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/update/${first}`,
      headers: { 'x-token': author.token },
      payload: { title: 'Pomidor bog‘i', description: 'Faqat pomidor.' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await expectCounted(3);

    const removed = await call(context.app, {
      method: 'DELETE',
      url: `/api/portfolio/delete/${first}`,
      headers: { 'x-token': author.token },
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    await expectCounted(3);

    const left = await call(context.app, {
      method: 'DELETE',
      url: '/api/user/me',
      headers: { 'x-token': leaving.token },
      payload: { currentPassword: leaving.password },
    });
    expect(left.statusCode, left.body).toBeLessThan(300);
    await expectCounted(1);
    expect(await titles(q('qalampir'))).toEqual(['Achchiq qalampir']);
  });
});
