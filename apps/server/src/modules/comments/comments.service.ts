import {
  BOUNDS,
  type Comment,
  type CommentPage,
  type CommentThread,
  type PageQuery,
  type ReplyPage,
} from '@portfolio-master/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { changeTags, type ChangeFeed } from '../../lib/changes.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { toIsoString } from '../../lib/dates.js';
import { forbidden, notFound, validationFailed } from '../../lib/http-error.js';
import { groupBy } from '../../lib/group-by.js';
import { newId } from '../../lib/ids.js';
import { personal, type Read, type Reads } from '../../lib/reads.js';
import { lockPortfolio } from '../../data/portfolios.repository.js';
import type { BlocksService } from '../blocks/blocks.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { UsersService } from '../users/users.service.js';
import * as comments from '../../data/comments.repository.js';
import { createCommentRenderer } from '../../lib/markdown.js';

/** Comments as the pages show them (a cache of the ones seen lately: the same for every app). */
const renderComment = createCommentRenderer();

export class CommentsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly users: UsersService,
    private readonly changes: ChangeFeed,
    private readonly notifications: NotificationsService,
    private readonly blocks: BlocksService,
    private readonly reads: Reads,
  ) {}

  /** A page of comments (see `page`) kept as everyone sees it, then as `readerId` sees it. */
  async pageFor(
    portfolioId: string,
    query: PageQuery,
    readerId: string | undefined,
  ): Promise<Read<CommentPage>> {
    const read = await this.reads.get(
      `comments:${portfolioId}:${query.limit}:${query.before ?? ''}`,
      async () => ({
        value: await this.page(portfolioId, query),
        tags: [changeTags.portfolio(portfolioId)],
      }),
    );
    const mine = await this.forReader(read.value, readerId);
    return mine === read.value ? read : personal(mine, read);
  }

  /** A page of a thread's replies (see `replies`) kept as everyone sees it, then as `readerId` sees it. */
  async repliesFor(
    portfolioId: string,
    commentId: string,
    query: PageQuery,
    readerId: string | undefined,
  ): Promise<Read<ReplyPage>> {
    const key = `replies:${portfolioId}:${commentId}:${query.limit}:${query.before ?? ''}`;
    const read = await this.reads.get(key, async () => ({
      value: await this.replies(portfolioId, commentId, query),
      tags: [changeTags.portfolio(portfolioId)],
    }));
    const mine = await this.repliesForReader(read.value, readerId);
    return mine === read.value ? read : personal(mine, read);
  }

  /**
   * A page as `readerId` sees it: without the threads and replies of those the reader blocked or muted
   * or who blocked the reader (decision 55). The page everyone sees stays shared and kept; this filters
   * a copy with the reader's set, which is kept per reader, so it costs no read of the database.
   */
  async forReader<P extends { items: CommentThread[] }>(page: P, readerId: string | undefined): Promise<P> {
    const hidden = await this.blocks.hiddenFor(readerId);
    if (hidden.size === 0) return page;
    return { ...page, items: withoutWriters(page.items, hidden) };
  }

  /** One thread's replies as `readerId` sees them (see `forReader`). */
  async repliesForReader(page: ReplyPage, readerId: string | undefined): Promise<ReplyPage> {
    const hidden = await this.blocks.hiddenFor(readerId);
    if (hidden.size === 0) return page;
    return { ...page, items: page.items.filter((reply) => !hidden.has(reply.commentAuthor._id)) };
  }

  toComment(row: comments.CommentRow): Comment {
    const deleted = row.deleted_at !== null;
    return {
      _id: row.id,
      body: deleted ? '' : row.body,
      bodyHtml: deleted ? '' : renderComment(row.body),
      date: toIsoString(row.created_at),
      editedAt: row.edited_at === null ? null : toIsoString(row.edited_at),
      parentId: row.parent_id,
      deleted,
      commentAuthor: {
        _id: row.author_id,
        username: row.author_username,
        firstname: row.author_firstname,
        lastname: row.author_lastname,
        image: row.author_image,
        isAdmin: this.users.isAdmin({ is_admin: row.author_is_admin, email: row.author_email }),
      },
    };
  }

  /**
   * Each portfolio's newest top-level comments (at most `BOUNDS.detailComments`) with their newest
   * replies, and the cursor of what is older when there is more.
   */
  async newest(portfolioIds: readonly string[]): Promise<Map<string, CommentPage>> {
    const limit = BOUNDS.detailComments;
    const rows = await comments.findNewestComments(this.db, portfolioIds, limit + 1);
    const replies = await this.newestReplies(rows, limit);
    const byPortfolio = groupBy(rows, (row) => row.portfolio_id);
    return new Map([...byPortfolio].map(([id, list]) => [id, this.toPage(id, list, limit, replies)]));
  }

  /**
   * The page of a portfolio's top-level comments before `before` (a cursor from a previous page), newest
   * first, each with its newest replies.
   */
  async page(portfolioId: string, query: PageQuery): Promise<CommentPage> {
    const before =
      query.before === undefined ? undefined : decodeCursor(cursorScope(portfolioId), query.before);
    const rows = await comments.findCommentsPage(this.db, portfolioId, before, query.limit + 1);
    return this.toPage(portfolioId, rows, query.limit, await this.newestReplies(rows, query.limit));
  }

  /** The replies of one thread before `before` (its `repliesBefore`, or a previous page's `next`), newest first. */
  async replies(portfolioId: string, commentId: string, query: PageQuery): Promise<ReplyPage> {
    const scope = repliesScope(commentId);
    const before = query.before === undefined ? undefined : decodeCursor(scope, query.before);
    const rows = await comments.findRepliesPage(this.db, { portfolioId, commentId }, before, query.limit + 1);
    const items = rows.slice(0, query.limit);
    return { items: items.map((row) => this.toComment(row)), next: nextCursor(scope, rows, items) };
  }

  /** What a write to the comments answers: the newest page, as the detail shows it. */
  async firstPage(portfolioId: string): Promise<CommentThread[]> {
    return (await this.newest([portfolioId])).get(portfolioId)?.items ?? [];
  }

  /**
   * The newest replies (one more than are shown, to know of earlier ones) of the threads a page shows:
   * `rows` holds one more than a page when there is a next page.
   */
  private async newestReplies(rows: readonly comments.CommentRow[], limit: number) {
    const threads = [...groupBy(rows, (row) => row.portfolio_id).values()]
      .flatMap((list) => list.slice(0, limit))
      .map((row) => ({ portfolioId: row.portfolio_id, commentId: row.id }));
    const replies = await comments.findNewestReplies(this.db, threads, BOUNDS.threadReplies + 1);
    return groupBy(replies, (row) => row.parent_id ?? '');
  }

  /**
   * Threads, newest first, while they hold at most `limit` comments in all (their shown replies
   * counted), and always the first: a page stays as large as a page of comments without replies. A
   * deleted comment none of whose replies is seen is left out. `rows` holds one more than a page when
   * there is a next page.
   */
  private toPage(
    portfolioId: string,
    rows: comments.CommentRow[],
    limit: number,
    replies: Map<string, comments.CommentRow[]>,
  ): CommentPage {
    const items: CommentThread[] = [];
    let count = 0;
    let read = 0;
    for (const row of rows.slice(0, limit)) {
      const thread = this.toThread(row, replies.get(row.id) ?? []);
      count += 1 + thread.replies.length;
      if (items.length > 0 && count > limit) break;
      read += 1;
      if (!thread.deleted || thread.replies.length > 0) items.push(thread);
    }
    return { items, next: nextCursor(cursorScope(portfolioId), rows, rows.slice(0, read)) };
  }

  /** A top-level comment with its newest replies (`replies`: newest first, one more when there are earlier). */
  private toThread(row: comments.CommentRow, replies: comments.CommentRow[]): CommentThread {
    const shown = replies.slice(0, BOUNDS.threadReplies);
    return {
      ...this.toComment(row),
      replies: shown.map((reply) => this.toComment(reply)).reverse(),
      repliesBefore: nextCursor(repliesScope(row.id), replies, shown),
    };
  }

  /**
   * Stores the body exactly as typed (the contract checks its trimmed length). The counter moves first:
   * that takes the portfolio's row lock, as every write to a portfolio does, so a concurrent delete
   * cannot deadlock with this insert or leave it without its portfolio. A reply (`parentId`) goes into
   * the thread of the comment it answers, whose writer hears of it.
   */
  async add(
    portfolio: { id: string; authorId: string },
    authorId: string,
    body: string,
    parentId?: string,
  ): Promise<CommentThread[]> {
    const portfolioId = portfolio.id;
    await this.blocks.assertNotBlocked(authorId, portfolio.authorId);
    const now = new Date();
    const comment = { id: newId(now), portfolioId, authorId, createdAt: now.toISOString() };
    const notified = await this.db.transaction().execute(async (trx) => {
      if (!(await comments.adjustCommentsCount(trx, portfolioId, 1)))
        throw notFound('problem.portfolio.notFound');
      const answered = parentId === undefined ? undefined : await this.answered(trx, portfolioId, parentId);
      if (answered) await this.blocks.assertNotBlocked(authorId, answered.writerId, trx);
      await comments.insertComment(trx, { ...comment, body, parentId: answered?.threadId ?? null });
      return this.notifications.commented(
        trx,
        { ...comment, ownerId: portfolio.authorId, body },
        answered?.writerId,
      );
    });
    await this.changes.publish([changeTags.portfolio(portfolioId), changeTags.ranking('discussed')]);
    this.notifications.deliver(notified);
    return this.firstPage(portfolioId);
  }

  /**
   * The comment a reply answers and the thread it goes into: one seen on this portfolio, in a thread
   * that is seen.
   */
  private async answered(trx: Transaction<Database>, portfolioId: string, parentId: string) {
    const gone = () => validationFailed('parentId', 'problem.comment.parentGone');
    const answered = await comments.findCommentById(trx, portfolioId, parentId);
    if (!answered || answered.hidden_at !== null || answered.deleted_at !== null) throw gone();
    if (answered.parent_id !== null) {
      const thread = await comments.findCommentById(trx, portfolioId, answered.parent_id);
      if (!thread || thread.hidden_at !== null) throw gone();
    }
    return { threadId: answered.parent_id ?? answered.id, writerId: answered.author_id };
  }

  /**
   * Its writer's new text for the comment (nobody else's, admins' neither): the text it replaces is kept
   * for the moderation queue, and the comment says when it was edited. The same text again changes
   * nothing. Someone it now mentions and was not told of it hears of it. Answers the comment as it is now.
   */
  async edit(portfolioId: string, commentId: string, writerId: string, body: string): Promise<Comment> {
    const now = new Date();
    let notified: string[] = [];
    const edited = await this.db.transaction().execute(async (trx) => {
      if (!(await lockPortfolio(trx, portfolioId))) throw notFound('problem.portfolio.notFound');
      const comment = await comments.findCommentRow(trx, portfolioId, commentId);
      if (!comment || comment.deleted_at !== null) throw notFound('problem.comment.notFound');
      if (comment.author_id !== writerId) throw forbidden('problem.comment.editForbidden');
      if (comment.body === body) return comment;
      await comments.replaceCommentBody(trx, {
        commentId,
        oldBody: comment.body,
        body,
        revisionId: newId(now),
        now: now.toISOString(),
      });
      const source = { portfolioId, commentId, writerId, createdAt: now.toISOString() };
      notified = await this.notifications.mentioned(trx, source, body);
      return { ...comment, body, edited_at: now.toISOString() };
    });
    await this.changes.publish([changeTags.portfolio(portfolioId)]);
    this.notifications.deliver(notified);
    return this.toComment(edited);
  }

  /**
   * By id when given (it must belong to this portfolio), else by position in the newest-first list. A
   * top-level comment with replies stays for them, without its text; a deleted one goes with the last.
   */
  async remove(
    portfolioId: string,
    actor: { id: string; isAdmin: boolean },
    target: { commentId?: string | undefined; index?: number | undefined },
  ): Promise<CommentThread[]> {
    if (target.commentId === undefined && target.index === undefined) {
      throw validationFailed('index', 'problem.comment.which');
    }
    await this.db.transaction().execute(async (trx) => {
      if (!(await lockPortfolio(trx, portfolioId))) throw notFound('problem.portfolio.notFound');
      const comment =
        target.commentId !== undefined
          ? await comments.findCommentById(trx, portfolioId, target.commentId)
          : await comments.findCommentAt(trx, portfolioId, target.index ?? 0);
      if (!comment || comment.deleted_at !== null) throw notFound('problem.comment.notFound');
      if (comment.author_id !== actor.id && !actor.isAdmin) {
        throw forbidden('problem.comment.deleteForbidden');
      }
      const counted =
        comment.parent_id === null && (await comments.hasReplies(trx, portfolioId, comment.id))
          ? await comments.markCommentDeleted(trx, comment.id, new Date().toISOString())
          : await comments.deleteComment(trx, comment.id);
      if (counted) await comments.adjustCommentsCount(trx, portfolioId, -1);
      if (comment.parent_id !== null) await comments.deleteEmptyThreads(trx, [comment.parent_id]);
    });
    await this.changes.publish([changeTags.portfolio(portfolioId), changeTags.ranking('discussed')]);
    return this.firstPage(portfolioId);
  }
}

/** Threads without those `hidden` wrote, and without their replies in the others. */
function withoutWriters(threads: CommentThread[], hidden: ReadonlySet<string>): CommentThread[] {
  return threads
    .filter((thread) => !hidden.has(thread.commentAuthor._id))
    .map((thread) =>
      thread.replies.some((reply) => hidden.has(reply.commentAuthor._id))
        ? { ...thread, replies: thread.replies.filter((reply) => !hidden.has(reply.commentAuthor._id)) }
        : thread,
    );
}

/** A comments cursor is valid for one portfolio's comments only. */
const cursorScope = (portfolioId: string) => `comments:${portfolioId}`;
/** A replies cursor, for one thread's replies only. */
const repliesScope = (commentId: string) => `replies:${commentId}`;

/** The cursor after the last of `shown` when `rows` (newest first) holds more than them, else null. */
function nextCursor(
  scope: string,
  rows: readonly comments.CommentRow[],
  shown: readonly comments.CommentRow[],
) {
  const last = shown.at(-1);
  return rows.length > shown.length && last
    ? encodeCursor(scope, toIsoString(last.created_at), last.id)
    : null;
}
