import type { AuditPage } from '@portfolio-master/contract';
import { keepPreviousData, queryOptions, useQuery } from '../../../lib/query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';

export const auditLogQueryOptions = (page: number, token: string | null) =>
  queryOptions({
    queryKey: ['admin', 'audit', page, token],
    queryFn: ({ signal }) => apiGet<AuditPage>(`/admin/audit?page=${page}`, { signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });

/** `GET /admin/audit`: what the admins did, newest first. */
export function useAuditLog(page: number) {
  return useQuery(auditLogQueryOptions(page, useToken()));
}
