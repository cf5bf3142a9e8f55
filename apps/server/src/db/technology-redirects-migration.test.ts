import { type Kysely, sql } from 'kysely';
import { expect, inject, it } from 'vitest';
import { refreshPortfolioLists } from '../data/portfolios.repository.js';
import { findMatchingIds, writeSearchEntries } from '../data/search.repository.js';
import { findInconsistencies } from '../seed/consistency.js';
import * as searchTermDocuments from './migrations/20270102090000_search_term_documents.js';
import { migrationSteps } from '../test/migration-steps.js';
import { portfolioRow, userRow } from '../test/rows.js';
import type { Database } from './schema.js';

/*
 * Technologies spelled as the alias list spells one are folded into it once: links moved (one per
 * portfolio), counts counted again (hidden portfolios left out), the folded keys kept as redirects, the
 * portfolios' names, index tokens and words brought up to date. Going back drops the redirects only.
 */

const BEFORE = '20261230090000_spelling_suggestions';
const THIS = '20261230100000_technology_redirects';
const NOW = '2026-12-29T10:00:00.000Z';

const { db, migrator, columns } = migrationSteps(BEFORE);
const typed = () => db() as unknown as Kysely<Database>;

const AUTHOR = '6e0000000000000000000001';
const id = (n: number) => `6e00000000000000000000${String(n).padStart(2, '0')}`;
const TECHNOLOGIES = [
  [10, 'React', 'react'],
  [11, 'ReactJS', 'reactjs'],
  [12, 'react.js', 'react.js'],
  [13, 'NodeJS', 'nodejs'],
  [14, 'Java', 'java'],
  [15, 'JavaScript', 'javascript'],
  [16, 'JS', 'js'],
] as const;
const PORTFOLIOS: [number, number[], boolean][] = [
  [20, [11, 10], false],
  [21, [12, 14], false],
  [22, [10, 13, 16], false],
  [23, [11, 15], true],
  [24, [14, 15], false],
];

it('folds listed spellings into one technology, with counts, names, index and redirects', async () => {
  const dialect = inject('dialect');
  await db()
    .insertInto('users')
    .values(userRow({ id: AUTHOR, username: 'muallif', created_at: NOW }))
    .execute();
  await db()
    .insertInto('technologies')
    .values(TECHNOLOGIES.map(([n, name, slug]) => ({ id: id(n), name, slug, portfolios_count: 0 })))
    .execute();
  for (const [n, used, hidden] of PORTFOLIOS) {
    await db()
      .insertInto('portfolios')
      .values(
        portfolioRow(
          { idPrefix: '6e00000000000000000000', authorId: AUTHOR, n, at: NOW },
          { hidden_at: hidden ? NOW : null, linktitle: `muallif_${n}` },
        ),
      )
      .execute();
    await db()
      .insertInto('portfolio_technologies')
      .values(used.map((t, position) => ({ portfolio_id: id(n), technology_id: id(t), position })))
      .execute();
    await refreshPortfolioLists(typed(), id(n));
  }
  // Counted as the site counts them: visible portfolios only.
  for (const [n] of TECHNOLOGIES) {
    const visible = PORTFOLIOS.filter(([, used, hidden]) => !hidden && used.includes(n)).length;
    await db()
      .updateTable('technologies')
      .set({ portfolios_count: visible })
      .where('id', '=', id(n))
      .execute();
  }
  // Today's index writer also keeps the title words and (SQLite) its words' counts, columns later
  // migrations add.
  await sql`alter table portfolios add column title_words text not null default ''`.execute(db());
  if (dialect === 'sqlite') {
    await sql`alter table search_terms add column documents integer not null default 0`.execute(db());
  }
  await writeSearchEntries(
    typed(),
    dialect,
    PORTFOLIOS.map(([n]) => id(n)),
  );
  expect(await findInconsistencies(typed(), dialect)).toEqual([]);
  // The counts' column as it was then: not there. The migration that adds it runs after this one.
  if (dialect === 'sqlite') await sql`alter table search_terms drop column documents`.execute(db());

  expect((await migrator().migrateTo(THIS)).error).toBeUndefined();
  if (dialect === 'sqlite') await searchTermDocuments.up(db());

  const technologies = await db()
    .selectFrom('technologies')
    .select(['id', 'name', 'slug', 'portfolios_count'])
    .orderBy('id')
    .execute();
  expect(technologies.map((t) => ({ ...t, portfolios_count: Number(t.portfolios_count) }))).toEqual([
    { id: id(10), name: 'React', slug: 'react', portfolios_count: 3 },
    // No row had the kept name: the one there was takes it.
    { id: id(13), name: 'Node.js', slug: 'node.js', portfolios_count: 1 },
    { id: id(14), name: 'Java', slug: 'java', portfolios_count: 2 },
    { id: id(15), name: 'JavaScript', slug: 'javascript', portfolios_count: 2 },
  ]);
  const redirects = await db()
    .selectFrom('technology_redirects')
    .select(['slug', 'technology_id'])
    .orderBy('slug')
    .execute();
  expect(redirects).toEqual([
    { slug: 'js', technology_id: id(15) },
    { slug: 'nodejs', technology_id: id(13) },
    { slug: 'react.js', technology_id: id(10) },
    { slug: 'reactjs', technology_id: id(10) },
  ]);
  const names = await db()
    .selectFrom('portfolios')
    .select(['id', 'technology_names'])
    .orderBy('id')
    .execute();
  expect(names.map((row) => JSON.parse(String(row.technology_names)))).toEqual([
    ['React'],
    ['React', 'Java'],
    ['React', 'Node.js', 'JavaScript'],
    ['React', 'JavaScript'],
    ['Java', 'JavaScript'],
  ]);
  expect(await findInconsistencies(typed(), dialect)).toEqual([]);

  const find = (technologyIds: string[], searchTerms: string[] = []) =>
    findMatchingIds(typed(), dialect, { technologyIds, searchTerms }, 'new', 10, 0);
  expect(new Set(await find([id(10)]))).toEqual(new Set([id(20), id(21), id(22)]));
  expect(new Set(await find([id(15)]))).toEqual(new Set([id(22), id(24)]));
  // Found by the kept name's words too, and still by the old spelling's.
  expect(await find([], ['javascript', 'node'])).toEqual([id(22)]);
  expect(new Set(await find([], ['reactjs']))).toEqual(new Set([id(20)]));

  expect((await migrator().migrateTo(BEFORE)).error).toBeUndefined();
  expect(await columns('technology_redirects')).toEqual([]);
  expect(await db().selectFrom('technologies').select('id').execute()).toHaveLength(4);
});
