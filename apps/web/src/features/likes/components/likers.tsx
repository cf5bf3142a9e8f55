import { useState } from 'react';
import { AdminBadge, Avatar, fullName } from '../../../components/avatar';
import { Dialog } from '../../../components/dialog';
import { ErrorView } from '../../../components/error-view';
import { Spinner } from '../../../components/spinner';
import { Link } from '../../../lib/router';
import { useT } from '../../../i18n/translator';
import { useLikers } from '../api/get-likers';

/** "Yoqtirganlar": from the like count, a dialog of who likes the portfolio, newest first, paged. */
export function Likers({ portfolioId, count }: { portfolioId: string; count: number }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const likers = useLikers(portfolioId, open);
  if (count === 0) return null;
  const people = likers.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <button type="button" className="link-button likers__open" onClick={() => setOpen(true)}>
        {t('likers.open', { count })}
      </button>
      <Dialog
        title={t('likers.title')}
        message={
          open ? (
            likers.isPending ? (
              <Spinner />
            ) : likers.isError ? (
              <ErrorView error={likers.error} onRetry={() => void likers.refetch()} compact />
            ) : (
              <>
                <ul className="likers">
                  {people.map(({ user }) => (
                    <li key={user._id}>
                      <Link to={`/profile/${encodeURIComponent(user.username)}`} className="user-row">
                        <Avatar user={user} size={40} decorative />
                        <span className="user-row__name">
                          {fullName(user)}
                          {user.isAdmin ? <AdminBadge /> : null}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
                {likers.hasNextPage ? (
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => void likers.fetchNextPage()}
                    disabled={likers.isFetchingNextPage}
                  >
                    {likers.isFetchingNextPage ? <span className="spinner" aria-hidden="true" /> : null}
                    {t('likers.more')}
                  </button>
                ) : null}
              </>
            )
          ) : null
        }
        onClose={() => setOpen(false)}
      />
    </>
  );
}
