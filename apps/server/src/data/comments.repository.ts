import type { Kysely, Transaction } from 'kysely';
import { hotRead } from '../db/hot-reads.js';
import type { Database } from '../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface CommentRow {
  id: string;
  portfolio_id: string;
  body: string;
  created_at: Date | string;
  edited_at: Date | string | null;
  parent_id: string | null;
  deleted_at: Date | string | null;
  author_id: string;
  author_username: string;
  author_firstname: string;
  author_lastname: string;
  author_image: string | null;
  author_is_admin: number;
  author_email: string | null;
}

/** The comments everyone sees: a hidden one is seen by its author and admins only, never in a list. */
function selectComments(db: Executor) {
  return selectCommentRows(db).where('c.hidden_at', 'is', null);
}

/**
 * The top-level comments everyone sees, deleted ones kept for their replies too (the service leaves out
 * one whose replies are all hidden): a range of the thread index.
 */
function selectTopLevel(db: Executor) {
  return selectComments(db).where('c.parent_id', 'is', null);
}

/** Comments with their writers, hidden ones too. */
function selectCommentRows(db: Executor) {
  return db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.author_id')
    .select([
      'c.id',
      'c.portfolio_id',
      'c.body',
      'c.created_at',
      'c.edited_at',
      'c.parent_id',
      'c.deleted_at',
      'c.author_id',
      'u.username as author_username',
      'u.firstname as author_firstname',
      'u.lastname as author_lastname',
      'u.image as author_image',
      'u.is_admin as author_is_admin',
      'u.email as author_email',
    ]);
}

/**
 * One page of a portfolio's top-level comments, newest first, older than `before` when given: a seek on
 * `(portfolio_id, parent_id, created_at, id)` (a row-value comparison, which both databases answer as a
 * range of that index) and `limit` steps, however many comments and replies there are.
 */
export function findCommentsPage(
  db: Executor,
  portfolioId: string,
  before: { at: string; id: string } | undefined,
  limit: number,
): Promise<CommentRow[]> {
  const newestFirst = <Q extends ReturnType<typeof selectComments>>(query: Q) =>
    query.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(limit);
  if (!before) {
    return hotRead(db, 'comments-page', [portfolioId, limit], () =>
      newestFirst(selectTopLevel(db).where('c.portfolio_id', '=', portfolioId)),
    );
  }
  return hotRead(db, 'comments-page-before', [portfolioId, before.at, before.id, limit], () =>
    newestFirst(
      selectTopLevel(db)
        .where('c.portfolio_id', '=', portfolioId)
        .where((eb) => eb(eb.refTuple('c.created_at', 'c.id'), '<', eb.tuple(before.at, before.id))),
    ),
  );
}

/** The newest `limit` top-level comments of each of these portfolios, newest first within each. */
export async function findNewestComments(
  db: Executor,
  portfolioIds: readonly string[],
  limit: number,
): Promise<CommentRow[]> {
  if (portfolioIds.length === 1) {
    const [portfolioId] = portfolioIds as [string];
    return hotRead(db, 'newest-comments', [portfolioId, limit], () =>
      selectTopLevel(db)
        .where('c.portfolio_id', '=', portfolioId)
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(limit),
    );
  }
  if (portfolioIds.length === 0) return [];
  const ranked = selectTopLevel(db)
    .select((eb) =>
      eb.fn
        .agg<number>('row_number')
        .over((over) =>
          over.partitionBy('c.portfolio_id').orderBy('c.created_at', 'desc').orderBy('c.id', 'desc'),
        )
        .as('rank'),
    )
    .where('c.portfolio_id', 'in', portfolioIds);
  const rows = await db
    .selectFrom(ranked.as('ranked'))
    .selectAll()
    .where('rank', '<=', limit)
    .orderBy('portfolio_id')
    .orderBy('rank')
    .execute();
  return rows.map(({ rank: _rank, ...row }) => row);
}

/** Threads whose replies one statement reads: well under SQLite's limit of 500 parts of a compound select. */
const THREADS_PER_STATEMENT = 50;

/**
 * The newest `limit` replies of each of these threads, newest first within each: one seek of the thread
 * index per thread (a compound of limited reads), so a long thread costs no more than a short one.
 */
