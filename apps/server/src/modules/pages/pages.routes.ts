import path from 'node:path';
import { LIMITS, SCRIPT_COOKIE } from '@portfolio-master/contract';
import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALE_INFO,
  localizePath,
  negotiateLocale,
  rememberedLocale,
  splitLocalePath,
  type Locale,
} from '@portfolio-master/i18n';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest, LightMyRequestResponse } from 'fastify';
import { changeTags, type ChangeFeed } from '../../lib/changes.js';
import { ReadyDocument, sendReady } from '../../lib/ready-document.js';
import { localPath } from '../../lib/local-path.js';
import { TaggedCache, type Loaded } from '../../lib/tagged-cache.js';
import { sendNotFound } from '../../plugins/errors.js';
import { type CachedResponses, READ_TAGS_HEADER } from '../../plugins/read-cache.js';

import { loadWebBuild, type WebBuild } from './web-build.js';
import type { Config } from '../../config.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';

/** Vite names every file under assets/ after its content hash, so a given URL never changes content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Addresses the pages never answer: the API, images, preview cards and the build's own files. */
const NOT_PAGES = /^\/(api|image|og|assets)(\/|$)/;

/** Pages are compressed again after every change that touches them: a quick setting. */
const PAGE_BROTLI_QUALITY = 5;

/** A rendered page as the bytes that are sent, or where an address sends its visitor instead. */
type Rendered =
  | {
      kind: 'page';
      status: number;
      document: ReadyDocument;
      /** What it was made from, when it is the same for every visitor; else null. */
      tags: readonly string[] | null;
      /** When it was rendered (`Date.now()`). */
      renderedAt: number;
    }
  | { kind: 'redirect'; status: number; location: string };

/** A portfolio's own page, `/portfolio/<linktitle>` (its page takes no query). */
const PORTFOLIO_PAGE = /^\/portfolio\/([^/?]+)(?:\?|$)/;

/** Cached pages also expire after this, which bounds how old a relative date read without JavaScript gets. */
const PAGE_TTL_MS = 60_000;

/** What these routes are handed: the app passes its services. */
export interface PageDependencies {
  config: Config;
  changes: ChangeFeed;
  portfolios: PortfoliosService;
}

/**
 * The web app: its built files, and every other GET or HEAD outside the API rendered on the server by
 * the app's own render entry (see docs/decisions/0015-server-rendering.md). Fastify takes one not-found
 * handler per prefix, so this is where it is installed, with or without a built web app. Answers how
 * to let go of the pages nobody asked for in a while.
 */
