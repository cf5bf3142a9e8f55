import type { AuthorRef } from '@portfolio-master/contract';
import { Link } from '../lib/router';
import { useT } from '../i18n/translator';
import { AdminBadge, Avatar, fullName } from './avatar';

/** What a list of people pages through: the paged query of its dialog. */
export interface PeoplePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * People as rows linking to their profiles (who likes a portfolio, a profile's followers), with
 * "Yana ko‘rsatish" while there are more; `onPick` runs as a row is followed.
 */
export function PeopleList({
  people,
  pages,
  onPick,
}: {
  people: Pick<AuthorRef, '_id' | 'username' | 'firstname' | 'lastname' | 'image' | 'isAdmin'>[];
  pages: PeoplePages;
  onPick?: () => void;
}) {
  const t = useT();
  return (
    <>
      <ul className="likers">
        {people.map((person) => (
          <li key={person._id}>
            <Link
              to={`/profile/${encodeURIComponent(person.username)}`}
              className="user-row"
              onClick={onPick}
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
      {pages.hasNextPage ? (
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => void pages.fetchNextPage()}
          disabled={pages.isFetchingNextPage}
        >
          {pages.isFetchingNextPage ? <span className="spinner" aria-hidden="true" /> : null}
          {t('likers.more')}
        </button>
      ) : null}
    </>
  );
}
