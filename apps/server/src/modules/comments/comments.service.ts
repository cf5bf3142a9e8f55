import type { Comment } from '@portfolio-master/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { changeTags, type ChangeFeed } from '../../lib/changes.js';
import { toIsoString } from '../../lib/dates.js';
import { forbidden, HttpError, notFound } from '../../lib/http-error.js';
import { newId } from '../../lib/ids.js';
import { lockPortfolio } from '../portfolios/portfolios.repository.js';
import type { UsersService } from '../users/users.service.js';
import * as comments from './comments.repository.js';

export class CommentsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly users: UsersService,
    private readonly changes: ChangeFeed,
  ) {}

  toComment(row: comments.CommentRow): Comment {
    return {
      _id: row.id,
      body: row.body,
      date: toIsoString(row.created_at),
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

  /** Each portfolio's comments, newest first. */
  async forPortfolios(portfolioIds: readonly string[]): Promise<Map<string, Comment[]>> {
    const byPortfolio = new Map<string, Comment[]>();
    for (const row of await comments.findComments(this.db, portfolioIds)) {
      const list = byPortfolio.get(row.portfolio_id) ?? [];
      list.push(this.toComment(row));
      byPortfolio.set(row.portfolio_id, list);
    }
    return byPortfolio;
  }

  async list(portfolioId: string): Promise<Comment[]> {
    return (await this.forPortfolios([portfolioId])).get(portfolioId) ?? [];
  }

  /**
   * Stores the body exactly as typed (the contract checks its trimmed length). The counter moves first:
   * that takes the portfolio's row lock, as every write to a portfolio does, so a concurrent delete
   * cannot deadlock with this insert or leave it without its portfolio.
   */
  async add(portfolioId: string, authorId: string, body: string): Promise<Comment[]> {
    const now = new Date();
    await this.db.transaction().execute(async (trx) => {
      if (!(await comments.adjustCommentsCount(trx, portfolioId, 1))) throw notFound('Portfolio topilmadi');
      await comments.insertComment(trx, {
        id: newId(now),
        portfolioId,
        authorId,
        body,
        createdAt: now.toISOString(),
      });
    });
    this.changes.publish([changeTags.portfolio(portfolioId), changeTags.lists]);
    return this.list(portfolioId);
  }

  /** By id when given (it must belong to this portfolio), else by position in the newest-first list. */
  async remove(
    portfolioId: string,
    actor: { id: string; isAdmin: boolean },
    target: { commentId?: string | undefined; index?: number | undefined },
  ): Promise<Comment[]> {
    if (target.commentId === undefined && target.index === undefined) {
      const message = 'index yoki commentId kerak';
      throw new HttpError(422, 'VALIDATION_FAILED', message, { index: [message] });
    }
    await this.db.transaction().execute(async (trx) => {
      if (!(await lockPortfolio(trx, portfolioId))) throw notFound('Portfolio topilmadi');
      const current = await comments.findComments(trx, [portfolioId]);
      const comment =
        target.commentId !== undefined
          ? current.find((row) => row.id === target.commentId)
          : current[target.index ?? -1];
      if (!comment) throw notFound('Izoh topilmadi');
      if (comment.author_id !== actor.id && !actor.isAdmin) {
        throw forbidden('Faqat izoh muallifi yoki admin o‘chira oladi');
      }
      if (await comments.deleteComment(trx, comment.id)) {
        await comments.adjustCommentsCount(trx, portfolioId, -1);
      }
    });
    this.changes.publish([changeTags.portfolio(portfolioId), changeTags.lists]);
    return this.list(portfolioId);
  }
}
