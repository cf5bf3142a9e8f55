import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * A portfolio's repository on GitHub (docs/decisions/0052):
 * - `github_repo`: `owner/name` when its repository address is a GitHub repository's, else null.
 * - `github_stars`, `github_language`: what GitHub said at the last check; null until one succeeded.
 * - `github_due_at`: when it is next to be checked (at most daily); null when there is nothing to check.
 * Existing portfolios whose address names a GitHub repository are due at once.
 */
const GITHUB_ADDRESS =
  /^(?:https?:\/\/)?(?:www\.)?github\.com\/([A-Za-z0-9-]{1,39})\/([A-Za-z0-9._-]{1,100}?)(?:\.git)?(?:[/?#].*)?$/i;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const time = postgres ? sql`timestamptz` : sql`text`;
  const columns = [
    ['github_repo', sql`varchar(141)`],
    ['github_stars', sql`integer`],
    ['github_language', sql`varchar(100)`],
    ['github_due_at', time],
  ] as const;
  for (const [name, type] of columns) {
    await db.schema.alterTable('portfolios').addColumn(name, type).execute();
  }
  await db.schema
    .createIndex('portfolios_github_due_index')
    .on('portfolios')
    .column('github_due_at')
    .execute();
  const now = new Date().toISOString();
  const rows = await db
    .selectFrom('portfolios')
    .select(['id', 'repo_url'])
    .where('repo_url', 'like', '%github.com/%')
    .execute();
  for (const row of rows as { id: string; repo_url: string }[]) {
    const match = GITHUB_ADDRESS.exec(row.repo_url.trim());
    if (!match || match[2] === '.' || match[2] === '..') continue;
    await db
      .updateTable('portfolios')
      .set({ github_repo: `${match[1]}/${match[2]}`, github_due_at: now })
      .where('id', '=', row.id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('portfolios_github_due_index').execute();
  for (const column of ['github_due_at', 'github_language', 'github_stars', 'github_repo']) {
    await db.schema.alterTable('portfolios').dropColumn(column).execute();
  }
}
