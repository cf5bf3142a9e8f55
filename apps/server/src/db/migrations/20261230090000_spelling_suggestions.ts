import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * Close spellings of a misspelt search word are looked up among the indexed words by their trigrams,
 * never by reading the portfolios:
 * - SQLite: `search_terms` (every indexed word) gets a companion FTS5 table with the trigram tokenizer,
 *   kept by a trigger as words are added.
 * - PostgreSQL: `pg_trgm`, and a `search_terms` table of every word in the search vectors with a GIN
 *   trigram index (its `%` operator finds words of similar trigrams through the index).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create table search_terms (term text primary key)`.execute(db);
    await sql`insert into search_terms (term)
      select word from ts_stat('select search_vector from portfolios') on conflict do nothing`.execute(db);
    await sql`create index search_terms_trigram_index on search_terms using gin (term gin_trgm_ops)`.execute(
      db,
    );
    return;
  }
  await sql`create virtual table search_terms_trigram using fts5(term, tokenize = 'trigram')`.execute(db);
  await sql`insert into search_terms_trigram (term) select term from search_terms`.execute(db);
  await sql`create trigger search_terms_trigram_insert after insert on search_terms begin
    insert into search_terms_trigram (term) values (new.term);
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop table search_terms`.execute(db);
    return;
  }
  await sql`drop trigger search_terms_trigram_insert`.execute(db);
  await sql`drop table search_terms_trigram`.execute(db);
}
