import type { PortfolioPage } from '@portfolio-master/contract';
import { PAGE_SIZE } from '@portfolio-master/contract/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
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
