import type { User } from '@portfolio-master/contract';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useNavigate } from '../../../lib/router';
import { withMessages } from '../../../i18n/messages';
import { preloadOnIntent } from '../../../lib/lazy-page';
import { useT } from '../../../i18n/translator';
import { useAuth } from '../../auth/api/get-me';
import { useFollow } from '../api/follows';

const loadList = withMessages(
  'src/features/follows/components/follow-list.tsx',
  () => import('./follow-list'),
);
const FollowList = lazy(() => loadList().then((module) => ({ default: module.FollowList })));

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

/**
 * A profile's follower and following counts; each opens the list of those people, whose code is fetched
 * when a pointer or focus reaches a count.
 */
export function FollowCounts({ user }: { user: User }) {
  const t = useT();
  const [side, setSide] = useState<'followers' | 'following' | null>(null);
  const preload = preloadOnIntent(loadList);
  return (
    <div className="follow-counts">
      <button type="button" className="link-button" {...preload} onClick={() => setSide('followers')}>
        {t('follows.followers', { count: user.followersCount })}
      </button>
      <span aria-hidden="true"> · </span>
      <button type="button" className="link-button" {...preload} onClick={() => setSide('following')}>
        {t('follows.followingCount', { count: user.followingCount })}
      </button>
      {side ? (
        <Suspense fallback={null}>
          <FollowList user={user} side={side} onClose={() => setSide(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
