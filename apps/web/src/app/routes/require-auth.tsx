import type { ReactNode } from 'react';
import { Link, useLocation } from '../../lib/router';
import { PageSpinner } from '../../components/spinner';
import { useAuth } from '../../features/auth/api/get-me';
import { useHydrated } from '../../lib/hydrated';
import { useT } from '../../i18n/translator';

/** Pages for signed-in users only: a visitor is asked to sign in and comes back afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isSignedIn } = useAuth();
  const hydrated = useHydrated();
  const location = useLocation();
  // The server cannot read the token: it sends a spinner, and the browser decides once it can.
  if (!hydrated) return <PageSpinner />;
  if (isSignedIn) return children;
  return <LoginRequired from={location.pathname + location.search} />;
}

function LoginRequired({ from }: { from: string }) {
  const t = useT();
  return (
    <div className="container page page--form">
      <div className="panel form-card">
        <h1>{t('auth.loginRequiredTitle')}</h1>
        <p>{t('auth.loginRequired')}</p>
        <p className="actions">
          <Link to="/auth/login" state={{ from }} className="button button--primary">
            {t('nav.login')}
          </Link>
          <Link to="/auth/register/emailverification" className="button button--ghost">
            {t('nav.register')}
          </Link>
        </p>
      </div>
    </div>
  );
}
