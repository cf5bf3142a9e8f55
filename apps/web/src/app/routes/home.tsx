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
import { useTitle } from '../../lib/use-title';
import { uz } from '../../i18n/uz';
import { NotFoundRoute } from './not-found';

const isWide = () => typeof window !== 'undefined' && window.matchMedia?.('(min-width: 900px)').matches;

export function HomeRoute() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const page = Number(params.page);
  const filter = parseFilter(searchParams.get('filter'));
  const q = (searchParams.get('q') ?? '').trim();
  const valid = Number.isInteger(page) && page >= 1 && String(page) === params.page;
  useTitle(valid && page > 1 ? uz.list.pageTitle(page) : null);

  const query = usePortfolios({ page: valid ? page : 1, filter, q, limit: PAGE_SIZE });
  if (!valid) return <NotFoundRoute />;

  const onSearch = (text: string) =>
    navigate(listHref(1, filter, text), { replace: q !== '' && text !== '' });
  const onToggle = (name: string) => navigate(filterToggleHref(filter, name, q));
  const narrowed = filter.length > 0 || q !== '';

  return (
    <div className="container page home">
      <div className="home__main">
        <div className="home__toolbar">
          <h1 className="home__title">{uz.list.title}</h1>
          <SearchBox value={q} onSearch={onSearch} />
        </div>
        <div className="home__filter-mobile">
          <ErrorBoundary>
            <TechnologyFilter selected={filter} onToggle={onToggle} onClear={() => navigate('/page/1')} />
          </ErrorBoundary>
        </div>
        {narrowed && query.data ? (
          <p className="muted home__summary" aria-live="polite">
            {q ? `${uz.list.searchingFor(q)}: ` : ''}
            {uz.list.found(query.data.total)}
          </p>
        ) : null}
        <ErrorBoundary resetKey={`${page}|${filter.join()}|${q}`}>
          {query.isPending ? (
            <div className="grid" aria-busy="true">
              {Array.from({ length: 4 }, (_, index) => (
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
        <div className="home__filter-wide">
          <ErrorBoundary>
            <TechnologyFilter
              selected={filter}
              onToggle={onToggle}
              onClear={() => navigate('/page/1')}
              defaultOpen={isWide()}
            />
          </ErrorBoundary>
        </div>
        <ErrorBoundary>
          <UsersCard />
        </ErrorBoundary>
      </aside>
    </div>
  );
}
