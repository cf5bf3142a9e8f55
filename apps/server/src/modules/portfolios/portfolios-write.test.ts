import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  call,
  createTestContext,
  createWithImages as createWith,
  signUp,
  type TestContext,
  type TestUser,
} from '../../test/app.js';
import { multipart, pngImage } from '../../test/forms.js';
import { findInconsistencies } from '../../seed/consistency.js';
import { rewriteAuthorSearchDocuments } from '../../data/portfolios.repository.js';

let context: TestContext;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  context = await createTestContext({ ADMIN_EMAILS: ADMIN_EMAIL });
  [owner, other, admin] = await Promise.all([
    signUp(context),
    signUp(context),
    signUp(context, { email: ADMIN_EMAIL }),
  ]);
});
afterAll(() => context.close());

interface Portfolio {
  _id: string;
  linktitle: string;
  title: string;
  description: string;
  url: string;
  repoUrl: string | null;
  used: string[];
  images: string[];
  likes: string[];
  comments: { _id: string }[];
  likesCount: number;
  commentsCount: number;
  updatedAt: string;
  date: string;
}

const headers = (user?: TestUser) => (user ? { 'x-token': user.token } : {});

async function createPortfolio(user: TestUser, body: Record<string, unknown> = {}): Promise<Portfolio> {
  const response = await call(context.app, {
    method: 'POST',
    url: '/api/portfolio/create',
    headers: headers(user),
    payload: { title: 'Kutubxona', url: 'https://lib.example.uz', used: ['Rust'], ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const createWithImages = (user: TestUser, count: number) => createWith<Portfolio>(context.app, user, count);

function update(
  user: TestUser | undefined,
  id: string,
  payload?: unknown,
  extraHeaders: Record<string, string> = {},
) {
  return call(context.app, {
    method: 'PUT',
    url: `/api/portfolio/update/${id}`,
    headers: { ...headers(user), ...extraHeaders },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
}

async function updateForm(user: TestUser, id: string, fields: Parameters<typeof multipart>[0]) {
  const form = await multipart(fields);
  return update(user, id, form.payload, form.headers);
}

function remove(user: TestUser | undefined, id: string) {
  return call(context.app, { method: 'DELETE', url: `/api/portfolio/delete/${id}`, headers: headers(user) });
}

const get = (id: string, user?: TestUser) =>
  call(context.app, {
    method: 'GET',
    url: `/api/portfolio/${encodeURIComponent(id)}`,
    headers: headers(user),
  });

async function technologyCounts(): Promise<Record<string, number>> {
  const response = await call(context.app, { method: 'GET', url: '/api/portfolio/technologies' });
  return Object.fromEntries(response.json().map((t: { name: string; count: number }) => [t.name, t.count]));
}

const fileExists = (name: string) => fs.existsSync(path.join(context.config.uploadDir, name));

async function imagePath(name: string, width: number) {
  return context.app.inject({ method: 'GET', url: `/image/${name}?w=${width}` });
}

describe('roles', () => {
  it('the admin account is an admin', async () => {
    const me = await call(context.app, { method: 'GET', url: '/api/user/me', headers: headers(admin) });
    expect(me.json().isAdmin).toBe(true);
    const notAdmin = await call(context.app, { method: 'GET', url: '/api/user/me', headers: headers(owner) });
    expect(notAdmin.json().isAdmin).toBe(false);
  });

  it('update: anonymous 401, another user 403, owner and admin 200', async () => {
    const portfolio = await createPortfolio(owner);
    const anonymous = await update(undefined, portfolio._id, { title: 'Anonim' });
    expect(anonymous.statusCode).toBe(401);
    const stranger = await update(other, portfolio._id, { title: 'Begona' });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBe('FORBIDDEN');
    expect((await get(portfolio._id)).json().title).toBe('Kutubxona');

    const byOwner = await update(owner, portfolio._id, { title: 'Egasi' });
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json().title).toBe('Egasi');
    const byAdmin = await update(admin, portfolio._id, { title: 'Admin tuzatdi' });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ title: 'Admin tuzatdi', author: { _id: owner.id } });
    expect((await get(portfolio._id)).json().title).toBe('Admin tuzatdi');
  });

  it('delete: anonymous 401, another user 403, owner and admin 204', async () => {
    const first = await createPortfolio(owner);
    const second = await createPortfolio(owner);
    expect((await remove(undefined, first._id)).statusCode).toBe(401);
    const stranger = await remove(other, first._id);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBe('FORBIDDEN');
    expect((await get(first._id)).statusCode).toBe(200);

    const byOwner = await remove(owner, first._id);
    expect(byOwner.statusCode).toBe(204);
    expect(byOwner.body).toBe('');
    const byAdmin = await remove(admin, second._id);
    expect(byAdmin.statusCode).toBe(204);
    expect((await get(first._id)).statusCode).toBe(404);
    expect((await get(second._id)).statusCode).toBe(404);
  });

  it('answers 404 for a missing portfolio on update and delete', async () => {
    for (const id of ['0123456789abcdef01234567', 'no-such-linktitle', 'a%00b']) {
      const updated = await update(owner, id, { title: 'Yo‘q' });
      expect(updated.statusCode).toBe(404);
      expect(updated.json().code).toBe('NOT_FOUND');
      expect((await remove(owner, id)).statusCode).toBe(404);
      expect((await remove(admin, id)).statusCode).toBe(404);
    }
  });

  it('updates and deletes by linktitle too', async () => {
    const portfolio = await createPortfolio(owner, { title: 'Linktitle orqali' });
    const updated = await update(owner, encodeURIComponent(portfolio.linktitle), { description: 'yangi' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ _id: portfolio._id, description: 'yangi' });
    expect((await remove(owner, encodeURIComponent(portfolio.linktitle))).statusCode).toBe(204);
    expect((await get(portfolio._id)).statusCode).toBe(404);
  });
});

describe('PUT /portfolio/update/{id}', () => {
  it('changes only the fields sent', async () => {
    const portfolio = await createPortfolio(owner, {
      title: 'Qisman',
      description: 'eski tavsif',
      repoUrl: 'https://github.com/o/q',
      used: ['Rust', 'Tokio'],
    });
    const response = await update(owner, portfolio._id, { description: 'yangi tavsif' });
    expect(response.statusCode).toBe(200);
    const updated: Portfolio = response.json();
    expect(updated).toEqual({
      ...portfolio,
      description: 'yangi tavsif',
      descriptionHtml: '<p>yangi tavsif</p>\n',
      updatedAt: updated.updatedAt,
    });
    expect(updated.updatedAt >= portfolio.updatedAt).toBe(true);
    expect(updated.date).toBe(portfolio.date);

    const cleared = await update(owner, portfolio._id, { repoUrl: '', url: 'http://new.example.uz' });
    expect(cleared.json()).toMatchObject({ repoUrl: null, url: 'http://new.example.uz', title: 'Qisman' });

    const retitled = await update(owner, portfolio._id, { title: 'Boshqa nom' });
    expect(retitled.json()).toMatchObject({ title: 'Boshqa nom', linktitle: portfolio.linktitle });
    expect((await get(portfolio.linktitle)).json().title).toBe('Boshqa nom');
  });

  it('keeps everything for an empty body', async () => {
    const portfolio = await createWithImages(owner, 2);
    for (const payload of [undefined, {}]) {
      const response = await update(owner, portfolio._id, payload);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...portfolio, updatedAt: response.json().updatedAt });
    }
    // The old client sends the current file name back as a text part under `images`: not a new gallery.
    const form = await updateForm(owner, portfolio._id, {
      description: 'forma',
      images: portfolio.images[0]!,
    });
    expect(form.statusCode).toBe(200);
    expect(form.json()).toMatchObject({
      images: portfolio.images,
      used: portfolio.used,
      description: 'forma',
    });
    for (const image of portfolio.images) expect(fileExists(image)).toBe(true);
  });

  it('validates like create', async () => {
    const portfolio = await createPortfolio(owner);
    for (const body of [
      { title: 'ab' },
      { title: 'a'.repeat(121) },
      { url: 'javascript:alert(1)' },
      { repoUrl: 'ftp://x.uz' },
      { used: [] },
      { used: '' },
      { used: Array.from({ length: 21 }, (_, index) => `t${index}`) },
      { description: 'd'.repeat(10_001) },
      { title: 5 },
      { title: 'nul\u0000' },
      { description: '\u0000' },
      { used: ['a\u0000'] },
      { url: 'https://a.uz/\u0000' },
    ]) {
      const response = await update(owner, portfolio._id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await get(portfolio._id)).json()).toEqual(portfolio);
  });

  it('replaces the gallery with `images` and keeps the files named in `keepImages`', async () => {
    const portfolio = await createWithImages(owner, 3);
    const [first, second, third] = portfolio.images as [string, string, string];
    // A variant on disk must go with its original.
    expect((await imagePath(first, 64)).statusCode).toBe(200);
    const variants = () =>
      fs
        .readdirSync(path.join(context.config.uploadDir, 'variants'))
        .filter((name) => name.startsWith(first.slice(0, 24)));
    expect(variants().length).toBeGreaterThan(0);

    const kept = await updateForm(owner, portfolio._id, {
      keepImages: [third, second],
      images: { content: await pngImage(50, 50), filename: 'new.png', contentType: 'image/png' },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const images: string[] = kept.json().images;
    expect(images).toHaveLength(3);
    expect(images.slice(0, 2)).toEqual([third, second]);
    const added = images[2]!;
    expect(portfolio.images).not.toContain(added);
    expect(fileExists(first)).toBe(false);
    expect(variants()).toEqual([]);
    expect((await context.app.inject({ method: 'GET', url: `/image/${first}` })).statusCode).toBe(404);
    for (const image of images) expect(fileExists(image)).toBe(true);

    const replaced = await updateForm(owner, portfolio._id, {
      images: { content: await pngImage(60, 60), filename: 'only.png', contentType: 'image/png' },
    });
    expect(replaced.json().images).toHaveLength(1);
    for (const image of images) expect(fileExists(image)).toBe(false);

    const emptied = await update(owner, portfolio._id, { keepImages: [] });
    expect(emptied.json().images).toEqual([]);
    expect(fileExists(replaced.json().images[0])).toBe(false);
    const rows = await context.app.services.db
      .selectFrom('images')
      .select('filename')
      .where('portfolio_id', '=', portfolio._id)
      .execute();
    expect(rows).toEqual([]);
    // The names kept on the portfolio's row followed every step.
    expect(await findInconsistencies(context.app.services.db, context.app.services.dialect)).toEqual([]);
  });

  it('shows technologies in the order last sent, with the spelling each was first used with', async () => {
    await createPortfolio(other, { used: ['GraphQL'] });
    const portfolio = await createPortfolio(owner, { used: ['Rust', 'graphql', 'Go'] });
    expect(portfolio.used).toEqual(['Rust', 'GraphQL', 'Go']);
    const reordered = await update(owner, portfolio._id, { used: ['Go', 'Elixir', 'Rust'] });
    expect(reordered.json().used).toEqual(['Go', 'Elixir', 'Rust']);
    const listed = await call(context.app, { method: 'GET', url: '/api/portfolio?filter=Elixir' });
    expect(listed.json().items.map((item: Portfolio) => item.used)).toEqual([['Go', 'Elixir', 'Rust']]);
    expect(await findInconsistencies(context.app.services.db, context.app.services.dialect)).toEqual([]);
  });

  it('ignores keepImages names that are not this portfolio’s and never deletes their files', async () => {
    const mine = await createWithImages(owner, 1);
    const theirs = await createWithImages(other, 1);
    const response = await update(owner, mine._id, {
      keepImages: [mine.images[0], theirs.images[0], '../etc/passwd'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().images).toEqual(mine.images);
    expect((await get(theirs._id)).json().images).toEqual(theirs.images);
    expect(fileExists(theirs.images[0]!)).toBe(true);
  });

  it('refuses more than eight images in the new gallery and changes nothing', async () => {
    const portfolio = await createWithImages(owner, 4);
    const filesBefore = fs.readdirSync(context.config.uploadDir).sort();
    const uploads = await Promise.all(
      Array.from({ length: 5 }, async (_, index) => ({
        content: await pngImage(20 + index, 20),
        filename: `x${index}.png`,
        contentType: 'image/png',
      })),
    );
    const response = await updateForm(owner, portfolio._id, {
      keepImages: portfolio.images,
      images: uploads,
      title: 'Sig‘madi',
    });
    expect([413, 422]).toContain(response.statusCode);
    expect((await get(portfolio._id)).json()).toEqual(portfolio);
    expect(fs.readdirSync(context.config.uploadDir).sort()).toEqual(filesBefore);
  });

  it('moves technology counts exactly', async () => {
    const name = (suffix: string) => `Upd${suffix}`;
    const portfolio = await createPortfolio(owner, { used: [name('A'), name('B')] });
    await createPortfolio(other, { used: [name('B')] });
    expect(await technologyCounts()).toMatchObject({ [name('A')]: 1, [name('B')]: 2 });

    const response = await update(owner, portfolio._id, { used: `${name('b')}, ${name('C')}, ${name('c')}` });
    expect(response.json().used).toEqual([name('B'), name('C')]);
    let counts = await technologyCounts();
    expect(counts[name('A')]).toBeUndefined();
    expect(counts).toMatchObject({ [name('B')]: 2, [name('C')]: 1 });

    await update(owner, portfolio._id, { used: [name('C'), name('B')] });
    counts = await technologyCounts();
    expect(counts).toMatchObject({ [name('B')]: 2, [name('C')]: 1 });
    expect((await get(portfolio._id)).json().used).toEqual([name('C'), name('B')]);

    const filtered = await call(context.app, { method: 'GET', url: `/api/portfolio?filter=${name('a')}` });
    expect(filtered.json().total).toBe(0);
    const found = await call(context.app, { method: 'GET', url: `/api/portfolio?q=${name('c')}` });
    expect(found.json().items.map((item: Portfolio) => item._id)).toEqual([portfolio._id]);
  });

  it('keeps technology counts exact under concurrent updates of one portfolio', async () => {
    const portfolio = await createPortfolio(owner, { used: ['ConcA'] });
    const sets = [
      ['ConcA', 'ConcB'],
      ['ConcB', 'ConcC'],
      ['ConcC'],
      ['ConcA', 'ConcC'],
      ['ConcB'],
      ['ConcC', 'ConcA'],
    ];
    const responses = await Promise.all(sets.map((used) => update(owner, portfolio._id, { used })));
    expect(responses.map((response) => response.statusCode)).toEqual(sets.map(() => 200));
    const final: string[] = (await get(portfolio._id)).json().used;
    expect(sets.map((used) => used.join())).toContain(final.join());
    const counts = await technologyCounts();
    for (const name of ['ConcA', 'ConcB', 'ConcC'])
      expect(counts[name]).toBe(final.includes(name) ? 1 : undefined);
    const links = await context.app.services.db
      .selectFrom('portfolio_technologies')
      .select('technology_id')
      .where('portfolio_id', '=', portfolio._id)
      .execute();
    expect(links).toHaveLength(final.length);
  });

  it('answers 404, not 500, when the portfolio is deleted while it is being updated', async () => {
    for (let round = 0; round < 3; round += 1) {
      const portfolio = await createPortfolio(owner, { used: ['RaceTech'] });
      const [updated, deleted] = await Promise.all([
        update(owner, portfolio._id, { used: ['RaceTech', 'RaceOther'], title: 'Poyga' }),
        remove(owner, portfolio._id),
      ]);
      expect(deleted.statusCode).toBe(204);
      expect([200, 404]).toContain(updated.statusCode);
      const counts = await technologyCounts();
      expect(counts.RaceTech).toBeUndefined();
      expect(counts.RaceOther).toBeUndefined();
    }
  });

  it('can rewrite an author’s search documents after the author is renamed', async () => {
    const author = await signUp(context, { username: 'Renamedfrom', firstname: 'Avvalgiism' });
    const portfolio = await createPortfolio(author, { title: 'Nomi o‘zgaradi' });
    const { db, dialect } = context.app.services;
    // What the users module does on a rename, then the call it must make in the same transaction.
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ username: 'Renamedto', firstname: 'Keyingiism' })
        .where('id', '=', author.id)
        .execute();
      await rewriteAuthorSearchDocuments(trx, dialect, author.id);
    });
    const search = async (q: string) =>
      (await call(context.app, { method: 'GET', url: `/api/portfolio?q=${q}` }))
        .json()
        .items.map((item: Portfolio) => item._id);
    expect(await search('renamedto')).toEqual([portfolio._id]);
    expect(await search('keyingiism')).toEqual([portfolio._id]);
    expect(await search('renamedfrom')).toEqual([]);
    expect(await search('avvalgiism')).toEqual([]);
    expect(await search('nomi keyingiism')).toEqual([portfolio._id]);
  });

  it('keeps search in step with the new title and description', async () => {
    const portfolio = await createPortfolio(owner, { title: 'Eskinom loyiha', description: 'birinchisoz' });
    await update(owner, portfolio._id, { title: 'Yanginom loyiha', description: 'ikkinchisoz' });
    const search = async (q: string) =>
      (await call(context.app, { method: 'GET', url: `/api/portfolio?q=${q}` }))
        .json()
        .items.map((item: Portfolio) => item._id);
    expect(await search('eskinom')).toEqual([]);
    expect(await search('birinchisoz')).toEqual([]);
    expect(await search('yanginom')).toEqual([portfolio._id]);
    expect(await search('ikkinchisoz')).toEqual([portfolio._id]);
  });
});

describe('DELETE /portfolio/delete/{id}', () => {
  it('removes the portfolio with its likes, comments, images and technology counts, and nothing else', async () => {
    const doomed = await createWithImages(owner, 2);
    await update(owner, doomed._id, { used: ['DelOnly', 'DelShared'] });
    const kept = await createWithImages(other, 1);
    await update(other, kept._id, { used: ['DelShared'] });
    for (const user of [owner, other, admin]) {
      for (const id of [doomed._id, kept._id]) {
        expect(
          (
            await call(context.app, {
              method: 'PUT',
              url: `/api/portfolio/like/${id}`,
              headers: headers(user),
            })
          ).statusCode,
        ).toBe(200);
        const comment = await call(context.app, {
          method: 'PUT',
          url: `/api/portfolio/comment/${id}`,
          headers: headers(user),
          payload: { body: `izoh ${user.username}` },
        });
        expect(comment.statusCode).toBe(201);
      }
    }
    expect(await technologyCounts()).toMatchObject({ DelOnly: 1, DelShared: 2 });
    const keptBefore = (await get(kept._id, other)).json();

    const response = await remove(owner, doomed._id);
    expect(response.statusCode).toBe(204);

    const gone = await get(doomed._id);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toBe('null');
    expect(gone.json()).toBeNull();
    expect((await get(doomed.linktitle)).statusCode).toBe(404);
    const { db } = context.app.services;
    for (const table of ['likes', 'comments', 'images', 'portfolio_technologies'] as const) {
      const rows = await db
        .selectFrom(table)
        .select('portfolio_id')
        .where('portfolio_id', '=', doomed._id)
        .execute();
      expect(rows, table).toEqual([]);
    }
    for (const image of doomed.images) expect(fileExists(image)).toBe(false);
    const counts = await technologyCounts();
    expect(counts.DelOnly).toBeUndefined();
    expect(counts.DelShared).toBe(1);

    expect((await get(kept._id, other)).json()).toEqual(keptBefore);
    expect(keptBefore).toMatchObject({ likesCount: 3, commentsCount: 3 });
    for (const image of kept.images) expect(fileExists(image)).toBe(true);
    const search = await call(context.app, { method: 'GET', url: '/api/portfolio?q=galereya' });
    expect(search.json().items.map((item: Portfolio) => item._id)).not.toContain(doomed._id);
    const list = await call(context.app, { method: 'GET', url: '/api/portfolio/all' });
    expect(list.json().map((item: Portfolio) => item._id)).not.toContain(doomed._id);
  });

  it('deletes once: a second delete is 404', async () => {
    const portfolio = await createPortfolio(owner);
    const [first, second] = await Promise.all([remove(owner, portfolio._id), remove(owner, portfolio._id)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([204, 404]);
    expect((await remove(owner, portfolio._id)).statusCode).toBe(404);
  });
});

describe('list totals after writes', () => {
  const total = async (query: string) => {
    const response = await call(context.app, { method: 'GET', url: `/api/portfolio?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { total: number; items: { _id: string }[] }).total;
  };

  it('follow every create, update and delete at once, though totals are reused between pages', async () => {
    const queries = ['filter=Elixir', 'q=zanjirband', 'filter=Elixir&q=zanjirband', ''];
    const before = await Promise.all(queries.map(total));
    const portfolio = await createPortfolio(owner, { title: 'Zanjirband', used: ['Elixir'] });
    expect(await Promise.all(queries.map(total))).toEqual(before.map((n) => n + 1));

    expect((await update(owner, portfolio._id, { used: ['Rust'], title: 'Boshqa' })).statusCode).toBe(200);
    expect(await Promise.all(queries.map(total))).toEqual([...before.slice(0, 3), before[3]! + 1]);

    expect(
      (await update(admin, portfolio._id, { used: ['elixir '], title: 'Zanjirband 2' })).statusCode,
    ).toBe(200);
    expect(await Promise.all(queries.map(total))).toEqual(before.map((n) => n + 1));

    expect((await remove(owner, portfolio._id)).statusCode).toBe(204);
    expect(await Promise.all(queries.map(total))).toEqual(before);
  });
});
