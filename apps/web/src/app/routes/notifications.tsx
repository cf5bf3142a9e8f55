import { NotificationList } from '../../features/notifications/components/notification-list';
import { useT } from '../../i18n/translator';
import { RequireAuth } from './require-auth';
import { privateHead } from '../../lib/head';
import type { Page } from '../route';

/** "Bildirishnomalar": what happened to my work, newest first. */
export function NotificationsRoute() {
  const t = useT();
  return (
    <RequireAuth>
      <div className="container page page--narrow">
        <h1 className="home__title">{t('notifications.title')}</h1>
        <NotificationList />
      </div>
    </RequireAuth>
  );
}

export const page: Page = {
  Component: NotificationsRoute,
  head: privateHead((t) => t('notifications.title')),
};
