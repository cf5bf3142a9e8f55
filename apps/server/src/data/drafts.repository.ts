import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, PortfolioDraftsTable } from '../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

export type DraftRow = Selectable<PortfolioDraftsTable>;
export type DraftFields = Pick<
  Updateable<PortfolioDraftsTable>,
  'title' | 'description' | 'url' | 'repo_url' | 'technology_names'
>;

export async function insertDraft(db: Executor, draft: Insertable<PortfolioDraftsTable>) {
  await db.insertInto('portfolio_drafts').values(draft).execute();
}

/** Changes the author's own draft; false when they have none by that id. */
export async function updateDraft(
  db: Executor,
  id: string,
  authorId: string,
  fields: DraftFields & { updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('portfolio_drafts')
    .set(fields)
    .where('id', '=', id)
    .where('author_id', '=', authorId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The author's own draft by id: another person's draft is as missing as one never made. */
export async function findDraft(db: Executor, id: string, authorId: string): Promise<DraftRow | undefined> {
  return db
    .selectFrom('portfolio_drafts')
    .selectAll()
    .where('id', '=', id)
    .where('author_id', '=', authorId)
    .executeTakeFirst();
}

/** The author's drafts, the last saved first (the author index, no sort). */
export async function findDrafts(db: Executor, authorId: string, limit: number): Promise<DraftRow[]> {
  return db
    .selectFrom('portfolio_drafts')
    .selectAll()
    .where('author_id', '=', authorId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countDrafts(db: Executor, authorId: string): Promise<number> {
  const row = await db
    .selectFrom('portfolio_drafts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('author_id', '=', authorId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Deletes the author's own draft; false when there was none (already published or deleted). */
export async function deleteDraft(db: Executor, id: string, authorId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('portfolio_drafts')
    .where('id', '=', id)
    .where('author_id', '=', authorId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
