import { SCRIPT_COOKIE } from '@portfolio-master/contract';
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  negotiateLocale,
  rememberedLocale,
  type Locale,
} from '@portfolio-master/i18n';
import type { FastifyRequest } from 'fastify';

type Headers = Pick<FastifyRequest, 'headers'>;

function cookie(request: Headers, name: string): string | undefined {
  const header = request.headers.cookie;
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** Where the web app names the language of the page a request comes from. */
const PAGE_LANGUAGE_HEADER = 'x-page-language';

/**
 * The language a request states, when it states one: the page's, which the web app names (a reader on
 * `/ru/…` reads Russian whatever the browser or an earlier choice says), else the `lang` cookie the
 * header's switch sets (or the earlier `script` cookie), else the first language of `Accept-Language` the
 * site speaks. Undefined for clients that say nothing (curl, API scripts), whose requests must not change
 * what an account chose.
 */
export function statedLocale(request: Headers): Locale | undefined {
  const page = request.headers[PAGE_LANGUAGE_HEADER];
  if (isLocale(page)) return page;
  return (
    rememberedLocale(cookie(request, LOCALE_COOKIE), cookie(request, SCRIPT_COOKIE)) ??
    negotiateLocale(request.headers['accept-language'])
  );
}

/**
 * The language the API answers a request in: the one it states, else the one the signed-in account last
 * stated (`users.locale`), else Latin Uzbek, what the original site's client has always read.
 */
export function readerLocale(request: Headers, account?: { locale: string | null } | null): Locale {
  const stated = statedLocale(request);
  if (stated) return stated;
  const own = account?.locale;
  return isLocale(own) ? own : DEFAULT_LOCALE;
}
