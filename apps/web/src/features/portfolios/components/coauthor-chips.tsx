import type { PortfolioAuthor } from '@portfolio-master/contract';
import { Avatar, fullName } from '../../../components/avatar';
import { useT } from '../../../i18n/translator';
import { Link } from '../../../lib/router';

/** The accepted co-authors' avatars beside the owner's, each a link to their profile. */
export function CoauthorChips({ coauthors }: { coauthors: PortfolioAuthor[] | undefined }) {
  const t = useT();
  if (!coauthors?.length) return null;
  return (
    <ul className="coauthor-chips" aria-label={t('coauthors.with')}>
      {coauthors.map((person) => (
        <li key={person._id}>
          <Link
            to={`/profile/${encodeURIComponent(person.username)}`}
            className="author-chip author-chip--coauthor"
            title={fullName(person)}
          >
            <Avatar user={person} size={30} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