export async function findNewestReplies(
  db: Executor,
  threads: readonly { portfolioId: string; commentId: string }[],
  limit: number,
): Promise<CommentRow[]> {
  const rows: CommentRow[] = [];
  for (let start = 0; start < threads.length; start += THREADS_PER_STATEMENT) {
    const chunk = threads.slice(start, start + THREADS_PER_STATEMENT);
    const parameters = chunk.flatMap((thread) => [thread.portfolioId, thread.commentId, limit]);
    rows.push(
      ...(await hotRead(db, `newest-replies:${chunk.length}`, parameters, () => {
        const [first, ...rest] = chunk.map((thread) =>
          db
            .selectFrom(
              repliesNewestFirst(db, thread.portfolioId, thread.commentId).limit(limit).as('thread'),
            )
            .selectAll(),
        );
        return rest.reduce((all, part) => all.unionAll(part), first!);
      })),
    );
  }
  return rows;
}

/** A page of one thread's replies, newest first, older than `before` when given. */
export function findRepliesPage(
  db: Executor,
  thread: { portfolioId: string; commentId: string },
  before: { at: string; id: string } | undefined,
  limit: number,
): Promise<CommentRow[]> {
  const { portfolioId, commentId } = thread;
  if (!before) {
    return hotRead(db, 'replies-page', [portfolioId, commentId, limit], () =>
      repliesNewestFirst(db, portfolioId, commentId).limit(limit),
    );
  }
  return hotRead(db, 'replies-page-before', [portfolioId, commentId, before.at, before.id, limit], () =>
    repliesNewestFirst(db, portfolioId, commentId)
      .where((eb) => eb(eb.refTuple('c.created_at', 'c.id'), '<', eb.tuple(before.at, before.id)))
      .limit(limit),
  );
}

