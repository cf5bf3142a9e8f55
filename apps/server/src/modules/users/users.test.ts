import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { getMe, login, updateMe } from '../../test/accounts.js';
import {
  ADMIN_EMAIL,
  call,
  createTestContext,
  signUp,
  type TestContext,
  type TestUser,
} from '../../test/app.js';
import { setAdminRole } from './admin-role.js';
import { refreshPortfolioLists } from '../../data/portfolios.repository.js';

let context: TestContext;
let alice: TestUser;
let bobur: TestUser;
let public1: TestUser;
beforeAll(async () => {
  // Spelled loosely on purpose: the list is trimmed and lowercased.
  context = await createTestContext({ ADMIN_EMAILS: ` ${ADMIN_EMAIL.toUpperCase()} , boss@example.uz` });
  alice = await signUp(context, { firstname: 'Alisa' });
  bobur = await signUp(context, { firstname: 'Bobur' });
  public1 = await signUp(context, { firstname: 'Ochiq' });
  await updateMe(context, public1.token, { payload: { emailPublic: true } });
});
afterAll(() => context.close());

const get = (url: string, token?: string) =>
  call(context.app, { method: 'GET', url, headers: token ? { 'x-token': token } : {} });

/** A portfolio row made directly, so these tests do not depend on the portfolio routes. */
async function insertPortfolio(authorId: string, title: string, images: string[], createdAt: Date) {
  const id = newId(createdAt);
  const db = context.app.services.db;
  await db
    .insertInto('portfolios')
    .values({
      id,
      author_id: authorId,
      title,
      linktitle: `${id}_${title.replace(/\s+/g, '_')}`,
      description: 'Tavsif',
      url: 'https://example.uz',
      repo_url: null,
      created_at: createdAt.toISOString(),
      updated_at: createdAt.toISOString(),
    })
    .execute();
  // Inserted in reverse to show that the order comes from position, not insertion.
  for (const [position, filename] of [...images.entries()].reverse()) {
    await db
      .insertInto('images')
      .values({
        filename,
        owner_id: authorId,
        portfolio_id: id,
        position,
        width: 10,
        height: 10,
        bytes: 10,
        created_at: createdAt.toISOString(),
      })
      .execute();
  }
  // As every write of a gallery does (decision 19).
  await refreshPortfolioLists(db, id);
  return { id, linktitle: `${id}_${title.replace(/\s+/g, '_')}` };
}