export async function registerPages(
  app: FastifyInstance,
  services: PageDependencies,
  webDist: string,
  kept?: CachedResponses,
): Promise<(idleMs: number) => number> {
  const build = await loadWebBuild(webDist);
  if (!build) {
    app.setNotFoundHandler(sendNotFound);
    return () => 0;
  }
  await registerStaticFiles(app, build);

  // A page the same for every visitor is cached while nothing it was made from changes.
  const cache = new TaggedCache<Rendered>({
    ttlMs: PAGE_TTL_MS,
    maxEntries: 2_000,
    maxBytes: 64 * 1024 * 1024,
    sizeOf: (rendered) => (rendered.kind === 'page' ? rendered.document.body.length : 0),
  }).follow(services.changes);

  const render = async (url: string, locale: Locale): Promise<Loaded<Rendered>> => {
    const moved = (await movedPortfolio(services, url, locale)) ?? (await movedFilter(services, url, locale));
    if (moved) return moved;
    let tags: Set<string> | null = new Set<string>();
    const result = await build.renderer.render({
      url,
      locale,
      script: locale === 'uz-Cyrl' ? 'cyrl' : 'latn',
      publicUrl: services.config.publicUrl,
      telegramBotId: services.config.telegram?.botId,
      now: Date.now(),
      fetch: async (apiUrl) => {
        const response = await app.inject({
          method: 'GET',
          url: apiUrl,
          headers: { accept: 'application/json' },
        });
        const read = readTags(response);
        if (read && tags) for (const tag of read) tags.add(tag);
        else tags = null;
        return new Response(response.rawPayload.length > 0 ? new Uint8Array(response.rawPayload) : null, {
          status: response.statusCode,
          headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
        });
      },
    });
    if (result.kind === 'redirect') return { value: result, tags: [] };
    const document = new ReadyDocument(
      build.compose({ ...result, locale }),
      'text/html; charset=utf-8',
      PAGE_BROTLI_QUALITY,
    );
    const shared = result.shared && tags ? [...tags] : null;
    return {
      value: { kind: 'page', status: result.status, document, tags: shared, renderedAt: Date.now() },
      tags: shared,
    };
  };

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const { locale, path: ownPath } = splitLocalePath(pathname);
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      NOT_PAGES.test(pathname) ||
      NOT_PAGES.test(ownPath)
    ) {
      return sendNotFound(request, reply);
    }
    // The site's root alone sends a first visit on in the reader's language (as search engines ask of
    // multilingual sites): every other address is one language's page, whoever asks.
    if (pathname === '/') {
      const chosen = firstVisitLocale(request);
      const root = localizePath(chosen, '/');
      const rendered = await cache.getOrLoad(`${chosen} ${root}`, () => render(root, chosen));
      reply.header('vary', 'cookie, accept-language').header('cache-control', 'private, no-cache');
      if (rendered.kind === 'redirect') return reply.redirect(localPath(rendered.location), 302);
    }
    // Taken before the page is looked up or made: a write meanwhile keeps it from being kept below.
    const mark = pathname === '/' ? undefined : kept?.markPage();
    // A page is cached once per language: its address names it, and nothing else changes it.
    const rendered = await cache.getOrLoad(`${locale} ${request.url}`, () => render(request.url, locale));
    reply.header('content-language', LOCALE_INFO[locale].tag);
    if (rendered.kind === 'redirect') return reply.redirect(localPath(rendered.location), rendered.status);
    reply.code(rendered.status);
    // A 404 is answered, never confirmed: its ETag would only let a client keep an error.
    if (rendered.status !== 200) {
      const body = rendered.document.body;
      return reply.type(rendered.document.type).header('cache-control', 'no-cache').send(body);
    }
    if (mark !== undefined && rendered.tags) {
      // The next visitors get it before the framework is entered, as the API's kept answers, with this
      // answer's headers (security, CORS, language); the root's depend on the visitor.
      kept!.keepPage(
        request.url,
        {
          document: rendered.document,
          headers: { ...reply.getHeaders(), 'content-type': rendered.document.type },
          tags: rendered.tags,
          expiresAt: rendered.renderedAt + PAGE_TTL_MS,
        },
        mark,
      );
    }
    return sendReady(request, reply, rendered.document, 'no-cache');
  });
  // Pages nobody asked for go when the site is idle (see IdleTimer).
  return (idleMs) => cache.trimIdle(idleMs);
}

/**
 * An old linktitle of an imported portfolio (decision 30) sends its visitor on to the portfolio's page for
 * good, in the same language. Cached as the portfolio is: until it changes, or a portfolio created with
 * that linktitle takes it.
 */
