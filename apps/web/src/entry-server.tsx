import type { PageRenderer, RenderRequest, RenderResult } from '@portfolio-master/contract';
import {
  createTranslator,
  DEFAULT_LOCALE,
  isLocale,
  LOCALES,
  splitLocalePath,
  type Locale,
  type Translator,
} from '@portfolio-master/i18n';
import { renderToString } from 'react-dom/server';
import { App } from './app/app';
import type { RouteContext } from './app/route';
import { matchRoute } from './app/route-table';
import { loadMessages, messagesModule } from './i18n/messages';
import { setTransport } from './lib/api-client';
import { headTags } from './lib/head-tags';
import type { SiteFacts } from './lib/site-url';
import { createQueryClient } from './lib/query-client';
import { basenameOf, createMemoryHistory, stripBasename, withBasename } from './lib/router';
import { writeServerState } from './lib/server-state';

// Every language, loaded once as the server starts. A translator holds nothing of a request: one per
// language serves every render.
const translators = Object.fromEntries(
  await Promise.all(
    LOCALES.map(async (locale) => [locale, createTranslator(locale, await loadMessages(locale))] as const),
  ),
) as Record<Locale, Translator>;

/**
 * The page's language: the one the server names, else the address's prefix, else (an unprefixed
 * address) the reader's script, as before there were languages.
 */
function localeOf(request: RenderRequest, pathname: string): Locale {
  if (isLocale(request.locale)) return request.locale;
  const { locale } = splitLocalePath(pathname);
  if (locale !== DEFAULT_LOCALE) return locale;
  return request.script === 'cyrl' ? 'uz-Cyrl' : 'uz-Latn';
}

/**
 * A page as a visitor first sees it: the route's data is loaded through the same query options its
 * components use (the requests go into the server process instead of over the network), then the same
 * component tree the browser hydrates is rendered around it.
 */
async function render(request: RenderRequest): Promise<RenderResult> {
  const queryClient = createQueryClient({ server: true });
  setTransport(queryClient, request.fetch);
  const history = createMemoryHistory(request.url);
  const { pathname, search } = history.location;
  const basename = basenameOf(pathname);
  const locale = localeOf(request, pathname);
  const translator = translators[locale];
  const match = matchRoute(stripBasename(basename, pathname));
  if (match.route.redirect) {
    return { kind: 'redirect', status: 302, location: withBasename(basename, match.route.redirect) };
  }

  const context: RouteContext = {
    params: match.params,
    search: new URLSearchParams(search),
    client: queryClient,
    token: null,
  };
  let status: 200 | 404 | 503 = 200;
  try {
    if ((await match.route.load?.(context)) === 'not-found') status = 404;
  } catch {
    // The page renders its error view, which the browser's first render shows too.
    status = 503;
  }
  await match.route.page.preload();
  const site: SiteFacts = { publicUrl: request.publicUrl, telegramBotId: request.telegramBotId };
  const html = renderToString(
    <App
      history={history}
      queryClient={queryClient}
      renderTime={request.now}
      translator={translator}
      site={site}
    />,
  );
  const head = match.route.page.read().head({ ...context, t: translator.t });
  return {
    kind: 'page',
    status,
    locale,
    head: headTags({ t: translator.t, locale, head, publicUrl: request.publicUrl, status }),
    html,
    state: writeServerState(queryClient, request.now, site, locale),
    // The page's chunk and its language's messages, both awaited before the browser hydrates.
    modules: [...(match.route.chunk ? [match.route.chunk] : []), messagesModule(locale)],
    shared: status === 200 && !head.noindex,
  };
}

export const renderer: PageRenderer = { render };
