import { problemSchema } from '@portfolio-master/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { matchesIfNoneMatch } from '../../lib/http-cache.js';
import { notFound } from '../../lib/http-error.js';
import { COPY_MAX_AGE_MS, type RemoteImages } from './remote-images.service.js';
import type { ImageStore } from './image-store.js';

/** As long as the copy is cached: after that the picture is fetched again, and may have changed. */
const CACHE_CONTROL = `public, max-age=${COPY_MAX_AGE_MS / 1000}`;

/** What these routes are handed: the app passes its services. */
export interface RemoteImageRouteDependencies {
  remoteImages: RemoteImages;
  imageStore: ImageStore;
}

/** Pictures of descriptions from other sites, through the site (decision 35). */
export const remoteImageRoutes: FastifyPluginAsyncZod<RemoteImageRouteDependencies> = async (
  app,
  { remoteImages, imageStore },
) => {
  app.get(
    '/image/remote/:mac/*',
    {
      schema: {
        tags: ['images'],
        summary:
          'A picture from another site that a description shows, re-encoded as WebP (the address is signed by the site)',
        // The address can be longer than a path parameter may be, so it is the wildcard.
        params: z.object({ mac: z.string(), '*': z.string() }),
        response: {
          200: z.any().meta({ type: 'string', format: 'binary' }),
          304: z.undefined(),
          403: problemSchema,
          404: problemSchema,
          429: problemSchema,
          502: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const url = remoteImages.verify(request.params.mac, request.params['*']);
      if (!url) throw notFound('problem.image.notFound');
      const copy = await remoteImages.get(url, request.ip);
      if (matchesIfNoneMatch(request.headers['if-none-match'], copy.etag)) {
        return reply.header('cache-control', CACHE_CONTROL).header('etag', copy.etag).code(304).send();
      }
      const opened = await imageStore.open(copy.file);
      if (!opened) throw notFound('problem.image.notFound');
      return reply
        .header('cache-control', CACHE_CONTROL)
        .header('etag', copy.etag)
        .header('cross-origin-resource-policy', 'cross-origin')
        .type('image/webp')
        .header('content-length', opened.size)
        .send(opened.stream);
    },
  );
};
