import type { NotificationKind } from '@portfolio-master/contract';
import { NOTIFICATION_KINDS } from '@portfolio-master/contract/constants';
import { useEffect, useRef } from 'react';
import { StatusIndicator } from '../../components/status-indicator';
import { useUnsubscribe } from '../../features/notifications/api/unsubscribe';
import { NOTIFICATION_KIND_NAMES } from '../../features/notifications/components/notification-settings';
import { errorMessage } from '../../lib/api-client';
import { Link, useSearchParams } from '../../lib/router';
import { useT } from '../../i18n/translator';
import { privateHead } from '../../lib/head';
import type { Page } from '../route';

const isKind = (value: string | null): value is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(value ?? '');

/** The link at the foot of a notification mail: one click, no sign-in, no more mail of that kind. */
export function UnsubscribeRoute() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const kind = params.get('kind');
  const unsubscribe = useUnsubscribe();
  const sent = useRef(false);
  const valid = token !== '' && isKind(kind);

  useEffect(() => {
    if (!valid || sent.current) return;
    sent.current = true;
    unsubscribe.mutate({ token, kind });
  }, [valid, token, kind, unsubscribe]);

  return (
    <div className="container page page--form">
      <div className="panel form-card">
        <h1>{t('notifications.unsubscribeTitle')}</h1>
        <div className="form">
          {!valid ? (
            <StatusIndicator status="error" message={t('account.missingToken')} />
          ) : unsubscribe.isSuccess ? (
            <StatusIndicator
              status="success"
              message={t('notifications.unsubscribed', {
                kind: t(NOTIFICATION_KIND_NAMES[unsubscribe.data.kind]),
              })}
            />
          ) : unsubscribe.isError ? (
            <StatusIndicator status="error" message={errorMessage(t, unsubscribe.error)} />
          ) : (
            <StatusIndicator status="pending" message={t('notifications.unsubscribing')} />
          )}
          <Link to="/page/1" className="button button--ghost">
            {t('notFound.home')}
          </Link>
        </div>
      </div>
    </div>
  );
}

export const page: Page = {
  Component: UnsubscribeRoute,
  head: privateHead((t) => t('notifications.unsubscribeTitle')),
};
