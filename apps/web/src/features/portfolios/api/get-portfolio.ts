import type { Portfolio } from '@portfolio-master/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, nullWhenMissing, type ReadContext } from '../../../lib/api-client';

/**
 * `GET /portfolio/{idOrLinktitle}`, or null when there is no such portfolio; with a token, `likedByMe`
 * tells whether I liked it.
 */
export function getPortfolio(idOrLinktitle: string, context?: ReadContext): Promise<Portfolio | null> {
  return nullWhenMissing(apiGet<Portfolio>(`/portfolio/${encodeURIComponent(idOrLinktitle)}`, context));
}

export const portfolioQueryOptions = (idOrLinktitle: string, token: string | null) =>
  queryOptions({
    queryKey: ['portfolio', idOrLinktitle, { signedIn: token !== null }],
    queryFn: (context) => getPortfolio(idOrLinktitle, context),
  });

export function usePortfolio(idOrLinktitle: string, token: string | null) {
  return useQuery(portfolioQueryOptions(idOrLinktitle, token));
}
