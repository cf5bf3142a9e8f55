import { peopleQuerySchema, personCardPageSchema, problemSchema } from '@portfolio-master/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/reads.js';
import type { PeopleService } from './people.service.js';

/** What these routes are handed: the app passes its services. */
export interface PeopleRouteDependencies {
  people: PeopleService;
}

export const peopleRoutes: FastifyPluginAsyncZod<PeopleRouteDependencies> = async (app, { people }) => {
  app.get(
    '/people',
    {
      config: { readCache: { viewers: 'none' } },
      schema: {
        tags: ['users'],
        summary:
          'The people directory: people found by name, username, headline and skills, filtered by a technology of their portfolios, city and whether they look for work; 20 a page',
        querystring: peopleQuerySchema,
        response: { 200: personCardPageSchema, 422: problemSchema },
      },
    },
    async (request) => answer(request, await people.page(request.query)),
  );
};
