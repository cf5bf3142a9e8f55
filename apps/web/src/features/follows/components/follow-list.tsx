import type { User } from '@portfolio-master/contract';
import { Dialog } from '../../../components/dialog';
import { ErrorView } from '../../../components/error-view';
import { PeopleList } from '../../../components/people-list';
import { Spinner } from '../../../components/spinner';
import { useT } from '../../../i18n/translator';
import { usePeople } from '../api/follows';

/** The open dialog of a profile's followers, or of those they follow: its code comes when a count is pressed. */
export function FollowList({
  user,
  side,
  onClose,
}: {
  user: User;
  side: 'followers' | 'following';
  onClose: () => void;
}) {
  const t = useT();
  const people = usePeople(user._id, side, true);
  const items = people.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Dialog
      title={side === 'following' ? t('follows.followingTitle') : t('follows.followersTitle')}
      message={
        people.isPending ? (
          <Spinner />
        ) : people.isError ? (
          <ErrorView error={people.error} onRetry={() => void people.refetch()} compact />
        ) : items.length === 0 ? (
          <p className="muted">
            {side === 'following' ? t('follows.noFollowing') : t('follows.noFollowers')}
          </p>
        ) : (
          <PeopleList people={items} pages={people} onPick={onClose} />
        )
      }
      onClose={onClose}
    />
  );
}
