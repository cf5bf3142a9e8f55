import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { bm25, readVarints } from '../../data/relevance.repository.js';

/*
 * SQLite's search score is BM25 computed by the server from counts the index keeps (decision 62). It must
 * be FTS5's own `bm25()`: the same number for every row, whole words and prefixes, one term or several.
 */
const db = new Database(':memory:');
db.exec(`create virtual table texts using fts5(document, tokenize = "unicode61 remove_diacritics 2")`);
const documents = [
  'react kutubxona loyiha',
  'loyiha loyihalar loyihasi react react react',
  'kutubxona',
  'oddiy matn react uchun kutubxonalar va boshqa uzun so z lar bilan to ldirilgan',
  'react',
  'vue loyiha',
  'loyihalash react native mobil ilova kutubxona kutubxona',
  'bir ikki uch',
];
const insert = db.prepare('insert into texts (document) values (?)');
for (const document of documents) insert.run(document);
afterAll(() => db.close());

/** The index's statistics as `indexStatistics` reads them, with each term's entries counted by FTS5. */
function statistics(terms: string[]) {
  const { block } = db.prepare('select block from texts_data where id = 1').get() as { block: Buffer };
  const [entries, words] = readVarints(block, 2);
  const holding = terms.map(
    (term) =>
      (
        db
          .prepare('select count(*) as n from texts where texts match ?')
          .get(term.length > 1 ? `"${term}"*` : `"${term}"`) as { n: number }
      ).n,
  );
  return { entries: entries!, averageLength: words! / entries!, holding };
}

describe('BM25 computed from kept counts', () => {
  it('reads the index averages FTS5 keeps', () => {
    const { entries, averageLength } = statistics([]);
    expect(entries).toBe(documents.length);
    const words = documents.reduce((sum, document) => sum + document.split(' ').length, 0);
    expect(averageLength).toBeCloseTo(words / documents.length, 12);
  });

  it.each([['react'], ['kutubxona'], ['loyiha'], ['loy'], ['react', 'kutubxona'], ['loyiha', 'react']])(
    'scores %s as FTS5 does, row by row',
    (...terms: string[]) => {
      const match = terms.map((term) => `"${term}"*`).join(' AND ');
      const rows = db
        .prepare('select document, -bm25(texts) as score from texts where texts match ? order by rowid')
        .all(match) as { document: string; score: number }[];
      expect(rows.length).toBeGreaterThan(0);
      const stats = statistics(terms);
      for (const row of rows) expect(bm25(row.document, terms, stats)).toBeCloseTo(row.score, 10);
      // And so the same order: more of a rarer word in a shorter document first.
      const ours = [...rows].sort((a, b) => bm25(b.document, terms, stats) - bm25(a.document, terms, stats));
      expect(ours.map((row) => row.document)).toEqual(
        [...rows].sort((a, b) => b.score - a.score).map((r) => r.document),
      );
    },
  );

  it('reads a ninth byte whole, as SQLite writes its largest integers', () => {
    // Eight bytes of seven bits each (here all zero, each saying another byte follows), then eight bits.
    expect(readVarints(Uint8Array.from([0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0xff]), 1)).toEqual([
      255,
    ]);
    expect(readVarints(Uint8Array.from([0x05, 0x81, 0x00, 0x7f]), 3)).toEqual([5, 128, 127]);
  });
});
