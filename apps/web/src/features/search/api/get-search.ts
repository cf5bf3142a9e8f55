import type { SearchPage, Suggestions } from '@portfolio-master/contract';
import { keepPreviousData, queryOptions, useQuery } from '../../../lib/query';
import { apiGet, type ReadContext } from '../../../lib/api-client';
import { searchParams, type SearchLocation } from '../search-query';

/** `GET /search`: a page of one tab, with every tab's count. */
export function getSearch(location: SearchLocation, context?: ReadContext): Promise<SearchPage> {
  return apiGet<SearchPage>(`/search?${searchParams(location)}`, context);
}

export const searchQueryOptions = (location: SearchLocation) =>
  queryOptions({
    queryKey: ['search', location],
    queryFn: (context) => getSearch(location, context),
  });

/** The page asked for; while the next one loads, the one before stays on screen. */
export function useSearch(location: SearchLocation) {
  return useQuery({ ...searchQueryOptions(location), placeholderData: keepPreviousData });
}

/** `GET /search/suggest`: the first few of each kind, for the header's box. */
export function getSuggestions(q: string, signal?: AbortSignal): Promise<Suggestions> {
  return apiGet<Suggestions>(`/search/suggest?q=${encodeURIComponent(q)}`, { signal });
}
