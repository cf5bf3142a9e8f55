import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryHistory, matchPath, ParamsProvider, Router, useLocation } from '../lib/router';
import { SiteFactsProvider, type SiteFacts } from '../lib/site-url';

/** Where the router is now, for tests that check navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** `ui` under a router at `route`, with `path`'s named segments as its params, in Latin. */
export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    path = '*',
    state = null,
    site = {},
  }: { route?: string; path?: string; state?: unknown; site?: SiteFacts } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const history = createMemoryHistory(route, state);
  const params = matchPath(path, history.location.pathname) ?? {};
  const result = render(
    <SiteFactsProvider value={site}>
      <QueryClientProvider client={queryClient}>
        <Router history={history}>
          <ParamsProvider params={params}>
            {ui}
            <LocationProbe />
          </ParamsProvider>
        </Router>
      </QueryClientProvider>
    </SiteFactsProvider>,
  );
  return { ...result, queryClient, history };
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
