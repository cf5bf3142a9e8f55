import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * A person blocks or mutes another (decision 55): one row per (person, other, kind), `kind` being
 * `block` or `mute`. Both go with either account. The index on `(other_id, kind)` finds who blocked a
 * reader, the key who the reader blocked or muted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const time = postgres ? sql`timestamptz` : sql`text`;
  await db.schema
    .createTable('person_blocks')
    .addColumn('user_id', sql`char(24)`, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('other_id', sql`char(24)`, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('block', 'mute')`))
    .addColumn('created_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('person_blocks_pkey', ['user_id', 'other_id', 'kind'])
    .execute();
  await db.schema
    .createIndex('person_blocks_other_index')
    .on('person_blocks')
    .columns(['other_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('person_blocks').execute();
}
