import * as channelPosts from '../../data/telegram-channel.repository.js';
import type {
  AuditAction,
  AuditPage,
  AuthorRef,
  BlockBody,
  ModerationResult,
  ModerationTargetBody,
  ReportBody,
  ReportQueueItem,
  ReportQueuePage,
  ReportReceipt,
  ReportReason,
  SiteStats,
  TechnologyMergeBody,
  TechnologyMergeResult,
  UnblockBody,
} from '@portfolio-master/contract';
import { keptTechnologyName, REVISIONS_PER_ITEM } from '@portfolio-master/contract';
import type { MessageKey } from '@portfolio-master/i18n';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type {
  AuditTargetKind,
  Database,
  ModerationTargetKind,
  ReportStatus,
  UserRow,
} from '../../db/schema.js';
import { technologySlug } from '../../data/naming.js';
import {
  countTechnologyPortfolios,
  findTechnologyForMerge,
  mergeTechnologies,
} from '../../data/technologies.repository.js';
import { message } from '../../lib/messages.js';
import { changeTags, type ChangeFeed } from '../../lib/changes.js';
import { isUniqueViolation } from '../../lib/database-errors.js';
import { toIsoString } from '../../lib/dates.js';
import { HttpError, notFound, validationFailed } from '../../lib/http-error.js';
import { newId } from '../../lib/ids.js';
import type { CommentsService } from '../comments/comments.service.js';
import * as comments from '../../data/comments.repository.js';
import type { Actor, PortfoliosService } from '../portfolios/portfolios.service.js';
import { portfolioChange } from '../portfolios/portfolios.service.js';
import * as portfolios from '../../data/portfolios.repository.js';
import { findUserById, setAffiliationVerified } from '../../data/users.repository.js';
import type { UsersService } from '../users/users.service.js';
import { activeBlock } from '../users/blocks.js';
import * as moderation from '../../data/moderation.repository.js';

/** Reports shown with each thing in the queue. */
const REPORTS_PER_ITEM = 20;
/** Weeks of sign-ups in the site counts. */
const SIGNUP_WEEKS = 12;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the queue and the log say about a reported thing. */
interface TargetInfo {
  kind: ModerationTargetKind;
  id: string;
  label: string;
  path: string;
  owner: UserRow | undefined;
  hidden: { reason: string; date: string } | null;
  /** A comment's portfolio. */
  portfolioId?: string;
  portfolioHidden?: boolean;
  /** A comment's earlier texts, newest first. */
  revisions?: { body: string; replacedAt: string }[];
}

/**
 * Reports by users and what admins do about them: hide or show again, delete, dismiss, block from writing.
 * Every admin action is one row of the log; acting on a thing closes its open reports.
 */
