import {
  coauthorInviteBodySchema,
  coauthorSchema,
  LIMITS,
  portfolioParamsSchema,
  problemSchema,
} from '@portfolio-master/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf, type AuthenticationHooks } from '../../plugins/authentication.js';
import type { UsersService } from '../users/users.service.js';
import type { CoauthorsService } from './coauthors.service.js';
import type { Actor } from './portfolios.service.js';

type FastifyZodInstance = Parameters<FastifyPluginAsyncZod>[0];

const errors = {
  401: problemSchema,
  403: problemSchema,
  404: problemSchema,
  409: problemSchema,
  415: problemSchema,
  422: problemSchema,
  429: problemSchema,
};
const personParamsSchema = portfolioParamsSchema.extend({
  username: z.string().min(1).max(100).meta({ description: 'A username, or `me` for the caller' }),
});

/** Co-authors of a portfolio (docs/decisions/0056-co-authors.md), among the portfolio routes. */
export function coauthorRoutes(
  app: FastifyZodInstance,
  {
    coauthors,
    users,
    hooks,
    actorOf,
    writeLimits,
  }: {
    coauthors: CoauthorsService;
    users: UsersService;
    hooks: AuthenticationHooks;
    actorOf: (request: FastifyRequest) => Actor;
    writeLimits: (request: FastifyRequest) => Promise<void>;
  },
): void {
  app.get(
    '/portfolio/:id/coauthors',
    {
      onRequest: hooks.optional,
      schema: {
        tags: ['portfolios'],
        summary: 'Its co-authors: the accepted ones, and for its owner also those invited',
        params: portfolioParamsSchema,
        response: { 200: z.array(coauthorSchema), 404: problemSchema },
      },
    },
    async (request) => coauthors.list(request.params.id, viewerOf(request, users)),
  );

  app.post(
    '/portfolio/:id/coauthors',
    {
      onRequest: [hooks.required, writeLimits],
      schema: {
        tags: ['portfolios'],
        summary: `The owner invites someone by username to be a co-author (at most ${LIMITS.coauthors.max}); they hear of it in the bell`,
        params: portfolioParamsSchema,
        body: coauthorInviteBodySchema,
        response: { 201: z.array(coauthorSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await coauthors.invite(request.params.id, actorOf(request), request.body.username)),
  );

  app.put(
    '/portfolio/:id/coauthors/me',
    {
      onRequest: [hooks.required, writeLimits],
      schema: {
        tags: ['portfolios'],
        summary: 'The invitee accepts ("Qabul qilish"): from now on they are credited as a co-author',
        params: portfolioParamsSchema,
        response: { 200: z.array(coauthorSchema), ...errors },
      },
    },
    async (request) => coauthors.accept(request.params.id, actorOf(request)),
  );

  app.delete(
    '/portfolio/:id/coauthors/:username',
    {
      onRequest: [hooks.required, writeLimits],
      schema: {
        tags: ['portfolios'],
        summary:
          '`me`: the invitee declines ("Rad etish") or a co-author leaves ("Hammualliflikdan chiqish"); another username: the owner withdraws the invitation or the credit',
        params: personParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await coauthors.remove(request.params.id, actorOf(request), request.params.username);
      return reply.code(204).send(null);
    },
  );
}
