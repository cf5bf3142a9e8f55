import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../modules/passwords/passwords.js';
import { findMatchingIds, toSearchTerms } from '../data/search.repository.js';
import { createTestContext, type TestContext } from '../test/app.js';
import { BULK_PASSWORD, type BulkOptions, seedBulk } from './bulk.js';
import { findInconsistencies } from './consistency.js';

const SIZES = { users: 50, portfolios: 200, likes: 1000, comments: 300 };
const OPTIONS: BulkOptions = {
  ...SIZES,
  seed: 'test',
  reset: false,
  until: new Date('2026-01-15T00:00:00Z'),
};

describe('bulk seed', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext();
    const { db, dialect } = context.app.services;
    await seedBulk(db, dialect, OPTIONS);
  });
  afterAll(() => context.close());

  async function count(table: 'users' | 'portfolios' | 'likes' | 'comments' | 'portfolio_technologies') {
    const { db } = context.app.services;
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('writes exactly the requested rows', async () => {
    expect(await count('users')).toBe(SIZES.users);
    expect(await count('portfolios')).toBe(SIZES.portfolios);
    expect(await count('likes')).toBe(SIZES.likes);
    expect(await count('comments')).toBe(SIZES.comments);
    const links = await count('portfolio_technologies');
    expect(links).toBeGreaterThanOrEqual(SIZES.portfolios);
    expect(links).toBeLessThanOrEqual(SIZES.portfolios * 6);
  });

  it('keeps every counter exact, linktitles unique and every portfolio searchable', async () => {
    const { db, dialect } = context.app.services;
    expect(await findInconsistencies(db, dialect)).toEqual([]);
  });

  it('threads some comments: a reply answers an earlier top-level comment of its portfolio', async () => {
    const { db } = context.app.services;
    const replies = await db
      .selectFrom('comments as r')
      .innerJoin('comments as t', 't.id', 'r.parent_id')
      .select([
        'r.portfolio_id',
        'r.created_at',
        't.portfolio_id as thread_portfolio',
        't.parent_id as thread_parent',
        't.created_at as thread_at',
      ])
      .execute();
    expect(replies.length).toBeGreaterThan(0);
    expect(replies.length).toBeLessThan(SIZES.comments / 2);
    for (const reply of replies) {
      expect(reply.thread_portfolio).toBe(reply.portfolio_id);
      expect(reply.thread_parent).toBeNull();
      expect(new Date(reply.thread_at).getTime()).toBeLessThanOrEqual(new Date(reply.created_at).getTime());
    }
  });

  it('skews popularity: a few portfolios get many likes', async () => {
    const { db } = context.app.services;
    const top = await db
      .selectFrom('portfolios')
      .select('likes_count')
      .orderBy('likes_count', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(top.likes_count).toBeGreaterThan((3 * SIZES.likes) / SIZES.portfolios);
    expect(top.likes_count).toBeLessThanOrEqual(SIZES.users);
  });

  it('finds a portfolio by a word of its title through the text index', async () => {
    const { db, dialect } = context.app.services;
    const portfolio = await db
      .selectFrom('portfolios')
      .select(['id', 'title'])
      .orderBy('id')
      .offset(17)
      .limit(1)
      .executeTakeFirstOrThrow();
    const word = toSearchTerms(portfolio.title).sort((a, b) => b.length - a.length)[0]!;
    const criteria = { technologyIds: [], searchTerms: [word] };
    const ids = await findMatchingIds(db, dialect, criteria, 'new', SIZES.portfolios, 0);
    expect(ids).toContain(portfolio.id);
    expect(ids.length).toBeLessThan(SIZES.portfolios);
  });

  it('lets every user sign in with the documented password', async () => {
    const { db } = context.app.services;
    const user = await db.selectFrom('users').select('password_hash').limit(1).executeTakeFirstOrThrow();
    expect(await verifyPassword(user.password_hash!, BULK_PASSWORD)).toBe(true);
    const response = await context.app.inject({ method: 'GET', url: '/api/user/all?limit=5' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(5);
  });

  it('refuses to add to existing data unless asked to reset, and then repeats itself exactly', async () => {
    const { db, dialect } = context.app.services;
    await expect(seedBulk(db, dialect, OPTIONS)).rejects.toThrow(/--reset/);

    const snapshot = async () => {
      const portfolios = await db
        .selectFrom('portfolios')
        .select(['id', 'linktitle', 'likes_count', 'comments_count'])
        .orderBy('id')
        .execute();
      const likes = await db
        .selectFrom('likes')
        .select(['portfolio_id', 'user_id'])
        .orderBy('portfolio_id')
        .orderBy('user_id')
        .execute();
      return JSON.stringify({ portfolios, likes });
    };
    const before = await snapshot();
    await seedBulk(db, dialect, { ...OPTIONS, reset: true });
    expect(await snapshot()).toBe(before);
    expect(await findInconsistencies(db, dialect)).toEqual([]);
  });
});
