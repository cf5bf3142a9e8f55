import type { Notification } from '@portfolio-master/contract';
import { useEffect, useRef } from 'react';
import { Avatar, fullName } from '../../../components/avatar';
import { ErrorView } from '../../../components/error-view';
import { RelativeDate } from '../../../components/relative-date';
import { Spinner } from '../../../components/spinner';
import { Link } from '../../../lib/router';
import { useT, type Translate } from '../../../i18n/translator';
import { useNotifications } from '../api/get-notifications';
import { useMarkRead } from '../api/mark-read';
import { useAcceptInvite, useRemoveCoauthor } from '../../portfolios/api/coauthors';
import { errorMessage } from '../../../lib/api-client';

function describe(t: Translate, item: Notification): string {
  const actor = fullName(item.actor);
  const title = item.portfolio.title;
  switch (item.kind) {
    case 'comment':
      return t('notifications.comment', { actor, title });
    case 'reply':
      return t('notifications.reply', { actor, title });
    case 'mention':
      return item.comment
        ? t('notifications.mention', { actor, title })
        : t('notifications.mentionDescription', { actor, title });
    case 'like':
      return t('notifications.like', { actor, others: item.othersCount, title });
    case 'post':
      return t('notifications.post', { actor, title });
    case 'invite':
      return t('notifications.invite', { actor, title });
  }
}

/** An invitation to be a co-author: "Qabul qilish" / "Rad etish" while it waits for an answer. */
function InviteAnswer({ portfolioId, status }: { portfolioId: string; status: 'invited' | 'accepted' }) {
  const t = useT();
  const accept = useAcceptInvite(portfolioId);
  const decline = useRemoveCoauthor(portfolioId);
  if (status === 'accepted') return <p className="muted">{t('coauthors.accepted')}</p>;
  const busy = accept.isPending || decline.isPending;
  const error = accept.error ?? decline.error;
  return (
    <div className="notification__actions">
      <button type="button" className="button" disabled={busy} onClick={() => accept.mutate(undefined)}>
        {t('coauthors.accept')}
      </button>
      <button
        type="button"
        className="button button--ghost"
        disabled={busy}
        onClick={() => decline.mutate('me')}
      >
        {t('coauthors.decline')}
      </button>
      {error ? (
        <p role="alert" className="form-alert">
          {errorMessage(t, error)}
        </p>
      ) : null}
    </div>
  );
}

/** My notifications, newest first; what is shown is marked read (it stays highlighted until next time). */
export function NotificationList() {
  const t = useT();
  const list = useNotifications();
  const markRead = useMarkRead();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const marked = useRef(new Set<string>());
  const { mutate } = markRead;

  // Each unread notification is marked read once, when it is first shown.
  useEffect(() => {
    const fresh = items.filter((item) => !item.read && !marked.current.has(item._id)).map((item) => item._id);
    if (fresh.length === 0) return;
    for (const id of fresh) marked.current.add(id);
    mutate(fresh);
  }, [items, mutate]);

  if (list.isPending) return <Spinner />;
  if (list.isError) return <ErrorView error={list.error} onRetry={() => void list.refetch()} />;
  if (items.length === 0) return <p className="empty">{t('notifications.empty')}</p>;
  return (
    <>
      <ul className="notifications">
        {items.map((item) => (
          <li key={item._id} className={`notification${item.read ? '' : ' notification--unread'}`}>
            <Avatar user={item.actor} size={40} decorative />
            <div className="notification__body">
              <Link
                to={`/portfolio/${encodeURIComponent(item.portfolio.linktitle)}`}
                className="notification__text"
              >
                {describe(t, item)}
              </Link>
              {item.comment ? <p className="notification__quote">«{item.comment.excerpt}»</p> : null}
              {item.kind === 'invite' && item.invite ? (
                <InviteAnswer portfolioId={item.portfolio._id} status={item.invite} />
              ) : null}
              <span className="muted notification__date">
                <RelativeDate date={item.date} />
                {item.read ? null : (
                  <span className="visually-hidden">{`, ${t('notifications.unread')}`}</span>
                )}
              </span>
            </div>
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
        >
          {list.isFetchingNextPage ? <span className="spinner" aria-hidden="true" /> : null}
          {t('likers.more')}
        </button>
      ) : null}
    </>
  );
}
