import {
  markReadBodySchema,
  notificationPageSchema,
  notificationQuerySchema,
  notificationSettingsBodySchema,
  notificationSettingsSchema,
  problemSchema,
  unreadCountSchema,
  unsubscribeQuerySchema,
} from '@portfolio-master/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RATE_RULES, type RateLimiter } from '../../lib/rate-limiter.js';
import { currentAuth, type AuthenticationHooks } from '../../plugins/authentication.js';
import type { NotificationsService } from './notifications.service.js';

const PRIVATE = { 'cache-control': 'private, no-store' };

/** What these routes are handed: the app passes its services. */
export interface NotificationRouteDependencies {
  notifications: NotificationsService;
  hooks: AuthenticationHooks;
  limiter: RateLimiter;
}

export const notificationRoutes: FastifyPluginAsyncZod<NotificationRouteDependencies> = async (
  app,
  { notifications, hooks, limiter },
) => {
  app.get(
    '/notifications',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['notifications'],
        summary: 'The caller’s notifications, newest first, and how many are unread',
        querystring: notificationQuerySchema,
        response: { 200: notificationPageSchema, 400: problemSchema, 401: problemSchema, 422: problemSchema },
      },
    },
    async (request, reply) => {
      reply.headers(PRIVATE);
      return notifications.page(currentAuth(request).user.id, request.query);
    },
  );

  app.get(
    '/notifications/unread',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['notifications'],
        summary: 'How many of the caller’s notifications are unread (the bell’s number)',
        response: { 200: unreadCountSchema, 401: problemSchema },
      },
    },
    async (request, reply) => {
      reply.headers(PRIVATE);
      return { unread: await notifications.unread(currentAuth(request).user.id) };
    },
  );

  app.post(
    '/notifications/read',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['notifications'],
        summary: 'Mark these notifications (or all) as read; answers how many stay unread',
        body: markReadBodySchema,
        response: { 200: unreadCountSchema, 401: problemSchema, 422: problemSchema },
      },
    },
    async (request) => ({ unread: await notifications.markRead(currentAuth(request).user.id, request.body) }),
  );

  app.get(
    '/notifications/settings',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['notifications'],
        summary: 'Which kinds of notification also come by mail',
        response: { 200: notificationSettingsSchema, 401: problemSchema },
      },
    },
    async (request, reply) => {
      reply.headers(PRIVATE);
      return notifications.settings(currentAuth(request).user.id);
    },
  );

  app.put(
    '/notifications/settings',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['notifications'],
        summary: 'Choose which kinds of notification also come by mail',
        body: notificationSettingsBodySchema,
        response: { 200: notificationSettingsSchema, 401: problemSchema, 422: problemSchema },
      },
    },
    async (request) => notifications.updateSettings(currentAuth(request).user.id, request.body),
  );

  app.post(
    '/notifications/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'The one-click unsubscribe link of a notification mail (RFC 8058): no more mail of that kind, no sign-in needed',
        querystring: unsubscribeQuerySchema,
        response: {
          200: z.object({ kind: unsubscribeQuerySchema.shape.kind, email: z.literal(false) }),
          400: problemSchema,
          422: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request) => {
      await limiter.consume(RATE_RULES.accountLinksPerIp, request.ip);
      await notifications.unsubscribe(request.query.token, request.query.kind);
      return { kind: request.query.kind, email: false as const };
    },
  );
};
