import { BOUNDS, type BlockList, type BlockResult } from '@portfolio-master/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';
import type { Soon } from '../../lib/soon.js';
import { changeTags, type ChangeFeed } from '../../lib/changes.js';
import { toIsoString } from '../../lib/dates.js';
import { HttpError } from '../../lib/http-error.js';
import { TaggedCache } from '../../lib/tagged-cache.js';
import type { UsersService } from '../users/users.service.js';
import * as blocks from '../../data/blocks.repository.js';
import * as follows from '../../data/follows.repository.js';

const EMPTY: ReadonlySet<string> = new Set();

/**
 * Blocks and mutes between people (decision 55). Whose words a reader does not see is read once per
 * reader and kept until either side blocks, mutes or undoes one (`changeTags.hides`), so a shared kept
 * page is filtered for its reader without asking the database.
 */
export class BlocksService {
  private readonly hidden: TaggedCache<ReadonlySet<string>>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { users: UsersService; changes: ChangeFeed },
  ) {
    this.hidden = new TaggedCache<ReadonlySet<string>>({ ttlMs: 10 * 60_000, maxEntries: 20_000 }).follow(
      deps.changes,
    );
  }

  /** Drops what nobody read for `idleMs` (see `IdleTimer`); answers how many went. */
  trimIdle(idleMs: number): number {
    return this.hidden.trimIdle(idleMs);
  }

  /**
   * Blocks or mutes `other` (`on` true) or undoes it; doing what is done changes nothing. A block also
   * ends the follows between the two, both ways.
   */
  async set(userId: string, other: UserRow, kind: blocks.BlockKind, on: boolean): Promise<BlockResult> {
    if (other.id === userId) throw new HttpError(422, 'VALIDATION_FAILED', 'problem.block.self');
    const now = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      if (!on) return blocks.deletePersonBlock(trx, userId, other.id, kind);
      await blocks.insertPersonBlock(trx, { userId, otherId: other.id, kind, now });
      if (kind !== 'block') return;
      for (const [followerId, followeeId] of [
        [userId, other.id],
        [other.id, userId],
      ] as const) {
        if (await follows.deleteFollow(trx, followerId, followeeId)) {
          await follows.adjustFollowCounts(trx, followerId, followeeId, -1);
        }
      }
    });
    await this.deps.changes.publish([
      changeTags.hides(userId),
      changeTags.hides(other.id),
      changeTags.user(userId),
      changeTags.user(other.id),
    ]);
    return this.state(userId, other.id);
  }

  /** Whether the caller blocks and mutes the other. */
  private async state(userId: string, otherId: string): Promise<BlockResult> {
    const rows = await blocks.findPersonBlocksOf(this.db, userId, otherId);
    return { blocked: rows.includes('block'), muted: rows.includes('mute') };
  }

  /** The caller's blocks and mutes, newest first (at most `BOUNDS.blockList` of each). */
  async list(userId: string): Promise<BlockList> {
    const [blocked, muted] = await Promise.all([
      blocks.findPersonBlocks(this.db, userId, 'block', BOUNDS.blockList),
      blocks.findPersonBlocks(this.db, userId, 'mute', BOUNDS.blockList),
    ]);
    const person = (row: (typeof blocked)[number]) => ({
      user: {
        _id: row.id,
        username: row.username,
        firstname: row.firstname,
        lastname: row.lastname,
        image: row.image,
        isAdmin: false,
      },
      date: toIsoString(row.created_at),
    });
    return { blocked: blocked.map(person), muted: muted.map(person) };
  }

  /**
   * Whose comments and notifications `readerId` does not see (none for an anonymous reader): at once when
   * it is kept.
   */
  hiddenFor(readerId: string | undefined): Soon<ReadonlySet<string>> {
    if (readerId === undefined) return EMPTY;
    return this.hidden.getOrLoad(readerId, async () => ({
      value: await blocks.findHiddenWriters(this.db, readerId),
      tags: [changeTags.hides(readerId)],
    }));
  }

  /**
   * Refuses what `actorId` does to `ownerId`'s work or to them (a comment, a reply, a like, a follow)
   * when either blocked the other: 403 `PERSON_BLOCKED`, the same words either way. Within a
   * transaction, pass it: SQLite has one connection, which the transaction holds.
   */
  async assertNotBlocked(actorId: string, ownerId: string, trx?: Transaction<Database>): Promise<void> {
    if (await blocks.blockedEitherWay(trx ?? this.db, actorId, ownerId)) {
      throw new HttpError(403, 'PERSON_BLOCKED', 'problem.block.refused');
    }
  }
}
