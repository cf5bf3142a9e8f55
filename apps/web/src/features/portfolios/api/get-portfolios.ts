import type { PortfolioPage, PortfolioSummary } from '@portfolio-master/contract';
import { type ListSort, listSort, PAGE_SIZE } from '@portfolio-master/contract/constants';
import { infiniteQueryOptions, queryOptions, useQuery, useQueryClient } from '../../../lib/query';
import { apiGet, type ReadContext } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { publicStandIn } from '../../../lib/public-stand-in';

export interface PortfolioListParams {
  page: number;
  filter?: string[];
  q?: string;
  sort?: ListSort;
  author?: string;
  limit?: number;
}

/** `GET /portfolio`: one server-side page of summaries. */
export function getPortfolios(params: PortfolioListParams, context?: ReadContext): Promise<PortfolioPage> {
  const search = new URLSearchParams({ page: String(params.page), limit: String(params.limit ?? PAGE_SIZE) });
  if (params.filter?.length) search.set('filter', params.filter.join(','));
  if (params.q) search.set('q', params.q);
  if (params.sort && params.sort !== listSort(undefined, Boolean(params.q))) search.set('sort', params.sort);
  if (params.author) search.set('author', params.author);
  return apiGet<PortfolioPage>(`/portfolio?${search}`, context);
}

/** Cards show `likedByMe`, so a signed-in viewer's pages are kept apart from the anonymous ones. */
export const portfoliosQueryOptions = (params: PortfolioListParams, token: string | null) =>
  queryOptions({
    queryKey: ['portfolios', params, { signedIn: token !== null }],
    queryFn: (context) => getPortfolios(params, context),
  });

/**
 * A page of summaries. Until a signed-in reader's own page arrives, everyone's stands in (see
 * `publicStandIn`); failing that, the page they were on. `isPreviousPage` tells the two apart: only
 * the other page is shown as stale.
 */
export function usePortfolios(params: PortfolioListParams) {
  const token = useToken();
  const client = useQueryClient();
  const everyones = () =>
    publicStandIn<PortfolioPage>(client, token, portfoliosQueryOptions(params, null).queryKey);
  const query = useQuery({
    ...portfoliosQueryOptions(params, token),
    placeholderData: (previous) => everyones() ?? previous,
  });
  return { query, isPreviousPage: query.isPlaceholderData && query.data !== everyones() };
}

/** The page after `last`, if there is one. */
export const nextPortfolioPage = (last: PortfolioPage) =>
  last.page < last.pageCount ? last.page + 1 : undefined;

/** One author's portfolios, a page of 10 at a time, for a profile's "show more". */
export const authorPortfoliosQueryOptions = (author: string) =>
  infiniteQueryOptions({
    queryKey: ['portfolios', 'by-author', author],
    queryFn: (context) => getPortfolios({ page: context.pageParam, author, limit: PAGE_SIZE }, context),
    initialPageParam: 1,
    getNextPageParam: nextPortfolioPage,
  });

/** `GET /portfolio/week-best`: "Haftaning eng yaxshilari", the highest trending scores. */
export const weekBestQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['portfolios', 'week-best', { signedIn: token !== null }],
    queryFn: (context) => apiGet<PortfolioSummary[]>('/portfolio/week-best', context),
  });

export function useWeekBest() {
  const token = useToken();
  const client = useQueryClient();
  return useQuery({
    ...weekBestQueryOptions(token),
    placeholderData: () =>
      publicStandIn<PortfolioSummary[]>(client, token, weekBestQueryOptions(null).queryKey),
  });
}
