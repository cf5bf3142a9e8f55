import { problemSchema } from '@portfolio-master/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALE_INFO, LOCALES } from '@portfolio-master/i18n';
import { notFound } from '../../lib/http-error.js';
import type { ImageStore } from '../images/image-store.js';
import { sendKeptDrawing } from '../images/kept-drawings.js';
import type { Card, PreviewCards } from './og.service.js';

const png = z.any().meta({ type: 'string', format: 'binary' });
const responses = { 200: png, 304: z.undefined(), 404: problemSchema };
const params = z.object({ file: z.string() });

const missing = () => notFound('problem.page.notFound');

/** Caches keep a card an hour, then ask again; any site may show it. */
const sendCard = (
  request: FastifyRequest,
  reply: FastifyReply,
  imageStore: ImageStore,
  find: () => Promise<Card | null>,
) =>
  sendKeptDrawing(request, reply, {
    imageStore,
    find,
    missing,
    type: 'image/png',
    headers: () => ({
      'cache-control': 'public, max-age=3600',
      'cross-origin-resource-policy': 'cross-origin',
    }),
  });

/** `x.png` names `x`; any other name is no card. */
const named = (file: string) => (file.endsWith('.png') ? file.slice(0, -'.png'.length) : null);

/** What these routes are handed: the app passes its services. */
export interface PreviewCardRouteDependencies {
  previewCards: PreviewCards;
  imageStore: ImageStore;
}

/** Link-preview images (Open Graph, Twitter cards) for portfolios, profiles and the site. */
export const previewCardRoutes: FastifyPluginAsyncZod<PreviewCardRouteDependencies> = async (
  app,
  { previewCards, imageStore },
) => {
  // Each language's pages name cards under their own prefix (decision 38). A portfolio's card shows only
  // what its author wrote, so every language serves the same one; the profile's and the site's speak.
  for (const locale of LOCALES) {
    const { prefix, tag } = LOCALE_INFO[locale];
    app.get(
      `${prefix}/og/portfolio/:file`,
      {
        schema: {
          tags: ['pages'],
          summary: `A 1200×630 preview card of a portfolio (\`{linktitle}.png\`), for pages in ${tag}`,
          params,
          response: responses,
        },
      },
      async (request, reply) => {
        const linktitle = named(request.params.file);
        return sendCard(request, reply, imageStore, async () =>
          linktitle ? previewCards.portfolio(linktitle) : null,
        );
      },
    );

    app.get(
      `${prefix}/og/profile/:file`,
      {
        schema: {
          tags: ['pages'],
          summary: `A 1200×630 preview card of a profile (\`{username}.png\`), in ${tag}`,
          params,
          response: responses,
        },
      },
      async (request, reply) => {
        const username = named(request.params.file);
        return sendCard(request, reply, imageStore, async () =>
          username ? previewCards.profile(username, locale) : null,
        );
      },
    );

    app.get(
      `${prefix}/og/site.png`,
      {
        schema: {
          tags: ['pages'],
          summary: `The site’s 1200×630 preview card, in ${tag}`,
          response: responses,
        },
      },
      async (request, reply) => sendCard(request, reply, imageStore, () => previewCards.site(locale)),
    );
  }
};
