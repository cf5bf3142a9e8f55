import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';
import { bringSearchIndexUpToDate, SEARCH_INDEX_VERSION } from '../../data/search.repository.js';

/* Uzbek in either script finds Uzbek in the other: the text index and every query are folded to Latin. */

let context: TestContext;
let latinAuthor: TestUser;
let cyrillicAuthor: TestUser;

beforeAll(async () => {
  context = await createTestContext();
  latinAuthor = await signUp(context, { firstname: 'Sherzod', lastname: 'Qodirov' });
  cyrillicAuthor = await signUp(context, { firstname: 'Дилноза', lastname: 'Ғуломова' });
});
afterAll(() => context.close());

async function create(author: TestUser, title: string, description: string, used: string[]): Promise<string> {
  const response = await call(context.app, {
    method: 'POST',
    url: '/api/portfolio/create',
    headers: { 'x-token': author.token },
    payload: { title, description, url: 'https://yozuv.example.uz', used },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json()._id;
}

async function titles(query: string): Promise<string[]> {
  const response = await call(context.app, { method: 'GET', url: `/api/portfolio?limit=50&${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: { title: string }[] }).items.map((item) => item.title).sort();
}
const search = (q: string) => titles(`q=${encodeURIComponent(q)}`);
const filter = (technologies: string) => titles(`filter=${encodeURIComponent(technologies)}`);

describe('search across both scripts', () => {
  beforeAll(async () => {
    await create(latinAuthor, 'Toshkent metro xaritasi', 'Bekatlar va yo‘nalishlar.', [
      'React',
      'Ma’lumotlar bazasi',
    ]);
    await create(cyrillicAuthor, 'Самарқанд сайёҳлари учун', 'Тарихий обидалар ҳақида маълумот.', [
      'Vue',
      'Телеграм бот',
    ]);
  });

  it('finds Latin by Cyrillic and Cyrillic by Latin, in titles and descriptions', async () => {
    expect(await search('Тошкент')).toEqual(['Toshkent metro xaritasi']);
    expect(await search('toshkent')).toEqual(['Toshkent metro xaritasi']);
    expect(await search('Samarqand')).toEqual(['Самарқанд сайёҳлари учун']);
    expect(await search('самарқанд')).toEqual(['Самарқанд сайёҳлари учун']);
    expect(await search('obidalar')).toEqual(['Самарқанд сайёҳлари учун']);
    expect(await search('бекатлар')).toEqual(['Toshkent metro xaritasi']);
    // o‘ and the tutuq belgisi, however the apostrophe was typed.
    expect(await search('йўналишлар')).toEqual(['Toshkent metro xaritasi']);
    expect(await search("yo'nalishlar")).toEqual(['Toshkent metro xaritasi']);
    // (the Latin one uses "Ma’lumotlar bazasi")
    expect(await search('maʼlumot')).toEqual(['Toshkent metro xaritasi', 'Самарқанд сайёҳлари учун']);
    // A prefix typed in the other script.
    expect(await search('самарқ')).toEqual(['Самарқанд сайёҳлари учун']);
    expect(await search('xarit')).toEqual(['Toshkent metro xaritasi']);
  });

  it('finds authors’ names and technologies in either script', async () => {
    expect(await search('Dilnoza')).toEqual(['Самарқанд сайёҳлари учун']);
    expect(await search('Ғуломова')).toEqual(['Самарқанд сайёҳлари учун']);
    expect(await search('Шерзод Қодиров')).toEqual(['Toshkent metro xaritasi']);
    expect(await search('telegram bot')).toEqual(['Самарқанд сайёҳлари учун']);
    expect(await search('маълумотлар базаси')).toEqual(['Toshkent metro xaritasi']);
  });

  it('filters by a technology named in either script', async () => {
    expect(await filter('Ma’lumotlar bazasi')).toEqual(['Toshkent metro xaritasi']);
    expect(await filter('Маълумотлар базаси')).toEqual(['Toshkent metro xaritasi']);
    expect(await filter('Телеграм бот')).toEqual(['Самарқанд сайёҳлари учун']);
    expect(await filter('Telegram bot')).toEqual(['Самарқанд сайёҳлари учун']);
    expect(await filter('telegram BOT,Vue')).toEqual(['Самарқанд сайёҳлари учун']);
    expect(await filter('React,Маълумотлар базаси')).toEqual(['Toshkent metro xaritasi']);
    expect(await filter('Yo‘q texnologiya')).toEqual([]);
  });
});

describe('an index written by the earlier rules', () => {
  it('is rewritten once at start, and only what the new rules index differently', async () => {
    const { db, dialect } = context.app.services;
    const id = await create(cyrillicAuthor, 'Фарғона водийси', 'Ипак йўли.', ['Svelte']);
    // The entry as the first rules wrote it: Cyrillic words as they were, ў without its breve.
    if (dialect === 'postgres') {
      await sql`update portfolios set search_vector = to_tsvector('simple', 'фаргона водийси ипак йули')
        where id = ${id}`.execute(db);
    } else {
      const found = await sql<{ key: number }>`select key from portfolio_search_keys
        where portfolio_id = ${id}`.execute(db);
      const key = found.rows[0]!.key;
      await sql`delete from portfolio_search where rowid = ${key}`.execute(db);
      await sql`insert into portfolio_search (rowid, document, technologies)
        values (${key}, 'фаргона водийси ипак йули', '')`.execute(db);
    }
    await db.deleteFrom('search_index_state').execute();
    expect(await search('vodiysi')).toEqual([]);

    const rewritten = await bringSearchIndexUpToDate(db, dialect);
    // The Cyrillic portfolios (three here), none of the Latin one.
    expect(rewritten).toBe(2);
    expect(await search('Farg‘ona')).toEqual(['Фарғона водийси']);
    expect(await search('фарғона')).toEqual(['Фарғона водийси']);
    const state = await db.selectFrom('search_index_state').select('version').execute();
    expect(state).toEqual([{ version: SEARCH_INDEX_VERSION }]);
    // Once only.
    expect(await bringSearchIndexUpToDate(db, dialect)).toBe(0);
  });

  it('fills the title words of version 3 once, rewriting no entry', async () => {
    const { db, dialect } = context.app.services;
    const id = await create(cyrillicAuthor, 'Тошкент Метроси', 'Бекатлар.', ['Svelte']);
    const titleWords = async () =>
      (await sql<{ words: string }>`select title_words as words from portfolios where id = ${id}`.execute(db))
        .rows[0]!.words;
    expect(await titleWords()).toBe('toshkent metrosi');
    // As the rows were before version 3.
    await sql`update portfolios set title_words = ''`.execute(db);
    await db.deleteFrom('search_index_state').execute();
    await db.insertInto('search_index_state').values({ version: 2 }).execute();

    expect(await bringSearchIndexUpToDate(db, dialect)).toBe(0);
    expect(await titleWords()).toBe('toshkent metrosi');
    const state = await db.selectFrom('search_index_state').select('version').execute();
    expect(state).toEqual([{ version: SEARCH_INDEX_VERSION }]);
  });
});
