import type { ReportQueuePage } from '@portfolio-master/contract';
import { keepPreviousData, queryOptions, useQuery } from '../../../lib/query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';

export type QueueStatus = 'open' | 'closed';

export const reportQueueQueryOptions = (status: QueueStatus, page: number, token: string | null) =>
  queryOptions({
    queryKey: ['admin', 'reports', status, page, token],
    queryFn: ({ signal }) =>
      apiGet<ReportQueuePage>(`/admin/reports?status=${status}&page=${page}`, { signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });

/** `GET /admin/reports`: reported things, each with its reports, the most recently reported first. */
export function useReportQueue(status: QueueStatus, page: number) {
  return useQuery(reportQueueQueryOptions(status, page, useToken()));
}
