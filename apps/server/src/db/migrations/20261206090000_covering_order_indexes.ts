import { type Kysely, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * The lists' four order indexes also hold `hidden_at` (always null in them). SQLite reads the
 * condition of a partial index from the table row even when the index alone decides it, so skipping
 * the 12 000 entries before page 1000 looked up 12 000 rows (0.21 ms); with the column in the index
 * the walk stays in the index (0.06 ms). PostgreSQL already answered from the index; one definition
 * serves both.
 */
const ORDER_INDEXES = [
  ['portfolios_created_at_index', ['created_at', 'id']],
  ['portfolios_popular_index', ['likes_count', 'created_at', 'id']],
  ['portfolios_discussed_index', ['comments_count', 'created_at', 'id']],
  ['portfolios_trending_index', ['trend_score', 'created_at', 'id']],
] as const;

async function recreate(db: Kysely<any>, withHiddenAt: boolean): Promise<void> {
  for (const [name, columns] of ORDER_INDEXES) {
    await db.schema.dropIndex(name).execute();
    await db.schema
      .createIndex(name)
      .on('portfolios')
      .columns(withHiddenAt ? [...columns, 'hidden_at'] : [...columns])
      .where(sql.ref('hidden_at'), 'is', null)
      .execute();
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await recreate(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await recreate(db, false);
}
