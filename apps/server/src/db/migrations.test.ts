import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { findMatchingIds } from '../data/search.repository.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { createDatabase, type DatabaseHandle } from './database.js';
import { migrateToLatest, migrationProvider } from './migrator.js';
import { findInconsistencies } from '../seed/consistency.js';
import { userRow } from '../test/rows.js';

/*
 * A database made by the first release, with its data, moved to the current schema: nothing is lost and
 * the moved rows are found by filter and search exactly like new ones.
 */

let database: TestDatabase;
let handle: DatabaseHandle;

const NOW = '2026-11-20T10:00:00.000Z';
const id = (n: number) => `6900000000000000000000${String(n).padStart(2, '0')}`;
const users = [{ id: id(1), username: 'olim', firstname: 'Olim', lastname: 'Karimov' }];
const technologies = [
  { id: id(10), name: 'React', slug: 'react', portfolios_count: 3 },
  { id: id(11), name: 'Go', slug: 'go', portfolios_count: 1 },
];
// Two portfolios share a creation time: the move must still give each its own place in the index.
const portfolios = [
  { id: id(20), title: 'Kutubxona tizimi', created_at: '2026-01-01T00:00:00.000Z', used: [id(10)] },
  { id: id(21), title: 'Ob-havo boti', created_at: '2026-02-01T00:00:00.000Z', used: [id(10), id(11)] },
  { id: id(22), title: 'Kutubxona ilovasi', created_at: '2026-02-01T00:00:00.000Z', used: [id(10)] },
];

beforeAll(async () => {
  database = await createTestDatabase();
  handle = createDatabase(loadConfig({ DATABASE_URL: database.url }).database, { logger: console });
  const { db, dialect } = handle;
  const migrator = new Migrator({ db, provider: migrationProvider });
  const first = await migrator.migrateTo('20261122090000_initial_schema');
  expect(first.error).toBeUndefined();

  await db
    .insertInto('users')
    .values(users.map((user) => userRow({ ...user, created_at: NOW })))
    .execute();
  await db.insertInto('technologies').values(technologies).execute();
  for (const [index, portfolio] of portfolios.entries()) {
    await db
      .insertInto('portfolios')
      .values({
        id: portfolio.id,
        author_id: users[0]!.id,
        title: portfolio.title,
        linktitle: `olim_${index}`,
        description: '',
        url: 'https://example.uz',
        repo_url: null,
        created_at: portfolio.created_at,
        updated_at: portfolio.created_at,
      })
      .execute();
    await db
      .insertInto('portfolio_technologies')
      .values(
        portfolio.used.map((technology_id, position) => ({
          portfolio_id: portfolio.id,
          technology_id,
          position,
        })),
      )
      .execute();
    // The first release's search entry: the lowercased words.
    const document = `${portfolio.title.toLowerCase().replace(/-/g, ' ')} olim olim karimov`;
    if (dialect === 'postgres') {
      await sql`update portfolios set search_vector = to_tsvector('simple', ${document})
        where id = ${portfolio.id}`.execute(db);
    } else {
      await sql`insert into portfolio_search_rows (portfolio_id) values (${portfolio.id})`.execute(db);
      await sql`insert into portfolio_search (rowid, document)
        select id, ${document} from portfolio_search_rows where portfolio_id = ${portfolio.id}`.execute(db);
    }
  }
  expect(await migrateToLatest(db)).toEqual([
    '20261123090000_indexed_technology_filter',
    '20261124090000_author_updated_index',
    '20261125090000_likers_index',
    '20261126090000_search_terms',
    '20261127090000_portfolio_lists',
    '20261128090000_account_links',
    '20261129090000_follows',
    '20261130090000_bookmarks',
    '20261201090000_notifications',
    '20261202090000_trending',
    '20261203090000_portfolio_views',
    '20261204090000_moderation',
    '20261205090000_original_images',
    '20261206090000_covering_order_indexes',
    '20261207090000_search_index_state',
    '20261208090000_user_script',
    '20261209090000_telegram_accounts',
    '20261210090000_portfolio_aliases',
    '20261211090000_user_locale',
    '20261212090000_profile_cv',
    '20261213090000_people_directory',
    '20261214090000_telegram_chats',
    '20261215090000_telegram_outbox',
    '20261216090000_visible_likes_received',
    '20261217090000_telegram_channel',
    '20261218090000_telegram_fanouts',
    '20261219090000_ranked_likes',
    '20261220090000_image_alts',
    '20261221090000_comment_edits',
    '20261222090000_comment_replies',
    '20261223090000_github_repos',
    '20261224090000_portfolio_drafts',
    '20261225090000_telegram_fanout_claims',
    '20261226090000_blocks_mutes',
    '20261227090000_co_authors',
    '20261228090000_mentions',
    '20261230090000_spelling_suggestions',
    '20261230100000_technology_redirects',
    '20261231090000_technology_prefix_index',
    '20270101090000_title_words',
    '20270102090000_search_term_documents',
  ]);
});

