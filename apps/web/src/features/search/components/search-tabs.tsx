import type { SearchCounts } from '@portfolio-master/contract';
import { useT } from '../../../i18n/translator';
import { Link } from '../../../lib/router';
import { SEARCH_TABS, searchHref, TAB_NAMES, type SearchLocation } from '../search-query';

/** "Portfoliolar | Dasturchilar | Texnologiyalar" with their counts: links, so they work before the app loads. */
export function SearchTabs({
  location,
  counts,
}: {
  location: SearchLocation;
  counts: SearchCounts | undefined;
}) {
  const t = useT();
  return (
    <nav className="search-tabs" aria-label={t('searchPage.tabsLabel')}>
      {SEARCH_TABS.map((type) => (
        <Link
          key={type}
          to={searchHref({ q: location.q, type, page: 1 })}
          className={`search-tabs__tab${type === location.type ? ' search-tabs__tab--active' : ''}`}
          aria-current={type === location.type ? 'page' : undefined}
          rel="nofollow"
        >
          {t(TAB_NAMES[type])}
          {counts ? (
            <>
              {' '}
              <span className="search-tabs__count">{counts[type]}</span>
            </>
          ) : null}
        </Link>
      ))}
    </nav>
  );
}
