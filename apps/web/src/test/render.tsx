import type { Locale } from '@portfolio-master/i18n';
import { QueryClient, QueryClientProvider } from '../lib/query';
import { render as renderElement, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import {
  basenameOf,
  createMemoryHistory,
  matchPath,
  ParamsProvider,
  Router,
  stripBasename,
  useLocation,
} from '../lib/router';
import { SiteFactsProvider, type SiteFacts } from '../lib/site-url';
import { TranslatorProvider } from '../i18n/translator';
import { translatorFor } from './translators';

/** Testing Library's `render`, in `locale` (Latin Uzbek), as every part of the app is rendered. */
export function render(
  ui: ReactElement,
  { locale = 'uz-Latn', ...options }: RenderOptions & { locale?: Locale } = {},
) {
  const translator = translatorFor(locale);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TranslatorProvider value={translator}>{children}</TranslatorProvider>
  );
  return renderElement(ui, { wrapper, ...options });
}

/** Where the router is now (the app's path, without a language prefix), for tests that check navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** `ui` under a router at `route`, with `path`'s named segments as its params, in `locale` (Latin Uzbek). */
export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    path = '*',
    state = null,
    site = {},
    locale = 'uz-Latn',
  }: { route?: string; path?: string; state?: unknown; site?: SiteFacts; locale?: Locale } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const history = createMemoryHistory(route, state);
  // As the app does: the address's language prefix is the router's basename.
  const basename = basenameOf(history.location.pathname);
  const params = matchPath(path, stripBasename(basename, history.location.pathname)) ?? {};
  const result = renderElement(
    <TranslatorProvider value={translatorFor(locale)}>
      <SiteFactsProvider value={site}>
        <QueryClientProvider client={queryClient}>
          <Router history={history} basename={basename}>
            <ParamsProvider params={params}>
              {ui}
              <LocationProbe />
            </ParamsProvider>
          </Router>
        </QueryClientProvider>
      </SiteFactsProvider>
    </TranslatorProvider>,
  );
  return { ...result, queryClient, history };
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
