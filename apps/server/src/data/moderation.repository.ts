import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, AuditTargetKind, ModerationTargetKind, ReportStatus } from '../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** What an `AuthorRef` of the joined user `u` is made from. */
const PERSON_COLUMNS = [
  'u.username',
  'u.firstname',
  'u.lastname',
  'u.image',
  'u.is_admin',
  'u.email',
] as const;

export interface NewReport {
  id: string;
  reporterId: string;
  kind: ModerationTargetKind;
  targetId: string;
  reason: string;
  details: string;
  createdAt: string;
}

/** The reporter's open report on this thing, if any. */
export function findOpenReport(
  db: Executor,
  reporterId: string,
  kind: ModerationTargetKind,
  targetId: string,
) {
  return db
    .selectFrom('reports')
    .select(['id', 'status'])
    .where('reporter_id', '=', reporterId)
    .where('target_kind', '=', kind)
    .where('target_id', '=', targetId)
    .where('status', '=', 'open')
    .executeTakeFirst();
}

export async function insertReport(db: Executor, report: NewReport): Promise<void> {
  await db
    .insertInto('reports')
    .values({
      id: report.id,
      reporter_id: report.reporterId,
      target_kind: report.kind,
      target_id: report.targetId,
      reason: report.reason,
      details: report.details,
      status: 'open',
      created_at: report.createdAt,
      closed_at: null,
    })
    .execute();
}

/** Closes every open report on the thing; answers how many. */
export async function closeReports(
  db: Executor,
  kind: ModerationTargetKind,
  targetId: string,
  status: Exclude<ReportStatus, 'open'>,
  at: string,
): Promise<number> {
  const result = await db
    .updateTable('reports')
    .set({ status, closed_at: at })
    .where('target_kind', '=', kind)
    .where('target_id', '=', targetId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

const statusFilter = (closed: boolean) =>
  closed ? sql<boolean>`status <> 'open'` : sql<boolean>`status = 'open'`;

/** One page of reported things, the most recently reported first, with how many reports each has. */
export async function findReportedTargets(
  db: Executor,
  closed: boolean,
  limit: number,
  offset: number,
): Promise<{ kind: ModerationTargetKind; targetId: string; count: number; last: Date | string }[]> {
  const rows = await db
    .selectFrom('reports')
    .select([
      'target_kind',
      'target_id',
      (eb) => eb.fn.countAll<number | string>().as('n'),
      (eb) => eb.fn.max('created_at').as('last'),
    ])
    .where(statusFilter(closed))
    .groupBy(['target_kind', 'target_id'])
    .orderBy('last', 'desc')
    .orderBy('target_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => ({
    kind: row.target_kind,
    targetId: row.target_id,
    count: Number(row.n),
    last: row.last as Date | string,
  }));
}

export async function countReportedTargets(db: Executor, closed: boolean): Promise<number> {
  const row = await db
    .selectFrom(
      db
        .selectFrom('reports')
        .select('target_kind')
        .where(statusFilter(closed))
        .groupBy(['target_kind', 'target_id'])
        .as('targets'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The newest `limit` reports on the thing (open ones, or closed ones), with their reporters. */
export function findReportsOn(
  db: Executor,
  kind: ModerationTargetKind,
  targetId: string,
  closed: boolean,
  limit: number,
) {
  return db
    .selectFrom('reports as r')
    .innerJoin('users as u', 'u.id', 'r.reporter_id')
    .select([
      'r.id',
      'r.reason',
      'r.details',
      'r.status',
      'r.created_at',
      'u.id as reporter_id',
      ...PERSON_COLUMNS,
    ])
    .where('r.target_kind', '=', kind)
    .where('r.target_id', '=', targetId)
    .where(closed ? sql<boolean>`r.status <> 'open'` : sql<boolean>`r.status = 'open'`)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

export async function insertLogEntry(
  db: Executor,
  entry: {
    id: string;
    adminId: string;
    action: string;
    kind: AuditTargetKind;
    targetId: string;
    label: string;
    reason: string;
    until: string | null;
    createdAt: string;
  },
): Promise<void> {
  await db
    .insertInto('moderation_log')
    .values({
      id: entry.id,
      admin_id: entry.adminId,
      action: entry.action,
      target_kind: entry.kind,
      target_id: entry.targetId,
      target_label: entry.label,
      reason: entry.reason,
      until: entry.until,
      created_at: entry.createdAt,
    })
    .execute();
}

export function findLogPage(db: Executor, limit: number, offset: number) {
  return db
    .selectFrom('moderation_log as l')
    .leftJoin('users as u', 'u.id', 'l.admin_id')
    .select([
      'l.id',
      'l.action',
      'l.target_kind',
      'l.target_id',
      'l.target_label',
      'l.reason',
      'l.until',
      'l.created_at',
      'u.id as admin_id',
      ...PERSON_COLUMNS,
    ])
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countRows(
  db: Executor,
  table: 'users' | 'portfolios' | 'comments' | 'reports' | 'moderation_log',
  where?: ReturnType<typeof sql<boolean>>,
): Promise<number> {
  let query = db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n'));
  if (where) query = query.where(where);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Accounts created in [from, to). */
export async function countSignups(db: Executor, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setUserHidden(
  db: Executor,
  userId: string,
  hidden: { at: string; reason: string } | null,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ hidden_at: hidden?.at ?? null, hidden_reason: hidden?.reason ?? null })
    .where('id', '=', userId)
    .where('hidden_at', hidden ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setUserBlock(
  db: Executor,
  userId: string,
  block: { at: string; until: string | null; reason: string } | null,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      blocked_at: block?.at ?? null,
      blocked_until: block?.until ?? null,
      blocked_reason: block?.reason ?? null,
    })
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Notifications that would show others what is now hidden: a hidden comment's, and a hidden portfolio's
 * to anyone but its author (who still sees it).
 */
export async function deleteNotificationsOfHidden(
  db: Executor,
  target: { comment: string } | { portfolio: string; authorId: string },
): Promise<void> {
  if ('comment' in target) {
    await db.deleteFrom('notifications').where('comment_id', '=', target.comment).execute();
    return;
  }
  await db
    .deleteFrom('notifications')
    .where('portfolio_id', '=', target.portfolio)
    .where('user_id', '!=', target.authorId)
    .execute();
}
