import { expect, it } from 'vitest';
import { migrationSteps } from '../test/migration-steps.js';
import { portfolioRow, userRow } from '../test/rows.js';

/*
 * Every picture gets a description (`images.alt`), empty for those already there, and each portfolio a
 * copy of its gallery's descriptions in order (`portfolios.image_alts`) beside `image_names`; going back
 * drops both.
 */

const BEFORE = '20261219090000_ranked_likes';
const THIS = '20261220090000_image_alts';
const NOW = '2026-12-20T10:00:00.000Z';

const { db, migrator, columns } = migrationSteps(BEFORE);

const AUTHOR = '6c0000000000000000000001';
const portfolio = (n: number) =>
  portfolioRow({ idPrefix: '6c00000000000000000000', authorId: AUTHOR, n, at: NOW }, {});
const image = (filename: string, portfolioId: string, position: number) => ({
  filename,
  owner_id: AUTHOR,
  portfolio_id: portfolioId,
  position,
  width: 10,
  height: 10,
  bytes: 100,
  created_at: NOW,
});

it('gives every picture an empty description, copied onto its portfolio in order, and drops them going back', async () => {
  await db()
    .insertInto('users')
    .values(userRow({ id: AUTHOR, username: 'muallif', created_at: NOW }))
    .execute();
  await db()
    .insertInto('portfolios')
    .values([portfolio(1), portfolio(2)])
    .execute();
  await db()
    .insertInto('images')
    .values([image('b.webp', portfolio(1).id, 1), image('a.webp', portfolio(1).id, 0)])
    .execute();
  expect(await columns('images')).not.toContain('alt');

  expect((await migrator().migrateTo(THIS)).error).toBeUndefined();
  const alts = await db().selectFrom('images').select(['filename', 'alt']).orderBy('filename').execute();
  expect(alts).toEqual([
    { filename: 'a.webp', alt: '' },
    { filename: 'b.webp', alt: '' },
  ]);
  const rows = await db().selectFrom('portfolios').select(['id', 'image_alts']).orderBy('id').execute();
  expect(rows.map((row) => JSON.parse(row.image_alts as string))).toEqual([['', ''], []]);

  // A picture added later has an empty description unless it is given one.
  await db()
    .insertInto('images')
    .values({ ...image('c.webp', portfolio(2).id, 0), alt: 'Bosh sahifa' })
    .execute();
  await db()
    .insertInto('images')
    .values(image('d.webp', portfolio(2).id, 1))
    .execute();
  const later = await db()
    .selectFrom('images')
    .select('alt')
    .where('portfolio_id', '=', portfolio(2).id)
    .orderBy('position')
    .execute();
  expect(later.map((row) => row.alt)).toEqual(['Bosh sahifa', '']);

  expect((await migrator().migrateTo(BEFORE)).error).toBeUndefined();
  expect(await columns('images')).not.toContain('alt');
  expect(await columns('portfolios')).not.toContain('image_alts');
  expect(await db().selectFrom('images').select('filename').execute()).toHaveLength(4);
});
