import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../features/auth/api/get-me';
import { useTitle } from '../../lib/use-title';
import { uz } from '../../i18n/uz';

/** Pages for signed-in users only: a visitor is asked to sign in and comes back afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isSignedIn } = useAuth();
  const location = useLocation();
  if (isSignedIn) return children;
  return <LoginRequired from={location.pathname + location.search} />;
}

function LoginRequired({ from }: { from: string }) {
  useTitle(uz.auth.loginRequiredTitle);
  return (
    <div className="container page page--form">
      <div className="panel form-card">
        <h1>{uz.auth.loginRequiredTitle}</h1>
        <p>{uz.auth.loginRequired}</p>
        <p className="actions">
          <Link to="/auth/login" state={{ from }} className="button button--primary">
            {uz.nav.login}
          </Link>
          <Link to="/auth/register/emailverification" className="button button--ghost">
            {uz.nav.register}
          </Link>
        </p>
      </div>
    </div>
  );
}
