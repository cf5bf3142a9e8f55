import {
  createPortfolioBodySchema,
  listQuerySchema,
  portfolioListQuerySchema,
  portfolioPageSchema,
  portfolioParamsSchema,
  portfolioSchema,
  problemSchema,
  technologySchema,
  updatePortfolioBodySchema,
} from '@portfolio-master/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RATE_RULES } from '../../lib/rate-limiter.js';
import { filesFrom } from '../../lib/uploads.js';
import { currentAuth } from '../../plugins/authentication.js';
import type { AppServices } from '../../services.js';

const writeErrors = {
  401: problemSchema,
  403: problemSchema,
  404: problemSchema,
  409: problemSchema,
  413: problemSchema,
  415: problemSchema,
  422: problemSchema,
  429: problemSchema,
};
const bodyTypes = ['multipart/form-data', 'application/json', 'application/x-www-form-urlencoded'];

export const portfolioRoutes: FastifyPluginAsyncZod<AppServices> = async (
  app,
  { portfolios, users, hooks, limiter },
) => {
  const actorOf = (request: Parameters<typeof currentAuth>[0]) => {
    const { user } = currentAuth(request);
    return { id: user.id, isAdmin: users.isAdmin(user) };
  };

  app.get(
    '/portfolio',
    {
      preHandler: hooks.optional,
      schema: {
        tags: ['portfolios'],
        summary: 'A page of portfolios: filter by technologies, search, sort, author',
        querystring: portfolioListQuerySchema,
        response: { 200: portfolioPageSchema, 422: problemSchema },
      },
    },
    async (request) => portfolios.page(request.query, request.auth?.user.id ?? null),
  );

  app.get(
    '/portfolio/all',
    {
      preHandler: hooks.optional,
      schema: {
        tags: ['portfolios'],
        summary: 'Portfolios with likes and comments, newest first',
        querystring: listQuerySchema,
        response: { 200: z.array(portfolioSchema), 422: problemSchema },
      },
    },
    async (request) =>
      portfolios.all(request.query.limit, request.query.offset, request.auth?.user.id ?? null),
  );

  app.get(
    '/portfolio/technologies',
    {
      schema: {
        tags: ['portfolios'],
        summary: 'Technologies in use, most used first',
        response: { 200: z.array(technologySchema) },
      },
    },
    async () => portfolios.technologies(),
  );

  app.get(
    '/portfolio/:id',
    {
      preHandler: hooks.optional,
      schema: {
        tags: ['portfolios'],
        summary: 'One portfolio by id or linktitle; 404 with the body null when missing',
        params: portfolioParamsSchema,
        response: { 200: portfolioSchema, 404: z.null() },
      },
    },
    async (request, reply) => {
      const portfolio = await portfolios.get(request.params.id, request.auth?.user.id ?? null);
      if (!portfolio) return reply.code(404).send(null);
      return portfolio;
    },
  );

  app.post(
    '/portfolio/create',
    {
      preHandler: hooks.required,
      schema: {
        tags: ['portfolios'],
        summary: 'Post a portfolio; files under `images` (up to 8)',
        body: createPortfolioBodySchema,
        consumes: bodyTypes,
        response: { 201: portfolioSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { user } = currentAuth(request);
      const uploads = filesFrom(request.body.images);
      await limiter.consume(RATE_RULES.portfolioWrites, user.id);
      if (uploads.length > 0) await limiter.consume(RATE_RULES.uploads, user.id);
      const portfolio = await portfolios.create(user, request.body, uploads);
      return reply.code(201).send(portfolio);
    },
  );

  app.put(
    '/portfolio/update/:id',
    {
      preHandler: hooks.required,
      schema: {
        tags: ['portfolios'],
        summary:
          'Update a portfolio (owner or admin); `images` replaces the gallery, `keepImages` keeps files',
        params: portfolioParamsSchema,
        // A PUT without a body arrives as null: it changes nothing, like {}.
        body: updatePortfolioBodySchema.nullish(),
        consumes: bodyTypes,
        response: { 200: portfolioSchema, ...writeErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const body = request.body ?? {};
      const uploads = filesFrom(body.images);
      await limiter.consume(RATE_RULES.portfolioWrites, actor.id);
      if (uploads.length > 0) await limiter.consume(RATE_RULES.uploads, actor.id);
      return portfolios.update(request.params.id, actor, body, uploads);
    },
  );

  app.delete(
    '/portfolio/delete/:id',
    {
      preHandler: hooks.required,
      schema: {
        tags: ['portfolios'],
        summary: 'Delete a portfolio with its likes, comments and images (owner or admin)',
        params: portfolioParamsSchema,
        response: { 204: z.undefined(), 401: problemSchema, 403: problemSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      await portfolios.remove(request.params.id, actorOf(request));
      return reply.code(204).send();
    },
  );
};
