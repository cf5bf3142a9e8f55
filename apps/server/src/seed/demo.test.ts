import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../modules/passwords/passwords.js';
import { technologySlug } from '../data/naming.js';
import { findMatchingIds } from '../data/search.repository.js';
import { createTestContext, type TestContext } from '../test/app.js';
import { findInconsistencies } from './consistency.js';
import { DEMO_PASSWORD, seedDemo } from './demo.js';

const silent = { info: () => undefined };

describe('demo seed', () => {
  let context: TestContext;
  let seeded: boolean;

  beforeAll(async () => {
    context = await createTestContext();
    const { db, dialect, imageStore } = context.app.services;
    seeded = await seedDemo(db, dialect, imageStore, silent);
  });
  afterAll(() => context.close());

  it('fills an empty database with users, portfolios, likes and comments', async () => {
    const { db } = context.app.services;
    expect(seeded).toBe(true);
    const count = async (table: 'users' | 'portfolios' | 'likes' | 'comments') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('users')).toBeGreaterThanOrEqual(10);
    expect(await count('users')).toBeLessThanOrEqual(15);
    expect(await count('portfolios')).toBe(40);
    expect(await count('likes')).toBeGreaterThan(40);
    expect(await count('comments')).toBeGreaterThan(40);

    const user = await db.selectFrom('users').selectAll().orderBy('id').executeTakeFirstOrThrow();
    expect(await verifyPassword(user.password_hash!, DEMO_PASSWORD)).toBe(true);
    expect(JSON.parse(user.skills)).toEqual(expect.arrayContaining([expect.any(String)]));
    const publicEmails = await db.selectFrom('users').select('id').where('email_public', '=', 1).execute();
    expect(publicEmails.length).toBeGreaterThan(0);
  });

  it('gives every portfolio at least one WebP picture on disk', async () => {
    const { db, imageStore } = context.app.services;
    const rows = await db
      .selectFrom('portfolios as p')
      .leftJoin('images as i', 'i.portfolio_id', 'p.id')
      .select(['p.id', 'p.author_id', 'i.filename', 'i.owner_id', 'i.position'])
      .execute();
    const byPortfolio = new Map<string, typeof rows>();
    for (const row of rows) byPortfolio.set(row.id, [...(byPortfolio.get(row.id) ?? []), row]);
    expect(byPortfolio.size).toBe(40);
    for (const images of byPortfolio.values()) {
      expect(images[0]?.filename).toBeTruthy();
      expect(images.map((image) => image.position).sort()).toEqual(images.map((_, index) => index));
      for (const image of images) expect(image.owner_id).toBe(image.author_id);
    }
    const files = rows.map((row) => row.filename).filter((name): name is string => name !== null);
    const sampled = [files[0], files[files.length - 1]].filter((name): name is string => !!name);
    for (const filename of files) expect(fs.existsSync(path.join(imageStore.dir, filename))).toBe(true);
    for (const filename of sampled) {
      const metadata = await sharp(path.join(imageStore.dir, filename)).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.width).toBeGreaterThan(100);
    }
    const avatars = await db.selectFrom('users').select('image').where('image', 'is not', null).execute();
    expect(avatars.length).toBeGreaterThan(0);
    for (const { image } of avatars) expect(fs.existsSync(path.join(imageStore.dir, image!))).toBe(true);
  });

  it('keeps counters, technologies, linktitles and the search index consistent', async () => {
    const { db, dialect } = context.app.services;
    expect(await findInconsistencies(db, dialect)).toEqual([]);
    const technologies = await db.selectFrom('technologies').select(['id', 'name', 'slug']).execute();
    for (const technology of technologies) {
      expect(technology.id).toMatch(/^[0-9a-f]{24}$/);
      expect(technology.slug).toBe(technologySlug(technology.name));
    }
    const react = technologies.find((technology) => technology.slug === 'react');
    expect(react?.name).toBe('React');

    const matches = await findMatchingIds(
      db,
      dialect,
      { technologyIds: [], searchTerms: ['metro'] },
      'new',
      100,
      0,
    );
    expect(matches).toHaveLength(1);
  });

  it('orders ids by creation time and keeps every date in the past', async () => {
    const { db } = context.app.services;
    const portfolios = await db.selectFrom('portfolios').select(['id', 'created_at']).execute();
    const now = Date.now();
    for (const portfolio of portfolios) {
      const created = new Date(portfolio.created_at).getTime();
      expect(parseInt(portfolio.id.slice(0, 8), 16)).toBe(Math.floor(created / 1000));
      expect(created).toBeLessThan(now);
    }
    const comments = await db
      .selectFrom('comments as c')
      .innerJoin('portfolios as p', 'p.id', 'c.portfolio_id')
      .innerJoin('users as u', 'u.id', 'c.author_id')
      .select(['c.created_at as comment', 'p.created_at as portfolio', 'u.created_at as author'])
      .execute();
    for (const comment of comments) {
      expect(new Date(comment.comment).getTime()).toBeGreaterThan(new Date(comment.portfolio).getTime());
      expect(new Date(comment.comment).getTime()).toBeGreaterThan(new Date(comment.author).getTime());
    }
  });

  it('serves the seeded users through the API', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/user/azizbek_dev' });
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(user.email).toBe('azizbek_dev@example.uz');
    expect(user.portfolios.length).toBeGreaterThan(0);
    expect(user.portfolios[0].images.length).toBeGreaterThan(0);
  });

  it('reads back consistent portfolios through the portfolio API', async () => {
    const page = await context.app.inject({ method: 'GET', url: '/api/portfolio?page=1&sort=popular' });
    expect(page.statusCode).toBe(200);
    expect(page.json().total).toBe(40);
    const first = page.json().items[0];
    const one = await context.app.inject({
      method: 'GET',
      url: `/api/portfolio/${encodeURIComponent(first.linktitle)}`,
    });
    expect(one.statusCode).toBe(200);
    const portfolio = one.json();
    expect(portfolio.likes).toHaveLength(portfolio.likesCount);
    expect(portfolio.comments).toHaveLength(portfolio.commentsCount);
    expect(portfolio.images.length).toBeGreaterThan(0);
    const search = await context.app.inject({ method: 'GET', url: '/api/portfolio?q=metro' });
    expect(search.json().total).toBe(1);
  });

  it('does nothing the second time', async () => {
    const { db, dialect, imageStore } = context.app.services;
    const filesBefore = fs.readdirSync(imageStore.dir).length;
    expect(await seedDemo(db, dialect, imageStore, silent)).toBe(false);
    expect(fs.readdirSync(imageStore.dir).length).toBe(filesBefore);
    const count = await db
      .selectFrom('portfolios')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(40);
  });
});
