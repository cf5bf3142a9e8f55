import type { LikeResult } from '@portfolio-master/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import * as likes from './likes.repository.js';

export class LikesService {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Likes or unlikes in one transaction: the (portfolio, user) key makes concurrent clicks count once,
   * and the stored counter moves only when a row really appeared or went.
   */
  async toggle(portfolioId: string, userId: string): Promise<LikeResult> {
    return this.db.transaction().execute(async (trx) => {
      const exists = await trx
        .selectFrom('portfolios')
        .select('id')
        .where('id', '=', portfolioId)
        .executeTakeFirst();
      if (!exists) throw notFound('Portfolio topilmadi');
      if (await likes.insertLike(trx, portfolioId, userId, new Date().toISOString())) {
        return { count: await likes.adjustLikesCount(trx, portfolioId, 1), isLiked: true };
      }
      const removed = await likes.deleteLike(trx, portfolioId, userId);
      return { count: await likes.adjustLikesCount(trx, portfolioId, removed ? -1 : 0), isLiked: false };
    });
  }
}
