import type { LikerPage } from '@portfolio-master/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '../../../lib/query';
import { apiGet, type ReadContext } from '../../../lib/api-client';

/** `GET /portfolio/{id}/likes`: who likes it, newest first, a page at a time. */
export function getLikers(
  portfolioId: string,
  before: string | null,
  context?: ReadContext,
): Promise<LikerPage> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return apiGet<LikerPage>(`/portfolio/${encodeURIComponent(portfolioId)}/likes${query}`, context);
}

export const likersQueryOptions = (portfolioId: string) =>
  infiniteQueryOptions({
    queryKey: ['likers', portfolioId],
    queryFn: (context) => getLikers(portfolioId, context.pageParam, context),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

export function useLikers(portfolioId: string, enabled: boolean) {
  return useInfiniteQuery({ ...likersQueryOptions(portfolioId), enabled });
}
