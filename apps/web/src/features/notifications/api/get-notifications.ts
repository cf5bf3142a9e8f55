import type { NotificationPage } from '@portfolio-master/contract';
import { useInfiniteQuery } from '../../../lib/query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';

/** `GET /notifications`, newest first, a page of 20 at a time. */
export function useNotifications() {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: ['notifications', 'list', token],
    queryFn: ({ pageParam, signal }) =>
      apiGet<NotificationPage>(
        `/notifications?limit=20${pageParam ? `&before=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: token !== null,
  });
}
