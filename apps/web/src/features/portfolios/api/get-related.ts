import type { RelatedPortfolios } from '@portfolio-master/contract';
import { queryOptions, useQuery } from '../../../lib/query';
import { apiGet, nullWhenMissing, type ReadContext } from '../../../lib/api-client';

/** `GET /portfolio/{idOrLinktitle}/related`: "O‘xshash loyihalar"; none for a portfolio not there or hidden. */
export async function getRelated(idOrLinktitle: string, context?: ReadContext): Promise<RelatedPortfolios> {
  const path = `/portfolio/${encodeURIComponent(idOrLinktitle)}/related`;
  return (await nullWhenMissing(apiGet<RelatedPortfolios>(path, context))) ?? [];
}

export const relatedQueryOptions = (idOrLinktitle: string, token: string | null) =>
  queryOptions({
    queryKey: ['portfolio', idOrLinktitle, 'related', { signedIn: token !== null }],
    queryFn: (context) => getRelated(idOrLinktitle, context),
  });

export function useRelated(idOrLinktitle: string, token: string | null) {
  return useQuery(relatedQueryOptions(idOrLinktitle, token));
}