describe('GET /api/user/all', () => {
  it('lists users newest first', async () => {
    const response = await get('/api/user/all');
    expect(response.statusCode).toBe(200);
    const users = response.json() as { _id: string; registeredDate: string }[];
    const ids = users.map((user) => user._id);
    expect(ids.indexOf(public1.id)).toBeLessThan(ids.indexOf(bobur.id));
    expect(ids.indexOf(bobur.id)).toBeLessThan(ids.indexOf(alice.id));
    const dates = users.map((user) => new Date(user.registeredDate).getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('gives every user a portfolios array, newest first, with images in gallery order', async () => {
    const author = await signUp(context);
    const older = await insertPortfolio(
      author.id,
      'Eski loyiha',
      [`${newId()}.webp`, `${newId()}.webp`],
      new Date(Date.now() - 60_000),
    );
    const images = [`${newId()}.webp`, `${newId()}.webp`, `${newId()}.webp`];
    const newer = await insertPortfolio(author.id, 'Yangi loyiha', images, new Date());

    const users = (await get('/api/user/all')).json() as { _id: string; portfolios: unknown[] }[];
    for (const user of users) expect(Array.isArray(user.portfolios)).toBe(true);
    const listed = users.find((user) => user._id === author.id)!;
    expect(listed.portfolios).toEqual([
      { _id: newer.id, title: 'Yangi loyiha', linktitle: newer.linktitle, images, imageAlts: ['', '', ''] },
      {
        _id: older.id,
        title: 'Eski loyiha',
        linktitle: older.linktitle,
        images: expect.any(Array),
        imageAlts: expect.any(Array),
      },
    ]);
    expect(users.find((user) => user._id === alice.id)!.portfolios).toEqual([]);
    expect((await get(`/api/user/${author.id}`)).json().portfolios).toEqual(listed.portfolios);
  });

  it('pages with limit and offset', async () => {
    const all = (await get('/api/user/all')).json() as { _id: string }[];
    expect(all.length).toBeGreaterThanOrEqual(4);
    const page = (await get('/api/user/all?limit=2&offset=1')).json() as { _id: string }[];
    expect(page.map((user) => user._id)).toEqual(all.slice(1, 3).map((user) => user._id));
    expect((await get('/api/user/all?limit=1')).json()).toHaveLength(1);
    expect((await get('/api/user/all?limit=1000')).json()).toHaveLength(all.length);
    expect((await get(`/api/user/all?offset=${all.length}`)).json()).toEqual([]);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=100000', 'limit'],
    ['limit=1001', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=2.5', 'limit'],
    ['limit=1&limit=2', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=abc', 'offset'],
  ])('refuses ?%s with 422', async (query, field) => {
    const response = await get(`/api/user/all?${query}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.json().errors[field]).toHaveLength(1);
  });

  it('hides hidden emails from anonymous visitors and other users, shows public ones and the own', async () => {
    const byId = (users: { _id: string; email: string | null }[], id: string) =>
      users.find((user) => user._id === id)!.email;

    const anonymous = (await get('/api/user/all')).json();
    expect(byId(anonymous, alice.id)).toBeNull();
    expect(byId(anonymous, bobur.id)).toBeNull();
    expect(byId(anonymous, public1.id)).toBe(public1.email);

    const asBobur = (await get('/api/user/all', bobur.token)).json();
    expect(byId(asBobur, alice.id)).toBeNull();
    expect(byId(asBobur, bobur.id)).toBe(bobur.email);
    expect(byId(asBobur, public1.id)).toBe(public1.email);

    const asGarbage = (await get('/api/user/all', 'garbage')).json();
    expect(byId(asGarbage, bobur.id)).toBeNull();
  });
});

describe('GET /api/user/{id}', () => {
  it('finds a user by id and by username in any case', async () => {
    for (const key of [alice.id, alice.username, alice.username.toUpperCase()]) {
      const response = await get(`/api/user/${key}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ _id: alice.id, username: alice.username, firstname: 'Alisa' });
    }
  });

  it('hides a hidden email from others and shows it to the owner', async () => {
    expect((await get(`/api/user/${alice.id}`)).json().email).toBeNull();
    expect((await get(`/api/user/${alice.id}`, bobur.token)).json().email).toBeNull();
    expect((await get(`/api/user/${alice.id}`, alice.token)).json().email).toBe(alice.email);
    expect((await get(`/api/user/${public1.username}`)).json().email).toBe(public1.email);
  });

  it.each(['nobody_here', 'ffffffffffffffffffffffff', '000000000000000000000000'])(
    'answers 404 NOT_FOUND for %s',
    async (key) => {
      const response = await get(`/api/user/${key}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    },
  );

  it('answers 404 as plain Uzbek text to the old client', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/user/nobody_here',
      headers: { accept: '*/*' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe('Foydalanuvchi topilmadi');
  });
});

describe('admins', () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await signUp(context, { email: ADMIN_EMAIL });
  });

  it('makes an ADMIN_EMAILS account an admin everywhere it is shown', async () => {
    expect((await getMe(context, admin.token)).json().isAdmin).toBe(true);
    expect((await login(context, admin.username, admin.password)).json().isAdmin).toBe(true);
    expect((await get(`/api/user/${admin.id}`)).json().isAdmin).toBe(true);
    const users = (await get('/api/user/all')).json() as { _id: string; isAdmin: boolean }[];
    for (const user of users) expect(user.isAdmin).toBe(user._id === admin.id);
  });

  it('keeps everyone else a plain user', async () => {
    expect((await getMe(context, alice.token)).json().isAdmin).toBe(false);
    expect((await login(context, bobur.email, bobur.password)).json().isAdmin).toBe(false);
  });

  it('turns the stored admin flag on and off by username (the CLI path)', async () => {
    const { db, changes } = context.app.services;
    const setAdminFlag = (username: string, isAdmin: boolean) => setAdminRole(db, changes, username, isAdmin);
    expect(await setAdminFlag(bobur.username.toUpperCase(), true)).toBe(true);
    expect((await get(`/api/user/${bobur.id}`)).json().isAdmin).toBe(true);
    expect((await getMe(context, bobur.token)).json().isAdmin).toBe(true);
    expect(await setAdminFlag(bobur.username, false)).toBe(true);
    expect((await get(`/api/user/${bobur.id}`)).json().isAdmin).toBe(false);
    expect(await setAdminFlag('nobody_here', true)).toBe(false);
  });
});
