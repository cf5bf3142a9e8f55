import { z } from 'zod';
import { currentPasswordSchema } from './account.js';

/**
 * What the Telegram Login Widget hands the page after someone signs in (`id`, `first_name`, `last_name`,
 * `username`, `photo_url`, `auth_date`, `hash`, and whatever Telegram adds later), passed on unchanged:
 * the server checks the signature over every field it receives.
 */
export const telegramPayloadSchema = z
  .record(
    z.string().regex(/^[a-z_]{1,32}$/, { error: 'validation.telegram.invalid' }),
    z.union([z.string().max(2048, { error: 'validation.telegram.invalid' }), z.number()]),
    { error: 'validation.telegram.invalid' },
  )
  .refine((fields) => Object.keys(fields).length <= 16, { error: 'validation.telegram.invalid' })
  .refine((fields) => 'id' in fields && 'auth_date' in fields && typeof fields.hash === 'string', {
    error: 'validation.telegram.incomplete',
  })
  .meta({ id: 'TelegramPayload' });
export type TelegramPayload = z.infer<typeof telegramPayloadSchema>;

/** Linking Telegram to a signed-in account: the widget's payload, and the password that confirms it. */
export const linkTelegramBodySchema = z
  .object({ telegram: telegramPayloadSchema, currentPassword: currentPasswordSchema.optional() })
  .meta({ id: 'LinkTelegramBody' });
export type LinkTelegramBody = z.infer<typeof linkTelegramBodySchema>;

/** `POST /user/me/telegram-chat`: the bot's deep link that links the chat where Start is pressed. */
export const telegramChatLinkSchema = z
  .object({
    url: z.url().meta({
      description:
        'https://t.me/<bot>?start=<token>: the token is single use, bound to the account, and expires in 15 minutes',
    }),
  })
  .meta({ id: 'TelegramChatLink' });
export type TelegramChatLink = z.infer<typeof telegramChatLinkSchema>;

/** What the webhook answers Telegram: every update is taken, whether or not it meant anything. */
export const telegramWebhookAnswerSchema = z.object({ ok: z.literal(true) });
