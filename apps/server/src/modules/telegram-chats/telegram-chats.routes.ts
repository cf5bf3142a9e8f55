import { createHash, timingSafeEqual } from 'node:crypto';
import {
  problemSchema,
  telegramChatLinkSchema,
  telegramWebhookAnswerSchema,
} from '@portfolio-master/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { unauthorized } from '../../lib/http-error.js';
import { RATE_RULES, type RateLimiter } from '../../lib/rate-limiter.js';
import { currentAuth, type AuthenticationHooks } from '../../plugins/authentication.js';
import type { TelegramChatsService } from './telegram-chats.service.js';
import { WEBHOOK_PATH } from './telegram-updates.js';

/** What these routes are handed: the app passes its services. */
export interface TelegramChatRouteDependencies {
  telegramChats: TelegramChatsService;
  hooks: AuthenticationHooks;
  limiter: RateLimiter;
  config: Pick<Config, 'telegramWebhookSecret'>;
}

const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** Whether `given` is the webhook's secret, compared in constant time (as digests of equal length). */
function isWebhookSecret(given: string | string[] | undefined, secret: string | undefined): boolean {
  if (secret === undefined || typeof given !== 'string') return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

export const telegramChatRoutes: FastifyPluginAsyncZod<TelegramChatRouteDependencies> = async (
  app,
  { telegramChats, hooks, limiter, config },
) => {
  app.post(
    '/user/me/telegram-chat',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['telegram'],
        summary:
          'A deep link to the site’s Telegram bot: pressing Start there links that chat to the own account',
        response: { 200: telegramChatLinkSchema, 401: problemSchema, 409: problemSchema, 429: problemSchema },
      },
    },
    async (request, reply) => {
      const { user } = currentAuth(request);
      await limiter.consume(RATE_RULES.telegramLinksPerAccount, user.id);
      reply.header('cache-control', 'private, no-store');
      return { url: await telegramChats.linkUrl(user.id) };
    },
  );

  app.delete(
    '/user/me/telegram-chat',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['telegram'],
        summary: 'Unlink the own Telegram chat: the bot writes there no more (done when none is linked)',
        response: { 204: z.undefined(), 401: problemSchema },
      },
    },
    async (request, reply) => {
      await telegramChats.unlink(currentAuth(request).user.id);
      return reply.code(204).send();
    },
  );

  app.post(
    WEBHOOK_PATH.slice('/api'.length),
    {
      // Refused before the body is read: only Telegram knows the secret given to setWebhook.
      onRequest: async (request) => {
        if (!isWebhookSecret(request.headers[SECRET_HEADER], config.telegramWebhookSecret)) {
          throw unauthorized('problem.telegramChat.secret');
        }
      },
      schema: {
        tags: ['telegram'],
        summary: 'Telegram’s updates for the site’s bot (X-Telegram-Bot-Api-Secret-Token required)',
        response: { 200: telegramWebhookAnswerSchema, 401: problemSchema },
      },
    },
    async (request) => {
      await telegramChats.handle(request.body);
      return { ok: true as const };
    },
  );
};
