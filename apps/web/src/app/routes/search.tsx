import type { SearchPage } from '@portfolio-master/contract';
import { ErrorBoundary } from '../../components/error-boundary';
import { ErrorView } from '../../components/error-view';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { PersonCard } from '../../features/people/components/person-card';
import { PortfolioCard } from '../../features/portfolios/components/portfolio-card';
import { isPastLastPage, listHref } from '../../features/portfolios/list-query';
import { searchQueryOptions, useSearch } from '../../features/search/api/get-search';
import { SearchTabs } from '../../features/search/components/search-tabs';
import { readSearchLocation, searchHref, type SearchLocation } from '../../features/search/search-query';
import { useT } from '../../i18n/translator';
import { notFoundHead, title, type PageHead } from '../../lib/head';
import { Link, useHref, useSearchParams } from '../../lib/router';
import type { HeadContext, Page } from '../route';
import { NotFoundRoute } from './not-found';

/** "Qidiruv": portfolios, people and technologies a query finds, one tab each. */
export function SearchRoute() {
  const [search] = useSearchParams();
  const location = readSearchLocation(search);
  return location ? <Search location={location} /> : <NotFoundRoute />;
}

function Search({ location }: { location: SearchLocation }) {
  const t = useT();
  const action = useHref('/search');
  const query = useSearch(location);
  if (query.data && !query.isPlaceholderData && isPastLastPage(query.data, location.page))
    return <NotFoundRoute />;
  return (
    <div className="container page search-page">
      <h1>{location.q ? t('searchPage.titleFor', { query: location.q }) : t('searchPage.title')}</h1>
      {/* A plain GET form: without JavaScript the browser sends it and the server renders the answer. */}
      <form className="search-page__form" role="search" action={action} method="get">
        <label htmlFor="search-page-q" className="visually-hidden">
          {t('search.label')}
        </label>
        <input
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={location.q}
          key={location.q}
          maxLength={200}
          enterKeyHint="search"
        />
        {location.type !== 'portfolios' ? <input type="hidden" name="type" value={location.type} /> : null}
        <button type="submit" className="button button--primary">
          {t('searchPage.submit')}
        </button>
      </form>
      <SearchTabs location={location} counts={query.data?.counts} />
      <ErrorBoundary resetKey={searchHref(location)}>
        {query.isPending ? (
          <Spinner />
        ) : query.isError ? (
          <ErrorView error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.items.length === 0 ? (
          <div className="empty">
            <p>{location.q ? t('searchPage.empty') : t('searchPage.prompt')}</p>
          </div>
        ) : (
          <>
            <Results data={query.data} stale={query.isPlaceholderData} />
            <Pagination
              page={location.page}
              pageCount={query.data.pageCount}
              hrefFor={(page) => searchHref({ ...location, page })}
            />
          </>
        )}
      </ErrorBoundary>
    </div>
  );
}

function Results({ data, stale }: { data: SearchPage; stale: boolean }) {
  const t = useT();
  const className = stale ? ' is-stale' : '';
  if (data.type === 'portfolios') {
    return (
      <div className={`grid${className}`}>
        {data.items.map((portfolio, index) => (
          <PortfolioCard key={portfolio._id} portfolio={portfolio} priority={index < 2} />
        ))}
      </div>
    );
  }
  if (data.type === 'people') {
    return (
      <ul className={`people__list${className}`}>
        {data.items.map((person) => (
          <li key={person._id}>
            <PersonCard person={person} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className={`search-page__technologies${className}`}>
      {data.items.map((technology) => (
        <li key={technology.name}>
          <Link to={listHref(1, [technology.name])} className="chip">
            {technology.name}
            <span className="muted"> {t('searchPage.technologyCount', { count: technology.count })}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function head({ search, client, t }: HeadContext): PageHead {
  const location = readSearchLocation(search);
  if (!location) return notFoundHead(t);
  const data = client.getQueryData(searchQueryOptions(location).queryKey);
  if (data && isPastLastPage(data, location.page)) return notFoundHead(t);
  const heading = location.q ? t('searchPage.titleFor', { query: location.q }) : t('searchPage.title');
  return {
    title: title(t, heading),
    description: t('searchPage.description'),
    canonical: searchHref(location),
    type: 'website',
    // A search is for the one asking.
    noindex: true,
  };
}

export const page: Page = { Component: SearchRoute, head };
