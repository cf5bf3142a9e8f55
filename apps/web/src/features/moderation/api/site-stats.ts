import type { SiteStats } from '@portfolio-master/contract';
import { queryOptions, useQuery } from '../../../lib/query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';

export const siteStatsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['admin', 'stats', token],
    queryFn: ({ signal }) => apiGet<SiteStats>('/admin/stats', { signal }),
    enabled: token !== null,
  });

/** `GET /admin/stats`: the site's counts and the sign-ups of the last 12 weeks. */
export function useSiteStats() {
  return useQuery(siteStatsQueryOptions(useToken()));
}
