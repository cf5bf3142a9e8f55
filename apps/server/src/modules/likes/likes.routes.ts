import {
  likerPageSchema,
  likeResultSchema,
  pageQuerySchema,
  portfolioParamsSchema,
  problemSchema,
} from '@portfolio-master/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RATE_RULES, type RateLimiter } from '../../lib/rate-limiter.js';
import { currentAuth, type AuthenticationHooks } from '../../plugins/authentication.js';
import { changeTags } from '../../lib/changes.js';
import type { LikesService } from './likes.service.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';

/** What these routes are handed: the app passes its services. */
export interface LikeRouteDependencies {
  likes: LikesService;
  portfolios: PortfoliosService;
  hooks: AuthenticationHooks;
  limiter: RateLimiter;
}

export const likeRoutes: FastifyPluginAsyncZod<LikeRouteDependencies> = async (
  app,
  { likes, portfolios, hooks, limiter },
) => {
  app.put(
    '/portfolio/like/:id',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['likes'],
        summary: 'Toggle the caller’s like',
        params: portfolioParamsSchema,
        response: {
          200: likeResultSchema,
          401: problemSchema,
          403: problemSchema,
          404: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      await limiter.consume(RATE_RULES.likes, user.id);
      const portfolio = await portfolios.requireKey(request.params.id);
      return likes.toggle({ id: portfolio.id, authorId: portfolio.author_id }, user.id);
    },
  );

  app.get(
    '/portfolio/:id/likes',
    {
      onRequest: hooks.optional,
      config: { readCache: { viewers: 'none' } },
      schema: {
        tags: ['likes'],
        summary:
          'Who likes a portfolio, newest first, with names and avatars; `next` is the cursor of the page after',
        params: portfolioParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: likerPageSchema, 400: problemSchema, 404: problemSchema, 422: problemSchema },
      },
    },
    async (request) => {
      const portfolio = await portfolios.require(request.params.id);
      request.readTags = [changeTags.portfolio(portfolio.id)];
      return likes.likers(portfolio.id, request.query);
    },
  );
};
