import { portfolioParamsSchema, portfolioViewsSchema, problemSchema } from '@portfolio-master/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/http-error.js';
import { RATE_RULES, type RateLimiter } from '../../lib/rate-limiter.js';
import { currentAuth, viewerOf, type AuthenticationHooks } from '../../plugins/authentication.js';
import { isBot, type ViewsService } from './views.service.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';
import type { UsersService } from '../users/users.service.js';

/** What these routes are handed: the app passes its services. */
export interface ViewRouteDependencies {
  views: ViewsService;
  portfolios: PortfoliosService;
  users: UsersService;
  hooks: AuthenticationHooks;
  limiter: RateLimiter;
}

export const viewRoutes: FastifyPluginAsyncZod<ViewRouteDependencies> = async (
  app,
  { views, portfolios, users, hooks, limiter },
) => {
  app.post(
    '/portfolio/:id/view',
    {
      onRequest: hooks.optional,
      schema: {
        tags: ['views'],
        summary: 'Count the caller as a viewer of the portfolio today (not its owner, not a crawler)',
        params: portfolioParamsSchema,
        response: { 204: z.undefined(), 404: problemSchema, 429: problemSchema },
      },
    },
    async (request, reply) => {
      await limiter.consume(RATE_RULES.views, request.ip);
      const portfolio = await portfolios.require(request.params.id);
      const userAgent = request.headers['user-agent'];
      if (!isBot(userAgent)) {
        await views.record(portfolio, {
          userId: request.auth?.user.id ?? null,
          ip: request.ip,
          userAgent: userAgent ?? '',
        });
      }
      return reply.code(204).send();
    },
  );

  app.get(
    '/portfolio/:id/views',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['views'],
        summary: 'Unique viewers per day over the last 30 days: for the portfolio’s owner and admins only',
        params: portfolioParamsSchema,
        response: { 200: portfolioViewsSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const { user } = currentAuth(request);
      const portfolio = await portfolios.require(request.params.id, viewerOf(request, users));
      if (portfolio.author_id !== user.id && !users.isAdmin(user)) {
        throw forbidden('problem.views.forbidden');
      }
      reply.header('cache-control', 'private, no-store');
      return views.series(portfolio.id);
    },
  );
};
