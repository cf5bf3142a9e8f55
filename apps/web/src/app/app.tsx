import type { Translator } from '@portfolio-master/i18n';
import { QueryClientProvider, type QueryClient } from '../lib/query';
import { useEffect, useState } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { RenderTimeProvider } from '../lib/now';
import { basenameOf, Router, type History } from '../lib/router';
import { SiteFactsProvider, type SiteFacts } from '../lib/site-url';
import { TranslatorProvider, useT } from '../i18n/translator';
import { Layout } from './layout';

function AppCrash() {
  const t = useT();
  return (
    <main className="container page crash">
      <h1>{t('errors.somethingWrong')}</h1>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
    </main>
  );
}

export interface AppProps {
  history: History;
  queryClient: QueryClient;
  /** The moment relative dates are measured from while the server's HTML is hydrated. */
  renderTime: number;
  /** The page's language (the server's choice for this address and reader). */
  translator: Translator;
  site: SiteFacts;
}

/** Marks the document once the app has taken over the server's HTML (tests and scripts wait for it). */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

/** The whole app, the same on the server and in the browser; the outermost boundary catches what the routes' cannot. */
export function App({ history, queryClient, renderTime, translator, site }: AppProps) {
  useHydratedMark();
  // The address's language prefix stays on every link: a page never changes language by itself.
  const [basename] = useState(() => basenameOf(history.location.pathname));
  return (
    <TranslatorProvider value={translator}>
      <SiteFactsProvider value={site}>
        <ErrorBoundary fallback={() => <AppCrash />}>
          <QueryClientProvider client={queryClient}>
            <RenderTimeProvider value={renderTime}>
              <Router history={history} basename={basename}>
                <Layout />
              </Router>
            </RenderTimeProvider>
          </QueryClientProvider>
        </ErrorBoundary>
      </SiteFactsProvider>
    </TranslatorProvider>
  );
}
