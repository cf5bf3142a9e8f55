import {
  followResultSchema,
  numberedPageQuerySchema,
  personPageSchema,
  portfolioPageSchema,
  problemSchema,
  userParamsSchema,
} from '@portfolio-master/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeTags } from '../../lib/changes.js';
import { notFound } from '../../lib/http-error.js';
import { RATE_RULES, type RateLimiter } from '../../lib/rate-limiter.js';
import { currentAuth, type AuthenticationHooks } from '../../plugins/authentication.js';
import type { FollowsService } from './follows.service.js';
import type { UsersService } from '../users/users.service.js';

/** What these routes are handed: the app passes its services. */
export interface FollowRouteDependencies {
  follows: FollowsService;
  users: UsersService;
  hooks: AuthenticationHooks;
  limiter: RateLimiter;
}

export const followRoutes: FastifyPluginAsyncZod<FollowRouteDependencies> = async (
  app,
  { follows, users, hooks, limiter },
) => {
  const requireUser = async (idOrUsername: string) => {
    const user = await users.findByIdOrUsername(idOrUsername);
    if (!user) throw notFound('problem.user.notFound');
    return user;
  };

  for (const [method, follow] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/user/:id/follow',
      {
        onRequest: hooks.required,
        schema: {
          tags: ['follows'],
          summary: follow ? 'Follow a user (doing it twice changes nothing)' : 'Stop following a user',
          params: userParamsSchema,
          response: {
            200: followResultSchema,
            401: problemSchema,
            403: problemSchema,
            404: problemSchema,
            422: problemSchema,
            429: problemSchema,
          },
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        await limiter.consume(RATE_RULES.follows, user.id);
        return follows.set(user.id, await requireUser(request.params.id), follow);
      },
    );
  }

  for (const side of ['followers', 'following'] as const) {
    app.get(
      `/user/:id/${side}`,
      {
        config: { readCache: { viewers: 'none' } },
        schema: {
          tags: ['follows'],
          summary:
            side === 'followers' ? 'Who follows a user, newest first' : 'Whom a user follows, newest first',
          params: userParamsSchema,
          querystring: numberedPageQuerySchema,
          response: { 200: personPageSchema, 404: problemSchema, 422: problemSchema },
        },
      },
      async (request) => {
        const user = await requireUser(request.params.id);
        request.readTags = [changeTags.user(user.id)];
        return follows.people(user, side, request.query);
      },
    );
  }

  app.get(
    '/feed/following',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['follows'],
        summary: 'The portfolios of the people the caller follows, newest first',
        querystring: numberedPageQuerySchema,
        response: { 200: portfolioPageSchema, 401: problemSchema, 422: problemSchema },
      },
    },
    async (request) => follows.feed(currentAuth(request).user.id, request.query),
  );
};
