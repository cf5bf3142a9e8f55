import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code. Timestamps are timestamptz on
 * PostgreSQL and ISO 8601 text on SQLite; flags are 0/1 integers on both.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? sql`timestamptz` : sql`text`;
  const id = sql`char(24)`;

  await db.schema
    .createTable('users')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('username', 'varchar(30)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('email_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('firstname', 'varchar(50)', (c) => c.notNull())
    .addColumn('lastname', 'varchar(50)', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('skills', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('github_profile', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('telegram_profile', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  // Usernames are unique regardless of case; lookups use the same expression.
  await sql`create unique index users_username_lower_unique on users (lower(username))`.execute(db);
  await db.schema.createIndex('users_created_at_index').on('users').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id_index').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at_index').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('email_verifications')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('used_at', timestamp)
    .execute();
  await db.schema
    .createIndex('email_verifications_email_index')
    .on('email_verifications')
    .columns(['email', 'created_at'])
    .execute();
  await db.schema
    .createIndex('email_verifications_expires_at_index')
    .on('email_verifications')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('portfolios')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('author_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    .addColumn('linktitle', 'varchar(300)', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('repo_url', 'varchar(2048)')
    .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comments_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('portfolios_created_at_index')
    .on('portfolios')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('portfolios_popular_index')
    .on('portfolios')
    .columns(['likes_count', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('portfolios_discussed_index')
    .on('portfolios')
    .columns(['comments_count', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('portfolios_author_index')
    .on('portfolios')
    .columns(['author_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('images')
    .addColumn('filename', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('owner_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('portfolio_id', id, (c) => c.references('portfolios.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('images_portfolio_index')
    .on('images')
    .columns(['portfolio_id', 'position'])
    .execute();
  await db.schema.createIndex('images_owner_index').on('images').column('owner_id').execute();

  await db.schema
    .createTable('technologies')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('slug', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('portfolios_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('technologies_popularity_index')
    .on('technologies')
    .columns(['portfolios_count', 'slug'])
    .execute();

  await db.schema
    .createTable('portfolio_technologies')
    .addColumn('portfolio_id', id, (c) => c.notNull().references('portfolios.id').onDelete('cascade'))
    .addColumn('technology_id', id, (c) => c.notNull().references('technologies.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('portfolio_technologies_pk', ['portfolio_id', 'technology_id'])
    .execute();
  await db.schema
    .createIndex('portfolio_technologies_technology_index')
    .on('portfolio_technologies')
    .columns(['technology_id', 'portfolio_id'])
    .execute();

  await db.schema
    .createTable('likes')
    .addColumn('portfolio_id', id, (c) => c.notNull().references('portfolios.id').onDelete('cascade'))
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('likes_pk', ['portfolio_id', 'user_id'])
    .execute();
  await db.schema.createIndex('likes_user_index').on('likes').columns(['user_id', 'portfolio_id']).execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('portfolio_id', id, (c) => c.notNull().references('portfolios.id').onDelete('cascade'))
    .addColumn('author_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comments_portfolio_index')
    .on('comments')
    .columns(['portfolio_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('comments_author_index').on('comments').column('author_id').execute();

  // Full-text search over title, description, technologies and author names.
  if (postgres) {
    await sql`alter table portfolios add column search_vector tsvector not null default ''::tsvector`.execute(
      db,
    );
    await sql`create index portfolios_search_index on portfolios using gin (search_vector)`.execute(db);
  } else {
    // FTS5 rows are keyed by integer rowids; a plain table with an INTEGER PRIMARY KEY gives each
    // portfolio a stable one (implicit rowids may change on VACUUM) and removes the document on delete.
    await sql`create table portfolio_search_rows (
      id integer primary key,
      portfolio_id char(24) not null unique references portfolios (id) on delete cascade
    )`.execute(db);
    await sql`create virtual table portfolio_search using fts5(
      document, tokenize = 'unicode61 remove_diacritics 2'
    )`.execute(db);
    await sql`create trigger portfolio_search_rows_delete after delete on portfolio_search_rows begin
      delete from portfolio_search where rowid = old.id;
    end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (!postgres) {
    await sql`drop table if exists portfolio_search_rows`.execute(db);
    await sql`drop table if exists portfolio_search`.execute(db);
  }
  for (const table of [
    'comments',
    'likes',
    'portfolio_technologies',
    'technologies',
    'images',
    'portfolios',
    'email_verifications',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
