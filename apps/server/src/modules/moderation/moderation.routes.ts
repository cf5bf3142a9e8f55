import {
  auditPageSchema,
  auditQuerySchema,
  blockBodySchema,
  idSchema,
  moderationResultSchema,
  moderationTargetBodySchema,
  problemSchema,
  reportBodySchema,
  reportQueuePageSchema,
  reportQueueQuerySchema,
  reportReceiptSchema,
  siteStatsSchema,
  technologyMergeBodySchema,
  technologyMergeResultSchema,
  unblockBodySchema,
  userSchema,
} from '@portfolio-master/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/http-error.js';
import { RATE_RULES, type RateLimiter } from '../../lib/rate-limiter.js';
import { currentAuth, type AuthenticationHooks } from '../../plugins/authentication.js';
import { assertMayWrite } from '../users/blocks.js';
import type { ModerationService } from './moderation.service.js';
import type { UsersService } from '../users/users.service.js';

const noStore = { 'cache-control': 'no-store' };

const actionErrors = {
  400: problemSchema,
  401: problemSchema,
  403: problemSchema,
  404: problemSchema,
  409: problemSchema,
  422: problemSchema,
};

/** What these routes are handed: the app passes its services. */
export interface ModerationRouteDependencies {
  moderation: ModerationService;
  users: UsersService;
  hooks: AuthenticationHooks;
  limiter: RateLimiter;
}

export const moderationRoutes: FastifyPluginAsyncZod<ModerationRouteDependencies> = async (
  app,
  { moderation, users, hooks, limiter },
) => {
  /** The signed-in admin; 403 for anyone else. */
  const adminOf = (request: FastifyRequest) => {
    const { user } = currentAuth(request);
    if (!users.isAdmin(user)) throw forbidden('problem.adminsOnly');
    return { id: user.id, isAdmin: true };
  };
  const onlyAdmins = async (request: FastifyRequest) => {
    adminOf(request);
  };

  app.post(
    '/reports',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['moderation'],
        summary:
          'Report a portfolio, comment or profile to the admins; the same open report again answers the first',
        body: reportBodySchema,
        response: {
          200: reportReceiptSchema,
          201: reportReceiptSchema,
          401: problemSchema,
          403: problemSchema,
          404: problemSchema,
          422: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const { user } = currentAuth(request);
      assertMayWrite(user);
      await limiter.consume(RATE_RULES.reports, user.id);
      const { receipt, created } = await moderation.report(
        { id: user.id, isAdmin: users.isAdmin(user) },
        request.body,
      );
      return reply.code(created ? 201 : 200).send(receipt);
    },
  );

  app.get(
    '/admin/reports',
    {
      onRequest: [hooks.required, onlyAdmins],
      schema: {
        tags: ['moderation'],
        summary: 'Admins: reported things (open or closed reports), the most recently reported first',
        querystring: reportQueueQuerySchema,
        response: { 200: reportQueuePageSchema, 401: problemSchema, 403: problemSchema, 422: problemSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return moderation.queue(request.query);
    },
  );

  app.get(
    '/admin/stats',
    {
      onRequest: [hooks.required, onlyAdmins],
      schema: {
        tags: ['moderation'],
        summary: 'Admins: the site’s counts and weekly sign-ups',
        response: { 200: siteStatsSchema, 401: problemSchema, 403: problemSchema },
      },
    },
    async (_request, reply) => {
      reply.headers(noStore);
      return moderation.stats();
    },
  );

  app.get(
    '/admin/audit',
    {
      onRequest: [hooks.required, onlyAdmins],
      schema: {
        tags: ['moderation'],
        summary: 'Admins: what admins did, newest first',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, 401: problemSchema, 403: problemSchema, 422: problemSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return moderation.audit(request.query);
    },
  );

  const actions = [
    ['hide', 'Hide a portfolio, comment or profile from everyone but its author and admins'],
    ['unhide', 'Show hidden content again'],
    ['delete', 'Delete a portfolio or a comment'],
    ['dismiss', 'Close the open reports on something without acting on it'],
  ] as const;
  for (const [action, summary] of actions) {
    app.post(
      `/admin/${action}`,
      {
        onRequest: [hooks.required, onlyAdmins],
        schema: {
          tags: ['moderation'],
          summary: `Admins: ${summary}; recorded in the log`,
          body: moderationTargetBodySchema,
          response: { 200: moderationResultSchema, ...actionErrors },
        },
      },
      async (request) => {
        const admin = adminOf(request);
        switch (action) {
          case 'hide':
            return moderation.hide(admin, request.body);
          case 'unhide':
            return moderation.unhide(admin, request.body);
          case 'delete':
            return moderation.remove(admin, request.body);
          case 'dismiss':
            return moderation.dismiss(admin, request.body);
        }
      },
    );
  }

  app.post(
    '/admin/block',
    {
      onRequest: [hooks.required, onlyAdmins],
      schema: {
        tags: ['moderation'],
        summary:
          'Admins: stop an account from writing for some days or for good, with the reason it is shown',
        body: blockBodySchema,
        response: { 200: moderationResultSchema, ...actionErrors },
      },
    },
    async (request) => moderation.block(adminOf(request), request.body),
  );

  app.post(
    '/admin/unblock',
    {
      onRequest: [hooks.required, onlyAdmins],
      schema: {
        tags: ['moderation'],
        summary: 'Admins: let a blocked account write again',
        body: unblockBodySchema,
        response: { 200: moderationResultSchema, ...actionErrors },
      },
    },
    async (request) => moderation.unblock(adminOf(request), request.body),
  );

  app.post(
    '/admin/technologies/merge',
    {
      onRequest: [hooks.required, onlyAdmins],
      schema: {
        tags: ['moderation'],
        summary:
          'Admins: merge one technology into another; its portfolios, filter and feed addresses move to the kept one; recorded in the log',
        body: technologyMergeBodySchema,
        response: { 200: technologyMergeResultSchema, ...actionErrors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return moderation.mergeTechnologies(adminOf(request), request.body);
    },
  );

  const verification = [
    ['PUT', true, 'Admins: mark the affiliation a person states verified; recorded in the log'],
    ['DELETE', false, 'Admins: remove the mark of a verified affiliation; recorded in the log'],
  ] as const;
  for (const [method, verified, summary] of verification) {
    app.route({
      method,
      url: '/admin/users/:id/affiliation/verified',
      onRequest: [hooks.required, onlyAdmins],
      schema: {
        tags: ['moderation'],
        summary,
        params: z.object({ id: idSchema }),
        response: { 200: userSchema, ...actionErrors },
      },
      handler: async (request) => {
        const admin = adminOf(request);
        await moderation.verifyAffiliation(admin, request.params.id, verified);
        return users.getOne(request.params.id, admin);
      },
    });
  }
};
