import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../db/database.js';
import { readRows } from '../db/hot-reads.js';
import type { Database } from '../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/*
 * Close spellings of a misspelt word, from the indexed words (`search_terms`) by their trigrams: FTS5's
 * trigram tokenizer on SQLite, `pg_trgm` on PostgreSQL. A few dozen words sharing the most trigrams
 * are read through the index, then kept if one or two edits away (docs/decisions/0059-search-relevance.md).
 */

/** Shorter words are never corrected: one or two edits turn them into too many others. */
export const CORRECTED_MIN_LENGTH = 5;

const CANDIDATES = 40;

/**
 * The search's words with each unknown one of five letters or more replaced by the closest indexed word
 * one or two edits away; undefined when none was replaced.
 */
export async function correctedTerms(
  db: Executor,
  dialect: Dialect,
  terms: readonly string[],
): Promise<string[] | undefined> {
  const long = terms.filter((term) => term.length >= CORRECTED_MIN_LENGTH);
  if (long.length === 0) return undefined;
  const known = await findKnownWords(db, long);
  const corrected = [...terms];
  let changed = false;
  for (const [index, term] of terms.entries()) {
    if (term.length < CORRECTED_MIN_LENGTH || known.has(term)) continue;
    const [closest] = await findCloseWords(db, dialect, term);
    if (closest === undefined) continue;
    corrected[index] = closest;
    changed = true;
  }
  return changed ? corrected : undefined;
}

/** Which of these words are indexed words. */
export async function findKnownWords(db: Executor, words: readonly string[]): Promise<Set<string>> {
  if (words.length === 0) return new Set();
  const rows = await db.selectFrom('search_terms').select('term').where('term', 'in', words).execute();
  return new Set(rows.map((row) => row.term));
}

/** Indexed words one or two edits from `word`, closest first. */
export async function findCloseWords(db: Executor, dialect: Dialect, word: string): Promise<string[]> {
  const shortest = word.length - 2;
  const longest = word.length + 2;
  let query;
  if (dialect === 'postgres') {
    query = sql<{ term: string }>`select term from search_terms
      where term % ${word} and length(term) between ${shortest} and ${longest}
      order by similarity(term, ${word}) desc, term limit ${CANDIDATES}`;
  } else {
    const trigrams = new Set<string>();
    for (let at = 0; at + 3 <= word.length; at += 1) trigrams.add(word.slice(at, at + 3));
    const match = [...trigrams].map((trigram) => `"${trigram}"`).join(' OR ');
    query = sql<{ term: string }>`select term from search_terms_trigram
      where search_terms_trigram match ${match} and length(term) between ${shortest} and ${longest}
      order by rank limit ${CANDIDATES}`;
  }
  const rows = await readRows<{ term: string }>(db, query.compile(db));
  return rows
    .map((row, order) => ({ term: row.term, order, distance: editDistance(word, row.term) }))
    .filter((candidate) => candidate.distance > 0 && candidate.distance <= 2)
    .sort((a, b) => a.distance - b.distance || a.order - b.order)
    .map((candidate) => candidate.term);
}

/** Letters inserted, deleted, replaced or two neighbours swapped (optimal string alignment distance). */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const rows = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= x.length; i += 1) {
    for (let j = 1; j <= y.length; j += 1) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = best;
    }
  }
  return rows[x.length]![y.length]!;
}
