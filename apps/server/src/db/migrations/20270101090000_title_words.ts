import { type Kysely, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * A search puts the portfolio whose title is exactly what was typed first, however old it is
 * (docs/decisions/0059-search-relevance.md). `title_words` holds a title's words as the text index splits
 * them (Latin, lower case, one space apart); its index finds the exact titles of a query in one look-up.
 * Visible portfolios' words are written with their index entries; the existing rows are filled at start
 * by the search index's version 3 (`bringSearchIndexUpToDate`), which folds words as the index does.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table portfolios add column title_words text not null default ''`.execute(db);
  await sql`create index portfolios_title_words_index on portfolios (title_words)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index portfolios_title_words_index`.execute(db);
  await sql`alter table portfolios drop column title_words`.execute(db);
}
