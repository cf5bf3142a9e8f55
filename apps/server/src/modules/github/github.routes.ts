import { githubDraftSchema, githubImportBodySchema, problemSchema } from '@portfolio-master/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RATE_RULES, type RateLimiter } from '../../lib/rate-limiter.js';
import { currentAuth, type AuthenticationHooks } from '../../plugins/authentication.js';
import type { GithubService } from './github.service.js';

export interface GithubRouteDependencies {
  github: GithubService;
  hooks: AuthenticationHooks;
  limiter: RateLimiter;
}

export const githubRoutes: FastifyPluginAsyncZod<GithubRouteDependencies> = async (
  app,
  { github, hooks, limiter },
) => {
  app.post(
    '/portfolio/import/github',
    {
      onRequest: hooks.required,
      schema: {
        tags: ['portfolios'],
        summary:
          'A portfolio’s draft from a public GitHub repository (“GitHub’dan olish”): nothing is saved until the portfolio is created',
        body: githubImportBodySchema,
        response: {
          200: githubDraftSchema,
          401: problemSchema,
          422: problemSchema,
          429: problemSchema,
          503: problemSchema,
        },
      },
    },
    async (request, reply) => {
      await limiter.consume(RATE_RULES.githubImports, currentAuth(request).user.id);
      reply.header('cache-control', 'private, no-store');
      return github.draft(request.body.repoUrl);
    },
  );
};
