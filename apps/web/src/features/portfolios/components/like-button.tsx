import type { Portfolio } from '@portfolio-master/contract';
import { useQueryClient } from '../../../lib/query';
import { Link, useLocation } from '../../../lib/router';
import { HeartIcon } from '../../../components/icons/heart';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../i18n/translator';
import { useToggleLike } from '../api/toggle-like';

/** Shows whether I liked the portfolio; toggles at once and settles on the server's answer. */
export function LikeButton({
  portfolio,
  queryKey,
  signedIn,
}: {
  portfolio: Portfolio;
  queryKey: readonly unknown[];
  signedIn: boolean;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const location = useLocation();
  const like = useToggleLike(portfolio._id);

  if (!signedIn) {
    return (
      <Link to="/auth/login" state={{ from: location.pathname }} className="like-button">
        <HeartIcon />
        <span>{t('card.likes', { count: portfolio.likesCount })}</span>
        <span className="visually-hidden">. {t('portfolio.likeLogin')}</span>
      </Link>
    );
  }

  const onClick = () => {
    const previous = queryClient.getQueryData<Portfolio>(queryKey);
    queryClient.setQueryData<Portfolio>(queryKey, (old) =>
      old
        ? { ...old, likedByMe: !old.likedByMe, likesCount: old.likesCount + (old.likedByMe ? -1 : 1) }
        : old,
    );
    like.mutate(undefined, {
      onSuccess: ({ count, isLiked }) =>
        queryClient.setQueryData<Portfolio>(queryKey, (old) =>
          old ? { ...old, likedByMe: isLiked, likesCount: count } : old,
        ),
      onError: () => queryClient.setQueryData(queryKey, previous),
    });
  };

  return (
    <div>
      <button
        type="button"
        className="like-button"
        aria-pressed={portfolio.likedByMe}
        onClick={onClick}
        disabled={like.isPending}
        title={portfolio.likedByMe ? t('portfolio.unlike') : t('portfolio.like')}
      >
        <HeartIcon filled={portfolio.likedByMe} />
        <span>{t('card.likes', { count: portfolio.likesCount })}</span>
      </button>
      {like.isError ? (
        <p className="field__errors" role="alert">
          {errorMessage(t, like.error)}
        </p>
      ) : null}
    </div>
  );
}
