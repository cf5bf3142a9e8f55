import { z } from 'zod';
import { BOUNDS, DEFAULT_LIST_LIMIT, LIMITS, MAX_LIST_LIMIT, RESERVED_USERNAMES } from './constants.js';
import {
  booleanField,
  fileField,
  intField,
  listField,
  optionalText,
  profileLink,
  requiredText,
  withoutNul,
} from './fields.js';
import { profileCvBodyFields, profileCvSchema } from './profile-cv.js';

export const idSchema = z.string().regex(/^[0-9a-f]{24}$/);
const isoDate = z.string().meta({ format: 'date-time' });

export const emailSchema = withoutNul(
  z
    .string({ error: 'validation.email.required' })
    .trim()
    .toLowerCase()
    .max(LIMITS.email.max, { error: 'validation.email.tooLong' })
    .pipe(z.email({ error: 'validation.email.format' })),
);

export const usernameSchema = withoutNul(
  z
    .string({ error: 'validation.username.required' })
    .trim()
    .min(LIMITS.username.min, { error: 'validation.username.tooShort' })
    .max(LIMITS.username.max, { error: 'validation.username.tooLong' })
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, { error: 'validation.username.format' })
    .refine((value) => !(RESERVED_USERNAMES as readonly string[]).includes(value.toLowerCase()), {
      error: 'validation.username.taken',
    })
    // An id-shaped username would be shadowed by the id lookup of /user/{id}.
    .refine((value) => !/^[0-9a-fA-F]{24}$/.test(value), { error: 'validation.username.taken' }),
);

export const passwordSchema = withoutNul(
  z
    .string({ error: 'validation.password.required' })
    .min(LIMITS.password.min, { error: 'validation.password.tooShort' })
    .max(LIMITS.password.max, { error: 'validation.password.tooLong' }),
);

const firstnameField = withoutNul(
  requiredText(LIMITS.name.min, LIMITS.name.max, {
    required: 'validation.firstname.required',
    tooLong: 'validation.firstname.tooLong',
  }),
);
const lastnameField = withoutNul(
  requiredText(LIMITS.name.min, LIMITS.name.max, {
    required: 'validation.lastname.required',
    tooLong: 'validation.lastname.tooLong',
  }),
);

const profileFields = {
  description: withoutNul(
    optionalText(LIMITS.userDescription.max, {
      type: 'validation.description.type',
      tooLong: 'validation.description.tooLong',
    }),
  ),
  skills: withoutNul(
    listField(LIMITS.skills.itemMax, LIMITS.skills.maxItems, {
      item: 'validation.skills.item',
      itemTooLong: 'validation.skills.itemTooLong',
      list: 'validation.skills.list',
      tooMany: 'validation.skills.tooMany',
    }),
  ).optional(),
  githubProfile: withoutNul(
    profileLink({
      required: 'validation.githubProfile.type',
      tooLong: 'validation.githubProfile.tooLong',
      format: 'validation.githubProfile.format',
    }),
  ),
  telegramProfile: withoutNul(
    profileLink({
      required: 'validation.telegramProfile.type',
      tooLong: 'validation.telegramProfile.tooLong',
      format: 'validation.telegramProfile.format',
    }),
  ),
};

export const sendVerificationBodySchema = z
  .object({ email: emailSchema })
  .meta({ id: 'SendVerificationBody' });
export type SendVerificationBody = z.infer<typeof sendVerificationBodySchema>;

export const registerBodySchema = z
  .object({
    username: usernameSchema,
    firstname: firstnameField,
    lastname: lastnameField,
    email: emailSchema,
    password: passwordSchema,
    image: fileField.optional(),
    ...profileFields,
  })
  .meta({ id: 'RegisterBody' });
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z
  .object({
    email: withoutNul(
      z
        .string({ error: 'validation.login.required' })
        .trim()
        .min(1, { error: 'validation.login.required' })
        .max(LIMITS.email.max, { error: 'validation.login.tooLong' }),
    ),
    password: withoutNul(
      z
        .string({ error: 'validation.password.required' })
        .min(1, { error: 'validation.password.required' })
        .max(LIMITS.password.max, { error: 'validation.password.tooLong' }),
    ),
  })
  .meta({ id: 'LoginBody' });
export type LoginBody = z.infer<typeof loginBodySchema>;

