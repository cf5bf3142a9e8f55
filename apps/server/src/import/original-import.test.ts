import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInconsistencies } from '../seed/consistency.js';
import { isImageFilename } from '../modules/images/image-store.js';
import { login } from '../test/accounts.js';
import { call, createTestContext, type TestContext } from '../test/app.js';
import { ids, OLD_PASSWORD, type OriginalDump, writeOriginalDump } from '../test/original-dump.js';
import { type Dump, readDump } from './dump.js';
import { type ImportReport, importOriginal } from './original-import.js';
import { formatReport } from './report.js';

/*
 * The original site's dump, with every messy case decision 0030 has a rule for, imported through the real
 * code into the dialect under test, then read back through the API as the old client and links would.
 */

let context: TestContext;
let original: OriginalDump;
let dump: Dump;
let closeDump: () => void;
let first: ImportReport;

const services = () => context.app.services;
const run = (dryRun = false) =>
  importOriginal(dump, services(), { dryRun, batch: { users: 2, portfolios: 2 } });
const hex = (id: { toHexString(): string }) => id.toHexString();

/** Rows per table and the files in the upload folder: what "changes nothing" is checked against. */
async function snapshot() {
  const { db } = services();
  const tables = [
    'users',
    'portfolios',
    'likes',
    'comments',
    'images',
    'technologies',
    'original_images',
    'portfolio_aliases',
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db.selectFrom(table).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  const uploads = context.config.uploadDir;
  const files = fs.existsSync(uploads)
    ? fs.readdirSync(uploads).filter((name) => name.endsWith('.webp'))
    : [];
  const hashes = await db.selectFrom('users').select(['id', 'password_hash']).orderBy('id').execute();
  return { counts, files: files.sort(), hashes };
}

const portfolio = async (idOrLinktitle: string) => {
  const response = await call(context.app, {
    method: 'GET',
    url: `/api/portfolio/${encodeURIComponent(idOrLinktitle)}`,
  });
  return { status: response.statusCode, body: response.json() };
};

beforeAll(async () => {
  context = await createTestContext();
  original = await writeOriginalDump(context.dataDir);
  const read = await readDump(original.folder);
  dump = read.dump;
  closeDump = read.close;
});
afterAll(async () => {
  closeDump();
  await context.close();
});

describe('importing the original site', () => {
  it('reads a mongodump folder: plain, gzipped, chunks in any order', async () => {
    const { missing, close } = await readDump(original.folder);
    close();
    expect(missing).toEqual([]);
    expect(dump.users).toHaveLength(5);
    expect(dump.portfolios).toHaveLength(6);
    expect(dump.chunks.count).toBeGreaterThan(dump['uploads.files'].length);
  });

  it('a dry run reports what it would import and every problem, and changes nothing', async () => {
    const before = await snapshot();
    const report = await run(true);
    expect(await snapshot()).toEqual(before);
    expect(before.counts.users).toBe(0);
    expect(report.dryRun).toBe(true);
    expect(report.changed).toBe(true);
    expect(report.totals.users).toEqual({ imported: 4, alreadyThere: 0, skipped: 1 });
    expect(report.totals.portfolios).toEqual({ imported: 5, alreadyThere: 0, skipped: 1 });
    expect(report.totals.images).toEqual({ imported: 3, alreadyThere: 0, skipped: 3 });
    expect(formatReport(report)).toContain('Dry run: nothing was changed.');
  });

  it('imports, counting every messy case under its rule', async () => {
    first = await run();
    expect(first.changed).toBe(true);
    expect(first.totals).toEqual({
      users: { imported: 4, alreadyThere: 0, skipped: 1 },
      portfolios: { imported: 5, alreadyThere: 0, skipped: 1 },
      likes: { imported: 2, alreadyThere: 0, skipped: 2 },
      comments: { imported: 3, alreadyThere: 0, skipped: 3 },
      images: { imported: 3, alreadyThere: 0, skipped: 3 },
    });
    const counts = Object.fromEntries([...first.problems.found].map(([kind, { count }]) => [kind, count]));
    expect(counts).toEqual({
      'user-without-id': 1,
      'username-missing': 1,
      'username-taken': 1,
      'email-missing': 1,
      'email-duplicate': 1,
      'password-unusable': 1,
      'date-missing': 1,
      'author-from-user-list': 1,
      'portfolio-without-author': 1,
      'user-list-disagrees': 1,
      'title-missing': 1,
      'linktitle-missing': 2,
      'linktitle-unsafe': 1,
      'linktitle-duplicate': 1,
      'used-as-string': 1,
      'technology-duplicate': 3,
      'technologies-missing': 1,
      'like-by-missing-user': 1,
      'like-twice': 1,
      'comment-without-author': 1,
      'comment-without-portfolio': 1,
      'comment-empty': 1,
      'image-missing': 1,
      'image-incomplete': 1,
      'image-undecodable': 1,
    });
    expect(formatReport(first)).toMatch(/users\s+4\s+0\s+1/);
    const { db, dialect } = services();
    expect(await findInconsistencies(db, dialect)).toEqual([]);
  });

  it('keeps ids, names, links, flags and dates; contested names and addresses go to the earliest', async () => {
    const { db } = services();
    const rows = await db.selectFrom('users').selectAll().orderBy('id').execute();
    expect(rows.map((row) => [row.id, row.username, row.email, row.is_admin])).toEqual([
      [hex(ids.ali), 'ali', 'ali@example.uz', 1],
      [hex(ids.aliCase), 'Ali_2', `${hex(ids.aliCase)}@original.invalid`, 0],
      [hex(ids.vali), 'vali', `${hex(ids.vali)}@original.invalid`, 0],
      [hex(ids.nameless), 'user_000004', 'nameless@example.uz', 0],
    ]);
    const response = await call(context.app, { method: 'GET', url: `/api/user/${hex(ids.ali)}` });
    expect(response.json()).toMatchObject({
      _id: hex(ids.ali),
      username: 'ali',
      firstname: 'Ali',
      lastname: 'Valiyev',
      isAdmin: true,
      description: 'Frontend dasturchi',
      skills: ['React', 'Node.js'],
      githubProfile: 'https://github.com/ali',
      telegramProfile: 'https://t.me/ali',
      registeredDate: '2021-01-01T09:30:00.000Z',
    });
    const other = (await call(context.app, { method: 'GET', url: `/api/user/${hex(ids.aliCase)}` })).json();
    expect(other).toMatchObject({ description: 'Backend', skills: ['Go', 'Postgres'] });
    // The portfolio's `author` wins over a user's list.
    expect(other.portfolios.map((p: { _id: string }) => p._id).sort()).toEqual(
      [hex(ids.libraryCopy), hex(ids.disputed)].sort(),
    );
  });

  it('signs in with the old bcrypt password ($2a$ and $2y$) and moves the account to argon2id', async () => {
    const { db } = services();
    const hashOf = async (id: string) =>
      (await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow())
        .password_hash;
    expect(await hashOf(hex(ids.ali))).toMatch(/^\$2a\$/);
    expect((await login(context, 'ali', 'wrong-password-1')).statusCode).toBe(401);
    expect(await hashOf(hex(ids.ali))).toMatch(/^\$2a\$/);

    const response = await login(context, 'Ali@Example.uz', OLD_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()._id).toBe(hex(ids.ali));
    expect(await hashOf(hex(ids.ali))).toMatch(/^\$argon2id\$/);
    expect((await login(context, 'ali', OLD_PASSWORD)).statusCode).toBe(200);

    expect((await login(context, 'Ali_2', OLD_PASSWORD)).statusCode).toBe(200);
    expect(await hashOf(hex(ids.aliCase))).toMatch(/^\$argon2id\$/);
    // No password in the dump: no password signs in (a reset by mail sets one).
    expect((await login(context, 'vali', '')).statusCode).not.toBe(200);
    expect((await login(context, 'vali', '!imported-without-password')).statusCode).toBe(401);
  });

  it('keeps linktitles; makes new ones only for empty, unsafe or taken ones', async () => {
    const library = await portfolio('ali_Kutubxona_tizimi');
    expect(library.status).toBe(200);
    expect(library.body).toMatchObject({
      _id: hex(ids.library),
      title: 'Kutubxona tizimi',
      description: 'Kitoblar hisobi',
      repoUrl: 'https://github.com/ali/kutubxona',
      used: ['React', 'Node.js'],
      date: '2021-01-11T09:30:00.000Z',
      likesCount: 2,
      commentsCount: 1,
      author: { _id: hex(ids.ali) },
    });
    expect([...library.body.likes].sort()).toEqual([hex(ids.aliCase), hex(ids.vali)].sort());
    // Its repository on GitHub is due for its stars' first check.
    const github = await context.app.services.db
      .selectFrom('portfolios')
      .select(['github_repo', 'github_due_at'])
      .where('id', '=', hex(ids.library))
      .executeTakeFirstOrThrow();
    expect(github.github_repo).toBe('ali/kutubxona');
    expect(github.github_due_at).not.toBeNull();
    expect(library.body.comments).toMatchObject([
      {
        _id: hex(ids.goodComment),
        body: 'Zo‘r loyiha!',
        date: '2021-01-21T09:30:00.000Z',
        commentAuthor: { _id: hex(ids.aliCase) },
      },
    ]);

    const expected: [string, string, Record<string, unknown>][] = [
      [hex(ids.unsafe), 'ali_A_B_test_1_100', { used: ['vue', 'Go'], images: [], commentsCount: 0 }],
      [hex(ids.libraryCopy), 'Ali_2_Kutubxona_tizimi', { used: ['Boshqa'], commentsCount: 1 }],
      [hex(ids.orphanListed), 'vali_Ob-havo_boti', { author: { _id: hex(ids.vali) }, commentsCount: 1 }],
      [hex(ids.disputed), 'Ali_2_Nomsiz_portfolio', { title: 'Nomsiz portfolio', used: ['Svelte'] }],
    ];
    for (const [id, linktitle, fields] of expected) {
      const found = await portfolio(linktitle);
      expect(found.status).toBe(200);
      expect(found.body).toMatchObject({ _id: id, linktitle, ...fields });
    }
    expect((await portfolio(hex(ids.orphan))).status).toBe(404);
    // The old address of one renamed still leads to it.
    expect((await portfolio('ali_A/B_test?_#1_100%')).body._id).toBe(hex(ids.unsafe));
  });

  it('counts technologies as one whatever their case and spaces', async () => {
    const response = await call(context.app, { method: 'GET', url: '/api/portfolio/technologies' });
    const counts = Object.fromEntries(
      (response.json() as { name: string; count: number }[]).map((t) => [t.name, t.count]),
    );
    expect(counts).toEqual({ React: 1, 'Node.js': 1, vue: 1, Go: 1, Boshqa: 1, Python: 1, Svelte: 1 });
    const search = await call(context.app, { method: 'GET', url: '/api/portfolio?q=kutubxona' });
    expect(
      search
        .json()
        .items.map((item: { _id: string }) => item._id)
        .sort(),
    ).toEqual([hex(ids.library), hex(ids.libraryCopy)].sort());
  });

  it('serves the images under their old names, at every width, stripped and re-encoded', async () => {
    const library = await portfolio(hex(ids.library));
    expect(library.body.images).toHaveLength(2);
    expect(library.body.images.every(isImageFilename)).toBe(true);
    for (const name of ['9f8e7d6c5b4a.png', 'photo.jpg', 'a1b2c3d4e5f6.png']) {
      const response = await context.app.inject({ method: 'GET', url: `/image/${name}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      const source = await sharp(original.images[name]!).metadata();
      const served = await sharp(response.rawPayload).metadata();
      expect([served.width, served.height]).toEqual([source.width, source.height]);
      const narrow = await context.app.inject({ method: 'GET', url: `/image/${name}?w=64` });
      expect(narrow.statusCode).toBe(200);
      expect((await sharp(narrow.rawPayload).metadata()).width).toBe(64);
    }
    // The big one was put back together from its two chunks.
    expect(original.images['9f8e7d6c5b4a.png']!.length).toBeGreaterThan(255 * 1024);
    const ours = await context.app.inject({ method: 'GET', url: `/image/${library.body.images[0]}` });
    const old = await context.app.inject({ method: 'GET', url: '/image/9f8e7d6c5b4a.png' });
    expect(old.rawPayload.equals(ours.rawPayload)).toBe(true);
    const user = (await call(context.app, { method: 'GET', url: `/api/user/${hex(ids.ali)}` })).json();
    expect(isImageFilename(user.image)).toBe(true);
    for (const name of ['missing.png', 'broken.png', 'partial.png']) {
      expect((await context.app.inject({ method: 'GET', url: `/image/${name}` })).statusCode).toBe(404);
    }
  });

  it('changes nothing when run again, and says so', async () => {
    const before = await snapshot();
    const again = await run();
    expect(again.changed).toBe(false);
    expect(again.totals.users).toEqual({ imported: 0, alreadyThere: 4, skipped: 1 });
    expect(again.totals.portfolios).toEqual({ imported: 0, alreadyThere: 5, skipped: 1 });
    expect(again.totals.likes).toEqual({ imported: 0, alreadyThere: 2, skipped: 2 });
    expect(again.totals.comments).toEqual({ imported: 0, alreadyThere: 3, skipped: 3 });
    expect(again.totals.images).toEqual({ imported: 0, alreadyThere: 3, skipped: 0 });
    expect(await snapshot()).toEqual(before);
    expect(formatReport(again)).toContain('Nothing to import');
    const { db, dialect } = services();
    expect(await findInconsistencies(db, dialect)).toEqual([]);
  });

  it('finishes an import that stopped between batches', async () => {
    const { db, dialect } = services();
    // As if the last portfolio batch had never been committed.
    await db.deleteFrom('portfolios').where('id', '=', hex(ids.disputed)).execute();
    await db.updateTable('technologies').set({ portfolios_count: 0 }).where('slug', '=', 'svelte').execute();
    const resumed = await run();
    expect(resumed.totals.portfolios).toEqual({ imported: 1, alreadyThere: 4, skipped: 1 });
    expect((await portfolio('Ali_2_Nomsiz_portfolio')).body._id).toBe(hex(ids.disputed));
    expect(await findInconsistencies(db, dialect)).toEqual([]);
  });

  it('leaves the dump folder as it was', () => {
    expect(fs.readdirSync(path.join(original.folder, 'portfoliomaster')).sort()).toEqual([
      'comments.bson',
      'portfolios.bson.gz',
      'uploads.chunks.bson',
      'uploads.files.bson',
      'users.bson',
      'users.metadata.json',
    ]);
  });
});
