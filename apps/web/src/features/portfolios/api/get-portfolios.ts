import type { PortfolioPage } from '@portfolio-master/contract';
import { PAGE_SIZE } from '@portfolio-master/contract/constants';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export interface PortfolioListParams {
  page: number;
  filter?: string[];
  q?: string;
  author?: string;
  limit?: number;
}

/** `GET /portfolio`: one server-side page of summaries. */
export function getPortfolios(params: PortfolioListParams, signal?: AbortSignal): Promise<PortfolioPage> {
  const search = new URLSearchParams({ page: String(params.page), limit: String(params.limit ?? PAGE_SIZE) });
  if (params.filter?.length) search.set('filter', params.filter.join(','));
  if (params.q) search.set('q', params.q);
  if (params.author) search.set('author', params.author);
  return apiGet<PortfolioPage>(`/portfolio?${search}`, signal);
}

export const portfoliosQueryOptions = (params: PortfolioListParams) =>
  queryOptions({
    queryKey: ['portfolios', params],
    queryFn: ({ signal }) => getPortfolios(params, signal),
    placeholderData: keepPreviousData,
  });

export function usePortfolios(params: PortfolioListParams) {
  return useQuery(portfoliosQueryOptions(params));
}

/** One author's portfolios, a page of 10 at a time, for a profile's "show more". */
export const authorPortfoliosQueryOptions = (author: string) =>
  infiniteQueryOptions({
    queryKey: ['portfolios', 'by-author', author],
    queryFn: ({ pageParam, signal }) => getPortfolios({ page: pageParam, author, limit: PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pageCount ? last.page + 1 : undefined),
  });

export function useAuthorPortfolios(author: string) {
  return useInfiniteQuery(authorPortfoliosQueryOptions(author));
}
