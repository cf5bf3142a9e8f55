import type {
  AuditAction,
  AuditEntry,
  ModerationAction,
  ReportQueueItem,
  ReportReason,
  ReportTarget,
  SiteStats,
} from '@portfolio-master/contract';
import type { MessageKey } from '@portfolio-master/i18n';

/*
 * What each value of moderation's data is called, as the catalog's keys: written out, so the catalog's
 * test sees every key used.
 */

export const KIND_NAMES = {
  portfolio: 'moderation.kinds.portfolio',
  comment: 'moderation.kinds.comment',
  user: 'moderation.kinds.user',
  technology: 'moderation.kinds.technology',
} as const satisfies Record<AuditEntry['target']['kind'], MessageKey>;

/** The buttons, and the titles of their dialogs. */
export const ACTION_NAMES = {
  hide: 'moderation.actions.hide',
  unhide: 'moderation.actions.unhide',
  delete: 'moderation.actions.delete',
  dismiss: 'moderation.actions.dismiss',
  block: 'moderation.actions.block',
  unblock: 'moderation.actions.unblock',
} as const satisfies Record<ModerationAction, MessageKey>;

/**
 * The same actions in the log, as what an admin did, the check mark of a profile's affiliation, and a
 * merge of two technologies.
 */
export const DONE_NAMES = {
  hide: 'moderation.done.hide',
  unhide: 'moderation.done.unhide',
  delete: 'moderation.done.delete',
  dismiss: 'moderation.done.dismiss',
  block: 'moderation.done.block',
  unblock: 'moderation.done.unblock',
  'affiliation.verify': 'moderation.done.affiliationVerify',
  'affiliation.unverify': 'moderation.done.affiliationUnverify',
  'technology.merge': 'moderation.done.technologyMerge',
} as const satisfies Record<AuditAction, MessageKey>;

/** What a dialog says an action will do; `{label}` is the thing, `{name}` the person blocked. */
export const CONFIRMATIONS = {
  hide: 'moderation.confirm.hide',
  unhide: 'moderation.confirm.unhide',
  delete: 'moderation.confirm.delete',
  dismiss: 'moderation.confirm.dismiss',
  block: 'moderation.confirm.block',
  unblock: 'moderation.confirm.unblock',
} as const satisfies Record<ModerationAction, MessageKey>;

export const REASON_NAMES = {
  spam: 'report.reasons.spam',
  offensive: 'report.reasons.offensive',
  copyright: 'report.reasons.copyright',
  personal: 'report.reasons.personal',
  other: 'report.reasons.other',
} as const satisfies Record<ReportReason, MessageKey>;

export const REPORT_STATUS_NAMES = {
  open: 'moderation.reportStatus.open',
  resolved: 'moderation.reportStatus.resolved',
  dismissed: 'moderation.reportStatus.dismissed',
} as const satisfies Record<ReportQueueItem['reports'][number]['status'], MessageKey>;

/** What is reported, as the report's dialog names it. */
export const REPORTED_THING = {
  portfolio: 'report.about.portfolio',
  comment: 'report.about.comment',
  user: 'report.about.user',
} as const satisfies Record<ReportTarget, MessageKey>;

export const STAT_NAMES = {
  users: 'moderation.stats.users',
  portfolios: 'moderation.stats.portfolios',
  comments: 'moderation.stats.comments',
  hiddenPortfolios: 'moderation.stats.hiddenPortfolios',
  hiddenComments: 'moderation.stats.hiddenComments',
  openReports: 'moderation.stats.openReports',
  blockedUsers: 'moderation.stats.blockedUsers',
} as const satisfies Partial<Record<keyof SiteStats, MessageKey>>;
