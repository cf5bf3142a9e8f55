import { Dialog } from '../../../components/dialog';
import { ErrorView } from '../../../components/error-view';
import { PeopleList } from '../../../components/people-list';
import { Spinner } from '../../../components/spinner';
import { useT } from '../../../i18n/translator';
import { useLikers } from '../api/get-likers';

/** The open dialog of who likes the portfolio, newest first, paged: its code comes when the count is pressed. */
export function LikersDialog({ portfolioId, onClose }: { portfolioId: string; onClose: () => void }) {
  const t = useT();
  const likers = useLikers(portfolioId, true);
  const people = likers.data?.pages.flatMap((page) => page.items.map(({ user }) => user)) ?? [];
  return (
    <Dialog
      title={t('likers.title')}
      message={
        likers.isPending ? (
          <Spinner />
        ) : likers.isError ? (
          <ErrorView error={likers.error} onRetry={() => void likers.refetch()} compact />
        ) : (
          <PeopleList people={people} pages={likers} />
        )
      }
      onClose={onClose}
    />
  );
}
