import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  call,
  createTestContext,
  createWithImages,
  signUp,
  type TestContext,
  type TestUser,
} from '../../test/app.js';

let context: TestContext;
let owner: TestUser;
let reader: TestUser;
let admin: TestUser;
beforeAll(async () => {
  context = await createTestContext({ ADMIN_EMAILS: ADMIN_EMAIL });
  [owner, reader, admin] = [
    await signUp(context),
    await signUp(context),
    await signUp(context, { email: ADMIN_EMAIL }),
  ];
});
afterAll(() => context.close());

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

const view = (id: string, headers: Record<string, string>, remoteAddress = '10.1.2.3') =>
  call(context.app, { method: 'POST', url: `/api/portfolio/${id}/view`, headers, remoteAddress });
const series = (id: string, user: TestUser | null) =>
  call(context.app, {
    method: 'GET',
    url: `/api/portfolio/${id}/views`,
    headers: user ? { 'x-token': user.token } : {},
  });

it('counts unique readers per day, not the owner, not crawlers, and stores no address', async () => {
  const portfolio = await createWithImages(context.app, owner, 0, { title: 'Ko‘rilgan loyiha' });
  const answers = [
    await view(portfolio._id, { 'user-agent': BROWSER }),
    await view(portfolio._id, { 'user-agent': BROWSER }),
    await view(portfolio._id, { 'user-agent': PHONE }),
    await view(portfolio._id, { 'user-agent': BROWSER }, '10.9.9.9'),
    await view(portfolio._id, { 'user-agent': BROWSER, 'x-token': reader.token }),
    await view(portfolio._id, { 'user-agent': PHONE, 'x-token': reader.token }, '10.7.7.7'),
    await view(portfolio._id, { 'user-agent': BROWSER, 'x-token': owner.token }),
    await view(portfolio._id, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' }),
    await view(portfolio._id, { 'user-agent': 'TelegramBot (like TwitterBot)' }),
    await view(portfolio._id, { 'user-agent': '' }),
  ];
  for (const answer of answers) expect(answer.statusCode).toBe(204);

  const mine = await series(portfolio._id, owner);
  expect(mine.statusCode).toBe(200);
  expect(mine.headers['cache-control']).toBe('private, no-store');
  const { days, total } = mine.json() as { days: { date: string; viewers: number }[]; total: number };
  expect(days).toHaveLength(30);
  expect(days.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), viewers: 4 });
  expect(days.slice(0, -1).every((day) => day.viewers === 0)).toBe(true);
  expect(total).toBe(4);

  const rows = await context.app.services.db.selectFrom('portfolio_views').selectAll().execute();
  expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.visitor))).toBe(true);
  expect(JSON.stringify(rows)).not.toMatch(/10\.1\.2\.3|Mozilla|user:/);
});

it('shows the numbers to the owner and admins only', async () => {
  const portfolio = await createWithImages(context.app, owner, 0);
  expect((await series(portfolio._id, admin)).statusCode).toBe(200);
  const other = await series(portfolio._id, reader);
  expect(other.statusCode).toBe(403);
  expect(other.json().code).toBe('FORBIDDEN');
  expect((await series(portfolio._id, null)).statusCode).toBe(401);
  expect((await series('0123456789abcdef01234567', owner)).statusCode).toBe(404);
  expect((await view('0123456789abcdef01234567', { 'user-agent': BROWSER })).statusCode).toBe(404);
});

it('keeps 30 days: older views and their salts go', async () => {
  const portfolio = await createWithImages(context.app, owner, 0);
  const { db, views } = context.app.services;
  const old = new Date(Date.now() - 40 * 86_400_000);
  await views.record(
    { id: portfolio._id, author_id: owner.id },
    { userId: reader.id, ip: '', userAgent: '' },
    old,
  );
  const oldDay = old.toISOString().slice(0, 10);
  expect(await db.selectFrom('view_salts').select('day').where('day', '=', oldDay).execute()).toHaveLength(1);
  await views.purgeOld();
  expect(await db.selectFrom('portfolio_views').select('day').where('day', '=', oldDay).execute()).toEqual(
    [],
  );
  expect(await db.selectFrom('view_salts').select('day').where('day', '=', oldDay).execute()).toEqual([]);
});
