import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * Profiles that read as a CV: a headline, a city (a region's code), a website and a LinkedIn address,
 * experience and education (JSON arrays, read and written whole with the profile), whether the person
 * looks for work and what work (`work_status`, indexed for the people directory's filter, and
 * `work_preferences` as JSON), and an affiliation (IT Park, a company or a university) that an admin may
 * mark verified. Every column has a default, so rows written before keep working.
 *
 * Pinned portfolios are rows of their own (`profile_pins`), in the owner's order: a deleted portfolio or
 * account takes its pins with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? sql`timestamptz` : sql`text`;
  const id = sql`char(24)`;

  const columns: [string, string, string | null][] = [
    ['headline', 'varchar(80)', ''],
    ['city', 'varchar(24)', null],
    ['website', 'varchar(200)', ''],
    ['linkedin', 'varchar(200)', ''],
    ['experience', 'text', '[]'],
    ['education', 'text', '[]'],
    ['work_status', 'varchar(8)', 'not'],
    ['work_preferences', 'text', '{"roles":[],"employment":[],"remote":false}'],
    ['affiliation_kind', 'varchar(12)', null],
    ['affiliation_name', 'varchar(120)', null],
  ];
  for (const [name, type, fallback] of columns) {
    await db.schema
      .alterTable('users')
      .addColumn(name, sql.raw(type), (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
      .execute();
  }
  await db.schema.alterTable('users').addColumn('affiliation_verified_at', timestamp).execute();
  await db.schema.createIndex('users_work_status_index').on('users').column('work_status').execute();

  await db.schema
    .createTable('profile_pins')
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('portfolio_id', id, (c) => c.notNull().references('portfolios.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('profile_pins_pkey', ['user_id', 'portfolio_id'])
    .execute();
  // The pins' portfolios are found from the portfolio side when one is deleted (the cascade).
  await db.schema
    .createIndex('profile_pins_portfolio_index')
    .on('profile_pins')
    .column('portfolio_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('profile_pins').execute();
  await db.schema.dropIndex('users_work_status_index').execute();
  for (const column of [
    'affiliation_verified_at',
    'affiliation_name',
    'affiliation_kind',
    'work_preferences',
    'work_status',
    'education',
    'experience',
    'linkedin',
    'website',
    'city',
    'headline',
  ]) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
