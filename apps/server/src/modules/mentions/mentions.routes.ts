import { mentionCandidatesSchema, mentionQuerySchema, problemSchema } from '@portfolio-master/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthenticationHooks } from '../../plugins/authentication.js';
import { answer } from '../../lib/reads.js';
import type { MentionsService } from './mentions.service.js';

/** What these routes are handed: the app passes its services. */
export interface MentionRouteDependencies {
  mentions: MentionsService;
  hooks: AuthenticationHooks;
}

export const mentionRoutes: FastifyPluginAsyncZod<MentionRouteDependencies> = async (
  app,
  { mentions, hooks },
) => {
  app.get(
    '/mentions/suggest',
    {
      onRequest: hooks.optional,
      config: { readCache: { viewers: 'hides' } },
      schema: {
        tags: ['users'],
        summary:
          'People to mention: whose username begins with `q` (what was typed after `@`), in username order; without those the signed-in reader blocked or muted, or who blocked them',
        querystring: mentionQuerySchema,
        response: { 200: mentionCandidatesSchema, 422: problemSchema },
      },
    },
    async (request) => answer(request, await mentions.suggest(request.query.q, request.auth?.user.id)),
  );
};
