import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { findInconsistencies } from '../../seed/consistency.js';
import { call, signUp, type TestContext, type TestUser } from '../../test/app.js';
import { createPagesContext } from '../../test/pages.js';

/*
 * One name per technology (docs/decisions/0058): listed spellings fold into the kept name on every write,
 * old names' filters and feeds answer 301 to the kept one, and admins merge two technologies.
 */

const ADMIN_EMAIL = 'texnolog@example.uz';

let context: TestContext;
let admin: TestUser;
let author: TestUser;
beforeAll(async () => {
  context = await createPagesContext({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = await signUp(context, { email: ADMIN_EMAIL, username: `texnolog_${Date.now().toString(36)}` });
  author = await signUp(context);
});
afterAll(() => context?.close());

const as = (who: TestUser | null) => (who ? { 'x-token': who.token } : {});
const send = (method: 'GET' | 'POST' | 'PUT', url: string, who: TestUser | null = null, payload?: object) =>
  call(context.app, { method, url, headers: as(who), ...(payload ? { payload } : {}) });
const merge = (payload: object, who: TestUser | null = admin) =>
  send('POST', '/api/admin/technologies/merge', who, payload);
const consistent = async () =>
  expect(await findInconsistencies(context.app.services.db, context.app.services.dialect)).toEqual([]);

async function publish(used: string | string[], title = `Loyiha ${newId()}`) {
  const response = await send('POST', '/api/portfolio/create', author, {
    title,
    url: 'https://example.uz',
    used,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { _id: string; linktitle: string; used: string[] };
}
const listIds = async (query: string) => {
  const response = await send('GET', `/api/portfolio?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().items as { _id: string }[]).map((item) => item._id);
};
const technologyCount = async (name: string) =>
  (
    (await send('GET', `/api/portfolio/technologies?q=${encodeURIComponent(name)}`)).json() as {
      name: string;
      count: number;
    }[]
  ).find((technology) => technology.name === name)?.count;

describe('writes that name technologies', () => {
  it('fold listed spellings into the kept name on create, edit and drafts, once each', async () => {
    const created = await publish('ReactJS, react.js, TypeScript, NodeJS, Postgres');
    expect(created.used).toEqual(['React', 'TypeScript', 'Node.js', 'PostgreSQL']);
    const edited = await send('PUT', `/api/portfolio/update/${created._id}`, author, {
      used: ['react js', 'JS', 'Java', 'Node'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().used).toEqual(['React', 'JavaScript', 'Java', 'Node.js']);

    const draft = await send('POST', '/api/portfolio/drafts', author, { used: 'Golang, Go, VueJS' });
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json().used).toEqual(['Go', 'Vue']);
    await consistent();
  });

  it('answers a filter by an old spelling with the kept technology’s list', async () => {
    const portfolio = await publish(['Next.js', 'Svelte']);
    expect(await listIds('filter=NextJS')).toEqual(await listIds('filter=Next.js'));
    expect(await listIds('filter=nextjs,SvelteJS')).toContain(portfolio._id);
  });
});

describe('old addresses', () => {
  it('send a list, the people and a feed filtered by an old spelling on to the kept name for good', async () => {
    await publish(['React', 'TypeScript']);
    const list = await send('GET', '/page/1?filter=ReactJS,TypeScript&sort=popular');
    expect(list.statusCode).toBe(301);
    expect(list.headers.location).toBe('/page/1?filter=React,TypeScript&sort=popular');
    const russian = await send('GET', '/ru/page/2?filter=react.js');
    expect(russian.statusCode).toBe(301);
    expect(russian.headers.location).toBe('/ru/page/2?filter=React');
    const people = await send('GET', '/en/people?technology=NodeJS&openToWork=true');
    expect(people.statusCode).toBe(301);
    expect(people.headers.location).toBe('/en/people?technology=Node.js&openToWork=true');
    const feed = await send('GET', '/technology/ReactJS/feed.xml');
    expect(feed.statusCode).toBe(301);
    expect(feed.headers.location).toBe('/technology/React/feed.xml');
    const englishFeed = await send('GET', '/en/technology/react.js/feed.xml');
    expect(englishFeed.headers.location).toBe('/en/technology/React/feed.xml');

    // The kept name's own addresses answer as before.
    expect((await send('GET', '/page/1?filter=React')).statusCode).toBe(200);
    expect((await send('GET', '/technology/react/feed.xml')).statusCode).toBe(200);
  });

  it.each([
    ['a NUL', '/page/1?filter=%00'],
    ['10 KB', `/page/1?filter=${'x'.repeat(10_000)}`],
    ['30 names', `/page/1?filter=${Array.from({ length: 30 }, (_, i) => `t${i}`).join(',')}`],
    ['only commas', '/page/1?filter=,,,'],
    ['query syntax', '/people?technology=NEAR(%22*-'],
    ['a NUL in a feed', '/technology/%00/feed.xml'],
    ['10 KB of Cyrillic in a feed', `/technology/${'ы'.repeat(5000)}/feed.xml`],
  ])('leave hostile names where they are, never failing: %s', async (_what, url) => {
    const response = await send('GET', url);
    expect(response.statusCode).not.toBe(301);
    // A list the API refuses (422) renders its error view as 503, as any list page did before.
    expect(response.statusCode).not.toBe(500);
  });
});

describe('merging two technologies', () => {
  it('moves the portfolios, counts, search, filters, feeds and the log to the kept one', async () => {
    const word = `qorishma${Date.now().toString(36)}`;
    const both = await publish(['Reactt', 'Kotlin', 'React'], `Ikkalasi ${word}`);
    const typo = await publish(['Kotlin', 'Reactt'], `Xato ${word}`);
    const keptBefore = (await technologyCount('React'))!;
    expect(await technologyCount('Reactt')).toBe(2);

    const merged = await merge({ from: 'REACTT', into: 'react' });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.headers['cache-control']).toBe('no-store');
    expect(merged.json()).toEqual({ name: 'React', count: keptBefore + 1, moved: 2 });

    expect(await technologyCount('Reactt')).toBeUndefined();
    expect(await technologyCount('React')).toBe(keptBefore + 1);
    const page = await send('GET', `/api/portfolio?q=${word}`);
    const used = new Map(
      (page.json().items as { _id: string; used: string[] }[]).map((item) => [item._id, item.used]),
    );
    // The one that named both keeps React at its earlier place, once.
    expect(used.get(both._id)).toEqual(['React', 'Kotlin']);
    expect(used.get(typo._id)).toEqual(['Kotlin', 'React']);
    expect(new Set(await listIds(`filter=React&q=${word}`))).toEqual(new Set([both._id, typo._id]));
    expect(new Set(await listIds(`filter=Reactt&q=${word}`))).toEqual(new Set([both._id, typo._id]));
    expect(await listIds(`q=reactt+${word}`)).toEqual([]);
    expect(new Set(await listIds(`q=react+${word}`))).toEqual(new Set([both._id, typo._id]));

    const feed = await send('GET', '/technology/Reactt/feed.xml');
    expect(feed.statusCode).toBe(301);
    expect(feed.headers.location).toBe('/technology/React/feed.xml');
    const list = await send('GET', '/page/1?filter=Reactt');
    expect(list.statusCode).toBe(301);
    expect(list.headers.location).toBe('/page/1?filter=React');

    // A write naming the merged technology names the kept one.
    expect((await publish(['reactt'])).used).toEqual(['React']);

    const audit = await send('GET', '/api/admin/audit', admin);
    expect(audit.json().items[0]).toMatchObject({
      action: 'technology.merge',
      admin: { username: admin.username },
      target: { kind: 'technology', label: 'Reactt → React' },
    });
    await consistent();
  });

  it('follows a merge of a merged technology’s kept one', async () => {
    await publish(['Pythn']);
    await publish(['Pyhton']);
    expect((await merge({ from: 'Pythn', into: 'Pyhton' })).statusCode).toBe(200);
    expect((await merge({ from: 'Pyhton', into: 'Python' })).statusCode).toBe(422);
    await publish(['Python']);
    expect((await merge({ from: 'Pyhton', into: 'Python' })).statusCode).toBe(200);
    const feed = await send('GET', '/technology/pythn/feed.xml');
    expect(feed.headers.location).toBe('/technology/Python/feed.xml');
    expect(await technologyCount('Python')).toBe(3);
    await consistent();
  });

  it('is for admins only', async () => {
    await publish(['Elixirr']);
    expect((await merge({ from: 'Elixirr', into: 'React' }, null)).statusCode).toBe(401);
    const refused = await merge({ from: 'Elixirr', into: 'React' }, author);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect(await technologyCount('Elixirr')).toBe(1);
  });

  it('refuses what cannot be merged with a message under the field', async () => {
    await publish(['Rustt']);
    const self = await merge({ from: 'Rustt', into: ' rustt ' });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.into).toBeDefined();
    const unknown = await merge({ from: 'Yoq-texnologiya', into: 'React' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.from).toEqual(['Texnologiya topilmadi']);
    // A technology spelled as the list spells another (written before the list knew it) is no place to keep.
    await context.app.services.db
      .insertInto('technologies')
      .values({ id: newId(), name: 'NodeJS', slug: 'nodejs', portfolios_count: 0 })
      .execute();
    const intoAlias = await merge({ from: 'Rustt', into: 'NodeJS' });
    expect(intoAlias.statusCode).toBe(422);
    expect(intoAlias.json().errors.into[0]).toContain('Node.js');
    const russian = await call(context.app, {
      method: 'POST',
      url: '/api/admin/technologies/merge',
      headers: { ...as(admin), 'accept-language': 'ru' },
      payload: { from: 'Rustt', into: 'rustt' },
    });
    expect(russian.json().detail).toBe('Технологию нельзя объединить с ней самой');
    expect(await technologyCount('Rustt')).toBe(1);
  });

  it.each([
    {},
    { from: 'Rustt' },
    { from: '', into: 'React' },
    { from: 'x'.repeat(10_000), into: 'React' },
    { from: 'Rust\u0000t', into: 'React' },
    { from: ['Rustt'], into: 'React' },
    { from: 'NEAR("', into: '*-' },
  ])('answers a hostile body with a 4xx: %j', async (payload) => {
    const response = await merge(payload);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().code).toBeDefined();
  });
});
