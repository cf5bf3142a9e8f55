import { BellIcon } from '../../../components/icons/bell';
import { NavLink } from '../../../lib/router';
import { useT } from '../../../i18n/translator';
import { useUnreadCount } from '../api/get-unread-count';

/** The navbar's bell: how many notifications are unread, and the way to them. */
export function NotificationBell() {
  const t = useT();
  const unread = useUnreadCount().data?.unread ?? 0;
  return (
    <NavLink
      to="/notifications"
      className="icon-button bell"
      aria-label={t('notifications.bell', { unread })}
    >
      <BellIcon />
      {unread > 0 ? (
        <span className="bell__count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </NavLink>
  );
}
