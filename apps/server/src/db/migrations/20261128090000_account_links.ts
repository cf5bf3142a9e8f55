import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * The mailed links that act on an existing account: a password reset, and the confirmation of a new
 * email address. Each is stored only as the hash of its token, lives an hour and is used once (its row
 * goes when it is used); an account's links go with the account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? sql`timestamptz` : sql`text`;
  const id = sql`char(24)`;

  await db.schema
    .createTable('password_resets')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_resets_user_id_index')
    .on('password_resets')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('password_resets_expires_at_index')
    .on('password_resets')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('email_changes')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_changes_user_id_index').on('email_changes').column('user_id').execute();
  await db.schema
    .createIndex('email_changes_expires_at_index')
    .on('email_changes')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_changes').execute();
  await db.schema.dropTable('password_resets').execute();
}