function repliesNewestFirst(db: Executor, portfolioId: string, commentId: string) {
  return selectComments(db)
    .where('c.portfolio_id', '=', portfolioId)
    .where('c.parent_id', '=', commentId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc');
}

/**
 * The top-level comment at this position of the newest-first list (the original client deletes by
 * position); a deleted one keeps its place.
 */
export function findCommentAt(db: Executor, portfolioId: string, index: number) {
  return db
    .selectFrom('comments')
    .select(['id', 'author_id', 'parent_id', 'deleted_at'])
    .where('portfolio_id', '=', portfolioId)
    .where('parent_id', 'is', null)
    .where('hidden_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .offset(index)
    .executeTakeFirst();
}

export function findCommentById(db: Executor, portfolioId: string, commentId: string) {
  return db
    .selectFrom('comments')
    .select(['id', 'author_id', 'parent_id', 'hidden_at', 'deleted_at'])
    .where('portfolio_id', '=', portfolioId)
    .where('id', '=', commentId)
    .executeTakeFirst();
}

export async function insertComment(
  db: Executor,
  comment: {
    id: string;
    portfolioId: string;
    authorId: string;
    body: string;
    createdAt: string;
    parentId: string | null;
  },
): Promise<void> {
  await db
    .insertInto('comments')
    .values({
      id: comment.id,
      portfolio_id: comment.portfolioId,
      parent_id: comment.parentId,
      author_id: comment.authorId,
      body: comment.body,
      created_at: comment.createdAt,
    })
    .execute();
}

/** Deletes the comment; answers whether it was counted (deleted now, and not hidden). */
export async function deleteComment(db: Executor, commentId: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('comments')
    .where('id', '=', commentId)
    .returning('hidden_at')
    .executeTakeFirst();
  return deleted !== undefined && deleted.hidden_at === null;
}

/** Whether the comment has a reply (seen or hidden): deleting it then leaves it in its thread's place. */
export async function hasReplies(db: Executor, portfolioId: string, commentId: string): Promise<boolean> {
  const row = await db
    .selectFrom('comments')
    .select('id')
    .where('portfolio_id', '=', portfolioId)
    .where('parent_id', '=', commentId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A top-level comment deleted while it has replies: its text, earlier texts and notifications go, the
 * row stays for its thread. Answers whether it was counted (not hidden).
 */
export async function markCommentDeleted(
  db: Transaction<Database>,
  commentId: string,
  now: string,
): Promise<boolean> {
  await db.deleteFrom('comment_revisions').where('comment_id', '=', commentId).execute();
  await db.deleteFrom('notifications').where('comment_id', '=', commentId).execute();
  const marked = await db
    .updateTable('comments')
    .set({ body: '', edited_at: null, deleted_at: now })
    .where('id', '=', commentId)
    .where('deleted_at', 'is', null)
    .returning('hidden_at')
    .executeTakeFirst();
  return marked !== undefined && marked.hidden_at === null;
}

/** Those of these comments deleted and kept for replies that have none left go (counted off already). */
export async function deleteEmptyThreads(db: Executor, commentIds: readonly string[]): Promise<void> {
  if (commentIds.length === 0) return;
  await db
    .deleteFrom('comments as t')
    .where('t.id', 'in', commentIds)
    .where('t.deleted_at', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('comments as r')
            .select('r.id')
            .whereRef('r.portfolio_id', '=', 't.portfolio_id')
            .whereRef('r.parent_id', '=', 't.id'),
        ),
      ),
    )
    .execute();
}

/** A comment with what moderation needs: where it is, whose it is, whether it is hidden. */
export function findCommentForModeration(db: Executor, commentId: string) {
  return db
    .selectFrom('comments as c')
    .innerJoin('portfolios as p', 'p.id', 'c.portfolio_id')
    .select([
      'c.id',
      'c.portfolio_id',
      'c.author_id',
      'c.body',
      'c.hidden_at',
      'c.hidden_reason',
      'p.linktitle',
      'p.hidden_at as portfolio_hidden_at',
    ])
    .where('c.id', '=', commentId)
    .executeTakeFirst();
}

/** Hides the comment or shows it again; false when it is gone or already so. */
export async function setCommentHidden(
  db: Executor,
  commentId: string,
  hidden: { at: string; reason: string } | null,
): Promise<boolean> {
  const result = await db
    .updateTable('comments')
    .set({ hidden_at: hidden?.at ?? null, hidden_reason: hidden?.reason ?? null })
    .where('id', '=', commentId)
    // A deleted comment left for its replies was counted off already and has nothing to show.
    .where('deleted_at', 'is', null)
    .where('hidden_at', hidden ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
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

/** The new text, and the one it replaces kept as a revision: in the edit's transaction. */
export async function replaceCommentBody(
  db: Transaction<Database>,
  edit: { commentId: string; oldBody: string; body: string; revisionId: string; now: string },
): Promise<void> {
  await db
    .insertInto('comment_revisions')
    .values({ id: edit.revisionId, comment_id: edit.commentId, body: edit.oldBody, replaced_at: edit.now })
    .execute();
  await db
    .updateTable('comments')
    .set({ body: edit.body, edited_at: edit.now })
    .where('id', '=', edit.commentId)
    .execute();
}

/**
 * One comment of this portfolio as the lists show it, hidden ones too (they are still their writer's to
 * edit).
 */
export function findCommentRow(
  db: Executor,
  portfolioId: string,
  commentId: string,
): Promise<CommentRow | undefined> {
  return selectCommentRows(db)
    .where('c.portfolio_id', '=', portfolioId)
    .where('c.id', '=', commentId)
    .executeTakeFirst();
}

/** The earlier texts of these comments, newest first within each, at most `limit` each. */
export async function findRevisions(
  db: Executor,
  commentIds: readonly string[],
  limit: number,
): Promise<{ comment_id: string; body: string; replaced_at: Date | string }[]> {
  if (commentIds.length === 0) return [];
  const ranked = db
    .selectFrom('comment_revisions')
    .select(['comment_id', 'body', 'replaced_at'])
    .select((eb) =>
      eb.fn
        .agg<number>('row_number')
        .over((over) => over.partitionBy('comment_id').orderBy('replaced_at', 'desc').orderBy('id', 'desc'))
        .as('rank'),
    )
    .where('comment_id', 'in', commentIds);
  const rows = await db
    .selectFrom(ranked.as('ranked'))
    .selectAll()
    .where('rank', '<=', limit)
    .orderBy('comment_id')
    .orderBy('rank')
    .execute();
  return rows.map(({ rank: _rank, ...row }) => row);
}
