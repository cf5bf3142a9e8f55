import { z } from 'zod';
import { BELL_KINDS, BOUNDS, NOTIFICATION_KINDS } from './constants.js';
import { intField, withoutNul } from './fields.js';
import { authorRefSchema, idSchema } from './users.js';

const isoDate = z.string().meta({ format: 'date-time' });

export const notificationSchema = z
  .object({
    _id: idSchema,
    kind: z.enum(BELL_KINDS).meta({
      description:
        '`comment`: on my portfolio; `like`: my portfolio liked (the newest liker, `othersCount` more); `reply`: a comment where I commented, or a reply to my comment; `mention`: someone wrote my @username in a comment (`comment` set) or a portfolio’s description (`comment` null); `post`: a new portfolio by someone I follow; `invite`: its owner invites me to be a co-author',
    }),
    actor: authorRefSchema,
    othersCount: z.number().int(),
    portfolio: z.object({ _id: idSchema, title: z.string(), linktitle: z.string() }),
    comment: z.object({ _id: idSchema, excerpt: z.string() }).nullable(),
    date: isoDate,
    read: z.boolean(),
    invite: z.enum(['invited', 'accepted']).optional().meta({
      description:
        'An `invite` only: `invited` while it waits for my answer, `accepted` once I accepted; absent once declined or withdrawn',
    }),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z
  .object({
    items: z.array(notificationSchema),
    unread: z.number().int(),
    next: z.string().nullable().meta({ description: 'Cursor of the next (older) page; null at the end' }),
  })
  .meta({ id: 'NotificationPage' });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationQuerySchema = z.object({
  before: withoutNul(z.string().max(200)).optional(),
  limit: intField(1, BOUNDS.pageItems.max).default(BOUNDS.pageItems.default),
});

export const unreadCountSchema = z.object({ unread: z.number().int() }).meta({ id: 'UnreadCount' });

export const markReadBodySchema = z
  .object({
    ids: z
      .array(idSchema)
      .max(200)
      .optional()
      .meta({ description: 'These notifications; all of the caller’s when absent' }),
  })
  .meta({ id: 'MarkReadBody' });
export type MarkReadBody = z.infer<typeof markReadBodySchema>;

const kindSwitches = z.object({
  comment: z.boolean(),
  like: z.boolean(),
  reply: z.boolean(),
  mention: z.boolean(),
  post: z.boolean(),
});

/** Switches as a client sends them: one older than a kind leaves that kind's switch as it is. */
const kindSwitchesSent = kindSwitches.extend({
  mention: z.boolean().optional().meta({ description: 'Left as it is when absent (older clients)' }),
});

export const notificationSettingsSchema = z
  .object({
    email: kindSwitches,
    telegram: kindSwitches.meta({
      description:
        'Which kinds the bot sends to the linked Telegram chat (none is sent while no chat is linked)',
    }),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsBodySchema = z
  .object({
    email: kindSwitchesSent,
    telegram: kindSwitchesSent
      .optional()
      .meta({ description: 'Left as they are when absent (clients older than the Telegram switches)' }),
  })
  .meta({ id: 'NotificationSettingsBody' });
export type NotificationSettingsBody = z.infer<typeof notificationSettingsBodySchema>;

export const unsubscribeQuerySchema = z.object({
  token: withoutNul(z.string().min(1).max(100)),
  kind: z.enum(NOTIFICATION_KINDS, { error: 'validation.notificationKind' }),
});
