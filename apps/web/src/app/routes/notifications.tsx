import { NotificationList } from '../../features/notifications/components/notification-list';
import { useTexts } from '../../i18n/uz';
import { RequireAuth } from './require-auth';
import { privateHead } from '../../lib/head';
import type { Page } from '../route';

/** "Bildirishnomalar": what happened to my work, newest first. */
export function NotificationsRoute() {
  const uz = useTexts();
  return (
    <RequireAuth>
      <div className="container page page--narrow">
        <h1 className="home__title">{uz.notifications.title}</h1>
        <NotificationList />
      </div>
    </RequireAuth>
  );
}

export const page: Page = {
  Component: NotificationsRoute,
  head: privateHead((uz) => uz.notifications.title),
};
