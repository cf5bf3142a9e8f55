import { z } from 'zod';
import { LIMITS } from './constants.js';
import { withoutNul } from './fields.js';
import { draftSchema } from './portfolios.js';
import { profileCvSchema } from './profile-cv.js';
import { emailSchema, passwordSchema } from './users.js';

/** A link's token as it arrives from a mail: 43 URL-safe characters (256 random bits). */
const linkToken = withoutNul(
  z
    .string({ error: 'validation.link.incomplete' })
    .trim()
    .min(1, { error: 'validation.link.incomplete' })
    .max(200, { error: 'validation.link.invalid' }),
);

/** The password typed to confirm a sensitive change: checked, not judged. */
export const currentPasswordSchema = withoutNul(
  z
    .string({ error: 'validation.currentPassword.required' })
    .min(1, { error: 'validation.currentPassword.required' })
    .max(LIMITS.password.max, { error: 'validation.password.tooLong' }),
);

export const forgotPasswordBodySchema = z.object({ email: emailSchema }).meta({ id: 'ForgotPasswordBody' });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z
  .object({ token: linkToken, password: passwordSchema })
  .meta({ id: 'ResetPasswordBody' });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/*
 * The current password confirms a sensitive change. An account with no password (made by signing in with
 * Telegram) sends none: a sign-in with Telegram in the last minutes confirms it instead.
 */
export const changeEmailBodySchema = z
  .object({ email: emailSchema, currentPassword: currentPasswordSchema.optional() })
  .meta({ id: 'ChangeEmailBody' });
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

export const confirmEmailBodySchema = z.object({ token: linkToken }).meta({ id: 'ConfirmEmailBody' });
export type ConfirmEmailBody = z.infer<typeof confirmEmailBodySchema>;

export const deleteAccountBodySchema = z
  .object({ currentPassword: currentPasswordSchema.optional() })
  .meta({ id: 'DeleteAccountBody' });
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

const isoDate = z.string().meta({ format: 'date-time' });

/** Everything the site holds about one person, as `GET /user/me/export` hands it to them. */
export const accountExportSchema = z
  .object({
    exportedAt: isoDate,
    account: z.object({
      _id: z.string(),
      username: z.string(),
      email: z.string().nullable(),
      emailPublic: z.boolean(),
      telegramId: z.string().nullable(),
      telegramChat: z
        .object({ chatId: z.string(), linkedAt: isoDate })
        .nullable()
        .meta({ description: 'The chat with the site’s Telegram bot that notifications go to, when linked' }),
      firstname: z.string(),
      lastname: z.string(),
      description: z.string(),
      skills: z.array(z.string()),
      githubProfile: z.string(),
      telegramProfile: z.string(),
      image: z.string().nullable(),
      isAdmin: z.boolean(),
      locale: z.string().nullable().meta({
        description:
          'The language the person last read the site in (uz-Latn, uz-Cyrl, ru or en), which mails about others’ actions are written in; null until one was stated',
      }),
      ...profileCvSchema.shape,
      pinned: z.array(z.string()).meta({ description: 'The pinned portfolios’ ids, in the order shown' }),
      registeredDate: isoDate,
      updatedAt: isoDate,
    }),
    pendingEmailChanges: z.array(z.object({ email: z.string(), requestedAt: isoDate, expiresAt: isoDate })),
    sessions: z.array(z.object({ startedAt: isoDate, expiresAt: isoDate, current: z.boolean() })),
    portfolios: z.array(
      z.object({
        _id: z.string(),
        title: z.string(),
        linktitle: z.string(),
        description: z.string(),
        url: z.string(),
        repoUrl: z.string().nullable(),
        used: z.array(z.string()),
        images: z.array(z.string()),
        imageAlts: z.array(z.string()),
        likesCount: z.number().int(),
        commentsCount: z.number().int(),
        date: isoDate,
        updatedAt: isoDate,
      }),
    ),
    drafts: z.array(draftSchema).meta({ description: 'Portfolios not published yet' }),
    coauthorships: z
      .array(
        z.object({
          portfolio: z.object({ _id: z.string(), title: z.string(), linktitle: z.string() }),
          status: z.enum(['invited', 'accepted']),
          date: isoDate,
        }),
      )
      .meta({ description: 'Portfolios of others I am invited to or credited on as a co-author' }),
    comments: z.array(
      z.object({
        _id: z.string(),
        portfolio: z.object({ _id: z.string(), title: z.string(), linktitle: z.string() }),
        body: z.string(),
        date: isoDate,
      }),
    ),
    likes: z.array(
      z.object({
        portfolio: z.object({ _id: z.string(), title: z.string(), linktitle: z.string() }),
        date: isoDate,
      }),
    ),
    saved: z.array(
      z.object({
        portfolio: z.object({ _id: z.string(), title: z.string(), linktitle: z.string() }),
        date: isoDate,
      }),
    ),
    following: z.array(z.object({ _id: z.string(), username: z.string(), date: isoDate })),
    /** Whom the account blocked and muted (decision 55). */
    blocked: z.array(z.object({ _id: z.string(), username: z.string(), date: isoDate })),
    muted: z.array(z.object({ _id: z.string(), username: z.string(), date: isoDate })),
    images: z.array(
      z.object({
        filename: z.string(),
        portfolioId: z.string().nullable(),
        width: z.number().int(),
        height: z.number().int(),
        bytes: z.number().int(),
        alt: z.string(),
        uploadedAt: isoDate,
      }),
    ),
  })
  .meta({ id: 'AccountExport' });
export type AccountExport = z.infer<typeof accountExportSchema>;
