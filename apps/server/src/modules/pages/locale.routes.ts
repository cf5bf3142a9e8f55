import { problemSchema, SCRIPTS } from '@portfolio-master/contract';
import { LOCALE_COOKIE, LOCALES, localizePath, splitLocalePath, type Locale } from '@portfolio-master/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localPath } from '../../lib/local-path.js';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

const back = z.object({ back: z.string().max(2000).optional() });

/**
 * Remembers the reader's language for a year and sends them to `back` (a page's own path, as the switch
 * writes it without a language prefix) in that language. Anything but a path on this site goes to the
 * site's root instead.
 */
function switchTo(request: FastifyRequest, reply: FastifyReply, locale: Locale, back: string | undefined) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return reply
    .header('set-cookie', `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`)
    .header('cache-control', 'no-store')
    .redirect(localizePath(locale, ownPath(localPath(back))), 303);
}

/** A path without the language prefix it may still carry (a link saved from a page in another language). */
function ownPath(path: string): string {
  const query = path.search(/[?#]/);
  const [pathname, rest] = query < 0 ? [path, ''] : [path.slice(0, query), path.slice(query)];
  return splitLocalePath(pathname).path + rest;
}

/**
 * The header's language switch (decision 38): plain links, so they work before the page's JavaScript
 * has loaded, or without it. The earlier `Lotin | Кирилл` links (`/api/script/…`), still in pages readers
 * keep offline and in links they saved, lead to the same place.
 */
export const localeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/locale/:locale',
    {
      schema: {
        tags: ['pages'],
        summary: 'Choose the language the site is read in and go to `back` in it',
        params: z.object({ locale: z.enum(LOCALES, { error: 'switch.unknownLocale' }) }),
        querystring: back,
        response: { 303: z.undefined(), 400: problemSchema },
      },
    },
    async (request, reply) => switchTo(request, reply, request.params.locale, request.query.back),
  );

  app.get(
    '/script/:script',
    {
      schema: {
        tags: ['pages'],
        summary: 'The earlier switch: Latin (`latn`) or Cyrillic (`cyrl`) Uzbek, then `back` in it',
        params: z.object({ script: z.enum(SCRIPTS, { error: 'switch.unknownScript' }) }),
        querystring: back,
        response: { 303: z.undefined(), 400: problemSchema },
      },
    },
    async (request, reply) =>
      switchTo(request, reply, request.params.script === 'cyrl' ? 'uz-Cyrl' : 'uz-Latn', request.query.back),
  );
};
