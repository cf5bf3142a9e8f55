import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** The text a portfolio is found by: title, description, technologies and author names. */
export function searchDocument(parts: {
  title: string;
  description: string;
  technologies: readonly string[];
  author: { username: string; firstname: string; lastname: string };
}): string {
  return [
    parts.title,
    parts.technologies.join(' '),
    parts.author.username,
    parts.author.firstname,
    parts.author.lastname,
    parts.description,
  ].join('\n');
}

/**
 * Stores a portfolio's search document in the dialect's text index: an FTS5 row on SQLite (removed
 * with the portfolio by a trigger), a tsvector column on PostgreSQL. Both get the document as
 * `searchWords` splits it, so both dialects index exactly the words a query is split into: PostgreSQL's
 * own parser would keep "node.js" as one host name and drop "<script>" as a tag.
 */
export async function writeSearchDocument(
  db: Executor,
  dialect: Dialect,
  portfolioId: string,
  document: string,
): Promise<void> {
  const words = searchWords(document).join(' ');
  if (dialect === 'postgres') {
    await sql`update portfolios set search_vector = to_tsvector('simple', ${words}) where id = ${portfolioId}`.execute(
      db,
    );
    return;
  }
  await sql`insert into portfolio_search_rows (portfolio_id) values (${portfolioId}) on conflict (portfolio_id) do nothing`.execute(
    db,
  );
  const row = await sql<{
    id: number;
  }>`select id from portfolio_search_rows where portfolio_id = ${portfolioId}`.execute(db);
  const rowid = row.rows[0]!.id;
  await sql`delete from portfolio_search where rowid = ${rowid}`.execute(db);
  await sql`insert into portfolio_search (rowid, document) values (${rowid}, ${words})`.execute(db);
}

/**
 * Runs of letters and digits, lowercased and without diacritics (as SQLite's `remove_diacritics 2`
 * does), so that documents and queries are split the same way on both dialects.
 */
export function searchWords(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * Turns what a person typed into a prefix query for the dialect: every word must match, the last
 * (and each) as a prefix, and nothing the user typed is read as query syntax.
 */
export function toSearchTerms(query: string): string[] {
  return searchWords(query).slice(0, 8);
}

export function ftsQuery(terms: readonly string[]): string {
  return terms.map((term) => `"${term}"*`).join(' ');
}

export function tsQuery(terms: readonly string[]): string {
  return terms.map((term) => `${term}:*`).join(' & ');
}
