import { PAGE_SIZE } from '@portfolio-master/contract/constants';
import { ErrorBoundary } from '../../components/error-boundary';
import { ErrorView } from '../../components/error-view';
import { Pagination } from '../../components/pagination';
import { SearchBox } from '../../components/search-box';
import {
  portfoliosQueryOptions,
  usePortfolios,
  weekBestQueryOptions,
} from '../../features/portfolios/api/get-portfolios';
import { technologiesQueryOptions } from '../../features/portfolios/api/get-technologies';
import { PortfolioCard, PortfolioGridSkeleton } from '../../features/portfolios/components/portfolio-card';
import { SearchSuggestion } from '../../features/portfolios/components/search-suggestion';
import { SortLinks } from '../../features/portfolios/components/sort-links';
import { TechnologyFilter } from '../../features/portfolios/components/technology-filter';
import { WeekBest } from '../../features/portfolios/components/week-best';
import {
  filterToggleHref,
  isPastLastPage,
  listHref,
  searchHref,
  listParams,
  readListLocation,
  type ListLocation,
} from '../../features/portfolios/list-query';
import { usersQueryOptions } from '../../features/users/api/get-users';
import { UsersCard } from '../../features/users/components/users-card';
import { StatusIndicator } from '../../components/status-indicator';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from '../../lib/router';
import { useT } from '../../i18n/translator';
import { notFoundHead, siteDescription, siteFeed, title, type PageHead } from '../../lib/head';
import type { HeadContext, Loader, Page } from '../route';
import { NotFoundRoute } from './not-found';

const FIRST_PAGE: ListLocation = { page: 1, filter: [], q: '', sort: 'new' };

/** The people card's column, which follows the filter in the page. */
const USERS_ID = 'home-users';

/** Where the filter shows above the list it follows in the page (index.css). */
const FILTER_ABOVE_LIST = '(max-width: 899.98px)';

export function HomeRoute() {
  const t = useT();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  // What the previous page did, said once (a deleted portfolio, a deleted account).
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const list = readListLocation(params.page, searchParams);
  const { query, isPreviousPage } = usePortfolios(listParams(list ?? FIRST_PAGE));
  if (!list || (query.data && !isPreviousPage && isPastLastPage(query.data, list.page))) {
    return <NotFoundRoute />;
  }
  const { page, filter, q, sort } = list;

  const onSearch = (text: string) => navigate(searchHref(list, text), { replace: q !== '' && text !== '' });
  const narrowed = filter.length > 0 || q !== '';

  // The list comes before the filter in the page, so a keyboard reaches the first portfolio a few Tabs
  // after the skip link instead of after every technology's checkbox. On screen, phones show the folded
  // filter (one Tab stop) above the list; from 900px the filter and the users card form a side column.
  return (
    <div className="container page home">
      <div className="home__toolbar">
        <h1 className="home__title">{t('list.title')}</h1>
        <SearchBox value={q} filter={filter} onSearch={onSearch} />
      </div>
      <div className="home__list">
        {notice ? <StatusIndicator status="success" message={notice} /> : null}
        <SortLinks sort={sort} filter={filter} q={q} />
        {page === 1 && !narrowed && sort === 'new' ? <WeekBest /> : null}
        {narrowed && query.data ? (
          <p className="muted home__summary" aria-live="polite">
            {q ? `${t('list.searchingFor', { query: q })}: ` : ''}
            {t('list.found', { count: query.data.total })}
          </p>
        ) : null}
        <SearchSuggestion suggestion={query.data?.suggestion} filter={filter} sort={sort} />
        <ErrorBoundary resetKey={`${page}|${filter.join()}|${q}|${sort}`}>
          {query.isPending ? (
            <PortfolioGridSkeleton />
          ) : query.isError ? (
            <ErrorView error={query.error} onRetry={() => void query.refetch()} />
          ) : query.data.items.length === 0 ? (
            <div className="empty">
              <p>{narrowed ? t('list.emptyFiltered') : t('list.empty')}</p>
              {narrowed ? (
                <Link to="/page/1" className="button button--ghost">
                  {t('list.resetFilters')}
                </Link>
              ) : (
                <Link to="/create" className="button button--primary">
                  {t('nav.create')}
                </Link>
              )}
            </div>
          ) : (
            <div className={`grid${isPreviousPage ? ' is-stale' : ''}`}>
              {query.data.items.map((portfolio, index) => (
                <PortfolioCard key={portfolio._id} portfolio={portfolio} priority={index < 2} />
              ))}
            </div>
          )}
        </ErrorBoundary>
        <Pagination
          page={page}
          pageCount={query.data ? Math.ceil(query.data.total / PAGE_SIZE) : page}
          hrefFor={(n) => listHref(n, filter, q, sort)}
        />
      </div>
      <ErrorBoundary>
        <TechnologyFilter
          selected={filter}
          q={q}
          onToggle={(name) => navigate(filterToggleHref(filter, name, q, sort))}
        />
      </ErrorBoundary>
      <aside id={USERS_ID} className="home__users">
        <ErrorBoundary>
          <UsersCard />
        </ErrorBoundary>
      </aside>
    </div>
  );
}

export const load: Loader = async ({ params, search, client, token }) => {
  const list = readListLocation(params.page, search);
  if (!list) return 'not-found';
  const front = list.page === 1 && !list.filter.length && !list.q && list.sort === 'new';
  const [page] = await Promise.all([
    client.ensureQueryData(portfoliosQueryOptions(listParams(list), token)),
    client.prefetchQuery(technologiesQueryOptions()),
    client.prefetchQuery(usersQueryOptions()),
    front ? client.prefetchQuery(weekBestQueryOptions(token)) : undefined,
  ]);
  return isPastLastPage(page, list.page) ? 'not-found' : 'ok';
};

function head({ params, search, client, token, t }: HeadContext): PageHead {
  const list = readListLocation(params.page, search);
  if (!list) return notFoundHead(t);
  const page = client.getQueryData(portfoliosQueryOptions(listParams(list), token).queryKey);
  if (page && isPastLastPage(page, list.page)) return notFoundHead(t);
  const parts: string[] = [];
  if (list.q) parts.push(t('list.searchingFor', { query: list.q }));
  if (list.filter.length) parts.push(list.filter.join(', '));
  const heading = parts.length ? `${parts.join(' · ')} — ${t('list.title')}` : t('list.title');
  const text = list.page > 1 ? `${heading} — ${t('pagination.page', { page: list.page })}` : heading;
  const single = list.filter.length === 1 ? list.filter[0] : undefined;
  return {
    // The first page is the site itself: its title is the site's name alone.
    title: list.page === 1 && parts.length === 0 ? title(t) : title(t, text),
    description:
      list.filter.length && page
        ? t('list.filterDescription', { technologies: list.filter.join(', '), total: page.total })
        : siteDescription(t),
    canonical: listHref(list.page, list.filter, list.q, list.sort),
    type: 'website',
    // Search results are for the person searching; technology lists are pages worth finding.
    noindex: list.q !== '',
    feeds: single
      ? [
          {
            href: `/technology/${encodeURIComponent(single)}/feed.xml`,
            title: t('feeds.technology', { name: single }),
          },
          siteFeed(t),
        ]
      : [siteFeed(t)],
    // A filter in force starts open, and on a phone it shows above the list that comes first in the page
    // (for the keyboard): painted before the filter is all in, the list would be pushed down. Folded, it
    // is held a place of its own height (index.css).
    paintAfter: list.filter.length ? { before: USERS_ID, media: FILTER_ABOVE_LIST } : undefined,
  };
}

export const page: Page = { Component: HomeRoute, head };
