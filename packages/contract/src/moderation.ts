import { z } from 'zod';
import {
  LIMITS,
  MAX_PAGE_SIZE,
  MODERATION_LIMITS,
  PAGE_SIZE,
  REPORT_REASONS,
  type ReportReason,
} from './constants.js';
import { intField, withoutNul } from './fields.js';
import { authorRefSchema, blockSchema, hiddenSchema, idSchema } from './users.js';

const isoDate = z.string().meta({ format: 'date-time' });

/** What can be reported and moderated: a portfolio, a comment, or a profile (its account). */
export const REPORT_TARGETS = ['portfolio', 'comment', 'user'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** How each reason reads in the interface. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam yoki reklama',
  offensive: 'Haqoratli yoki nomaqbul',
  copyright: 'Birovning ishi (mualliflik huquqi)',
  personal: 'Shaxsiy ma’lumotlar oshkor qilingan',
  other: 'Boshqa sabab',
};

export const reportBodySchema = z
  .object({
    target: z.enum(REPORT_TARGETS),
    id: idSchema.meta({ description: 'The portfolio’s, comment’s or user’s id' }),
    reason: z.enum(REPORT_REASONS),
    details: withoutNul(z.string().trim().max(MODERATION_LIMITS.details)).default(''),
  })
  .meta({ id: 'ReportBody' });
export type ReportBody = z.input<typeof reportBodySchema>;

export const reportReceiptSchema = z
  .object({
    _id: idSchema,
    status: z.enum(['open', 'resolved', 'dismissed']),
  })
  .meta({ id: 'ReportReceipt' });
export type ReportReceipt = z.infer<typeof reportReceiptSchema>;

/** A moderator's reason: required, shown to whoever it concerns. */
const reasonField = withoutNul(z.string().trim().min(1).max(MODERATION_LIMITS.reason));

export const moderationTargetBodySchema = z
  .object({
    target: z.enum(REPORT_TARGETS),
    id: idSchema,
    reason: reasonField,
  })
  .meta({ id: 'ModerationTargetBody' });
export type ModerationTargetBody = z.infer<typeof moderationTargetBodySchema>;

export const blockBodySchema = z
  .object({
    userId: idSchema,
    reason: reasonField,
    days: intField(1, MODERATION_LIMITS.blockDays)
      .nullable()
      .meta({ description: 'How many days the block lasts; null blocks for good' }),
  })
  .meta({ id: 'BlockBody' });
export type BlockBody = z.infer<typeof blockBodySchema>;

export const unblockBodySchema = z
  .object({ userId: idSchema, reason: reasonField })
  .meta({ id: 'UnblockBody' });
export type UnblockBody = z.infer<typeof unblockBodySchema>;

export const reportQueueQuerySchema = z.object({
  status: z.enum(['open', 'closed']).default('open'),
  page: intField(1, 1_000_000).default(1),
  limit: intField(1, MAX_PAGE_SIZE).default(PAGE_SIZE),
});
export type ReportQueueQuery = z.input<typeof reportQueueQuerySchema>;

export const queuedReportSchema = z
  .object({
    _id: idSchema,
    reason: z.enum(REPORT_REASONS),
    details: z.string(),
    date: isoDate,
    status: z.enum(['open', 'resolved', 'dismissed']),
    reporter: authorRefSchema,
  })
  .meta({ id: 'QueuedReport' });
export type QueuedReport = z.infer<typeof queuedReportSchema>;

/** How many earlier texts of an edited comment the queue shows. */
export const REVISIONS_PER_ITEM = 20;

/** One reported thing with its reports: the newest first, at most 20 of them. */
export const reportQueueItemSchema = z
  .object({
    target: z.object({
      kind: z.enum(REPORT_TARGETS),
      _id: idSchema,
      exists: z.boolean().meta({ description: 'False once the content or account was deleted' }),
      label: z.string().meta({ description: 'The title, the start of the comment, or the person’s name' }),
      path: z.string().nullable().meta({ description: 'Where it is on the site, for a link' }),
      owner: authorRefSchema.nullable(),
      hidden: hiddenSchema.nullable(),
      ownerBlocked: blockSchema.nullable(),
      revisions: z.array(z.object({ body: z.string(), replacedAt: isoDate })).meta({
        description: `A comment's earlier texts, as its writer edited them: the newest first, at most ${REVISIONS_PER_ITEM}; empty for the rest`,
      }),
    }),
    reports: z.array(queuedReportSchema),
    reportsCount: z.number().int(),
    lastDate: isoDate,
  })
  .meta({ id: 'ReportQueueItem' });
