import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * SQLite: every word of the text index's documents, in a table ordered by the word, so that a word typed
 * as a prefix is looked up as the few whole words it begins (an OR of exact terms, which FTS5 walks
 * newest first and stops after a page) rather than as a prefix query, which FTS5 answers by merging the
 * whole doclist of every matching word first: at a million portfolios a common word costs milliseconds.
 * PostgreSQL answers prefixes from its GIN index and has no such table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`create table search_terms (term text primary key) without rowid`.execute(db);
  await sql`create virtual table temp.portfolio_search_words using fts5vocab(main, portfolio_search, 'col')`.execute(
    db,
  );
  await sql`insert or ignore into search_terms (term)
    select term from temp.portfolio_search_words where col = 'document'`.execute(db);
  await sql`drop table temp.portfolio_search_words`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`drop table search_terms`.execute(db);
}
