import { BOUNDS, type Comment, type CommentPage, type PageQuery } from '@portfolio-master/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { changeTags, type ChangeFeed } from '../../lib/changes.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { toIsoString } from '../../lib/dates.js';
import { forbidden, notFound, validationFailed } from '../../lib/http-error.js';
import { newId } from '../../lib/ids.js';
import { lockPortfolio } from '../../data/portfolios.repository.js';
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
  ) {}

  toComment(row: comments.CommentRow): Comment {
    return {
      _id: row.id,
      body: row.body,
      bodyHtml: renderComment(row.body),
      date: toIsoString(row.created_at),
      editedAt: row.edited_at === null ? null : toIsoString(row.edited_at),
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
   * Each portfolio's newest comments (at most `BOUNDS.detailComments`), and the cursor of what is older
   * when there is more.
   */
  async newest(portfolioIds: readonly string[]): Promise<Map<string, CommentPage>> {
    const limit = BOUNDS.detailComments;
    const byPortfolio = new Map<string, comments.CommentRow[]>();
    for (const row of await comments.findNewestComments(this.db, portfolioIds, limit + 1)) {
      const list = byPortfolio.get(row.portfolio_id) ?? [];
      list.push(row);
      byPortfolio.set(row.portfolio_id, list);
    }
    return new Map([...byPortfolio].map(([id, rows]) => [id, this.toPage(id, rows, limit)]));
  }

  /** The page of a portfolio's comments before `before` (a cursor from a previous page), newest first. */
  async page(portfolioId: string, query: PageQuery): Promise<CommentPage> {
    const before =
      query.before === undefined ? undefined : decodeCursor(cursorScope(portfolioId), query.before);
    const rows = await comments.findCommentsPage(this.db, portfolioId, before, query.limit + 1);
    return this.toPage(portfolioId, rows, query.limit);
  }

  /** What a write to the comments answers: the newest page, as the detail shows it. */
  async firstPage(portfolioId: string): Promise<Comment[]> {
    return (await this.newest([portfolioId])).get(portfolioId)?.items ?? [];
  }

  /** `rows` holds one more than a page when there is a next page. */
  private toPage(portfolioId: string, rows: comments.CommentRow[], limit: number): CommentPage {
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return {
      items: items.map((row) => this.toComment(row)),
      next:
        rows.length > limit && last
          ? encodeCursor(cursorScope(portfolioId), toIsoString(last.created_at), last.id)
          : null,
    };
  }

  /**
   * Stores the body exactly as typed (the contract checks its trimmed length). The counter moves first:
   * that takes the portfolio's row lock, as every write to a portfolio does, so a concurrent delete
   * cannot deadlock with this insert or leave it without its portfolio.
   */
  async add(portfolioId: string, authorId: string, body: string): Promise<Comment[]> {
    const now = new Date();
    const comment = { id: newId(now), portfolioId, authorId, createdAt: now.toISOString() };
    const notified = await this.db.transaction().execute(async (trx) => {
      if (!(await comments.adjustCommentsCount(trx, portfolioId, 1)))
        throw notFound('problem.portfolio.notFound');
      await comments.insertComment(trx, { ...comment, body });
      return this.notifications.commented(trx, comment);
    });
    await this.changes.publish([changeTags.portfolio(portfolioId), changeTags.ranking('discussed')]);
    this.notifications.deliver(notified);
    return this.firstPage(portfolioId);
  }

  /**
   * Its writer's new text for the comment (nobody else's, admins' neither): the text it replaces is kept
   * for the moderation queue, and the comment says when it was edited. The same text again changes
   * nothing. Answers the comment as it is now.
   */
  async edit(portfolioId: string, commentId: string, writerId: string, body: string): Promise<Comment> {
    const now = new Date();
    const edited = await this.db.transaction().execute(async (trx) => {
      if (!(await lockPortfolio(trx, portfolioId))) throw notFound('problem.portfolio.notFound');
      const comment = await comments.findCommentRow(trx, portfolioId, commentId);
      if (!comment) throw notFound('problem.comment.notFound');
      if (comment.author_id !== writerId) throw forbidden('problem.comment.editForbidden');
      if (comment.body === body) return comment;
      await comments.replaceCommentBody(trx, {
        commentId,
        oldBody: comment.body,
        body,
        revisionId: newId(now),
        now: now.toISOString(),
      });
      return { ...comment, body, edited_at: now.toISOString() };
    });
    await this.changes.publish([changeTags.portfolio(portfolioId)]);
    return this.toComment(edited);
  }

  /** By id when given (it must belong to this portfolio), else by position in the newest-first list. */
  async remove(
    portfolioId: string,
    actor: { id: string; isAdmin: boolean },
    target: { commentId?: string | undefined; index?: number | undefined },
  ): Promise<Comment[]> {
    if (target.commentId === undefined && target.index === undefined) {
      throw validationFailed('index', 'problem.comment.which');
    }
    await this.db.transaction().execute(async (trx) => {
      if (!(await lockPortfolio(trx, portfolioId))) throw notFound('problem.portfolio.notFound');
      const comment =
        target.commentId !== undefined
          ? await comments.findCommentById(trx, portfolioId, target.commentId)
          : await comments.findCommentAt(trx, portfolioId, target.index ?? 0);
      if (!comment) throw notFound('problem.comment.notFound');
      if (comment.author_id !== actor.id && !actor.isAdmin) {
        throw forbidden('problem.comment.deleteForbidden');
      }
      if (await comments.deleteComment(trx, comment.id)) {
        await comments.adjustCommentsCount(trx, portfolioId, -1);
      }
    });
    await this.changes.publish([changeTags.portfolio(portfolioId), changeTags.ranking('discussed')]);
    return this.firstPage(portfolioId);
  }
}

/** A comments cursor is valid for one portfolio's comments only. */
const cursorScope = (portfolioId: string) => `comments:${portfolioId}`;
