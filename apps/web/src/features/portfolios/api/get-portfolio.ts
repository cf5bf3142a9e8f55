import type { Portfolio } from '@portfolio-master/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** `GET /portfolio/{idOrLinktitle}`; with a token, `likedByMe` tells whether I liked it. */
export function getPortfolio(idOrLinktitle: string, signal?: AbortSignal): Promise<Portfolio> {
  return apiGet<Portfolio>(`/portfolio/${encodeURIComponent(idOrLinktitle)}`, signal);
}

export const portfolioQueryOptions = (idOrLinktitle: string, token: string | null) =>
  queryOptions({
    queryKey: ['portfolio', idOrLinktitle, { signedIn: token !== null }],
    queryFn: ({ signal }) => getPortfolio(idOrLinktitle, signal),
  });

export function usePortfolio(idOrLinktitle: string, token: string | null) {
  return useQuery(portfolioQueryOptions(idOrLinktitle, token));
}
