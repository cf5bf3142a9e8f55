import { PAGE_SIZE } from '@portfolio-master/contract/constants';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorBoundary } from '../../components/error-boundary';
import { ErrorView } from '../../components/error-view';
import { Pagination } from '../../components/pagination';
import { SearchBox } from '../../components/search-box';
import { usePortfolios } from '../../features/portfolios/api/get-portfolios';
import { PortfolioCard, PortfolioCardSkeleton } from '../../features/portfolios/components/portfolio-card';
import { TechnologyFilter } from '../../features/portfolios/components/technology-filter';
import { filterToggleHref, listHref, parseFilter } from '../../features/portfolios/list-query';
import { UsersCard } from '../../features/users/components/users-card';
import { useMediaQuery } from '../../lib/use-media-query';
import { useTitle } from '../../lib/use-title';
import { uz } from '../../i18n/uz';
import { NotFoundRoute } from './not-found';

/** The same breakpoint as `.home` in index.css: from here the filter and the users card form a side column. */
const WIDE = '(min-width: 900px)';

export function HomeRoute() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const page = Number(params.page);
  const filter = parseFilter(searchParams.get('filter'));
  const q = (searchParams.get('q') ?? '').trim();
  const valid = Number.isInteger(page) && page >= 1 && String(page) === params.page;
  const wide = useMediaQuery(WIDE);
  useTitle(valid && page > 1 ? uz.list.pageTitle(page) : null);

  const query = usePortfolios({ page: valid ? page : 1, filter, q, limit: PAGE_SIZE });
  if (!valid) return <NotFoundRoute />;

  const onSearch = (text: string) =>
    navigate(listHref(1, filter, text), { replace: q !== '' && text !== '' });
  const onToggle = (name: string) => navigate(filterToggleHref(filter, name, q));
  const narrowed = filter.length > 0 || q !== '';
  // One filter panel, in the side column on wide screens (open) or above the list on phones (closed).
  const filterPanel = (
    <ErrorBoundary>
      <TechnologyFilter
        key={wide ? 'wide' : 'narrow'}
        selected={filter}
        onToggle={onToggle}
        onClear={() => navigate('/page/1')}
        defaultOpen={wide}
      />
    </ErrorBoundary>
  );

  return (
    <div className="container page home">
      <div className="home__main">
        <div className="home__toolbar">
          <h1 className="home__title">{uz.list.title}</h1>
          <SearchBox value={q} onSearch={onSearch} />
        </div>
        {wide ? null : filterPanel}
        {narrowed && query.data ? (
          <p className="muted home__summary" aria-live="polite">
            {q ? `${uz.list.searchingFor(q)}: ` : ''}
            {uz.list.found(query.data.total)}
          </p>
        ) : null}
        <ErrorBoundary resetKey={`${page}|${filter.join()}|${q}`}>
          {query.isPending ? (
            <div className="grid" aria-busy="true">
              {Array.from({ length: PAGE_SIZE }, (_, index) => (
                <PortfolioCardSkeleton key={index} />
              ))}
            </div>
          ) : query.isError ? (
            <ErrorView error={query.error} onRetry={() => void query.refetch()} />
          ) : query.data.items.length === 0 ? (
            <div className="empty">
              <p>{narrowed || page > 1 ? uz.list.emptyFiltered : uz.list.empty}</p>
              {narrowed || page > 1 ? (
                <Link to="/page/1" className="button button--ghost">
                  {uz.list.resetFilters}
                </Link>
              ) : (
                <Link to="/create" className="button button--primary">
                  {uz.nav.create}
                </Link>
              )}
            </div>
          ) : (
            <div className={`grid${query.isPlaceholderData ? ' is-stale' : ''}`}>
              {query.data.items.map((portfolio, index) => (
                <PortfolioCard key={portfolio._id} portfolio={portfolio} priority={index < 2} />
              ))}
            </div>
          )}
        </ErrorBoundary>
        <Pagination
          page={page}
          pageCount={query.data ? Math.ceil(query.data.total / PAGE_SIZE) : page}
          hrefFor={(n) => listHref(n, filter, q)}
        />
      </div>
      <aside className="home__aside">
        {wide ? filterPanel : null}
        <ErrorBoundary>
          <UsersCard />
        </ErrorBoundary>
      </aside>
    </div>
  );
}