afterAll(async () => {
  await handle?.destroy();
  await database?.drop();
});

const find = (technologyIds: string[], searchTerms: string[] = []) =>
  findMatchingIds(handle.db, handle.dialect, { technologyIds, searchTerms }, 'new', 10, 0);

describe('moving a first-release database to the current schema', () => {
  it('keeps every row and leaves nothing inconsistent', async () => {
    const { db, dialect } = handle;
    const rows = await db.selectFrom('portfolios').select('id').orderBy('id').execute();
    expect(rows.map((row) => row.id)).toEqual(portfolios.map((portfolio) => portfolio.id));
    expect(await findInconsistencies(db, dialect)).toEqual([]);
  });

  it('filters the moved portfolios by technology, newest first', async () => {
    expect(await find([id(11)])).toEqual([id(21)]);
    const react = await find([id(10)]);
    expect(react).toHaveLength(3);
    expect(react[2]).toBe(id(20));
    expect(new Set(react.slice(0, 2))).toEqual(new Set([id(21), id(22)]));
    expect(await find([id(10), id(11)])).toEqual([id(21)]);
  });

  it('finds the moved portfolios by their words, alone and with a technology', async () => {
    expect(new Set(await find([], ['kutubxona']))).toEqual(new Set([id(20), id(22)]));
    expect(await find([], ['ob', 'hav'])).toEqual([id(21)]);
    expect(await find([id(11)], ['kutubxona'])).toEqual([]);
  });
});

describe('accounts without an email or a password (signing in with Telegram)', () => {
  it('keeps the account, its portfolios and its constraints after the users table is remade', async () => {
    const { db } = handle;
    const olim = await db.selectFrom('users').selectAll().where('id', '=', id(1)).executeTakeFirstOrThrow();
    expect(olim).toMatchObject({
      username: 'olim',
      email: 'olim@example.uz',
      password_hash: 'x',
      telegram_id: null,
    });
    const owned = await db.selectFrom('portfolios').select('id').where('author_id', '=', id(1)).execute();
    expect(owned).toHaveLength(portfolios.length);

    const account = {
      username: 'telegramchi',
      email: null,
      password_hash: null,
      email_public: 0,
      firstname: 'Telegram',
      lastname: '',
      image: null,
      is_admin: 0,
      description: '',
      skills: '[]',
      github_profile: '',
      telegram_profile: '',
      created_at: NOW,
      updated_at: NOW,
    } as const;
    const insert = (values: { id: string; telegram_id: string | null; username?: string; email?: string }) =>
      db
        .insertInto('users')
        .values({ ...account, ...values })
        .execute();
    await insert({ id: id(2), telegram_id: '123456789' });
    // Many accounts may have no email; a Telegram id and a username still belong to one account.
    await insert({ id: id(3), username: 'boshqa', telegram_id: null });
    await expect(insert({ id: id(4), username: 'uchinchi', telegram_id: '123456789' })).rejects.toThrow();
    await expect(insert({ id: id(4), username: 'TELEGRAMCHI', telegram_id: null })).rejects.toThrow();
    await expect(
      insert({ id: id(4), username: 'nusxa', email: 'olim@example.uz', telegram_id: null }),
    ).rejects.toThrow();

    // Sessions: one that names no user, and one that goes with its user.
    const session = (sessionId: string, userId: string, hash: string) =>
      db
        .insertInto('sessions')
        .values({
          id: sessionId,
          user_id: userId,
          token_hash: hash.repeat(64),
          created_at: NOW,
          expires_at: NOW,
        })
        .execute();
    // Foreign keys into the remade table still hold: a session needs its user and goes with it.
    await expect(session(id(40), id(99), 'a')).rejects.toThrow();
    await session(id(41), id(3), 'b');
    await db.deleteFrom('users').where('id', '=', id(3)).execute();
    expect(await db.selectFrom('sessions').select('id').where('id', '=', id(41)).execute()).toEqual([]);
  });
});
