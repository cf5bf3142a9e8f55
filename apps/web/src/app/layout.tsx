import { useQueryClient } from '../lib/query';
import { Suspense, useEffect, useLayoutEffect, useMemo, useSyncExternalStore } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { PageSpinner } from '../components/spinner';
import { useToken } from '../lib/auth-token';
import {
  ParamsProvider,
  useIsPop,
  useLocation,
  useNavigate,
  useNavigationPending,
  type Location,
} from '../lib/router';
import { useT } from '../i18n/translator';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { RouteError } from './route-error';
import { UpdatePrompt } from './update-prompt';
import type { Page } from './route';
import { matchRoute, type RouteMatch } from './route-table';

/** The document title follows the page's head, recomputed as its data arrives. */
function useDocumentTitle(head: Page['head'], params: Record<string, string>, location: Location) {
  const client = useQueryClient();
  const token = useToken();
  const t = useT();
  const compute = () =>
    head({ params, search: new URLSearchParams(location.search), client, token, t }).title;
  const title = useSyncExternalStore((notify) => client.getQueryCache().subscribe(notify), compute, compute);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The matched page once its chunk is in (until then the nearest Suspense shows its fallback). */
function RoutePage({ match, location }: { match: RouteMatch; location: Location }) {
  const page = match.route.page.read();
  useDocumentTitle(page.head, match.params, location);
  return (
    <ParamsProvider params={match.params}>
      <page.Component />
    </ParamsProvider>
  );
}

const scrollPositions = new Map<string, number>();

/** A new page starts at the top; back and forward return to where the reader was. */
function useScrollRestoration(location: Location) {
  const pop = useIsPop();
  useLayoutEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const key = location.key;
    window.scrollTo(0, pop ? (scrollPositions.get(key) ?? 0) : 0);
    return () => {
      scrollPositions.set(key, window.scrollY);
    };
  }, [location.key, pop]);
}

function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return null;
}

export function Layout() {
  const t = useT();
  const location = useLocation();
  const pending = useNavigationPending();
  const match = useMemo(() => matchRoute(location.pathname), [location.pathname]);
  useScrollRestoration(location);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('site.skipToContent')}
      </a>
      {pending ? (
        <div className="route-progress" role="progressbar" aria-label={t('status.loading')} />
      ) : null}
      <ErrorBoundary resetKey={location.pathname}>
        <Navbar />
      </ErrorBoundary>
      <main id="main" className="main" tabIndex={-1}>
        {match.route.redirect ? (
          <Redirect to={match.route.redirect} />
        ) : (
          <ErrorBoundary resetKey={location.pathname} fallback={(error) => <RouteError error={error} />}>
            <Suspense fallback={<PageSpinner />}>
              <RoutePage match={match} location={location} />
            </Suspense>
          </ErrorBoundary>
        )}
      </main>
      <ErrorBoundary resetKey={location.pathname}>
        <Footer />
      </ErrorBoundary>
      <UpdatePrompt />
    </div>
  );
}