export type ReportQueueItem = z.infer<typeof reportQueueItemSchema>;

export const reportQueuePageSchema = z
  .object({
    items: z.array(reportQueueItemSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    pageCount: z.number().int(),
  })
  .meta({ id: 'ReportQueuePage' });
export type ReportQueuePage = z.infer<typeof reportQueuePageSchema>;

export const MODERATION_ACTIONS = ['hide', 'unhide', 'delete', 'dismiss', 'block', 'unblock'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  hide: 'Yashirdi',
  unhide: 'Qayta ko‘rsatdi',
  delete: 'O‘chirdi',
  dismiss: 'Shikoyatni rad etdi',
  block: 'Blokladi',
  unblock: 'Blokdan chiqardi',
};

/**
 * What the log holds: the actions above, an affiliation marked verified or the mark removed, and two
 * technologies merged into one.
 */
export const AUDIT_ACTIONS = [
  ...MODERATION_ACTIONS,
  'affiliation.verify',
  'affiliation.unverify',
  'technology.merge',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z
  .object({
    _id: idSchema,
    date: isoDate,
    admin: authorRefSchema.nullable().meta({ description: 'Null once the admin’s account is deleted' }),
    action: z.enum(AUDIT_ACTIONS),
    target: z.object({ kind: z.enum([...REPORT_TARGETS, 'technology']), _id: idSchema, label: z.string() }),
    reason: z.string(),
    until: isoDate
      .nullable()
      .meta({ description: 'For a block: when it ends; null for good or not a block' }),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z
  .object({
    items: z.array(auditEntrySchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    pageCount: z.number().int(),
  })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditQuerySchema = z.object({
  page: intField(1, 1_000_000).default(1),
  limit: intField(1, MAX_PAGE_SIZE).default(PAGE_SIZE),
});

export const siteStatsSchema = z
  .object({
    users: z.number().int(),
    portfolios: z.number().int(),
    comments: z.number().int(),
    hiddenPortfolios: z.number().int(),
    hiddenComments: z.number().int(),
    openReports: z.number().int(),
    blockedUsers: z.number().int(),
    signupsByWeek: z
      .array(
        z.object({
          week: z.string().meta({ description: 'The Monday the week starts (UTC), YYYY-MM-DD' }),
          count: z.number().int(),
        }),
      )
      .meta({ description: 'The last 12 weeks, oldest first, this week last' }),
  })
  .meta({ id: 'SiteStats' });
export type SiteStats = z.infer<typeof siteStatsSchema>;

/** A technology's name as the admin types it: any case, as the list filter takes it. */
const technologyNameField = withoutNul(z.string().trim().min(1).max(LIMITS.technologies.itemMax));

export const technologyMergeBodySchema = z
  .object({
    from: technologyNameField.meta({ description: 'The technology that goes: its addresses lead to `into`' }),
    into: technologyNameField.meta({ description: 'The technology that stays, under its own name' }),
  })
  .meta({ id: 'TechnologyMergeBody' });
export type TechnologyMergeBody = z.infer<typeof technologyMergeBodySchema>;

export const technologyMergeResultSchema = z
  .object({
    name: z.string().meta({ description: 'The name kept' }),
    count: z.number().int().meta({ description: 'Its visible portfolios after the merge' }),
    moved: z.number().int().meta({ description: 'Portfolios that named the merged technology' }),
  })
  .meta({ id: 'TechnologyMergeResult' });
export type TechnologyMergeResult = z.infer<typeof technologyMergeResultSchema>;

export const moderationResultSchema = z
  .object({ closedReports: z.number().int().meta({ description: 'Open reports on the target this closed' }) })
  .meta({ id: 'ModerationResult' });
export type ModerationResult = z.infer<typeof moderationResultSchema>;
