import type { PersonCardPage } from '@portfolio-master/contract';
import { keepPreviousData, queryOptions, useQuery } from '../../../lib/query';
import { apiGet, type ReadContext } from '../../../lib/api-client';
import { peopleSearch, type PeopleLocation } from '../people-query';

/** `GET /people`: a page of the directory, as everyone sees it. */
export function getPeople(location: PeopleLocation, context?: ReadContext): Promise<PersonCardPage> {
  const search = peopleSearch(location);
  return apiGet<PersonCardPage>(`/people${search ? `?${search}` : ''}`, context);
}

export const peopleQueryOptions = (location: PeopleLocation) =>
  queryOptions({
    queryKey: ['people', location],
    queryFn: (context) => getPeople(location, context),
  });

/** The page asked for; while the next one loads, the one before stays on screen. */
export function usePeople(location: PeopleLocation) {
  return useQuery({ ...peopleQueryOptions(location), placeholderData: keepPreviousData });
}
