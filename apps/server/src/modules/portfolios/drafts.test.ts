import { LIMITS } from '@portfolio-master/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';
import { multipart, pngImage } from '../../test/forms.js';

/*
 * Drafts (docs/decisions/0053-drafts.md): seen by their author only, nowhere else, until published; then a
 * portfolio like any new one, dated when published, its followers and the channel told once.
 */

let context: TestContext;
let author: TestUser;
let stranger: TestUser;
let follower: TestUser;

beforeAll(async () => {
  // The channel is on, so a create queues its post; its bot reaches nowhere, which the queue outlives.
  context = await createTestContext({
    TELEGRAM_BOT_NAME: 'PortfolioMasterBot',
    TELEGRAM_BOT_TOKEN: '123456789:AAFakeTokenForTests_abcdefghijklmnop',
    TELEGRAM_CHANNEL: '@portfolio_master_uz',
  });
  [author, stranger, follower] = await Promise.all([signUp(context), signUp(context), signUp(context)]);
  await call(context.app, { method: 'PUT', url: `/api/user/${author.id}/follow`, headers: as(follower) });
});
afterAll(() => context.close());

const as = (user: TestUser) => ({ 'x-token': user.token });
const db = () => context.app.services.db;
const request = (
  user: TestUser | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  call(context.app, {
    method,
    url,
    headers: user ? as(user) : {},
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
const newDraft = async (user: TestUser, body: Record<string, unknown>) => {
  const response = await request(user, 'POST', '/api/portfolio/drafts', body);
  expect(response.statusCode).toBe(201);
  return response.json() as { _id: string; title: string; date: string };
};
const postNotifications = (portfolioId: string) =>
  db()
    .selectFrom('notifications')
    .select('id')
    .where('kind', '=', 'post')
    .where('portfolio_id', '=', portfolioId)
    .where('user_id', '=', follower.id)
    .execute();
const channelPosts = (portfolioId: string) =>
  db()
    .selectFrom('telegram_channel_posts')
    .select('portfolio_id')
    .where('portfolio_id', '=', portfolioId)
    .execute();

describe('a draft', () => {
  it('is started with any fields, saved field by field and read back by its author', async () => {
    const draft = await newDraft(author, { title: 'Ya' });
    expect(draft).toMatchObject({
      status: 'draft',
      title: 'Ya',
      description: '',
      url: '',
      repoUrl: '',
      used: [],
    });
    const saved = await request(author, 'PUT', `/api/portfolio/drafts/${draft._id}`, {
      description: '**Qalin** matn',
      used: 'React, Node',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      title: 'Ya',
      description: '**Qalin** matn',
      used: ['React', 'Node.js'],
    });
    const read = await request(author, 'GET', `/api/portfolio/drafts/${draft._id}`);
    expect(read.json()).toEqual(saved.json());
    const mine = await request(author, 'GET', '/api/portfolio/drafts');
    expect(mine.json().map((item: { _id: string }) => item._id)).toContain(draft._id);
    expect((await request(author, 'DELETE', `/api/portfolio/drafts/${draft._id}`)).statusCode).toBe(204);
    expect((await request(author, 'GET', `/api/portfolio/drafts/${draft._id}`)).statusCode).toBe(404);
  });

  it('is kept through the create with `status: draft`, without pictures', async () => {
    const response = await request(author, 'POST', '/api/portfolio/create', {
      status: 'draft',
      title: 'To‘liq qoralama',
      url: 'https://draft.example.uz',
      used: ['Go'],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'draft', title: 'To‘liq qoralama', used: ['Go'] });
    const form = await multipart({
      status: 'draft',
      title: 'Rasmli qoralama',
      url: 'https://draft.example.uz',
      used: 'Go',
      images: { content: await pngImage(), filename: 'a.png', contentType: 'image/png' },
    });
    const withPicture = await call(context.app, {
      method: 'POST',
      url: '/api/portfolio/create',
      payload: form.payload,
      headers: { ...as(author), ...form.headers },
    });
    expect(withPicture.statusCode).toBe(422);
    expect(withPicture.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: 'Qoralamaga rasm saqlanmaydi: rasmlarni e’lon qilishda yuklang',
    });
    const portfolios = await db()
      .selectFrom('portfolios')
      .select('id')
      .where('title', '=', 'To‘liq qoralama')
      .execute();
    expect(portfolios).toEqual([]);
    await request(author, 'DELETE', `/api/portfolio/drafts/${response.json()._id}`);
  });

  it('renders a preview with the portfolio page’s renderer', async () => {
    const response = await request(author, 'POST', '/api/portfolio/preview', {
      description: '# Sarlavha\n\n<script>alert(1)</script> [havola](javascript:alert(1))',
    });
    expect(response.statusCode).toBe(200);
    const html = response.json().descriptionHtml as string;
    expect(html).toContain('<h1>Sarlavha</h1>');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('href="javascript');
  });

  it('answers hostile bodies with 4xx, a machine code and an Uzbek message', async () => {
    const draft = await newDraft(author, { title: 'Hujumlarga qarshi' });
    const cases: [string, string, unknown][] = [
      ['POST', '/api/portfolio/drafts', { title: 42 }],
      ['POST', '/api/portfolio/drafts', { title: 'x'.repeat(LIMITS.title.max + 1) }],
      ['POST', '/api/portfolio/drafts', { description: 'a\u0000b' }],
      ['POST', '/api/portfolio/drafts', { used: [{ name: 'React' }] }],
      ['POST', '/api/portfolio/drafts', { used: Array.from({ length: 30 }, (_, i) => `t${i}`) }],
      ['POST', '/api/portfolio/drafts', '"matn"'],
      ['POST', '/api/portfolio/drafts', '[1,2]'],
      ['PUT', `/api/portfolio/drafts/${draft._id}`, { url: ['https://a.uz'] }],
      ['PUT', `/api/portfolio/drafts/${draft._id}`, { repoUrl: 'x'.repeat(LIMITS.url.max + 1) }],
      ['PUT', '/api/portfolio/drafts/%00', { title: 'a' }],
      ['PUT', `/api/portfolio/drafts/${'f'.repeat(65)}`, { title: 'a' }],
      ['PUT', '/api/portfolio/drafts/not-an-id', { title: 'a' }],
      ['GET', '/api/portfolio/drafts/000000000000000000000000', undefined],
      ['DELETE', '/api/portfolio/drafts/../portfolio', undefined],
      ['POST', '/api/portfolio/preview', { description: 7 }],
      ['POST', '/api/portfolio/preview', { description: 'x'.repeat(LIMITS.portfolioDescription.max + 1) }],
      [
        'POST',
        '/api/portfolio/create',
        { status: 'archived', title: 'Holat', url: 'https://a.uz', used: ['Go'] },
      ],
      [
        'POST',
        '/api/portfolio/create',
        { draftId: { $ne: 1 }, title: 'Holat', url: 'https://a.uz', used: ['Go'] },
      ],
      [
        'POST',
        '/api/portfolio/create',
        { draftId: 'a\u0000', title: 'Holat', url: 'https://a.uz', used: ['Go'] },
      ],
      [
        'POST',
        '/api/portfolio/create',
        { draftId: 'nope', title: 'Holat', url: 'https://a.uz', used: ['Go'] },
      ],
      ['POST', '/api/portfolio/create', { status: 'draft', title: 'x' }],
    ];
    for (const [method, url, payload] of cases) {
      const response = await request(author, method as 'POST', url, payload);
      const label = `${method} ${url} ${JSON.stringify(payload)?.slice(0, 80)}`;
      expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, label).toBeLessThan(500);
      const problem = response.json();
      expect(problem.code, label).toMatch(/^[A-Z_]+$/);
      expect(problem.detail, label).toMatch(/[a-zA-Z‘’]/);
    }
    const uzbek = await request(author, 'PUT', `/api/portfolio/drafts/${draft._id}`, {
      title: 'x'.repeat(500),
    });
    expect(uzbek.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: 'Sarlavha 120 belgidan oshmasin',
    });
    const missing = await request(author, 'GET', '/api/portfolio/drafts/000000000000000000000000');
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', detail: 'Qoralama topilmadi' });
    const unknown = await request(author, 'POST', '/api/portfolio/create', {
      draftId: '000000000000000000000000',
      title: 'Holat',
      url: 'https://a.uz',
      used: ['Go'],
    });
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', detail: 'Qoralama topilmadi' });
    for (const [method, url] of [
      ['GET', '/api/portfolio/drafts'],
      ['POST', '/api/portfolio/drafts'],
      ['PUT', `/api/portfolio/drafts/${draft._id}`],
      ['POST', '/api/portfolio/preview'],
    ] as const) {
      expect((await request(undefined, method, url, {})).statusCode).toBe(401);
    }
    await request(author, 'DELETE', `/api/portfolio/drafts/${draft._id}`);
  });

  it('is refused past the most one author keeps', async () => {
    const writer = await signUp(context);
    for (let n = 0; n < LIMITS.drafts.max; n += 1) await newDraft(writer, { title: `Qoralama ${n}` });
    const refused = await request(writer, 'POST', '/api/portfolio/drafts', { title: 'Yana' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT' });
    expect(refused.json().detail).toContain('qoralama');
  });
});

describe('drafts never leak', () => {
  const TITLE = 'Maxfiyqoralama loyihasi';
  const TECHNOLOGY = 'Qoralamatex';
  let draftId: string;
  let published: { _id: string; linktitle: string };

  beforeAll(async () => {
    // One published portfolio, so the author has a profile, feeds and counts to look at.
    const response = await request(author, 'POST', '/api/portfolio/create', {
      title: 'Ochiq loyiha',
      url: 'https://open.example.uz',
      used: ['React'],
    });
    published = response.json();
    draftId = (
      await newDraft(author, {
        title: TITLE,
        description: 'Maxfiyqoralama tavsifi',
        url: 'https://secret.example.uz',
        used: [TECHNOLOGY, 'React'],
      })
    )._id;
  });

  const secrets = () => [TITLE, 'Maxfiyqoralama', TECHNOLOGY, draftId, 'secret.example.uz'];

  it('from lists, search, feeds, sitemaps, profiles, the directory and every count', async () => {
    const urls = [
      '/api/portfolio',
      '/api/portfolio?sort=popular',
      '/api/portfolio?sort=trending',
      `/api/portfolio?q=Maxfiyqoralama`,
      `/api/portfolio?filter=${TECHNOLOGY}`,
      `/api/portfolio?author=${author.username}`,
      '/api/portfolio/all',
      '/api/portfolio/week-best',
      '/api/portfolio/technologies',
      `/api/portfolio/technologies?q=Qoralama`,
      `/api/user/${author.username}`,
      `/api/user/${author.id}`,
      '/api/user/all',
      '/api/people',
      `/api/people?q=${author.username}`,
      '/api/feed/following',
      '/feed.xml',
      `/technology/${TECHNOLOGY}/feed.xml`,
      `/profile/${author.username}/feed.xml`,
      '/sitemap.xml',
      `/profile/${author.username}/resume.json`,
      `/embed/profile/${author.username}.svg`,
    ];
    for (const viewer of [undefined, stranger, follower]) {
      for (const url of urls) {
        const response = await request(viewer, 'GET', url);
        expect(response.statusCode, url).toBeLessThan(500);
        for (const secret of secrets()) expect(response.body, `${url} ${secret}`).not.toContain(secret);
      }
    }
    const technologies = (await request(undefined, 'GET', '/api/portfolio/technologies')).json();
    const react = technologies.find((item: { name: string }) => item.name === 'React');
    expect(react.count).toBe(1);
    const profile = (await request(stranger, 'GET', `/api/user/${author.username}`)).json();
    expect(profile.portfolios.map((item: { _id: string }) => item._id)).toEqual([published._id]);
    const people = (await request(undefined, 'GET', `/api/people?q=${author.username}`)).json();
    expect(JSON.stringify(people)).not.toContain(TECHNOLOGY);
    const unread = await request(follower, 'GET', '/api/notifications');
    expect(unread.body).not.toContain(draftId);
    expect(await channelPosts(draftId)).toEqual([]);
  });

  it('from another person’s direct requests, likes and comments: 404', async () => {
    for (const viewer of [undefined, stranger, author]) {
      expect((await request(viewer, 'GET', `/api/portfolio/${draftId}`)).statusCode).toBe(404);
      expect((await request(viewer, 'GET', `/api/portfolio/${draftId}/comments`)).statusCode).toBe(404);
      expect((await request(viewer, 'GET', `/api/portfolio/${draftId}/likes`)).statusCode).toBe(404);
    }
    for (const url of [
      `/portfolio/${draftId}`,
      `/og/portfolio/${draftId}.png`,
      `/embed/portfolio/${draftId}`,
      `/oembed?url=${encodeURIComponent(`http://localhost:5173/portfolio/${draftId}`)}`,
    ]) {
      const response = await request(stranger, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('Maxfiyqoralama');
    }
    for (const viewer of [stranger, author]) {
      expect((await request(viewer, 'PUT', `/api/portfolio/like/${draftId}`)).statusCode).toBe(404);
      const comment = await request(viewer, 'PUT', `/api/portfolio/comment/${draftId}`, { body: 'Salom' });
      expect(comment.statusCode).toBe(404);
      expect((await request(viewer, 'PUT', `/api/portfolio/${draftId}/bookmark`)).statusCode).toBe(404);
    }
    expect((await request(stranger, 'GET', `/api/portfolio/drafts/${draftId}`)).statusCode).toBe(404);
    expect(
      (await request(stranger, 'PUT', `/api/portfolio/drafts/${draftId}`, { title: 'Meniki' })).statusCode,
    ).toBe(404);
    expect((await request(stranger, 'DELETE', `/api/portfolio/drafts/${draftId}`)).statusCode).toBe(404);
    expect((await request(stranger, 'GET', '/api/portfolio/drafts')).json()).toEqual([]);
    const stolen = await request(stranger, 'POST', '/api/portfolio/create', {
      draftId,
      title: 'O‘g‘irlangan',
      url: 'https://a.uz',
      used: ['Go'],
    });
    expect(stolen.statusCode).toBe(404);
    expect((await request(author, 'GET', `/api/portfolio/drafts/${draftId}`)).json().title).toBe(TITLE);
    // The author's own copy of their data holds it; nobody else's does.
    const exported = (await request(author, 'GET', '/api/user/me/export')).json();
    expect(exported.drafts.map((draft: { _id: string }) => draft._id)).toContain(draftId);
    expect((await request(stranger, 'GET', '/api/user/me/export')).body).not.toContain(draftId);
  });

  it('until published: dated now, everywhere, its followers and the channel told once', async () => {
    const before = new Date();
    const response = await request(author, 'POST', '/api/portfolio/create', {
      draftId,
      title: TITLE,
      description: 'Maxfiyqoralama tavsifi',
      url: 'https://secret.example.uz',
      used: [TECHNOLOGY, 'React'],
    });
    expect(response.statusCode).toBe(201);
    const portfolio = response.json();
    expect(new Date(portfolio.date).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect((await request(author, 'GET', `/api/portfolio/drafts/${draftId}`)).statusCode).toBe(404);
    expect((await request(author, 'GET', '/api/portfolio/drafts')).body).not.toContain(draftId);

    const newest = (await request(stranger, 'GET', '/api/portfolio')).json();
    expect(newest.items[0]._id).toBe(portfolio._id);
    const found = (await request(stranger, 'GET', '/api/portfolio?q=Maxfiyqoralama')).json();
    expect(found.items.map((item: { _id: string }) => item._id)).toEqual([portfolio._id]);
    const technologies = (await request(undefined, 'GET', '/api/portfolio/technologies')).json();
    expect(technologies).toContainEqual({ name: TECHNOLOGY, count: 1 });
    expect((await request(undefined, 'GET', '/feed.xml')).body).toContain(TITLE);
    expect((await request(stranger, 'GET', `/api/user/${author.username}`)).body).toContain(TITLE);

    expect(await postNotifications(portfolio._id)).toHaveLength(1);
    expect(await channelPosts(portfolio._id)).toHaveLength(1);

    // Publishing it again finds no draft and posts nothing more.
    const again = await request(author, 'POST', '/api/portfolio/create', {
      draftId,
      title: TITLE,
      url: 'https://secret.example.uz',
      used: [TECHNOLOGY],
    });
    expect(again.statusCode).toBe(404);
    const rows = await db().selectFrom('portfolios').select('id').where('title', '=', TITLE).execute();
    expect(rows).toHaveLength(1);
    expect(await postNotifications(portfolio._id)).toHaveLength(1);
    expect(await channelPosts(portfolio._id)).toHaveLength(1);
  });
});

it('lets an author save a draft every few seconds and still publish it', async () => {
  const limited = await createTestContext({ RATE_LIMIT: 'on' });
  try {
    const writer = await signUp(limited);
    const send = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
      call(limited.app, { method, url, headers: as(writer), payload: payload as string });
    const draft = (await send('POST', '/api/portfolio/drafts', { title: 'Tez yozuvchi' })).json();
    for (let save = 0; save < 20; save += 1) {
      const saved = await send('PUT', `/api/portfolio/drafts/${draft._id}`, { description: `Matn ${save}` });
      expect(saved.statusCode, `save ${save + 1}`).toBe(200);
    }
    const published = await send('POST', '/api/portfolio/create', {
      draftId: draft._id,
      title: 'Tez yozuvchi',
      url: 'https://tez.example.uz',
      used: ['Go'],
    });
    expect(published.statusCode).toBe(201);
    let refused;
    for (let save = 0; save < 40 && !refused; save += 1) {
      const response = await send('POST', '/api/portfolio/preview', { description: 'a' });
      if (response.statusCode === 429) refused = response.json();
    }
    expect(refused).toMatchObject({ code: 'RATE_LIMITED' });
  } finally {
    await limited.close();
  }
});

it('is described in the OpenAPI document: the calls, and `status` and `draftId` on create', async () => {
  const document = (await context.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  for (const [path, method] of [
    ['/api/portfolio/drafts', 'get'],
    ['/api/portfolio/drafts', 'post'],
    ['/api/portfolio/drafts/{id}', 'get'],
    ['/api/portfolio/drafts/{id}', 'put'],
    ['/api/portfolio/drafts/{id}', 'delete'],
    ['/api/portfolio/preview', 'post'],
  ] as const) {
    expect(document.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  }
  const create = JSON.stringify(document.components.schemas.CreatePortfolioBody);
  expect(create).toContain('draftId');
  expect(create).toContain('"published"');
  expect(document.components.schemas).toHaveProperty('Draft');
});
