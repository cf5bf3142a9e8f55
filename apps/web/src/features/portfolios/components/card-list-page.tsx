import type { PortfolioPage } from '@portfolio-master/contract';
import type { UseQueryResult } from '../../../lib/query';
import { ErrorView } from '../../../components/error-view';
import { Pagination } from '../../../components/pagination';
import { Link, useSearchParams } from '../../../lib/router';
import { useT } from '../../../i18n/translator';
import { PortfolioCard, PortfolioGridSkeleton } from './portfolio-card';

/** The page number of a personal list (`?page=`), 1 when absent or not a number. */
export function usePageParam(): number {
  const [params] = useSearchParams();
  return Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
}

/** A personal list of portfolio cards (the people I follow, what I saved): a heading, the cards, pages. */
export function CardListPage({
  title,
  lead,
  empty,
  query,
  page,
  path,
}: {
  title: string;
  lead: string;
  empty: string;
  query: UseQueryResult<PortfolioPage>;
  page: number;
  /** The page's own address, to which `?page=` is added. */
  path: string;
}) {
  const t = useT();
  return (
    <>
      <h1 className="home__title">{title}</h1>
      <p className="muted">{lead}</p>
      {query.isPending ? (
        <PortfolioGridSkeleton />
      ) : query.isError ? (
        <ErrorView error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <div className="empty">
          <p>{empty}</p>
          <Link to="/page/1" className="button button--primary">
            {t('follows.browse')}
          </Link>
        </div>
      ) : (
        <>
          <div className="grid">
            {query.data.items.map((portfolio, index) => (
              <PortfolioCard key={portfolio._id} portfolio={portfolio} priority={index === 0} />
            ))}
          </div>
          {query.data.pageCount > 1 ? (
            <Pagination page={page} pageCount={query.data.pageCount} hrefFor={(to) => `${path}?page=${to}`} />
          ) : null}
        </>
      )}
    </>
  );
}
