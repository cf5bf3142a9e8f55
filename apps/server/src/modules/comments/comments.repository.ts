import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface CommentRow {
  id: string;
  portfolio_id: string;
  body: string;
  created_at: Date | string;
  author_id: string;
  author_username: string;
  author_firstname: string;
  author_lastname: string;
  author_image: string | null;
  author_is_admin: number;
  author_email: string;
}

/** Comments of these portfolios, newest first, with their authors. */
export function findComments(db: Executor, portfolioIds: readonly string[]): Promise<CommentRow[]> {
  if (portfolioIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.author_id')
    .select([
      'c.id',
      'c.portfolio_id',
      'c.body',
      'c.created_at',
      'c.author_id',
      'u.username as author_username',
      'u.firstname as author_firstname',
      'u.lastname as author_lastname',
      'u.image as author_image',
      'u.is_admin as author_is_admin',
      'u.email as author_email',
    ])
    .where('c.portfolio_id', 'in', portfolioIds)
    .orderBy('c.portfolio_id')
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
}

export async function insertComment(
  db: Executor,
  comment: { id: string; portfolioId: string; authorId: string; body: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('comments')
    .values({
      id: comment.id,
      portfolio_id: comment.portfolioId,
      author_id: comment.authorId,
      body: comment.body,
      created_at: comment.createdAt,
    })
    .execute();
}

export async function deleteComment(db: Executor, commentId: string): Promise<boolean> {
  const result = await db.deleteFrom('comments').where('id', '=', commentId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Moves the stored count; false when the portfolio is gone. Also takes the portfolio's row lock. */
export async function adjustCommentsCount(
  db: Executor,
  portfolioId: string,
  delta: number,
): Promise<boolean> {
  const result = await db
    .updateTable('portfolios')
    .set((eb) => ({ comments_count: eb('comments_count', '+', delta) }))
    .where('id', '=', portfolioId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
