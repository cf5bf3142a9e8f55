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

export const idSchema = z.string().regex(/^[0-9a-f]{24}$/);
const isoDate = z.string().meta({ format: 'date-time' });

export const emailSchema = withoutNul(
  z
    .string({ error: 'Email kiritilishi shart' })
    .trim()
    .toLowerCase()
    .max(LIMITS.email.max, { error: `Email ${LIMITS.email.max} belgidan oshmasin` })
    .pipe(z.email({ error: 'Email manzili noto‘g‘ri' })),
);

export const usernameSchema = withoutNul(
  z
    .string({ error: 'Foydalanuvchi nomi kiritilishi shart' })
    .trim()
    .min(LIMITS.username.min, { error: `Foydalanuvchi nomi kamida ${LIMITS.username.min} belgi bo‘lsin` })
    .max(LIMITS.username.max, { error: `Foydalanuvchi nomi ${LIMITS.username.max} belgidan oshmasin` })
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, {
      error: 'Foydalanuvchi nomida faqat lotin harflari, raqamlar va _ . - bo‘lishi mumkin',
    })
    .refine((value) => !(RESERVED_USERNAMES as readonly string[]).includes(value.toLowerCase()), {
      error: 'Bu foydalanuvchi nomi band',
    })
    // An id-shaped username would be shadowed by the id lookup of /user/{id}.
    .refine((value) => !/^[0-9a-fA-F]{24}$/.test(value), { error: 'Bu foydalanuvchi nomi band' }),
);

export const passwordSchema = withoutNul(
  z
    .string({ error: 'Parol kiritilishi shart' })
    .min(LIMITS.password.min, { error: `Parol kamida ${LIMITS.password.min} belgi bo‘lsin` })
    .max(LIMITS.password.max, { error: `Parol ${LIMITS.password.max} belgidan oshmasin` }),
);

const firstnameField = withoutNul(requiredText(LIMITS.name.min, LIMITS.name.max, 'Ism'));
const lastnameField = withoutNul(requiredText(LIMITS.name.min, LIMITS.name.max, 'Familiya'));

const profileFields = {
  description: withoutNul(optionalText(LIMITS.userDescription.max, 'Tavsif')),
  skills: withoutNul(listField(LIMITS.skills.itemMax, LIMITS.skills.maxItems, 'Ko‘nikma')).optional(),
  githubProfile: withoutNul(profileLink('GitHub profili')),
  telegramProfile: withoutNul(profileLink('Telegram profili')),
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
        .string({ error: 'Email yoki foydalanuvchi nomi kiritilishi shart' })
        .trim()
        .min(1, { error: 'Email yoki foydalanuvchi nomi kiritilishi shart' })
        .max(LIMITS.email.max, { error: 'Email yoki foydalanuvchi nomi juda uzun' }),
    ),
    password: withoutNul(
      z
        .string({ error: 'Parol kiritilishi shart' })
        .min(1, { error: 'Parol kiritilishi shart' })
        .max(LIMITS.password.max, { error: `Parol ${LIMITS.password.max} belgidan oshmasin` }),
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
        .string({ error: 'Joriy parol matn bo‘lishi kerak' })
        .max(LIMITS.password.max, { error: `Parol ${LIMITS.password.max} belgidan oshmasin` }),
    ).optional(),
    image: fileField.optional(),
    ...profileFields,
  })
  .meta({ id: 'UpdateMeBody' });
export type UpdateMeBody = z.infer<typeof updateMeBodySchema>;

export const listQuerySchema = z.object({
  limit: intField(1, MAX_LIST_LIMIT, 'limit').default(DEFAULT_LIST_LIMIT),
  offset: intField(0, 1_000_000_000, 'offset').default(0),
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
    linktitle: z.string(),
  })
  .meta({ id: 'PortfolioRef' });
export type PortfolioRef = z.infer<typeof portfolioRefSchema>;

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
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;
