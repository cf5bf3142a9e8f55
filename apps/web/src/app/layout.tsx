import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { PageSpinner } from '../components/spinner';
import { ErrorBoundary } from '../components/error-boundary';
import { uz } from '../i18n/uz';
import { Footer } from './footer';
import { Navbar } from './navbar';

export function Layout() {
  const navigation = useNavigation();
  const location = useLocation();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {uz.skipToContent}
      </a>
      {navigation.state === 'loading' ? (
        <div className="route-progress" role="progressbar" aria-label={uz.status.loading} />
      ) : null}
      <ErrorBoundary resetKey={location.pathname}>
        <Navbar />
      </ErrorBoundary>
      <main id="main" className="main" tabIndex={-1}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <ErrorBoundary resetKey={location.pathname}>
        <Footer />
      </ErrorBoundary>
      <ScrollRestoration />
    </div>
  );
}
