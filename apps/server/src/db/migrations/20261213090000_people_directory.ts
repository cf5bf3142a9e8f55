import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * The people directory (`GET /api/people`):
 * - `users.likes_received`, the likes of all of a person's portfolios: the sum of their `likes_count`,
 *   kept by the database itself (triggers on `portfolios`), so every path that moves a portfolio's
 *   count, adds one or deletes one (a like, an unlike, a deleted account's likes, a deleted portfolio,
 *   the seeds) moves the author's sum in the same statement.
 * - One index per sort, over the accounts that are not hidden, so an unfiltered page is a walk of
 *   `limit` entries after its offset: most liked work, newest, most followed; and each again led by
 *   the region, for a region's pages.
 * - A text index over what a person is found by (username, names, headline, skills), written by the
 *   database on every insert, change of those columns and delete of a user. SQLite: an FTS5 table
 *   (`unicode61`, which folds case in every script) keyed through `people_search_keys`. PostgreSQL: a
 *   generated, GIN-indexed `people_search_vector`. A query is matched in both Uzbek scripts.
 */
const DOCUMENT = (u: string) =>
  `${u}.username || ' ' || ${u}.firstname || ' ' || ${u}.lastname || ' ' || ${u}.headline || ' ' || ${u}.skills`;

const SORT_COLUMNS = [
  ['liked', 'likes_received desc, created_at desc, id desc'],
  ['new', 'created_at desc, id desc'],
  ['followed', 'followers_count desc, created_at desc, id desc'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('users')
    .addColumn('likes_received', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update users set likes_received = coalesce(
    (select sum(p.likes_count) from portfolios p where p.author_id = users.id), 0)`.execute(db);

  if (postgres) {
    await sql`create function people_likes_received() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          if new.likes_count <> 0 then
            update users set likes_received = likes_received + new.likes_count where id = new.author_id;
          end if;
        elsif tg_op = 'DELETE' then
          if old.likes_count <> 0 then
            update users set likes_received = likes_received - old.likes_count where id = old.author_id;
          end if;
        elsif new.likes_count <> old.likes_count then
          update users set likes_received = likes_received + new.likes_count - old.likes_count
            where id = new.author_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger people_likes_received after insert or delete or update of likes_count
      on portfolios for each row execute function people_likes_received()`.execute(db);
  } else {
    await sql`create trigger people_likes_received_insert after insert on portfolios
      when new.likes_count <> 0 begin
        update users set likes_received = likes_received + new.likes_count where id = new.author_id;
      end`.execute(db);
    await sql`create trigger people_likes_received_update after update of likes_count on portfolios
      when new.likes_count <> old.likes_count begin
        update users set likes_received = likes_received + new.likes_count - old.likes_count
          where id = new.author_id;
      end`.execute(db);
    await sql`create trigger people_likes_received_delete after delete on portfolios
      when old.likes_count <> 0 begin
        update users set likes_received = likes_received - old.likes_count where id = old.author_id;
      end`.execute(db);
  }

  await sql`create index users_people_liked_index on users (likes_received desc, created_at desc, id desc)
    where hidden_at is null`.execute(db);
  await sql`create index users_people_new_index on users (created_at desc, id desc)
    where hidden_at is null`.execute(db);
  await sql`create index users_people_followed_index on users (followers_count desc, created_at desc, id desc)
    where hidden_at is null`.execute(db);
  // The same, led by the region: a region's page is a walk of its own people.
  for (const [sort, columns] of SORT_COLUMNS) {
    await sql`create index ${sql.raw(`users_people_city_${sort}_index`)} on users (city, ${sql.raw(columns)})
      where hidden_at is null`.execute(db);
  }

  if (postgres) {
    // Punctuation splits words as the application's search splits them ("Node.js" is "node" and "js").
    await sql`alter table users add column people_search_vector tsvector generated always as
      (to_tsvector('simple', regexp_replace(${sql.raw(DOCUMENT('users'))}, '[[:punct:]‘’ʻʼ]+', ' ', 'g')))
      stored`.execute(db);
    await sql`create index users_people_search_index on users using gin (people_search_vector)`.execute(db);
    return;
  }
  await sql`create table people_search_keys (key integer primary key, user_id char(24) not null unique)`.execute(
    db,
  );
  // ʻ and ʼ are letters to Unicode; like every other apostrophe they split words here.
  await sql`create virtual table people_search using fts5(
    document, tokenize = "unicode61 remove_diacritics 2 separators 'ʻʼ'", prefix = '2 3'
  )`.execute(db);
  await sql`insert into people_search_keys (user_id) select id from users order by created_at`.execute(db);
  await sql`insert into people_search (rowid, document)
    select k.key, ${sql.raw(DOCUMENT('u'))} from users u join people_search_keys k on k.user_id = u.id`.execute(
    db,
  );
  const key = (side: string) => `(select key from people_search_keys where user_id = ${side}.id)`;
  await sql`create trigger people_search_insert after insert on users begin
      insert into people_search_keys (user_id) values (new.id);
      insert into people_search (rowid, document) values (${sql.raw(key('new'))}, ${sql.raw(DOCUMENT('new'))});
    end`.execute(db);
  await sql`create trigger people_search_update
    after update of username, firstname, lastname, headline, skills on users begin
      delete from people_search where rowid = ${sql.raw(key('old'))};
      insert into people_search (rowid, document) values (${sql.raw(key('new'))}, ${sql.raw(DOCUMENT('new'))});
    end`.execute(db);
  await sql`create trigger people_search_delete after delete on users begin
      delete from people_search where rowid = ${sql.raw(key('old'))};
      delete from people_search_keys where user_id = old.id;
    end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop index users_people_search_index`.execute(db);
    await sql`alter table users drop column people_search_vector`.execute(db);
    await sql`drop trigger people_likes_received on portfolios`.execute(db);
    await sql`drop function people_likes_received()`.execute(db);
  } else {
    for (const trigger of [
      'people_search_insert',
      'people_search_update',
      'people_search_delete',
      'people_likes_received_insert',
      'people_likes_received_update',
      'people_likes_received_delete',
    ]) {
      await sql`drop trigger ${sql.raw(trigger)}`.execute(db);
    }
    await sql`drop table people_search`.execute(db);
    await sql`drop table people_search_keys`.execute(db);
  }
  for (const index of [
    'users_people_liked_index',
    'users_people_new_index',
    'users_people_followed_index',
    ...SORT_COLUMNS.map(([sort]) => `users_people_city_${sort}_index`),
  ]) {
    await sql`drop index ${sql.raw(index)}`.execute(db);
  }
  await db.schema.alterTable('users').dropColumn('likes_received').execute();
}
