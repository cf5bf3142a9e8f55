import type { AuthorRef, Coauthor } from '@portfolio-master/contract';
import { LIMITS } from '@portfolio-master/contract';
import type { Kysely } from 'kysely';
import * as coauthors from '../../data/coauthors.repository.js';
import { lockPortfolio } from '../../data/portfolios.repository.js';
import { findUserByUsername } from '../../data/users.repository.js';
import type { Database } from '../../db/schema.js';
import { type ChangeFeed, changeTags } from '../../lib/changes.js';
import { toIsoString } from '../../lib/dates.js';
import { forbidden, HttpError, notFound } from '../../lib/http-error.js';
import { message } from '../../lib/messages.js';
import type { BlocksService } from '../blocks/blocks.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { UsersService } from '../users/users.service.js';
import { type Actor, portfolioChange, type PortfoliosService } from './portfolios.service.js';

/**
 * Made together (docs/decisions/0056-co-authors.md): a portfolio's owner invites up to
 * `LIMITS.coauthors.max` people by username; each is credited (profile, following feed, cards, page,
 * JSON-LD) only once they accept, may leave at any time, and never edits or deletes the portfolio.
 */
export class CoauthorsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: {
      portfolios: PortfoliosService;
      users: UsersService;
      notifications: NotificationsService;
      blocks: BlocksService;
      changes: ChangeFeed;
    },
  ) {}

  /** Those invited and credited as the owner (or an admin) sees them; everyone else, the credited. */
  async list(idOrLinktitle: string, viewer: Actor | null): Promise<Coauthor[]> {
    const portfolio = await this.deps.portfolios.require(idOrLinktitle, viewer);
    const all = viewer !== null && (viewer.id === portfolio.author_id || viewer.isAdmin);
    const rows = await coauthors.findCoauthors(this.db, [portfolio.id], all);
    return rows.map((row) => ({ ...this.authorRef(row), status: row.status }));
  }

  async invite(idOrLinktitle: string, actor: Actor, username: string): Promise<Coauthor[]> {
    const portfolio = await this.deps.portfolios.require(idOrLinktitle, actor);
    if (portfolio.author_id !== actor.id) throw forbidden('problem.coauthor.forbidden');
    const invitee = await findUserByUsername(this.db, username);
    if (!invitee) throw new HttpError(422, 'COAUTHOR_UNKNOWN', 'problem.coauthor.unknownUser');
    if (invitee.id === portfolio.author_id) {
      throw new HttpError(422, 'COAUTHOR_SELF', 'problem.coauthor.self');
    }
    // Nobody is asked to share work with a person either of them blocked.
    await this.deps.blocks.assertNotBlocked(actor.id, invitee.id);
    const now = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      // The portfolio's row lock: two invitations at once still count to the limit one at a time.
      if (!(await lockPortfolio(trx, portfolio.id))) throw notFound('problem.portfolio.notFound');
      if (await coauthors.findInvitation(trx, portfolio.id, invitee.id)) throw duplicate();
      if ((await coauthors.countCoauthors(trx, portfolio.id)) >= LIMITS.coauthors.max) {
        throw new HttpError(
          409,
          'COAUTHORS_FULL',
          message('problem.coauthor.tooMany', { max: LIMITS.coauthors.max }),
        );
      }
      const inserted = await coauthors.insertInvitation(trx, {
        portfolioId: portfolio.id,
        userId: invitee.id,
        portfolioCreatedAt: toIsoString(portfolio.created_at),
        now,
      });
      if (!inserted) throw duplicate();
      await this.deps.notifications.invited(trx, {
        portfolioId: portfolio.id,
        ownerId: portfolio.author_id,
        userId: invitee.id,
        createdAt: now,
      });
    });
    return this.list(portfolio.id, actor);
  }

  /** The invitee accepts: from now on the portfolio is theirs too wherever it is shown. */
  async accept(idOrLinktitle: string, actor: Actor): Promise<Coauthor[]> {
    const portfolio = await this.deps.portfolios.require(idOrLinktitle, actor);
    const now = new Date().toISOString();
    const accepted = await this.db.transaction().execute(async (trx) => {
      const done = await coauthors.acceptInvitation(trx, portfolio.id, actor.id, now);
      if (done) await this.deps.notifications.markInviteRead(trx, portfolio.id, actor.id, now);
      return done;
    });
    if (!accepted) throw notInvited();
    await this.changed(portfolio.id, portfolio.author_id, actor.id);
    return this.list(portfolio.id, actor);
  }

  /**
   * Someone leaves the list: the invitee declines, a co-author leaves, or the owner withdraws an
   * invitation or a credit (`username` someone else's). Anyone else gets 403.
   */
  async remove(idOrLinktitle: string, actor: Actor, username: string): Promise<void> {
    const portfolio = await this.deps.portfolios.require(idOrLinktitle, actor);
    const person = username === 'me' ? { id: actor.id } : await findUserByUsername(this.db, username);
    if (person?.id !== actor.id && portfolio.author_id !== actor.id) {
      throw forbidden('problem.coauthor.forbidden');
    }
    if (!person) throw notInvited();
    const status = await this.db.transaction().execute(async (trx) => {
      const before = await coauthors.deleteInvitation(trx, portfolio.id, person.id);
      if (before !== undefined) await this.deps.notifications.uninvited(trx, portfolio.id, person.id);
      return before;
    });
    if (status === undefined) throw notInvited();
    if (status === 'accepted') await this.changed(portfolio.id, portfolio.author_id, person.id);
  }

  /** The credit changed: the portfolio's page and cards, the lists, both people's profiles. */
  private async changed(portfolioId: string, ownerId: string, userId: string): Promise<void> {
    await this.deps.changes.publish([...portfolioChange(portfolioId, ownerId), changeTags.user(userId)]);
  }

  private authorRef(row: coauthors.CoauthorRow): AuthorRef {
    const { openToWork: _, ...ref } = this.deps.portfolios.coauthorOf(row);
    return ref;
  }
}

const duplicate = () => new HttpError(409, 'COAUTHOR_DUPLICATE', 'problem.coauthor.duplicate');
const notInvited = () => new HttpError(404, 'NOT_INVITED', 'problem.coauthor.notInvited');
