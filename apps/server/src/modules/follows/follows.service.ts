import type {
  AuthorRef,
  FollowResult,
  NumberedPageQuery,
  PersonPage,
  PortfolioPage,
} from '@portfolio-master/contract';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';
import { changeTags, type ChangeFeed } from '../../lib/changes.js';
import { HttpError } from '../../lib/http-error.js';
import type { BlocksService } from '../blocks/blocks.service.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';
import type { UsersService } from '../users/users.service.js';
import * as follows from '../../data/follows.repository.js';

const pageOf = <T>(items: T[], total: number, query: NumberedPageQuery) => ({
  items,
  total,
  page: query.page,
  limit: query.limit,
  pageCount: Math.ceil(total / query.limit),
});

/** People following authors: the follows, their counts, and the portfolios of the people one follows. */
export class FollowsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: {
      users: UsersService;
      portfolios: PortfoliosService;
      changes: ChangeFeed;
      blocks: BlocksService;
    },
  ) {}

  /** Follows (`follow` true) or stops following; doing what is already done changes nothing. */
  async set(followerId: string, followee: UserRow, follow: boolean): Promise<FollowResult> {
    if (followee.id === followerId) {
      throw new HttpError(422, 'VALIDATION_FAILED', 'problem.follow.self');
    }
    if (follow) await this.deps.blocks.assertNotBlocked(followerId, followee.id);
    const followersCount = await this.db.transaction().execute(async (trx) => {
      const changed = follow
        ? await follows.insertFollow(trx, followerId, followee.id, new Date().toISOString())
        : await follows.deleteFollow(trx, followerId, followee.id);
      const delta = changed ? (follow ? 1 : -1) : 0;
      return follows.adjustFollowCounts(trx, followerId, followee.id, delta);
    });
    await this.deps.changes.publish([
      changeTags.user(followee.id),
      changeTags.user(followerId),
      changeTags.users,
    ]);
    return { following: follow, followersCount };
  }

  /** Who follows `user`, or whom `user` follows, the newest follow first. */
  async people(
    user: UserRow,
    side: 'followers' | 'following',
    query: NumberedPageQuery,
  ): Promise<PersonPage> {
    const rows = await follows.findFollowPage(
      this.db,
      user.id,
      side,
      query.limit,
      (query.page - 1) * query.limit,
    );
    const items: AuthorRef[] = rows.map((row) => ({
      _id: row.id,
      username: row.username,
      firstname: row.firstname,
      lastname: row.lastname,
      image: row.image,
      isAdmin: this.deps.users.isAdmin(row),
    }));
    return pageOf(items, side === 'followers' ? user.followers_count : user.following_count, query);
  }

  /** The portfolios of the authors `viewerId` follows, newest first. */
  async feed(viewerId: string, query: NumberedPageQuery): Promise<PortfolioPage> {
    const { ids, total } = await follows.findFollowedPortfolioIds(
      this.db,
      viewerId,
      query.limit,
      (query.page - 1) * query.limit,
    );
    return pageOf(await this.deps.portfolios.cards(ids, viewerId), total, query);
  }
}
