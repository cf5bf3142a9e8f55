import type { LikeResult, LikerPage, PageQuery } from '@portfolio-master/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { changeTags, type ChangeFeed } from '../../lib/changes.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { toIsoString } from '../../lib/dates.js';
import { notFound } from '../../lib/http-error.js';
import { lockPortfolio } from '../../data/portfolios.repository.js';
import type { BlocksService } from '../blocks/blocks.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { UsersService } from '../users/users.service.js';
import * as likes from '../../data/likes.repository.js';

export class LikesService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly changes: ChangeFeed,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
    private readonly blocks: BlocksService,
  ) {}

  /** Who likes the portfolio, newest first, a page at a time. */
  async likers(portfolioId: string, query: PageQuery): Promise<LikerPage> {
    const scope = `likes:${portfolioId}`;
    const before = query.before === undefined ? undefined : decodeCursor(scope, query.before);
    const rows = await likes.findLikersPage(this.db, portfolioId, before, query.limit + 1);
    const items = rows.slice(0, query.limit);
    const last = items[items.length - 1];
    return {
      items: items.map((row) => ({
        user: {
          _id: row.user_id,
          username: row.username,
          firstname: row.firstname,
          lastname: row.lastname,
          image: row.image,
          isAdmin: this.users.isAdmin(row),
        },
        date: toIsoString(row.created_at),
      })),
      next:
        rows.length > query.limit && last
          ? encodeCursor(scope, toIsoString(last.created_at), last.user_id)
          : null,
    };
  }

  /**
   * Likes or unlikes in one transaction. The portfolio's row lock comes first, as in every write to a
   * portfolio: concurrent clicks on it toggle one after another, and a concurrent delete can neither
   * deadlock with them nor leave them a missing row. The (portfolio, user) key still makes a like count
   * once, and the stored counter moves only when a row really appeared or went.
   */
  async toggle(portfolio: { id: string; authorId: string }, userId: string): Promise<LikeResult> {
    const portfolioId = portfolio.id;
    let notified: string | undefined;
    const result = await this.db.transaction().execute(async (trx): Promise<LikeResult> => {
      if (!(await lockPortfolio(trx, portfolioId))) throw notFound('problem.portfolio.notFound');
      const now = new Date().toISOString();
      let answer: LikeResult;
      if (await likes.insertLike(trx, portfolioId, userId, now)) {
        // A new like between two who blocked one another is refused (and rolled back); taking one back is not.
        await this.blocks.assertNotBlocked(userId, portfolio.authorId, trx);
        answer = { count: await likes.adjustLikesCount(trx, portfolioId, userId, 1), isLiked: true };
      } else {
        const removed = await likes.deleteLike(trx, portfolioId, userId);
        answer = {
          count: await likes.adjustLikesCount(trx, portfolioId, userId, removed ? -1 : 0),
          isLiked: false,
        };
      }
      // The owner's unread like notification follows the likes, under the same row lock.
      notified = await this.notifications.liked(
        trx,
        { id: portfolioId, ownerId: portfolio.authorId },
        now,
        answer.isLiked ? userId : undefined,
      );
      return answer;
    });
    await this.changes.publish([
      changeTags.portfolio(portfolioId),
      changeTags.ranking('popular'),
      changeTags.viewer(userId),
    ]);
    this.notifications.deliver([notified]);
    return result;
  }
}
