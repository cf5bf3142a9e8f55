import { useEffect, useRef } from 'react';
import { StatusIndicator } from '../../components/status-indicator';
import { useConfirmEmail } from '../../features/account/api/account';
import { useAuth } from '../../features/auth/api/get-me';
import { errorMessage } from '../../lib/api-client';
import { Link, useSearchParams } from '../../lib/router';
import { useT } from '../../i18n/translator';
import { privateHead } from '../../lib/head';
import type { Page } from '../route';

/** Opened from the link mailed to a new address: the address takes effect as the page opens. */
export function ConfirmEmailRoute() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmail();
  const { isSignedIn } = useAuth();
  const sent = useRef(false);

  useEffect(() => {
    // Once: a link works only once, and a second request would report it as used.
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  return (
    <div className="container page page--form">
      <div className="panel form-card">
        <h1>{t('account.confirmTitle')}</h1>
        <div className="form">
          {!token ? (
            <StatusIndicator status="error" message={t('account.missingToken')} />
          ) : confirm.isSuccess ? (
            <StatusIndicator
              status="success"
              message={
                confirm.data.email
                  ? t('account.confirmedTo', { email: confirm.data.email })
                  : t('account.confirmed')
              }
            />
          ) : confirm.isError ? (
            <StatusIndicator status="error" message={errorMessage(t, confirm.error)} />
          ) : (
            <StatusIndicator status="pending" message={t('account.confirming')} />
          )}
          {confirm.isSuccess || confirm.isError ? (
            <Link to={isSignedIn ? '/profile' : '/auth/login'} className="button button--primary">
              {isSignedIn ? t('account.toProfile') : t('auth.loginLink')}
            </Link>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export const page: Page = {
  Component: ConfirmEmailRoute,
  head: privateHead((t) => t('account.confirmTitle')),
};
