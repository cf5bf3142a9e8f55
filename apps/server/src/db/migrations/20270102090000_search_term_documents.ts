import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * SQLite ranks a search's window by BM25 computed in the server (docs/decisions/0062-bm25-from-kept-counts.md),
 * which needs how many portfolios hold each word. FTS5 only knows that by walking the word's whole doclist
 * (what made `bm25()` cost 6 ms for a word in a quarter of a million portfolios), so `search_terms` keeps
 * it: `documents`, the portfolios whose index entry holds the word, counted once here from FTS5's own
 * vocabulary and kept by every index write since. A key deleted with its portfolio takes its entry's words
 * out of the counts in the same trigger that deletes the entry (the words are letters and digits, one
 * space apart, so they read as a JSON array with `","` between them). PostgreSQL ranks by `ts_rank_cd`,
 * which needs no counts: nothing changes there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`alter table search_terms add column documents integer not null default 0`.execute(db);
  await sql`create virtual table temp.portfolio_search_words using fts5vocab(main, portfolio_search, 'col')`.execute(
    db,
  );
  await sql`insert into search_terms (term, documents)
    select term, doc from temp.portfolio_search_words where col = 'document'
    on conflict (term) do update set documents = excluded.documents`.execute(db);
  await sql`drop table temp.portfolio_search_words`.execute(db);
  await sql`drop trigger portfolio_search_keys_delete`.execute(db);
  await sql`create trigger portfolio_search_keys_delete after delete on portfolio_search_keys begin
    update search_terms set documents = documents - 1 where term in (select j.value
      from portfolio_search s, json_each('["' || replace(s.document, ' ', '","') || '"]') j
      where s.rowid = old.key);
    delete from portfolio_search where rowid = old.key;
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`drop trigger portfolio_search_keys_delete`.execute(db);
  await sql`create trigger portfolio_search_keys_delete after delete on portfolio_search_keys begin
    delete from portfolio_search where rowid = old.key;
  end`.execute(db);
  await sql`alter table search_terms drop column documents`.execute(db);
}
