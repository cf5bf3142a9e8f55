import {
  BOUNDS,
  LIMITS,
  createPortfolioBodySchema,
  draftBodySchema,
  draftParamsSchema,
  draftSchema,
  previewBodySchema,
  previewSchema,
  listQuerySchema,
  portfolioListQuerySchema,
  portfolioPageSchema,
  portfolioParamsSchema,
  portfolioSchema,
  portfolioSummarySchema,
  problemSchema,
  relatedPortfoliosSchema,
  technologiesQuerySchema,
  technologySchema,
  updatePortfolioBodySchema,
} from '@portfolio-master/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeTags } from '../../lib/changes.js';
import { RATE_RULES, type RateLimiter } from '../../lib/rate-limiter.js';
import { answer } from '../../lib/reads.js';
import { notFound, validationFailed } from '../../lib/http-error.js';
import { filesFrom, isMultipart } from '../../lib/uploads.js';
import { currentAuth, viewerOf, type AuthenticationHooks } from '../../plugins/authentication.js';
import { assertMayWrite } from '../users/blocks.js';
import type { DraftsService } from './drafts.service.js';
import { coauthorRoutes } from './coauthors.routes.js';
import type { CoauthorsService } from './coauthors.service.js';
import type { PortfoliosService } from './portfolios.service.js';
import type { UsersService } from '../users/users.service.js';

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

/** What these routes are handed: the app passes its services. */
export interface PortfolioRouteDependencies {
  portfolios: PortfoliosService;
  drafts: DraftsService;
  coauthors: CoauthorsService;
  users: UsersService;
  hooks: AuthenticationHooks;
  limiter: RateLimiter;
}

