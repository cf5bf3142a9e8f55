import { problemSchema } from '@portfolio-master/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import { matchesIfNoneMatch } from '../../lib/http-cache.js';
import { notFound } from '../../lib/http-error.js';
import { isImageFilename, type ImageStore } from './image-store.js';
import { findOriginalImage } from '../../data/images.repository.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';

/** A width that is not a positive whole number is ignored: the original is served. */
const querySchema = z.object({
  w: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});

const missing = () => notFound('problem.image.notFound');

/** A name the original site could have given a file: no control characters or slashes, at most 300 long. */
function isOriginalName(name: string): boolean {
  return name.length > 0 && name.length <= 300 && !/[\p{Cc}/\\]/u.test(name);
}

/** What these routes are handed: the app passes its services. */
export interface ImageRouteDependencies {
  imageStore: ImageStore;
  config: Config;
  db: Kysely<Database>;
}

/** Image names never change content, so every answer may be cached for a year. */
export const imageRoutes: FastifyPluginAsyncZod<ImageRouteDependencies> = async (
  app,
  { imageStore, config, db },
) => {
  const publicBase = config.publicImageUrl;
  app.get(
    '/image/:filename',
    {
      schema: {
        tags: ['images'],
        summary: 'An uploaded image, optionally at a smaller width',
        // Any name is checked by the store; a bad one is a 404, not a validation error.
        params: z.object({ filename: z.string() }),
        querystring: querySchema,
        response: {
          200: z.any().meta({ type: 'string', format: 'binary' }),
          302: z.undefined().meta({ description: 'With PUBLIC_IMAGE_URL: where the bucket serves it' }),
          304: z.undefined(),
          404: problemSchema,
        },
      },
    },
    async (request, reply) => {
      // A name that is not one of ours may be an image of the original site (decision 0030).
      const { filename } = request.params;
      const stored = isImageFilename(filename)
        ? filename
        : isOriginalName(filename)
          ? await findOriginalImage(db, filename)
          : undefined;
      const resolved = stored ? await imageStore.resolve(stored, request.query.w) : null;
      if (!resolved) throw missing();
      // The bucket (or the CDN in front of it) serves the bytes; the width is made here first if needed.
      if (publicBase) {
        return reply
          .header('cache-control', 'public, max-age=86400')
          .redirect(`${publicBase}/${resolved.key}`, 302);
      }
      if (matchesIfNoneMatch(request.headers['if-none-match'], resolved.etag)) {
        return cacheHeaders(reply, resolved.etag).code(304).send();
      }
      const opened = await imageStore.open(resolved.file);
      if (!opened) throw missing();
      return cacheHeaders(reply, resolved.etag)
        .type('image/webp')
        .header('content-length', opened.size)
        .send(opened.stream);
    },
  );
};

function cacheHeaders(reply: FastifyReply, etag: string): FastifyReply {
  return reply
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('etag', etag)
    .header('cross-origin-resource-policy', 'cross-origin');
}
