import { ErrorBoundary } from '../../components/error-boundary';
import { ErrorView } from '../../components/error-view';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { usePeople, peopleQueryOptions } from '../../features/people/api/get-people';
import { PeopleFilters } from '../../features/people/components/people-filters';
import { PersonCard } from '../../features/people/components/person-card';
import {
  ALL_PEOPLE,
  isNarrowed,
  peopleHref,
  readPeopleLocation,
  type PeopleLocation,
} from '../../features/people/people-query';
import { useT } from '../../i18n/translator';
import { notFoundHead, title, type PageHead } from '../../lib/head';
import { Link, useSearchParams } from '../../lib/router';
import type { HeadContext, Page } from '../route';
import { NotFoundRoute } from './not-found';

/** "Dasturchilar": the people directory. */
export function PeopleRoute() {
  const [search] = useSearchParams();
  const location = readPeopleLocation(search);
  return location ? <People location={location} /> : <NotFoundRoute />;
}

function People({ location }: { location: PeopleLocation }) {
  const t = useT();
  const query = usePeople(location);
  if (query.data && !query.isPlaceholderData && location.page > 1 && location.page > query.data.pageCount) {
    return <NotFoundRoute />;
  }
  const narrowed = isNarrowed(location);
  return (
    <div className="container page people">
      <h1>{t('directory.title')}</h1>
      <p className="muted people__lead">{t('directory.lead')}</p>
      <PeopleFilters location={location} />
      <ErrorBoundary resetKey={peopleHref(location)}>
        {query.isPending ? (
          <Spinner />
        ) : query.isError ? (
          <ErrorView error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.items.length === 0 ? (
          <div className="empty">
            <p>{narrowed ? t('directory.emptyFiltered') : t('directory.empty')}</p>
            {narrowed ? (
              <Link to={peopleHref(ALL_PEOPLE)} className="button button--ghost">
                {t('directory.reset')}
              </Link>
            ) : null}
          </div>
        ) : (
          <>
            <p className="muted people__summary" aria-live="polite">
              {t('directory.found', { count: query.data.total })}
            </p>
            <ul className={`people__list${query.isPlaceholderData ? ' is-stale' : ''}`}>
              {query.data.items.map((person) => (
                <li key={person._id}>
                  <PersonCard person={person} />
                </li>
              ))}
            </ul>
            <Pagination
              page={location.page}
              pageCount={query.data.pageCount}
              hrefFor={(page) => peopleHref({ ...location, page })}
            />
          </>
        )}
      </ErrorBoundary>
    </div>
  );
}

function head({ search, client, t }: HeadContext): PageHead {
  const location = readPeopleLocation(search);
  if (!location) return notFoundHead(t);
  const data = client.getQueryData(peopleQueryOptions(location).queryKey);
  if (data && location.page > 1 && location.page > data.pageCount) return notFoundHead(t);
  const heading =
    location.page > 1
      ? `${t('directory.title')} — ${t('pagination.page', { page: location.page })}`
      : t('directory.title');
  return {
    title: title(t, heading),
    description: t('directory.description'),
    canonical: peopleHref(location),
    type: 'website',
    // The whole directory, page by page, is worth finding; a search or a filter is for the one asking.
    noindex: isNarrowed(location) || location.sort !== ALL_PEOPLE.sort,
  };
}

export const page: Page = { Component: PeopleRoute, head };
