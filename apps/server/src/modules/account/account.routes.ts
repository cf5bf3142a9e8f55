import {
  accountExportSchema,
  changeEmailBodySchema,
  confirmEmailBodySchema,
  deleteAccountBodySchema,
  forgotPasswordBodySchema,
  problemSchema,
  resetPasswordBodySchema,
  userSchema,
} from '@portfolio-master/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth, requestLocale, type AuthenticationHooks } from '../../plugins/authentication.js';
import type { AccountService } from './account.service.js';

const tokenHeader = { 'x-token': z.string().meta({ description: 'The new session token' }) };

/** What these routes are handed: the app passes its services. */
export interface AccountRouteDependencies {
  account: AccountService;
  hooks: AuthenticationHooks;
}

export const accountRoutes: FastifyPluginAsyncZod<AccountRouteDependencies> = async (
  app,
  { account, hooks },
) => {
  app.post(
    '/password/forgot',
    {
      schema: {
        tags: ['account'],
        summary:
          'Mail a password-reset link (the answer is the same whether or not the address has an account)',
        body: forgotPasswordBodySchema,
        response: { 200: z.literal(true), 422: problemSchema, 429: problemSchema },
      },
    },
    async (request) => {
      await account.forgotPassword(request.body.email, request.ip, requestLocale(request));
      return true as const;
    },
  );

  app.post(
    '/password/reset',
    {
      schema: {
        tags: ['account'],
        summary: 'Set a new password with the mailed token; every other session ends, a new one starts',
        body: resetPasswordBodySchema,
        response: {
          200: userSchema.meta({ headers: tokenHeader }),
          400: problemSchema,
          422: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const { user, token } = await account.resetPassword(request.body, request.ip, requestLocale(request));
      reply.header('x-token', token);
      return user;
    },
  );

  app.post(
    '/user/me/email',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['account'],
        summary: 'Ask to move the account to another email address: a confirmation link goes there',
        body: changeEmailBodySchema,
        response: { 200: z.literal(true), 401: problemSchema, 422: problemSchema, 429: problemSchema },
      },
    },
    async (request) => {
      await account.requestEmailChange(currentAuth(request), request.body, requestLocale(request));
      return true as const;
    },
  );

  app.post(
    '/email/confirm',
    {
      onRequest: hooks.optional,
      schema: {
        tags: ['account'],
        summary: 'Confirm a new email address with the mailed token (no sign-in needed)',
        body: confirmEmailBodySchema,
        response: {
          200: userSchema,
          400: problemSchema,
          409: problemSchema,
          422: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request) =>
      account.confirmEmailChange(
        request.body.token,
        request.ip,
        request.auth?.user.id ?? null,
        requestLocale(request),
      ),
  );

  app.get(
    '/user/me/export',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['account'],
        summary: 'Everything the site holds about the signed-in user, as a JSON file',
        response: { 200: accountExportSchema, 401: problemSchema },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = currentAuth(request);
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="portfolio-master-${user.username}-${day}.json"`,
        );
      return account.exportData(user, sessionId);
    },
  );

  app.delete(
    '/user/me',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['account'],
        summary: 'Delete the own account with everything it made (the password confirms it)',
        body: deleteAccountBodySchema,
        response: { 204: z.undefined(), 401: problemSchema, 422: problemSchema, 429: problemSchema },
      },
    },
    async (request, reply) => {
      await account.deleteAccount(currentAuth(request), request.body.currentPassword, requestLocale(request));
      return reply.code(204).send();
    },
  );
};