export const portfolioRoutes: FastifyPluginAsyncZod<PortfolioRouteDependencies> = async (
  app,
  { portfolios, drafts, coauthors, users, hooks, limiter },
) => {
  const actorOf = (request: FastifyRequest) => {
    const { user } = currentAuth(request);
    return { id: user.id, isAdmin: users.isAdmin(user) };
  };
  /** Counted (and a blocked account refused) before the body is read: a refused writer never gets to send megabytes. */
  const writeLimits = async (request: FastifyRequest) => {
    const { user } = currentAuth(request);
    assertMayWrite(user);
    await limiter.consume(RATE_RULES.portfolioWrites, user.id);
    if (isMultipart(request)) await limiter.consume(RATE_RULES.uploads, user.id);
  };

  app.get(
    '/portfolio',
    {
      onRequest: hooks.optional,
      config: { readCache: { viewers: 'likes' } },
      schema: {
        tags: ['portfolios'],
        summary: 'A page of portfolios: filter by technologies, search, sort, author',
        querystring: portfolioListQuerySchema,
        response: { 200: portfolioPageSchema, 422: problemSchema },
      },
    },
    async (request) => answer(request, await portfolios.page(request.query, request.auth?.user.id ?? null)),
  );

  app.get(
    '/portfolio/all',
    {
      onRequest: hooks.optional,
      config: { readCache: { viewers: 'likes' } },
      schema: {
        tags: ['portfolios'],
        summary: 'Portfolios with likes and comments, newest first',
        querystring: listQuerySchema,
        response: { 200: z.array(portfolioSchema), 422: problemSchema },
      },
    },
    async (request) =>
      answer(
        request,
        await portfolios.all(request.query.limit, request.query.offset, request.auth?.user.id ?? null),
      ),
  );

  app.get(
    '/portfolio/week-best',
    {
      onRequest: hooks.optional,
      config: { readCache: { viewers: 'likes' } },
      schema: {
        tags: ['portfolios'],
        summary: 'The best of the week: the highest trending scores (likes and comments of the last 7 days)',
        response: { 200: z.array(portfolioSummarySchema) },
      },
    },
    async (request) => answer(request, await portfolios.weekBest(request.auth?.user.id ?? null)),
  );

  app.get(
    '/portfolio/technologies',
    {
      config: { readCache: { viewers: 'none' } },
      schema: {
        tags: ['portfolios'],
        summary: `Technologies in use, most used first: the first ${BOUNDS.technologies}, or those starting with \`q\``,
        querystring: technologiesQuerySchema,
        response: { 200: z.array(technologySchema), 422: problemSchema },
      },
    },
    async (request) => {
      request.readTags = [changeTags.technologies];
      return portfolios.technologies(request.query);
    },
  );

  const draftErrors = { 401: problemSchema, 403: problemSchema, 404: problemSchema, 422: problemSchema };
  /** Counted apart from portfolio writes: saving while typing must not use up the publish. */
  const draftLimits = async (request: FastifyRequest) => {
    const { user } = currentAuth(request);
    assertMayWrite(user);
    await limiter.consume(RATE_RULES.draftSaves, user.id);
  };
  const ownerOf = (request: FastifyRequest) => currentAuth(request).user.id;

  app.get(
    '/portfolio/drafts',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['portfolios'],
        summary: `The signed-in author's drafts ("Qoralamalar"), the last saved first; at most ${LIMITS.drafts.max}`,
        response: { 200: z.array(draftSchema), 401: problemSchema },
      },
    },
    async (request) => drafts.list(ownerOf(request)),
  );

  app.post(
    '/portfolio/drafts',
    {
      onRequest: [hooks.required, draftLimits],
      schema: {
        tags: ['portfolios'],
        summary: 'Start a draft: every field optional, seen by its author only',
        body: draftBodySchema.nullish(),
        response: { 201: draftSchema, ...draftErrors, 409: problemSchema, 429: problemSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await drafts.create(ownerOf(request), request.body ?? {})),
  );

  app.get(
    '/portfolio/drafts/:id',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['portfolios'],
        summary: 'One of the signed-in author’s drafts; 404 for anyone else’s',
        params: draftParamsSchema,
        response: { 200: draftSchema, ...draftErrors },
      },
    },
    async (request) => drafts.get(request.params.id, ownerOf(request)),
  );

  app.put(
    '/portfolio/drafts/:id',
    {
      onRequest: [hooks.required, draftLimits],
      schema: {
        tags: ['portfolios'],
        summary: 'Save a draft (the form saves while its author types): the fields sent replace theirs',
        params: draftParamsSchema,
        body: draftBodySchema.nullish(),
        response: { 200: draftSchema, ...draftErrors, 429: problemSchema },
      },
    },
    async (request) => drafts.save(request.params.id, ownerOf(request), request.body ?? {}),
  );

  app.delete(
    '/portfolio/drafts/:id',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['portfolios'],
        summary: 'Delete one of the signed-in author’s drafts',
        params: draftParamsSchema,
        response: { 204: z.undefined(), ...draftErrors },
      },
    },
    async (request, reply) => {
      await drafts.remove(request.params.id, ownerOf(request));
      return reply.code(204).send();
    },
  );

  app.post(
    '/portfolio/preview',
    {
      onRequest: [hooks.required, draftLimits],
      schema: {
        tags: ['portfolios'],
        summary: 'A description rendered as the portfolio page will show it ("Ko‘rib chiqish")',
        body: previewBodySchema,
        response: { 200: previewSchema, ...draftErrors, 429: problemSchema },
      },
    },
    async (request) => drafts.preview(request.body.description),
  );

  app.get(
    '/portfolio/:id',
    {
      onRequest: hooks.optional,
      config: { readCache: { viewers: 'likes' } },
      schema: {
        tags: ['portfolios'],
        summary: 'One portfolio by id or linktitle; 404 with the body null when missing',
        params: portfolioParamsSchema,
        response: { 200: portfolioSchema, 404: z.null() },
      },
    },
    async (request, reply) => {
      const portfolio = answer(request, await portfolios.get(request.params.id, viewerOf(request, users)));
      if (!portfolio) return reply.code(404).send(null);
      return portfolio;
    },
  );

  app.get(
    '/portfolio/:id/related',
    {
      onRequest: hooks.optional,
      config: { readCache: { viewers: 'likes' } },
      schema: {
        tags: ['portfolios'],
        summary: `"O‘xshash loyihalar": up to ${BOUNDS.related} portfolios sharing its technologies and title words, best first`,
        params: portfolioParamsSchema,
        response: { 200: relatedPortfoliosSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const read = await portfolios.related(request.params.id, request.auth?.user.id ?? null);
      const items = answer(request, read);
      if (!items) throw notFound('problem.portfolio.notFound');
      return items;
    },
  );

  app.post(
    '/portfolio/create',
    {
      onRequest: [hooks.required, writeLimits],
      schema: {
        tags: ['portfolios'],
        summary:
          'Post a portfolio; files under `images` (up to 8). `status: draft` keeps it as a draft instead; `draftId` publishes that draft',
        body: createPortfolioBodySchema,
        consumes: bodyTypes,
        response: { 201: z.union([portfolioSchema, draftSchema]), ...writeErrors },
      },
    },
    async (request, reply) => {
      const { user } = currentAuth(request);
      if (request.body.status === 'draft') {
        if (filesFrom(request.body.images).length > 0) {
          throw validationFailed('images', 'problem.draft.images');
        }
        const { title, description, url, repoUrl, used } = request.body;
        const draft = { title, description, url, repoUrl: repoUrl ?? '', used };
        return reply.code(201).send(await drafts.create(user.id, draft));
      }
      const portfolio = await portfolios.create(user, request.body, filesFrom(request.body.images));
      return reply.code(201).send(portfolio);
    },
  );

  app.put(
    '/portfolio/update/:id',
    {
      onRequest: [hooks.required, writeLimits],
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
      const body = request.body ?? {};
      return portfolios.update(request.params.id, actorOf(request), body, filesFrom(body.images));
    },
  );

  app.delete(
    '/portfolio/delete/:id',
    {
      onRequest: hooks.required,
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

  coauthorRoutes(app, { coauthors, users, hooks, actorOf, writeLimits });
};
