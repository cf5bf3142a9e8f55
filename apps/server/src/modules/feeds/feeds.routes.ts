import { problemSchema } from '@portfolio-master/contract';
import { LOCALE_INFO, LOCALES } from '@portfolio-master/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendReady, type SendableDocument } from '../../lib/ready-document.js';
import type { FeedsService } from './feeds.service.js';

/** Clients may reuse a copy this long before asking again; asking again is a 304 when nothing changed. */
const CACHE_CONTROL = 'public, max-age=300';

const document = (format: string) => z.any().meta({ type: 'string', format });
const responses = (format: string) => ({ 200: document(format), 304: z.undefined() });

const send = (request: FastifyRequest, reply: FastifyReply, ready: SendableDocument) =>
  sendReady(request, reply, ready, CACHE_CONTROL);

/** What these routes are handed: the app passes its services. */
export interface FeedRouteDependencies {
  feeds: FeedsService;
}

/**
 * robots.txt, sitemaps and Atom feeds: outside /api, where crawlers and feed readers look for them. The
 * sitemap names every language's pages; each language has its feeds.
 */
export const feedRoutes: FastifyPluginAsyncZod<FeedRouteDependencies> = async (app, { feeds }) => {
  app.get(
    '/robots.txt',
    { schema: { tags: ['feeds'], summary: 'What crawlers may fetch', response: responses('text') } },
    (request, reply) => send(request, reply, feeds.robots),
  );

  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags: ['feeds'],
        summary: 'Every public page; a sitemap index when they do not fit in one file',
        response: responses('xml'),
      },
    },
    async (request, reply) => send(request, reply, (await feeds.sitemap()).main),
  );

  app.get(
    '/sitemaps/:file',
    {
      schema: {
        tags: ['feeds'],
        summary: 'One file of the sitemap index, such as portfolios-2.xml',
        params: z.object({ file: z.string() }),
        response: { ...responses('xml'), 404: problemSchema },
      },
    },
    async (request, reply) => {
      const name = request.params.file.endsWith('.xml') ? request.params.file.slice(0, -4) : '';
      return send(request, reply, await feeds.sitemapFile(name));
    },
  );

  // Each language's feeds at its own addresses (decision 38), Latin Uzbek's without a prefix.
  for (const locale of LOCALES) {
    const { prefix, tag: language } = LOCALE_INFO[locale];
    app.get(
      `${prefix}/feed.xml`,
      {
        schema: {
          tags: ['feeds'],
          summary: `The newest portfolios (Atom), in ${language}`,
          response: responses('xml'),
        },
      },
      async (request, reply) => send(request, reply, await feeds.siteFeed(locale)),
    );

    app.get(
      `${prefix}/technology/:name/feed.xml`,
      {
        schema: {
          tags: ['feeds'],
          summary: `The newest portfolios with a technology (Atom), in ${language}; the name in any case; an old name answers 301 to the kept one`,
          params: z.object({ name: z.string() }),
          response: { ...responses('xml'), 301: z.undefined(), 404: problemSchema },
        },
      },
      async (request, reply) => {
        const moved = await feeds.movedTechnology(request.params.name);
        if (moved !== undefined) {
          const location = `${prefix}/technology/${encodeURIComponent(moved)}/feed.xml`;
          return reply.header('cache-control', CACHE_CONTROL).redirect(location, 301);
        }
        return send(request, reply, await feeds.technologyFeed(request.params.name, locale));
      },
    );

    app.get(
      `${prefix}/profile/:username/feed.xml`,
      {
        schema: {
          tags: ['feeds'],
          summary: `An author’s newest portfolios (Atom), in ${language}`,
          params: z.object({ username: z.string() }),
          response: { ...responses('xml'), 404: problemSchema },
        },
      },
      async (request, reply) =>
        send(request, reply, await feeds.profileFeed(request.params.username, locale)),
    );
  }
};