export class ModerationService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly deps: {
      users: UsersService;
      portfolios: PortfoliosService;
      comments: CommentsService;
      changes: ChangeFeed;
    },
  ) {}

  private ref(
    row:
      UserRow | Pick<UserRow, 'id' | 'username' | 'firstname' | 'lastname' | 'image' | 'is_admin' | 'email'>,
  ): AuthorRef {
    return {
      _id: row.id,
      username: row.username,
      firstname: row.firstname,
      lastname: row.lastname,
      image: row.image,
      isAdmin: this.deps.users.isAdmin(row),
    };
  }

  /** The thing as moderation sees it (hidden or not); undefined when it is gone. */
  private async target(kind: ModerationTargetKind, id: string): Promise<TargetInfo | undefined> {
    switch (kind) {
      case 'portfolio': {
        const row = await portfolios.findPortfolioById(this.db, id);
        if (!row) return undefined;
        return {
          kind,
          id,
          label: row.title,
          path: `/portfolio/${encodeURIComponent(row.linktitle)}`,
          owner: await findUserById(this.db, row.author_id),
          hidden: hiddenOf(row),
        };
      }
      case 'comment': {
        const row = await comments.findCommentForModeration(this.db, id);
        if (!row) return undefined;
        return {
          kind,
          id,
          label: excerpt(row.body),
          path: `/portfolio/${encodeURIComponent(row.linktitle)}`,
          owner: await findUserById(this.db, row.author_id),
          hidden: hiddenOf(row),
          portfolioId: row.portfolio_id,
          portfolioHidden: row.portfolio_hidden_at !== null,
          revisions: (await comments.findRevisions(this.db, [id], REVISIONS_PER_ITEM)).map((revision) => ({
            body: revision.body,
            replacedAt: toIsoString(revision.replaced_at),
          })),
        };
      }
      case 'user': {
        const row = await findUserById(this.db, id);
        if (!row) return undefined;
        return {
          kind,
          id,
          label: personLabel(row),
          path: `/profile/${encodeURIComponent(row.username)}`,
          owner: row,
          hidden: hiddenOf(row),
        };
      }
    }
  }

  /**
   * A signed-in person's report. Only what they can see, never their own; a second report of the same
   * thing while the first is open answers the first (200).
   */
  async report(reporter: Actor, body: ReportBody): Promise<{ receipt: ReportReceipt; created: boolean }> {
    const target = await this.target(body.target, body.id);
    const visible =
      target !== undefined &&
      (reporter.isAdmin ||
        ((target.hidden === null || target.owner?.id === reporter.id) && target.portfolioHidden !== true));
    if (!target || !visible) throw notFound(NOT_FOUND[body.target]);
    if (target.owner?.id === reporter.id) {
      throw validationFailed('id', 'problem.report.own');
    }
    const existing = await moderation.findOpenReport(this.db, reporter.id, body.target, body.id);
    if (existing) return { receipt: { _id: existing.id, status: 'open' }, created: false };
    const id = newId();
    try {
      await moderation.insertReport(this.db, {
        id,
        reporterId: reporter.id,
        kind: body.target,
        targetId: body.id,
        reason: body.reason,
        details: body.details ?? '',
        createdAt: new Date().toISOString(),
      });
    } catch (error) {
      // The same report sent twice at once: the other one is it.
      if (!isUniqueViolation(error)) throw error;
      const other = await moderation.findOpenReport(this.db, reporter.id, body.target, body.id);
      if (!other) throw error;
      return { receipt: { _id: other.id, status: 'open' }, created: false };
    }
    return { receipt: { _id: id, status: 'open' }, created: true };
  }

  /** Reported things, the most recently reported first, each with its newest reports. */
  async queue(query: { status: 'open' | 'closed'; page: number; limit: number }): Promise<ReportQueuePage> {
    const closed = query.status === 'closed';
    const [targets, total] = await Promise.all([
      moderation.findReportedTargets(this.db, closed, query.limit, (query.page - 1) * query.limit),
      moderation.countReportedTargets(this.db, closed),
    ]);
    const items: ReportQueueItem[] = [];
    for (const entry of targets) {
      const [target, reports] = await Promise.all([
        this.target(entry.kind, entry.targetId),
        moderation.findReportsOn(this.db, entry.kind, entry.targetId, closed, REPORTS_PER_ITEM),
      ]);
      items.push({
        target: {
          kind: entry.kind,
          _id: entry.targetId,
          exists: target !== undefined,
          label: target?.label ?? GONE[entry.kind],
          path: target?.path ?? null,
          owner: target?.owner ? this.ref(target.owner) : null,
          hidden: target?.hidden ?? null,
          ownerBlocked: target?.owner ? activeBlock(target.owner) : null,
          revisions: target?.revisions ?? [],
        },
        reports: reports.map((report) => ({
          _id: report.id,
          reason: report.reason as ReportReason,
          details: report.details,
          date: toIsoString(report.created_at),
          status: report.status as ReportStatus,
          reporter: this.ref({ ...report, id: report.reporter_id }),
        })),
        reportsCount: entry.count,
        lastDate: toIsoString(entry.last),
      });
    }
    return { items, total, page: query.page, limit: query.limit, pageCount: Math.ceil(total / query.limit) };
  }

  /** Hides the thing from everyone but its author and admins, with the reason they are shown. */
  async hide(admin: Actor, body: ModerationTargetBody): Promise<ModerationResult> {
    return this.setHidden(admin, body, true);
  }

  async unhide(admin: Actor, body: ModerationTargetBody): Promise<ModerationResult> {
    return this.setHidden(admin, body, false);
  }

  private async setHidden(
    admin: Actor,
    body: ModerationTargetBody,
    hide: boolean,
  ): Promise<ModerationResult> {
    const target = await this.require(body.target, body.id);
    if (hide && target.owner && this.deps.users.isAdmin(target.owner) && target.owner.id !== admin.id) {
      throw validationFailed('id', 'problem.moderation.otherAdmin');
    }
    const now = new Date().toISOString();
    const hidden = hide ? { at: now, reason: body.reason } : null;
    const closed = await this.db.transaction().execute(async (trx) => {
      let changed: boolean;
      switch (target.kind) {
        case 'portfolio':
          if (!(await portfolios.lockPortfolio(trx, target.id))) throw notFound(NOT_FOUND.portfolio);
          changed = await portfolios.setPortfolioHidden(trx, this.dialect, target.id, hidden);
          if (changed && hide) {
            await moderation.deleteNotificationsOfHidden(trx, {
              portfolio: target.id,
              authorId: target.owner?.id ?? '',
            });
            // Not posted to the site's channel, or its post deleted there (shown again, it stays out).
            await channelPosts.withdraw(trx, [target.id], now);
          }
          break;
        case 'comment':
          // The portfolio's row lock first, as every write to its comments takes it.
          if (!(await portfolios.lockPortfolio(trx, target.portfolioId!))) throw notFound(NOT_FOUND.comment);
          changed = await comments.setCommentHidden(trx, target.id, hidden);
          if (changed) await comments.adjustCommentsCount(trx, target.portfolioId!, hide ? -1 : 1);
          if (changed && hide) await moderation.deleteNotificationsOfHidden(trx, { comment: target.id });
          break;
        case 'user':
          changed = await moderation.setUserHidden(trx, target.id, hidden);
          break;
      }
      if (!changed) {
        throw new HttpError(
          409,
          'CONFLICT',
          hide ? 'problem.moderation.alreadyHidden' : 'problem.moderation.notHidden',
        );
      }
      await this.log(trx, admin, hide ? 'hide' : 'unhide', target, body.reason, null, now);
      return hide ? moderation.closeReports(trx, target.kind, target.id, 'resolved', now) : 0;
    });
    await this.deps.changes.publish(this.changeOf(target));
    return { closedReports: closed };
  }

  /** Deletes a portfolio or a comment as its author could, closing its reports. */
  async remove(admin: Actor, body: ModerationTargetBody): Promise<ModerationResult> {
    if (body.target === 'user') {
      throw validationFailed('target', 'problem.moderation.deleteAccount');
    }
    const target = await this.require(body.target, body.id);
    if (target.kind === 'portfolio') await this.deps.portfolios.remove(target.id, admin);
    else await this.deps.comments.remove(target.portfolioId!, admin, { commentId: target.id });
    const now = new Date().toISOString();
    const closed = await this.db.transaction().execute(async (trx) => {
      await this.log(trx, admin, 'delete', target, body.reason, null, now);
      return moderation.closeReports(trx, target.kind, target.id, 'resolved', now);
    });
    return { closedReports: closed };
  }

  /** Closes the thing's open reports without acting on it (the thing may be gone). */
  async dismiss(admin: Actor, body: ModerationTargetBody): Promise<ModerationResult> {
    const target = (await this.target(body.target, body.id)) ?? {
      kind: body.target,
      id: body.id,
      label: GONE[body.target],
      path: '',
      owner: undefined,
      hidden: null,
    };
    const now = new Date().toISOString();
    const closed = await this.db.transaction().execute(async (trx) => {
      const count = await moderation.closeReports(trx, target.kind, target.id, 'dismissed', now);
      if (count === 0) throw new HttpError(409, 'CONFLICT', 'problem.moderation.noOpenReports');
      await this.log(trx, admin, 'dismiss', target, body.reason, null, now);
      return count;
    });
    return { closedReports: closed };
  }

  /** Stops an account from writing (portfolios, comments, its profile, reports) for `days` or for good. */
  async block(admin: Actor, body: BlockBody): Promise<ModerationResult> {
    const target = await this.require('user', body.userId);
    if (target.id === admin.id || this.deps.users.isAdmin(target.owner!)) {
      throw validationFailed('userId', 'problem.moderation.blockAdmin');
    }
    const now = new Date();
    const until = body.days === null ? null : new Date(now.getTime() + body.days * DAY_MS).toISOString();
    const closed = await this.db.transaction().execute(async (trx) => {
      await moderation.setUserBlock(trx, target.id, { at: now.toISOString(), until, reason: body.reason });
      await this.log(trx, admin, 'block', target, body.reason, until, now.toISOString());
      return moderation.closeReports(trx, 'user', target.id, 'resolved', now.toISOString());
    });
    await this.deps.changes.publish([changeTags.user(target.id)]);
    return { closedReports: closed };
  }

  async unblock(admin: Actor, body: UnblockBody): Promise<ModerationResult> {
    const target = await this.require('user', body.userId);
    if (!activeBlock(target.owner!)) throw new HttpError(409, 'CONFLICT', 'problem.moderation.notBlocked');
    const now = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      await moderation.setUserBlock(trx, target.id, null);
      await this.log(trx, admin, 'unblock', target, body.reason, null, now);
    });
    await this.deps.changes.publish([changeTags.user(target.id)]);
    return { closedReports: 0 };
  }

  /**
   * Marks the affiliation a person states verified, or removes the mark; a change is logged with what was
   * checked. The person's own edit of it removes the mark (UsersService.updateMe).
   */
  async verifyAffiliation(admin: Actor, userId: string, verified: boolean): Promise<void> {
    const target = await this.require('user', userId);
    const { affiliation_kind: kind, affiliation_name: name, affiliation_verified_at: since } = target.owner!;
    if (kind === null || name === null) throw new HttpError(409, 'CONFLICT', 'problem.affiliation.none');
    if ((since !== null) === verified) return;
    const now = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      if (!(await setAffiliationVerified(trx, userId, { kind, name }, verified ? now : null))) {
        throw new HttpError(409, 'CONFLICT', 'problem.affiliation.changed');
      }
      const action = verified ? 'affiliation.verify' : 'affiliation.unverify';
      await this.log(trx, admin, action, target, `${kind}: ${name}`, null, now);
    });
    await this.deps.changes.publish([changeTags.user(userId), changeTags.users]);
  }

  /**
   * Merges technology `from` into `into` (each named as the list filter names it, any case): `from`'s
   * portfolios name `into`, its addresses and feed lead there for good, and writes naming it name `into`
   * (docs/decisions/0058-one-name-per-technology.md). `into` must be a name the site keeps, not a spelling
   * the alias list folds, or its own addresses would lead away again. Logged; every cached copy goes.
   */
  async mergeTechnologies(admin: Actor, body: TechnologyMergeBody): Promise<TechnologyMergeResult> {
    const fromSlug = technologySlug(body.from);
    const intoSlug = technologySlug(body.into);
    if (fromSlug === intoSlug) throw validationFailed('into', 'problem.technology.mergeSelf');
    const now = new Date().toISOString();
    const result = await this.db.transaction().execute(async (trx) => {
      // Locked in one order (by key) whichever way two admins merge the same pair.
      const rows = new Map<string, { id: string; name: string; slug: string }>();
      for (const slug of [fromSlug, intoSlug].sort()) {
        const row = await findTechnologyForMerge(trx, this.dialect, slug);
        if (row) rows.set(slug, row);
      }
      const from = rows.get(fromSlug);
      const into = rows.get(intoSlug);
      if (!from) throw validationFailed('from', 'problem.technology.notFound');
      if (!into) throw validationFailed('into', 'problem.technology.notFound');
      const kept = keptTechnologyName(into.name);
      if (technologySlug(kept) !== into.slug) {
        throw validationFailed(
          'into',
          message('problem.technology.mergeIntoAlias', { name: into.name, kept }),
        );
      }
      const moved = await mergeTechnologies(trx, this.dialect, from, into.id);
      const label = `${from.name} → ${into.name}`;
      await this.log(
        trx,
        admin,
        'technology.merge',
        { kind: 'technology', id: from.id, label },
        '',
        null,
        now,
      );
      const count = await countTechnologyPortfolios(trx, into.id);
      return { name: into.name, count, moved: moved.length };
    });
    // Cards, lists, filters, counts, feeds and the people directory all show technologies.
    await this.deps.changes.publish([changeTags.everything]);
    return result;
  }

  /** The log of what admins did, newest first. */
  async audit(query: { page: number; limit: number }): Promise<AuditPage> {
    const [rows, total] = await Promise.all([
      moderation.findLogPage(this.db, query.limit, (query.page - 1) * query.limit),
      moderation.countRows(this.db, 'moderation_log'),
    ]);
    return {
      items: rows.map((row) => ({
        _id: row.id,
        date: toIsoString(row.created_at),
        admin:
          row.admin_id === null
            ? null
            : this.ref({
                id: row.admin_id,
                username: row.username!,
                firstname: row.firstname!,
                lastname: row.lastname!,
                image: row.image,
                is_admin: row.is_admin!,
                email: row.email!,
              }),
        action: row.action as AuditAction,
        target: { kind: row.target_kind, _id: row.target_id, label: row.target_label },
        reason: row.reason,
        until: row.until === null ? null : toIsoString(row.until),
      })),
      total,
      page: query.page,
      limit: query.limit,
      pageCount: Math.ceil(total / query.limit),
    };
  }

  /** The site's counts, and sign-ups in each of the last 12 weeks (Monday to Sunday, UTC). */
  async stats(now = new Date()): Promise<SiteStats> {
    const nowIso = now.toISOString();
    const weekStart = startOfWeek(now);
    const weeks = Array.from(
      { length: SIGNUP_WEEKS },
      (_, index) => new Date(weekStart.getTime() - (SIGNUP_WEEKS - 1 - index) * 7 * DAY_MS),
    );
    const [users, visible, hiddenPortfolios, visibleComments, hiddenComments, openReports, blocked, signups] =
      await Promise.all([
        moderation.countRows(this.db, 'users'),
        moderation.countRows(this.db, 'portfolios', sql<boolean>`hidden_at is null`),
        moderation.countRows(this.db, 'portfolios', sql<boolean>`hidden_at is not null`),
        moderation.countRows(this.db, 'comments', sql<boolean>`hidden_at is null and deleted_at is null`),
        moderation.countRows(this.db, 'comments', sql<boolean>`hidden_at is not null`),
        moderation.countRows(this.db, 'reports', sql<boolean>`status = 'open'`),
        moderation.countRows(
          this.db,
          'users',
          sql<boolean>`blocked_at is not null and (blocked_until is null or blocked_until > ${nowIso})`,
        ),
        Promise.all(
          weeks.map((start) =>
            moderation.countSignups(
              this.db,
              start.toISOString(),
              new Date(start.getTime() + 7 * DAY_MS).toISOString(),
            ),
          ),
        ),
      ]);
    return {
      users,
      portfolios: visible,
      comments: visibleComments,
      hiddenPortfolios,
      hiddenComments,
      openReports,
      blockedUsers: blocked,
      signupsByWeek: weeks.map((start, index) => ({
        week: start.toISOString().slice(0, 10),
        count: signups[index]!,
      })),
    };
  }

  private async require(kind: ModerationTargetKind, id: string): Promise<TargetInfo> {
    const target = await this.target(kind, id);
    if (!target) throw notFound(NOT_FOUND[kind]);
    return target;
  }

  private async log(
    db: Parameters<typeof moderation.insertLogEntry>[0],
    admin: Actor,
    action: AuditAction,
    target: { kind: AuditTargetKind; id: string; label: string },
    reason: string,
    until: string | null,
    at: string,
  ): Promise<void> {
    await moderation.insertLogEntry(db, {
      id: newId(),
      adminId: admin.id,
      action,
      kind: target.kind,
      targetId: target.id,
      label: target.label,
      reason,
      until,
      createdAt: at,
    });
  }

  /** What showing or hiding the thing changes for the cached pages. */
  private changeOf(target: TargetInfo): string[] {
    switch (target.kind) {
      case 'portfolio':
        return portfolioChange(target.id, target.owner?.id ?? '');
      case 'comment':
        return [changeTags.portfolio(target.portfolioId!), changeTags.ranking('discussed')];
      case 'user':
        return [changeTags.user(target.id), changeTags.users, changeTags.catalog];
    }
  }
}

const NOT_FOUND: Record<ModerationTargetKind, MessageKey> = {
  portfolio: 'problem.portfolio.notFound',
  comment: 'problem.comment.notFound',
  user: 'problem.user.notFound',
};

const GONE: Record<ModerationTargetKind, string> = {
  portfolio: 'O‘chirilgan portfolio',
  comment: 'O‘chirilgan izoh',
  user: 'O‘chirilgan hisob',
};

function hiddenOf(row: { hidden_at: Date | string | null; hidden_reason: string | null }) {
  return row.hidden_at === null
    ? null
    : { reason: row.hidden_reason ?? '', date: toIsoString(row.hidden_at) };
}

function personLabel(row: Pick<UserRow, 'firstname' | 'lastname' | 'username'>): string {
  const name = `${row.firstname} ${row.lastname}`.trim();
  return name ? `${name} (@${row.username})` : `@${row.username}`;
}

/** The start of a comment, for the queue and the log. */
function excerpt(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat;
}

/** Monday 00:00 UTC of the week `date` is in. */
function startOfWeek(date: Date): Date {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}
