import { problemSchema } from '@portfolio-master/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { matchesIfNoneMatch } from '../../lib/http-cache.js';
import { notFound } from '../../lib/http-error.js';
import type { AppServices } from '../../services.js';
import type { Card } from './og.service.js';

const png = z.any().meta({ type: 'string', format: 'binary' });
const responses = { 200: png, 304: z.undefined(), 404: problemSchema };
const params = z.object({ file: z.string() });

/** A card's address stays the same while its picture changes: caches keep it an hour, then ask again. */
async function sendCard(request: FastifyRequest, reply: FastifyReply, card: Card | null) {
  if (!card) throw notFound('Bunday sahifa yo‘q');
  reply
    .header('cache-control', 'public, max-age=3600')
    .header('etag', card.etag)
    .header('cross-origin-resource-policy', 'cross-origin');
  if (matchesIfNoneMatch(request.headers['if-none-match'], card.etag)) return reply.code(304).send();
  const { size } = await fs.promises.stat(card.file);
  return reply.type('image/png').header('content-length', size).send(fs.createReadStream(card.file));
}

/** `x.png` names `x`; any other name is no card. */
const named = (file: string) => (file.endsWith('.png') ? file.slice(0, -'.png'.length) : null);

/** Link-preview images (Open Graph, Twitter cards) for portfolios, profiles and the site. */
export const previewCardRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { previewCards }) => {
  app.get(
    '/og/portfolio/:file',
    {
      schema: {
        tags: ['pages'],
        summary: 'A 1200×630 preview card of a portfolio (`{linktitle}.png`)',
        params,
        response: responses,
      },
    },
    async (request, reply) => {
      const linktitle = named(request.params.file);
      return sendCard(request, reply, linktitle ? await previewCards.portfolio(linktitle) : null);
    },
  );

  app.get(
    '/og/profile/:file',
    {
      schema: {
        tags: ['pages'],
        summary: 'A 1200×630 preview card of a profile (`{username}.png`)',
        params,
        response: responses,
      },
    },
    async (request, reply) => {
      const username = named(request.params.file);
      return sendCard(request, reply, username ? await previewCards.profile(username) : null);
    },
  );

  app.get(
    '/og/site.png',
    { schema: { tags: ['pages'], summary: 'The site’s 1200×630 preview card', response: responses } },
    async (request, reply) => sendCard(request, reply, await previewCards.site()),
  );
};
