import { BOUNDS } from '@portfolio-master/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';

const ADMIN_EMAIL = 'related-admin@example.uz';

let context: TestContext;
let admin: TestUser;
let owner: TestUser;

beforeAll(async () => {
  context = await createTestContext({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = await signUp(context, { email: ADMIN_EMAIL });
  owner = await signUp(context);
});
afterAll(() => context.close());

let technologySequence = 0;
/** Technology names no other test uses. */
const technologies = (count: number) => {
  technologySequence += 1;
  return Array.from({ length: count }, (_, index) => `Oxshash${technologySequence}x${index}`);
};

interface Card {
  _id: string;
  title: string;
  likedByMe: boolean;
  author: { _id: string };
}

async function create(who: TestUser, title: string, used: string[]): Promise<string> {
  const response = await call(context.app, {
    method: 'POST',
    url: '/api/portfolio/create',
    headers: { 'x-token': who.token },
    payload: { title, url: 'https://oxshash.example.uz', used },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json()._id;
}

async function related(address: string, who: TestUser | null = null): Promise<Card[]> {
  const response = await call(context.app, {
    method: 'GET',
    url: `/api/portfolio/${encodeURIComponent(address)}/related`,
    headers: who ? { 'x-token': who.token } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const titles = (cards: Card[]) => cards.map((card) => card.title);

async function moderate(action: string, payload: object): Promise<void> {
  const response = await call(context.app, {
    method: 'POST',
    url: `/api/admin/${action}`,
    headers: { 'x-token': admin.token },
    payload: { reason: 'Qoidabuzarlik', ...payload },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('O‘xshash loyihalar', () => {
  it('puts the most shared technologies first, one portfolio per author, never the page’s own or its author’s, at most six', async () => {
    const [t1, t2, t3, t4] = technologies(4) as [string, string, string, string];
    const page = await create(owner, 'Ombor hisobi', [t1, t2, t3, t4]);
    await create(owner, 'Egasining boshqasi', [t1, t2, t3, t4]);
    const others = await Promise.all(Array.from({ length: 7 }, () => signUp(context)));
    const [b, c, d, e, f, g, h] = others as [TestUser, ...TestUser[]] as TestUser[];
    await create(b!, 'Uchtasi bir xil', [t1, t2, t3]);
    await create(c!, 'Ikkitasi bir xil', [t1, t2]);
    await create(c!, 'Yana shu muallif', [t1]);
    await create(d!, 'Bittasi D', [t1]);
    await create(e!, 'Bittasi E', [t2]);
    await create(f!, 'Bittasi F', [t3]);
    await create(g!, 'Bittasi G', [t4]);
    await create(h!, 'Bittasi H', [t1]);

    const cards = await related(page);
    expect(cards).toHaveLength(BOUNDS.related);
    expect(titles(cards).slice(0, 2)).toEqual(['Uchtasi bir xil', 'Ikkitasi bir xil']);
    const authors = cards.map((card) => card.author._id);
    expect(new Set(authors).size).toBe(authors.length);
    expect(authors).not.toContain(owner.id);
    expect(cards.map((card) => card._id)).not.toContain(page);
    expect(titles(cards)).not.toContain('Yana shu muallif');
    // Six authors of seven: the shown ones are the best six, whatever tie is broken.
    expect(
      titles(cards)
        .slice(2)
        .every((title) => title.startsWith('Bittasi')),
    ).toBe(true);
    // By linktitle too, the same answer.
    const linktitle = (await call(context.app, { method: 'GET', url: `/api/portfolio/${page}` })).json()
      .linktitle as string;
    expect(titles(await related(linktitle))).toEqual(titles(cards));
  });

  it('finds work with the same title words, and nothing when nothing is alike', async () => {
    const [mine, theirs, lonely] = technologies(3) as [string, string, string];
    const page = await create(owner, 'Kutubxonachi boshqaruvi', [mine]);
    const other = await signUp(context);
    await create(other, 'Maktab kutubxonachi ilovasi', [theirs]);
    await create(other, 'Butunlay boshqa narsa', [theirs]);
    expect(titles(await related(page))).toEqual(['Maktab kutubxonachi ilovasi']);

    const alone = await create(owner, 'Qwzxyqo', [lonely]);
    expect(await related(alone)).toEqual([]);
  });

  it('never shows hidden work, work of hidden or blocked people, or drafts; drops what it kept when they change', async () => {
    const [shared, next] = technologies(2) as [string, string];
    const page = await create(owner, 'Sahifa', [shared]);
    const [b, c, d, e] = (await Promise.all(Array.from({ length: 4 }, () => signUp(context)))) as TestUser[];
    const hiddenLater = await create(b!, 'Yashiriladigan', [shared]);
    await create(c!, 'Muallifi yashiriladigan', [shared]);
    await create(d!, 'Muallifi bloklanadigan', [shared]);
    const shownLater = await create(e!, 'Birinchi nomi', [shared]);
    const draft = await call(context.app, {
      method: 'POST',
      url: '/api/portfolio/drafts',
      headers: { 'x-token': e!.token },
      payload: { title: 'Qoralama', used: [shared] },
    });
    expect(draft.statusCode, draft.body).toBe(201);

    const all = ['Birinchi nomi', 'Muallifi bloklanadigan', 'Muallifi yashiriladigan', 'Yashiriladigan'];
    expect(titles(await related(page)).sort()).toEqual(all);
    // Kept: the same bytes, 304 to a reader who has them; a new portfolio alike waits for the expiry.
    const kept = await call(context.app, { method: 'GET', url: `/api/portfolio/${page}/related` });
    expect(kept.headers.etag).toBeTruthy();
    const again = await call(context.app, {
      method: 'GET',
      url: `/api/portfolio/${page}/related`,
      headers: { 'if-none-match': kept.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    const [g] = (await Promise.all([signUp(context)])) as TestUser[];
    await create(g!, 'Keyin qo‘shilgan', [shared]);
    expect(titles(await related(page)).sort()).toEqual(all);

    // A shown card that changes is shown changed (and the answer, made again, has the new one too).
    const renamed = await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/update/${shownLater}`,
      headers: { 'x-token': e!.token },
      payload: { title: 'Ikkinchi nomi' },
    });
    expect(renamed.statusCode).toBe(200);
    const rest = ['Ikkinchi nomi', 'Keyin qo‘shilgan', 'Muallifi bloklanadigan', 'Muallifi yashiriladigan'];
    expect(titles(await related(page)).sort()).toEqual([...rest, 'Yashiriladigan']);

    await moderate('hide', { target: 'portfolio', id: hiddenLater });
    expect(titles(await related(page)).sort()).toEqual(rest);
    await moderate('hide', { target: 'user', id: c!.id });
    expect(titles(await related(page)).sort()).toEqual(rest.slice(0, 3));
    await moderate('block', { userId: d!.id, days: null });
    expect(titles(await related(page)).sort()).toEqual(rest.slice(0, 2));

    // The portfolio itself changes: its related work is made again.
    const [f] = (await Promise.all([signUp(context)])) as TestUser[];
    await create(f!, 'Keyingi texnologiya', [next]);
    const edited = await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/update/${page}`,
      headers: { 'x-token': owner.token },
      payload: { used: [next] },
    });
    expect(edited.statusCode).toBe(200);
    expect(titles(await related(page))).toEqual(['Keyingi texnologiya']);

    // A hidden page has none to show anyone; a missing one is 404 too, with a message.
    await moderate('hide', { target: 'portfolio', id: page });
    const hidden = await call(context.app, { method: 'GET', url: `/api/portfolio/${page}/related` });
    expect(hidden.statusCode).toBe(404);
    const missing = await call(context.app, { method: 'GET', url: '/api/portfolio/yoq-narsa/related' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('marks the cards a signed-in reader likes, and keeps the shared answer for everyone else', async () => {
    const [shared] = technologies(1) as [string];
    const page = await create(owner, 'Yoqtirishlar sahifasi', [shared]);
    const other = await signUp(context);
    const liked = await create(other, 'Yoqtirilgan', [shared]);
    const reader = await signUp(context);
    expect((await related(page))[0]!.likedByMe).toBe(false);
    const like = await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/like/${liked}`,
      headers: { 'x-token': reader.token },
    });
    expect(like.statusCode, like.body).toBeLessThan(300);
    expect((await related(page, reader))[0]!.likedByMe).toBe(true);
    expect((await related(page))[0]!.likedByMe).toBe(false);
  });
});

it('is in the API documentation, with its cards and a 404', async () => {
  const document = (await context.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const operation = document.paths['/api/portfolio/{id}/related']?.get;
  expect(operation).toBeDefined();
  expect(Object.keys(operation.responses).sort()).toEqual(['200', '404']);
  expect(operation.responses['200'].content['application/json'].schema.$ref).toBe(
    '#/components/schemas/RelatedPortfolios',
  );
  expect(document.components.schemas.RelatedPortfolios).toMatchObject({ type: 'array', maxItems: 6 });
});
