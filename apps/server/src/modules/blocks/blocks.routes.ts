import {
  blockListSchema,
  blockResultSchema,
  problemSchema,
  userParamsSchema,
} from '@portfolio-master/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-error.js';
import { RATE_RULES, type RateLimiter } from '../../lib/rate-limiter.js';
import { currentAuth, type AuthenticationHooks } from '../../plugins/authentication.js';
import type { BlocksService } from './blocks.service.js';
import type { UsersService } from '../users/users.service.js';

/** What these routes are handed: the app passes its services. */
export interface BlockRouteDependencies {
  blocks: BlocksService;
  users: UsersService;
  hooks: AuthenticationHooks;
  limiter: RateLimiter;
}

/** Blocking and muting people (decision 55): private to the caller, never in a public answer. */
export const blockRoutes: FastifyPluginAsyncZod<BlockRouteDependencies> = async (
  app,
  { blocks, users, hooks, limiter },
) => {
  for (const kind of ['block', 'mute'] as const) {
    for (const [method, on] of [
      ['put', true],
      ['delete', false],
    ] as const) {
      app[method](
        `/user/:id/${kind}`,
        {
          onRequest: hooks.required,
          schema: {
            tags: ['follows'],
            summary: `${on ? '' : 'Undo: '}${kind === 'block' ? 'block a user (ends the follows both ways)' : 'mute a user'}; private to the caller`,
            params: userParamsSchema,
            response: {
              200: blockResultSchema,
              401: problemSchema,
              404: problemSchema,
              422: problemSchema,
              429: problemSchema,
            },
          },
        },
        async (request) => {
          const { user } = currentAuth(request);
          await limiter.consume(RATE_RULES.follows, user.id);
          const other = await users.findByIdOrUsername(request.params.id);
          if (!other) throw notFound('problem.user.notFound');
          return blocks.set(user.id, other, kind, on);
        },
      );
    }
  }

  app.get(
    '/user/me/blocks',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['follows'],
        summary: 'Whom the caller blocked and muted, newest first',
        response: { 200: blockListSchema, 401: problemSchema },
      },
    },
    async (request) => blocks.list(currentAuth(request).user.id),
  );
};
