import type { Script } from '@portfolio-master/contract/script';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { RenderTimeProvider } from '../lib/now';
import { Router, type History } from '../lib/router';
import { SiteFactsProvider, type SiteFacts } from '../lib/site-url';
import { ScriptProvider } from '../i18n/script';
import { useTexts } from '../i18n/uz';
import { Layout } from './layout';

function AppCrash() {
  const uz = useTexts();
  return (
    <main className="container page crash">
      <h1>{uz.errors.somethingWrong}</h1>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {uz.errors.reload}
      </button>
    </main>
  );
}

export interface AppProps {
  history: History;
  queryClient: QueryClient;
  /** The moment relative dates are measured from while the server's HTML is hydrated. */
  renderTime: number;
  /** The script the page is written in (the server's choice for this reader). */
  script: Script;
  site: SiteFacts;
}

/** Marks the document once the app has taken over the server's HTML (tests and scripts wait for it). */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

/** The whole app, the same on the server and in the browser; the outermost boundary catches what the routes' cannot. */
export function App({ history, queryClient, renderTime, script, site }: AppProps) {
  useHydratedMark();
  return (
    <ScriptProvider value={script}>
      <SiteFactsProvider value={site}>
        <ErrorBoundary fallback={() => <AppCrash />}>
          <QueryClientProvider client={queryClient}>
            <RenderTimeProvider value={renderTime}>
              <Router history={history}>
                <Layout />
              </Router>
            </RenderTimeProvider>
          </QueryClientProvider>
        </ErrorBoundary>
      </SiteFactsProvider>
    </ScriptProvider>
  );
}
