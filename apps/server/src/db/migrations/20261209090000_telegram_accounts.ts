import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * Accounts that sign in with Telegram: an account may have no email and no password until its owner adds
 * them, and holds at most one Telegram id, which no other account holds (`users.telegram_id`, unique).
 * A sign-in payload from Telegram is taken once only: its hash is kept until it would be too old anyway
 * (`telegram_logins`).
 *
 * SQLite cannot drop a NOT NULL: the users table is rebuilt as SQLite documents it (foreign keys off, a new
 * table with the same columns, rows copied, renamed into place, indexes made again, foreign keys checked),
 * in one transaction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`alter table users alter column email drop not null, alter column password_hash drop not null`.execute(
      db,
    );
  } else {
    await rebuildUsers(db, (definition) =>
      replaceOnce(
        replaceOnce(definition, '"email" varchar(254) not null unique', '"email" varchar(254) unique'),
        '"password_hash" text not null',
        '"password_hash" text',
      ),
    );
  }
  await db.schema.alterTable('users').addColumn('telegram_id', 'varchar(20)').execute();
  await db.schema
    .createIndex('users_telegram_id_unique')
    .on('users')
    .column('telegram_id')
    .unique()
    .execute();

  await db.schema
    .createTable('telegram_logins')
    .addColumn('hash', 'char(64)', (c) => c.primaryKey())
    .addColumn('expires_at', postgres ? sql`timestamptz` : 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('telegram_logins_expires_at_index')
    .on('telegram_logins')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropTable('telegram_logins').execute();
  await db.schema.dropIndex('users_telegram_id_unique').execute();
  await db.schema.alterTable('users').dropColumn('telegram_id').execute();
  if (postgres) {
    await sql`alter table users alter column email set not null, alter column password_hash set not null`.execute(
      db,
    );
  } else {
    await rebuildUsers(db, (definition) =>
      replaceOnce(
        replaceOnce(definition, '"email" varchar(254) unique', '"email" varchar(254) not null unique'),
        '"password_hash" text,',
        '"password_hash" text not null,',
      ),
    );
  }
}

function replaceOnce(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) {
    throw new Error(`The users table's definition does not hold ${from} exactly once`);
  }
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** SQLite's way to change a column's constraints: https://www.sqlite.org/lang_altertable.html#otheralter */
async function rebuildUsers(db: Kysely<any>, change: (definition: string) => string): Promise<void> {
  const { rows: tables } = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'users'`.execute(db);
  const { rows: dependents } = await sql<{ sql: string }>`
    select sql from sqlite_master
    where tbl_name = 'users' and type in ('index', 'trigger') and sql is not null`.execute(db);
  const definition = change(tables[0]!.sql).replace(/^create table "users"/i, 'create table "users_rebuilt"');
  if (!definition.startsWith('create table "users_rebuilt"')) {
    throw new Error('The users table was not made by this schema');
  }
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await sql.raw(definition).execute(db);
      await sql`insert into users_rebuilt select * from users`.execute(db);
      await sql`drop table users`.execute(db);
      await sql`alter table users_rebuilt rename to users`.execute(db);
      for (const { sql: statement } of dependents) await sql.raw(statement).execute(db);
      const { rows: broken } = await sql`pragma foreign_key_check`.execute(db);
      if (broken.length > 0) throw new Error(`Rebuilding users broke ${broken.length} references`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
