import { useQuery } from '../../../lib/query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';

/** Where the bell's number is kept, for the viewer with `token`. */
export const unreadCountQueryKey = (token: string | null) => ['notifications', 'unread', token];

/** The bell's number: asked once a minute and whenever the tab comes back. */
export function useUnreadCount() {
  const token = useToken();
  return useQuery({
    queryKey: unreadCountQueryKey(token),
    queryFn: ({ signal }) => apiGet<{ unread: number }>('/notifications/unread', { signal }),
    enabled: token !== null,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
}
