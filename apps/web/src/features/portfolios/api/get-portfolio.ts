import type { Portfolio } from '@portfolio-master/contract';
import { queryOptions, useQuery, useQueryClient } from '../../../lib/query';
import { apiGet, nullWhenMissing, type ReadContext } from '../../../lib/api-client';
import { publicStandIn } from '../../../lib/public-stand-in';

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

/**
 * With `publicWhileLoading`, a signed-in reader sees the page as everyone sees it (the server's, or the
 * one kept for reading offline) until their own answer arrives; without a connection that is all they
 * get, and the query waits for the connection to come back.
 */
export function usePortfolio(
  idOrLinktitle: string,
  token: string | null,
  { publicWhileLoading = false }: { publicWhileLoading?: boolean } = {},
) {
  const client = useQueryClient();
  return useQuery({
    ...portfolioQueryOptions(idOrLinktitle, token),
    placeholderData: publicWhileLoading
      ? () =>
          publicStandIn<Portfolio | null>(client, token, portfolioQueryOptions(idOrLinktitle, null).queryKey)
      : undefined,
  });
}
