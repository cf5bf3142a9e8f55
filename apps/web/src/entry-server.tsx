import type { PageRenderer, RenderRequest, RenderResult } from '@portfolio-master/contract';
import { renderToString } from 'react-dom/server';
import { App } from './app/app';
import type { RouteContext } from './app/route';
import { matchRoute } from './app/route-table';
import { setTransport } from './lib/api-client';
import { textsIn } from './i18n/uz';
import { headTags } from './lib/head-tags';
import type { SiteFacts } from './lib/site-url';
import { createQueryClient } from './lib/query-client';
import { createMemoryHistory } from './lib/router';
import { writeServerState } from './lib/server-state';

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
  const match = matchRoute(pathname);
  if (match.route.redirect) return { kind: 'redirect', status: 302, location: match.route.redirect };

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
      script={request.script}
      site={site}
    />,
  );
  const uz = textsIn(request.script);
  const head = match.route.page.read().head({ ...context, uz });
  return {
    kind: 'page',
    status,
    head: headTags(uz, head, request.publicUrl, status),
    html,
    state: writeServerState(queryClient, request.now, site),
    modules: match.route.chunk ? [match.route.chunk] : [],
    shared: status === 200 && !head.noindex,
  };
}

export const renderer: PageRenderer = { render };