async function movedPortfolio(
  services: PageDependencies,
  url: string,
  locale: Locale,
): Promise<Loaded<Rendered> | undefined> {
  const match = PORTFOLIO_PAGE.exec(splitLocalePath(url).path);
  if (!match) return undefined;
  let address: string;
  try {
    address = decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
  const moved = await services.portfolios.movedTo(address);
  if (moved.value === null) return undefined;
  return {
    value: {
      kind: 'redirect',
      status: 301,
      location: localizePath(locale, `/portfolio/${encodeURIComponent(moved.value)}`),
    },
    tags: moved.tags,
  };
}

/** Where a page takes technologies by name: the list's filter (comma-separated) and the people's. */
const TECHNOLOGY_PARAMETERS: readonly [RegExp, string, boolean][] = [
  [/^\/page\/[^/]+$/, 'filter', true],
  [/^\/people$/, 'technology', false],
];

/**
 * A list or people page filtered by a technology's old name (a spelling the alias list folds, or one an
 * admin merged into another) sends its visitor on for good to the same page under the kept name, in the
 * same language (docs/decisions/0058). Cached until the technologies change.
 */
async function movedFilter(
  services: PageDependencies,
  url: string,
  locale: Locale,
): Promise<Loaded<Rendered> | undefined> {
  const own = splitLocalePath(url).path;
  const start = own.indexOf('?');
  if (start < 0) return undefined;
  const pathname = own.slice(0, start);
  const rule = TECHNOLOGY_PARAMETERS.find(([pattern]) => pattern.test(pathname));
  if (!rule) return undefined;
  const [, parameter, commaSeparated] = rule;
  const search = new URLSearchParams(own.slice(start + 1));
  const values = search.getAll(parameter);
  const names = (commaSeparated ? values.flatMap((value) => value.split(',')) : values)
    .map((name) => name.trim())
    .filter((name) => name !== '');
  // More than a list may hold is refused by the page itself.
  if (names.length === 0 || names.length > LIMITS.technologies.max) return undefined;
  const moves = await Promise.all(names.map((name) => services.portfolios.movedTechnology(name)));
  if (moves.every((move) => move.value === null)) return undefined;
  const kept = [...new Set(names.map((name, index) => moves[index]!.value ?? name))];
  // The kept names where the first of the old ones stood, the other parameters as they were.
  const keptValues = commaSeparated ? [kept.join(',')] : kept;
  const moved = new URLSearchParams();
  for (const [key, value] of search) {
    if (key !== parameter) moved.append(key, value);
    else if (keptValues.length > 0) for (const name of keptValues.splice(0)) moved.append(key, name);
  }
  const tags = moves.every((move) => move.tags !== null) ? moves.flatMap((move) => move.tags!) : null;
  return {
    value: {
      kind: 'redirect',
      status: 301,
      location: localizePath(locale, `${pathname}?${moved.toString().replace(/%2C/g, ',')}`),
    },
    tags,
  };
}

/**
 * The language a visit to the site's root is sent to: the one the reader chose before (the `lang`
 * cookie, or the earlier `script` cookie), else the first of their browser's that the site speaks.
 */
function firstVisitLocale(request: FastifyRequest): Locale {
  const cookies = request.headers.cookie ?? '';
  return (
    rememberedLocale(cookieValue(cookies, LOCALE_COOKIE), cookieValue(cookies, SCRIPT_COOKIE)) ??
    negotiateLocale(request.headers['accept-language']) ??
    DEFAULT_LOCALE
  );
}

const cookieValue = (cookies: string, name: string) =>
  new RegExp(`(?:^|;)\\s*${name}=([^;]*)`).exec(cookies)?.[1]?.trim();

/**
 * The built files, sent precompressed (`.br`, `.gz` beside each) to clients that accept them. Hashed
 * files under `/assets/` are cached for a year; the rest (the favicon) revalidate. The page template is
 * not a file anyone may fetch.
 */
async function registerStaticFiles(app: FastifyInstance, build: WebBuild): Promise<void> {
  const assets = path.join(build.root, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: build.root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed copies are chosen by Accept-Encoding, never addressed by their own URLs. robots.txt
    // is the server's own (feeds module): a copy left by an older build must neither win nor clash.
    globIgnore: ['**/*.br', '**/*.gz', 'index.html', '.vite/**', 'robots.txt'],
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', file.startsWith(assets) ? IMMUTABLE : 'no-cache');
    },
  });
}

/**
 * What an API read made a page depend on (see `changeTags`): the answer says it (`READ_TAGS_HEADER`, sent
 * to in-process reads only). A read that names nothing (a viewer's own, an error) may not be cached.
 */
export function readTags(response: LightMyRequestResponse): string[] | null {
  const header = response.headers[READ_TAGS_HEADER];
  if (typeof header === 'string' && header !== '') return header.split(' ');
  // An unknown portfolio or profile may be created: every create changes lists or users.
  if (response.statusCode === 404) return [changeTags.lists, changeTags.users];
  return null;
}
