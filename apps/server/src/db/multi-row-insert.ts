import type { ColumnType, InsertObject, Kysely } from 'kysely';
import type { Dialect } from './database.js';
import type { Database } from './schema.js';

/** Bound parameters per statement: SQLite allows 32766, PostgreSQL 65535. */
const PARAMETER_BUDGET: Record<Dialect, number> = { sqlite: 32_000, postgres: 60_000 };

/** Tables and columns the schema types leave out because only the search code touches them. */
export type SearchTables = {
  portfolios: {
    search_vector: ColumnType<string, string | undefined, never>;
    technology_ids: ColumnType<string[], string[] | undefined, never>;
    /** The title's words as the index splits them, one space apart; '' while hidden. */
    title_words: ColumnType<string, string | undefined, never>;
  };
  portfolio_search_keys: { key: number; portfolio_id: string };
  portfolio_search: { rowid: number; document: string; technologies: string };
};
export type DatabaseWithSearch = Database & SearchTables;

/** Multi-row INSERTs sized to the dialect's parameter limit, for writing many rows at once. */
export class MultiRowWriter {
  /** Milliseconds spent inserting, per table. */
  readonly spent = new Map<string, number>();

  constructor(
    // Any executor: the rows are checked against the schema's tables by `insert`'s own types.
    readonly db: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
    readonly dialect: Dialect,
  ) {}

  async insert<T extends keyof DatabaseWithSearch & string>(
    table: T,
    rows: InsertObject<DatabaseWithSearch, T>[],
  ): Promise<void> {
    if (rows.length === 0) return;
    const columns = Object.keys(rows[0] as object).length;
    const perStatement = Math.max(1, Math.floor(PARAMETER_BUDGET[this.dialect] / columns));
    const started = performance.now();
    for (let start = 0; start < rows.length; start += perStatement) {
      // Kysely's generic insert types cannot follow a table name chosen at run time.
      await (this.db as Kysely<Record<string, Record<string, unknown>>>)
        .insertInto(table)
        .values(rows.slice(start, start + perStatement) as Record<string, unknown>[])
        .execute();
    }
    this.spent.set(table, (this.spent.get(table) ?? 0) + performance.now() - started);
  }
}