export const updateMeBodySchema = z
  .object({
    username: usernameSchema.optional(),
    firstname: firstnameField.optional(),
    lastname: lastnameField.optional(),
    emailPublic: booleanField.optional(),
    // A profile form with its new-password input left blank sends "": that means no change.
    password: z.preprocess((value) => (value === '' ? undefined : value), passwordSchema.optional()),
    currentPassword: withoutNul(
      z
        .string({ error: 'validation.currentPassword.type' })
        .max(LIMITS.password.max, { error: 'validation.password.tooLong' }),
    ).optional(),
    image: fileField.optional(),
    ...profileFields,
    ...profileCvBodyFields,
  })
  .meta({ id: 'UpdateMeBody' });
export type UpdateMeBody = z.infer<typeof updateMeBodySchema>;

export const listQuerySchema = z.object({
  limit: intField(1, MAX_LIST_LIMIT).default(DEFAULT_LIST_LIMIT),
  offset: intField(0, 1_000_000_000).default(0),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const userParamsSchema = z.object({
  id: z.string().min(1).max(100).meta({ description: 'An id or a username' }),
});

/** Why and until when an account may not write; `until` null: for good. */
export const blockSchema = z
  .object({ until: isoDate.nullable(), reason: z.string(), date: isoDate })
  .meta({ id: 'Block' });
export type Block = z.infer<typeof blockSchema>;

/** Why content was hidden, shown to its author and to admins only. */
export const hiddenSchema = z.object({ reason: z.string(), date: isoDate }).meta({ id: 'Hidden' });
export type Hidden = z.infer<typeof hiddenSchema>;

export const authorRefSchema = z
  .object({
    _id: idSchema,
    username: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    image: z.string().nullable(),
    isAdmin: z.boolean(),
  })
  .meta({ id: 'AuthorRef' });
export type AuthorRef = z.infer<typeof authorRefSchema>;

export const portfolioRefSchema = z
  .object({
    _id: idSchema,
    title: z.string(),
    images: z.array(z.string()),
    imageAlts: z
      .array(z.string())
      .meta({ description: 'The descriptions of `images`, aligned with them; empty when none' }),
    linktitle: z.string(),
  })
  .meta({ id: 'PortfolioRef' });
export type PortfolioRef = z.infer<typeof portfolioRefSchema>;

/** The chat with the site's Telegram bot that the account linked, if any (issue 29). */
export const telegramChatSchema = z
  .object({ linked: z.boolean(), linkedAt: isoDate.nullable() })
  .meta({ id: 'TelegramChat' });
export type TelegramChat = z.infer<typeof telegramChatSchema>;

export const userSchema = z
  .object({
    _id: idSchema,
    username: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string().nullable(),
    emailPublic: z.boolean(),
    image: z.string().nullable(),
    isAdmin: z.boolean(),
    description: z.string(),
    skills: z.array(z.string()),
    githubProfile: z.string(),
    telegramProfile: z.string(),
    ...profileCvSchema.shape,
    pinned: z.array(portfolioRefSchema).meta({
      description:
        'The portfolios shown first, in the owner’s order; hidden ones only to the owner and admins',
    }),
    registeredDate: isoDate,
    portfolios: z.array(portfolioRefSchema).meta({
      description: `The newest ${BOUNDS.userPortfolios} of the user's portfolios; \`portfoliosCount\` is the number, and GET /portfolio?author={username} pages them all`,
    }),
    portfoliosCount: z.number().int(),
    followersCount: z.number().int().meta({ description: 'How many people follow the user' }),
    followingCount: z.number().int().meta({ description: 'How many people the user follows' }),
    followedByMe: z.boolean().meta({ description: 'Whether the signed-in caller follows the user' }),
    hidden: hiddenSchema.nullable().optional().meta({
      description: 'Why a moderator hid the profile: only to the person and to admins',
    }),
    blocked: blockSchema.nullable().optional().meta({
      description: 'Whether and why the person may not write: only to the person and to admins',
    }),
    signIn: z.object({ password: z.boolean(), telegram: z.boolean() }).optional().meta({
      description:
        'How the person signs in (a password, a linked Telegram account): only to the person themselves',
    }),
    telegramChat: telegramChatSchema.optional().meta({
      description:
        'Whether a chat with the site’s Telegram bot is linked (POST /user/me/telegram-chat), and since when: only to the person themselves',
    }),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;
