import { problemSchema } from '@portfolio-master/contract';
import { LOCALE_INFO, LOCALES } from '@portfolio-master/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { matchesIfNoneMatch } from '../../lib/http-cache.js';
import { CACHE_AGE_SECONDS, type EmbedService, formatNotAnswered } from './embed.service.js';

/** What these routes are handed: the app passes its services. */
export interface EmbedRouteDependencies {
  embeds: EmbedService;
  config: Config;
}

/** An SVG loads nothing and runs nothing, even opened by itself: its avatar is inside it. */
const SVG_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";

/**
 * The framed card is the one answer any site may frame; everything else it could do stays shut. Its
 * cover comes from the site's `/image/` address, which may redirect to the bucket's origin.
 */
export function framedCardPolicy(publicImageUrl: string | undefined): string {
  const images = ["'self'", 'data:', ...(publicImageUrl ? [new URL(publicImageUrl).origin] : [])];
  return [
    "default-src 'none'",
    `img-src ${images.join(' ')}`,
    "style-src 'unsafe-inline'",
    "base-uri 'none'",
    "form-action 'none'",
    'frame-ancestors *',
  ].join('; ');
}

const binary = z.any().meta({ type: 'string', format: 'binary' });
const params = z.object({ file: z.string() });
const themeQuery = z.object({ theme: z.enum(['light', 'dark']).optional().catch(undefined) });

const oembedSchema = z.object({
  version: z.literal('1.0'),
  type: z.literal('rich'),
  provider_name: z.literal('Portfolio Master'),
  provider_url: z.string(),
  title: z.string(),
  author_name: z.string(),
  author_url: z.string(),
  html: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumbnail_url: z.string(),
  thumbnail_width: z.number().int(),
  thumbnail_height: z.number().int(),
  cache_age: z.number().int(),
});

const bound = z.coerce.number().int().min(1).max(100_000).optional().catch(undefined);
const oembedQuery = z.object({
  url: z.string().max(2048).optional().catch(undefined),
  format: z.string().max(32).optional().catch(undefined),
  maxwidth: bound,
  maxheight: bound,
});

/** `x.svg` names `x`; any other name is no card. */
const named = (file: string) => (file.endsWith('.svg') ? file.slice(0, -'.svg'.length) : null);

function svgHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .type('image/svg+xml; charset=utf-8')
    .header('content-security-policy', SVG_POLICY)
    .header('cross-origin-resource-policy', 'cross-origin');
}

const notModified = (request: FastifyRequest, etag: string) =>
  matchesIfNoneMatch(request.headers['if-none-match'], etag);

/** `/embed/profile/{username}.svg`, `/embed/portfolio/{linktitle}` and `/oembed`. */
export const embedRoutes: FastifyPluginAsyncZod<EmbedRouteDependencies> = async (app, { embeds, config }) => {
  const framedPolicy = framedCardPolicy(config.publicImageUrl);

  // As the preview cards: each language's card under its prefix (decision 38).
  for (const locale of LOCALES) {
    const { prefix, tag } = LOCALE_INFO[locale];
    app.get(
      `${prefix}/embed/profile/:file`,
      {
        schema: {
          tags: ['pages'],
          summary: `A profile's card for READMEs, an SVG (\`{username}.svg\`, \`?theme=dark\`), in ${tag}`,
          params,
          querystring: themeQuery,
          response: { 200: binary, 304: z.undefined(), 404: binary },
        },
      },
      async (request, reply) => {
        const theme = request.query.theme ?? 'light';
        const username = named(request.params.file);
        const card = username ? await embeds.profileCard(username, locale, theme) : null;
        if (!card) {
          return svgHeaders(reply)
            .code(404)
            .header('cache-control', 'public, max-age=300')
            .send(embeds.missingProfileSvg(locale, theme));
        }
        svgHeaders(reply)
          .header('cache-control', `public, max-age=${CACHE_AGE_SECONDS}`)
          .header('etag', card.etag);
        if (notModified(request, card.etag)) return reply.code(304).send();
        return reply.send(await card.svg());
      },
    );

    app.get(
      `${prefix}/embed/portfolio/:linktitle`,
      {
        schema: {
          tags: ['pages'],
          summary: `A portfolio's small card any site may frame (HTML, no script), in ${tag}`,
          params: z.object({ linktitle: z.string() }),
          response: { 200: binary, 304: z.undefined(), 404: binary },
        },
      },
      async (request, reply) => {
        // Only this answer may be framed anywhere; it counts no view and sets no cookie.
        reply
          .removeHeader('x-frame-options')
          .header('content-security-policy', framedPolicy)
          .type('text/html; charset=utf-8');
        const card = await embeds.portfolioCard(request.params.linktitle, locale);
        if (!card) {
          return reply
            .code(404)
            .header('cache-control', 'public, max-age=300')
            .send(embeds.missingPortfolioHtml(locale));
        }
        reply.header('cache-control', 'public, max-age=600').header('etag', card.etag);
        if (notModified(request, card.etag)) return reply.code(304).send();
        return reply.send(card.html);
      },
    );
  }

  app.get(
    '/oembed',
    {
      schema: {
        tags: ['pages'],
        summary: 'oEmbed (oembed.com) for a portfolio’s or a profile’s address on this site; JSON only',
        querystring: oembedQuery,
        response: { 200: oembedSchema, 404: problemSchema, 501: problemSchema },
      },
    },
    async (request, reply) => {
      // Public and read-only: any page may ask for it.
      reply.header('access-control-allow-origin', '*');
      const { url, format, maxwidth, maxheight } = request.query;
      if (format && format !== 'json') throw formatNotAnswered();
      const answer = await embeds.oembed(url, { width: maxwidth, height: maxheight });
      return reply.header('cache-control', `public, max-age=${CACHE_AGE_SECONDS}`).send(answer);
    },
  );
};
