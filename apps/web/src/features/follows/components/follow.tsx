import type { User } from '@portfolio-master/contract';
import { useState } from 'react';
import { AdminBadge, Avatar, fullName } from '../../../components/avatar';
import { Dialog } from '../../../components/dialog';
import { ErrorView } from '../../../components/error-view';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { Link, useNavigate } from '../../../lib/router';
import { useT } from '../../../i18n/translator';
import { useAuth } from '../../auth/api/get-me';
import { useFollow, usePeople } from '../api/follows';

/** "Kuzatish" / "Kuzatilmoqda" on someone else's profile; a visitor is asked to sign in first. */
export function FollowButton({ user }: { user: User }) {
  const t = useT();
  const { isSignedIn, user: me } = useAuth();
  const navigate = useNavigate();
  const follow = useFollow(user);
  if (me?._id === user._id) return null;
  const following = user.followedByMe;
  return (
    <div className="follow">
      <button
        type="button"
        className={`button ${following ? 'button--ghost' : 'button--primary'}`}
        aria-pressed={following}
        disabled={follow.isPending}
        onClick={() =>
          isSignedIn
            ? follow.mutate(!following)
            : navigate('/auth/login', { state: { from: `/profile/${encodeURIComponent(user.username)}` } })
        }
      >
        {follow.isPending ? <span className="spinner" aria-hidden="true" /> : null}
        {following ? t('follows.following') : t('follows.follow')}
      </button>
      {follow.isError ? (
        <p className="field__error" role="alert">
          {errorMessage(t, follow.error)}
        </p>
      ) : null}
    </div>
  );
}

/** A profile's follower and following counts; each opens the list of those people. */
export function FollowCounts({ user }: { user: User }) {
  const t = useT();
  const [side, setSide] = useState<'followers' | 'following' | null>(null);
  const people = usePeople(user._id, side ?? 'followers', side !== null);
  const items = people.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="follow-counts">
      <button type="button" className="link-button" onClick={() => setSide('followers')}>
        {t('follows.followers', { count: user.followersCount })}
      </button>
      <span aria-hidden="true"> · </span>
      <button type="button" className="link-button" onClick={() => setSide('following')}>
        {t('follows.followingCount', { count: user.followingCount })}
      </button>
      <Dialog
        title={side === 'following' ? t('follows.followingTitle') : t('follows.followersTitle')}
        message={
          side === null ? null : people.isPending ? (
            <Spinner />
          ) : people.isError ? (
            <ErrorView error={people.error} onRetry={() => void people.refetch()} compact />
          ) : items.length === 0 ? (
            <p className="muted">
              {side === 'following' ? t('follows.noFollowing') : t('follows.noFollowers')}
            </p>
          ) : (
            <>
              <ul className="likers">
                {items.map((person) => (
                  <li key={person._id}>
                    <Link
                      to={`/profile/${encodeURIComponent(person.username)}`}
                      className="user-row"
                      onClick={() => setSide(null)}
                    >
                      <Avatar user={person} size={40} decorative />
                      <span className="user-row__name">
                        {fullName(person)}
                        {person.isAdmin ? <AdminBadge /> : null}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
              {people.hasNextPage ? (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => void people.fetchNextPage()}
                  disabled={people.isFetchingNextPage}
                >
                  {people.isFetchingNextPage ? <span className="spinner" aria-hidden="true" /> : null}
                  {t('likers.more')}
                </button>
              ) : null}
            </>
          )
        }
        onClose={() => setSide(null)}
      />
    </div>
  );
}
