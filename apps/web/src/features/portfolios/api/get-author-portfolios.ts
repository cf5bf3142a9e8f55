import { MAX_PAGE_SIZE } from '@portfolio-master/contract/constants';
import { useInfiniteQuery } from '../../../lib/query';
import { authorPortfoliosQueryOptions, getPortfolios, nextPortfolioPage } from './get-portfolios';

/**
 * All of one author's portfolios, 50 at a time, for choosing among them (the pins); asked for only when
 * `enabled`, as the profile already lists the newest.
 */
export function useAllAuthorPortfolios(author: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['portfolios', 'by-author', author, 'all'],
    queryFn: (context) => getPortfolios({ page: context.pageParam, author, limit: MAX_PAGE_SIZE }, context),
    initialPageParam: 1,
    getNextPageParam: nextPortfolioPage,
    enabled,
  });
}

export function useAuthorPortfolios(author: string) {
  return useInfiniteQuery(authorPortfoliosQueryOptions(author));
}
