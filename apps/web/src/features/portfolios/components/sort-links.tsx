import { SORTS, type Sort } from '@portfolio-master/contract/constants';
import { Link } from '../../../lib/router';
import { useTexts } from '../../../i18n/uz';
import { listHref } from '../list-query';

/** The list's order as links (they work before the app loads, and keep the filter and the search). */
export function SortLinks({ sort, filter, q }: { sort: Sort; filter: string[]; q: string }) {
  const uz = useTexts();
  return (
    <nav className="sort-links" aria-label={uz.list.sortLabel}>
      {SORTS.map((option) => (
        <Link
          key={option}
          to={listHref(1, filter, q, option)}
          className={`chip${option === sort ? ' chip--active' : ''}`}
          aria-current={option === sort ? 'true' : undefined}
          rel="nofollow"
        >
          {uz.list.sorts[option]}
        </Link>
      ))}
    </nav>
  );
}
