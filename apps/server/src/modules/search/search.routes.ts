import {
  problemSchema,
  searchPageSchema,
  searchQuerySchema,
  suggestionsSchema,
  suggestQuerySchema,
} from '@portfolio-master/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthenticationHooks } from '../../plugins/authentication.js';
import { answer } from '../../lib/reads.js';
import type { SearchService } from './search.service.js';

/** What these routes are handed: the app passes its services. */
export interface SearchRouteDependencies {
  search: SearchService;
  hooks: AuthenticationHooks;
}

export const searchRoutes: FastifyPluginAsyncZod<SearchRouteDependencies> = async (
  app,
  { search, hooks },
) => {
  app.get(
    '/search',
    {
      onRequest: hooks.optional,
      config: { readCache: { viewers: 'likes' } },
      schema: {
        tags: ['search'],
        summary:
          'Search portfolios (as their list searches), people (as the directory does) or technologies (by the start of the name): a page of one kind, 20 a page, with the counts of all three',
        querystring: searchQuerySchema,
        response: { 200: searchPageSchema, 422: problemSchema },
      },
    },
    async (request) => answer(request, await search.search(request.query, request.auth?.user.id ?? null)),
  );

  app.get(
    '/search/suggest',
    {
      config: { readCache: { viewers: 'none' } },
      schema: {
        tags: ['search'],
        summary:
          'The first few portfolios, people and technologies a query finds, for a search box as one types',
        querystring: suggestQuerySchema,
        response: { 200: suggestionsSchema, 422: problemSchema },
      },
    },
    async (request) => answer(request, await search.suggest(request.query.q ?? '')),
  );
};
