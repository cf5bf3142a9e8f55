import {
  bookmarkStateSchema,
  numberedPageQuerySchema,
  portfolioPageSchema,
  portfolioParamsSchema,
  problemSchema,
} from '@portfolio-master/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { RATE_RULES, type RateLimiter } from '../../lib/rate-limiter.js';
import { currentAuth, type AuthenticationHooks } from '../../plugins/authentication.js';
import * as bookmarks from '../../data/bookmarks.repository.js';
import type { Database } from '../../db/schema.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';

/** What these routes are handed: the app passes its services. */
export interface BookmarkRouteDependencies {
  db: Kysely<Database>;
  portfolios: PortfoliosService;
  hooks: AuthenticationHooks;
  limiter: RateLimiter;
}

/** "Saqlash": portfolios saved to read later, private to whoever saved them (docs/decisions/0025). */
export const bookmarkRoutes: FastifyPluginAsyncZod<BookmarkRouteDependencies> = async (
  app,
  { db, portfolios, hooks, limiter },
) => {
  const noStore = { 'cache-control': 'private, no-store' };

  for (const [method, save] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/portfolio/:id/bookmark',
      {
        onRequest: hooks.required,
        schema: {
          tags: ['bookmarks'],
          summary: save ? 'Save a portfolio to read later' : 'Take a portfolio off the saved ones',
          params: portfolioParamsSchema,
          response: { 200: bookmarkStateSchema, 401: problemSchema, 404: problemSchema, 429: problemSchema },
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        await limiter.consume(RATE_RULES.bookmarks, user.id);
        const portfolio = await portfolios.require(request.params.id);
        if (save) await bookmarks.insertBookmark(db, user.id, portfolio.id, new Date().toISOString());
        else await bookmarks.deleteBookmark(db, user.id, portfolio.id);
        return { saved: save };
      },
    );
  }

  app.get(
    '/portfolio/:id/bookmark',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['bookmarks'],
        summary: 'Whether the caller saved a portfolio',
        params: portfolioParamsSchema,
        response: { 200: bookmarkStateSchema, 401: problemSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const portfolio = await portfolios.require(request.params.id);
      reply.headers(noStore);
      return { saved: await bookmarks.isBookmarked(db, currentAuth(request).user.id, portfolio.id) };
    },
  );

  app.get(
    '/user/me/saved',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['bookmarks'],
        summary: 'The portfolios the caller saved, the newest save first',
        querystring: numberedPageQuerySchema,
        response: { 200: portfolioPageSchema, 401: problemSchema, 422: problemSchema },
      },
    },
    async (request, reply) => {
      const { user } = currentAuth(request);
      const { page, limit } = request.query;
      const { ids, total } = await bookmarks.findBookmarkedIds(db, user.id, limit, (page - 1) * limit);
      reply.headers(noStore);
      return {
        items: await portfolios.cards(ids, user.id),
        total,
        page,
        limit,
        pageCount: Math.ceil(total / limit),
      };
    },
  );
};
