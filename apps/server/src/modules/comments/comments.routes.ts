import {
  commentBodySchema,
  commentPageSchema,
  commentParamsSchema,
  commentSchema,
  commentThreadSchema,
  deleteCommentQuerySchema,
  newCommentBodySchema,
  pageQuerySchema,
  portfolioParamsSchema,
  problemSchema,
  replyPageSchema,
} from '@portfolio-master/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RATE_RULES, type RateLimiter } from '../../lib/rate-limiter.js';
import { currentAuth, viewerOf, type AuthenticationHooks } from '../../plugins/authentication.js';
import { answer } from '../../lib/reads.js';
import { assertMayWrite } from '../users/blocks.js';
import type { CommentsService } from './comments.service.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';
import type { UsersService } from '../users/users.service.js';

/** What these routes are handed: the app passes its services. */
export interface CommentRouteDependencies {
  comments: CommentsService;
  portfolios: PortfoliosService;
  users: UsersService;
  hooks: AuthenticationHooks;
  limiter: RateLimiter;
}

export const commentRoutes: FastifyPluginAsyncZod<CommentRouteDependencies> = async (
  app,
  { comments, portfolios, users, hooks, limiter },
) => {
  app.put(
    '/portfolio/comment/:id',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['comments'],
        summary:
          'Add a comment, or with `parentId` a reply; answers the newest comments (as the detail shows them), newest first',
        params: portfolioParamsSchema,
        body: newCommentBodySchema,
        response: {
          201: z.array(commentThreadSchema),
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
      await limiter.consume(RATE_RULES.comments, user.id);
      assertMayWrite(user);
      const portfolio = await portfolios.requireKey(request.params.id, viewerOf(request, users));
      const { body, parentId } = request.body;
      const page = await comments.add(
        { id: portfolio.id, authorId: portfolio.author_id },
        user.id,
        body,
        parentId,
      );
      return reply.code(201).send((await comments.forReader({ items: page }, user.id)).items);
    },
  );

  app.patch(
    '/portfolio/:id/comments/:commentId',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['comments'],
        summary: 'Edit one’s own comment; answers it as it is now (`editedAt` set)',
        params: commentParamsSchema,
        body: commentBodySchema,
        response: {
          200: commentSchema,
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
      await limiter.consume(RATE_RULES.comments, user.id);
      assertMayWrite(user);
      const portfolio = await portfolios.require(request.params.id, viewerOf(request, users));
      return comments.edit(portfolio.id, request.params.commentId, user.id, request.body.body);
    },
  );

  app.get(
    '/portfolio/:id/comments',
    {
      onRequest: hooks.optional,
      config: { readCache: { viewers: 'hides' } },
      schema: {
        tags: ['comments'],
        summary: 'A page of a portfolio’s comments, newest first; `before` is the `next` of the page before',
        params: portfolioParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: commentPageSchema, 400: problemSchema, 404: problemSchema, 422: problemSchema },
      },
    },
    async (request) => {
      const portfolio = await portfolios.require(request.params.id);
      return answer(request, await comments.pageFor(portfolio.id, request.query, request.auth?.user.id));
    },
  );

  app.get(
    '/portfolio/:id/comments/:commentId/replies',
    {
      onRequest: hooks.optional,
      config: { readCache: { viewers: 'hides' } },
      schema: {
        tags: ['comments'],
        summary:
          'A page of a comment’s replies, newest first; `before` is its `repliesBefore` or the `next` of the page before',
        params: commentParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: replyPageSchema, 400: problemSchema, 404: problemSchema, 422: problemSchema },
      },
    },
    async (request) => {
      const portfolio = await portfolios.require(request.params.id);
      const { commentId } = request.params;
      return answer(
        request,
        await comments.repliesFor(portfolio.id, commentId, request.query, request.auth?.user.id),
      );
    },
  );

  app.delete(
    '/portfolio/comment/delete/:id',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['comments'],
        summary: 'Delete a comment by commentId, or by index in the newest-first list (author or admin)',
        params: portfolioParamsSchema,
        querystring: deleteCommentQuerySchema,
        response: {
          200: z.array(commentThreadSchema),
          401: problemSchema,
          403: problemSchema,
          404: problemSchema,
          422: problemSchema,
        },
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      const portfolio = await portfolios.require(request.params.id, viewerOf(request, users));
      const page = await comments.remove(
        portfolio.id,
        { id: user.id, isAdmin: users.isAdmin(user) },
        request.query,
      );
      return (await comments.forReader({ items: page }, user.id)).items;
    },
  );
};
