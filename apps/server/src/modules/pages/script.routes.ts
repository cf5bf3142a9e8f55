import { problemSchema, SCRIPT_COOKIE, SCRIPTS } from '@portfolio-master/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localPath } from '../../lib/local-path.js';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * The header's `Lotin | Кирилл` switch: a plain link, so it works before the page's JavaScript has loaded
 * (or without it). It remembers the choice in a cookie for a year and goes back to the page, which the
 * server then renders in that script from its first byte.
 */
export const scriptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/script/:script',
    {
      schema: {
        tags: ['pages'],
        summary: 'Choose the script the site writes in (Latin or Cyrillic) and go back to `back`',
        params: z.object({ script: z.enum(SCRIPTS, { error: 'Yozuv: latn yoki cyrl' }) }),
        querystring: z.object({ back: z.string().max(2000).optional() }),
        response: { 303: z.undefined(), 400: problemSchema },
      },
    },
    async (request, reply) => {
      const secure = request.protocol === 'https' ? '; Secure' : '';
      return reply
        .header(
          'set-cookie',
          `${SCRIPT_COOKIE}=${request.params.script}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`,
        )
        .header('cache-control', 'no-store')
        .redirect(localPath(request.query.back), 303);
    },
  );
};
