import { problemSchema } from '@portfolio-master/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-error.js';
import type { AppServices } from '../../services.js';

const querySchema = z.object({
  w: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});

/** Image names never change content, so every answer may be cached for a year. */
export const imageRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { imageStore }) => {
  app.get(
    '/image/:filename',
    {
      schema: {
        tags: ['images'],
        summary: 'An uploaded image, optionally at a smaller width',
        params: z.object({ filename: z.string().max(200) }),
        querystring: querySchema,
        response: {
          200: z.any().meta({ type: 'string', format: 'binary' }),
          304: z.undefined(),
          404: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const resolved = await imageStore.resolve(request.params.filename, request.query.w);
      if (!resolved) throw notFound('Rasm topilmadi');
      const etag = `"${request.params.filename.slice(0, 24)}-${resolved.width}"`;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('vary', 'Accept-Encoding');
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        return reply.code(304).send();
      }
      return reply.type('image/webp').send(imageStore.open(resolved.file));
    },
  );
};
