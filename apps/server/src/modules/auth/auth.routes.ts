import {
  linkTelegramBodySchema,
  loginBodySchema,
  problemSchema,
  registerBodySchema,
  sendVerificationBodySchema,
  telegramPayloadSchema,
  userSchema,
} from '@portfolio-master/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileFrom } from '../../lib/uploads.js';
import {
  currentAuth,
  requestLocale,
  tokenFrom,
  type AuthenticationHooks,
} from '../../plugins/authentication.js';
import type { AuthService } from './auth.service.js';
import type { TelegramService } from './telegram.service.js';
import type { UsersService } from '../users/users.service.js';

const tokenHeader = { 'x-token': z.string().meta({ description: 'The new session token' }) };

/** What these routes are handed: the app passes its services. */
export interface AuthRouteDependencies {
  auth: AuthService;
  telegram: TelegramService;
  users: UsersService;
  hooks: AuthenticationHooks;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRouteDependencies> = async (
  app,
  { auth, telegram, users, hooks },
) => {
  app.post(
    '/register/send-verification',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a registration link to an email address',
        body: sendVerificationBodySchema,
        response: { 200: z.literal(true), 422: problemSchema, 429: problemSchema },
      },
    },
    async (request) => {
      await auth.sendVerification(request.body.email, request.ip, requestLocale(request));
      return true as const;
    },
  );

  app.post(
    '/register',
    {
      onRequest: async (request) => auth.admitRegistration(tokenFrom(request, 'token'), request.ip),
      schema: {
        tags: ['auth'],
        summary: 'Create an account with the emailed token (header `token`)',
        headers: z.object({ token: z.string().max(200).optional() }),
        body: registerBodySchema,
        consumes: ['multipart/form-data', 'application/json', 'application/x-www-form-urlencoded'],
        response: {
          201: userSchema.meta({ headers: tokenHeader }),
          400: problemSchema,
          409: problemSchema,
          415: problemSchema,
          422: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const { user, token } = await auth.register(
        tokenFrom(request, 'token'),
        request.body,
        fileFrom(request.body.image),
      );
      reply.code(201).header('x-token', token);
      return users.presentOne(user, user.id);
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email or username; the token comes in the x-token header',
        body: loginBodySchema,
        response: { 200: userSchema, 401: problemSchema, 422: problemSchema, 429: problemSchema },
      },
    },
    async (request, reply) => {
      const { user, token } = await auth.login(request.body, request.ip);
      reply.header('x-token', token);
      return users.presentOne(user, user.id);
    },
  );

  app.post(
    '/logout',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current token',
        response: { 204: z.undefined(), 401: problemSchema },
      },
    },
    async (request, reply) => {
      await auth.logout(currentAuth(request));
      return reply.code(204).send();
    },
  );

  app.post(
    '/verify-token',
    {
      onRequest: hooks.optional,
      schema: {
        tags: ['auth'],
        summary: 'Whether the x-token is a live session',
        response: { 200: z.boolean() },
      },
    },
    async (request) => request.auth !== null,
  );

  app.post(
    '/auth/telegram',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with what the Telegram Login Widget handed the page: the account holding that Telegram id, or a new one (201)',
        body: telegramPayloadSchema,
        response: {
          200: userSchema.meta({ headers: tokenHeader }),
          201: userSchema.meta({ headers: tokenHeader }),
          401: problemSchema,
          404: problemSchema,
          422: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const { user, token, created } = await telegram.signIn(request.body, request.ip);
      reply.code(created ? 201 : 200).header('x-token', token);
      return users.presentOne(user, user.id);
    },
  );

  app.post(
    '/user/me/telegram',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['auth'],
        summary: 'Link a Telegram account to the own one (the current password confirms it)',
        body: linkTelegramBodySchema,
        response: {
          200: userSchema,
          401: problemSchema,
          403: problemSchema,
          404: problemSchema,
          409: problemSchema,
          422: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request) => {
      const user = await telegram.link(
        currentAuth(request),
        request.body.telegram,
        request.body.currentPassword,
      );
      return users.presentOne(user, user.id);
    },
  );

  app.delete(
    '/user/me/telegram',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['auth'],
        summary: 'Unlink Telegram from the own account (not while it is the only way to sign in)',
        response: { 200: userSchema, 401: problemSchema, 409: problemSchema },
      },
    },
    async (request) => {
      const user = await telegram.unlink(currentAuth(request));
      return users.presentOne(user, user.id);
    },
  );
};
