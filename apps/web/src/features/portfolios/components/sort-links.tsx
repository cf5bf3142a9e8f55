import { type ListSort, SORTS } from '@portfolio-master/contract/constants';
import type { MessageKey } from '@portfolio-master/i18n';
import { Link } from '../../../lib/router';
import { useT } from '../../../i18n/translator';
import { listHref } from '../list-query';

const SORT_NAMES = {
  new: 'list.sorts.new',
  popular: 'list.sorts.popular',
  discussed: 'list.sorts.discussed',
  trending: 'list.sorts.trending',
  relevance: 'list.sorts.relevance',
} as const satisfies Record<ListSort, MessageKey>;

/**
 * The list's order as links (they work before the app loads, and keep the filter and the search). A
 * search offers best match first, before the others.
 */
export function SortLinks({ sort, filter, q }: { sort: ListSort; filter: string[]; q: string }) {
  const t = useT();
  const options = q ? ['relevance' as const, ...SORTS] : SORTS;
  return (
    <nav className="sort-links" aria-label={t('list.sortLabel')}>
      {options.map((option) => (
        <Link
          key={option}
          to={listHref(1, filter, q, option)}
          className={`chip${option === sort ? ' chip--active' : ''}`}
          aria-current={option === sort ? 'true' : undefined}
          rel="nofollow"
        >
          {t(SORT_NAMES[option])}
        </Link>
      ))}
    </nav>
  );
}
