import type {
  NotificationKind,
  NotificationPage,
  NotificationSettings,
  NotificationSettingsBody,
} from '@portfolio-master/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '../../../lib/query';
import { apiGet, request } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';

/** The bell's number: asked once a minute and whenever the tab comes back. */
export function useUnreadCount() {
  const token = useToken();
  return useQuery({
    queryKey: ['notifications', 'unread', token],
    queryFn: ({ signal }) => apiGet<{ unread: number }>('/notifications/unread', { signal }),
    enabled: token !== null,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
}

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

/** `POST /notifications/read`: what was shown is read; the bell follows. */
export function useMarkRead() {
  const token = useToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) =>
      (await request<{ unread: number }>('/notifications/read', { method: 'POST', body: { ids } })).data,
    onSuccess: (count) => queryClient.setQueryData(['notifications', 'unread', token], count),
  });
}

export function useNotificationSettings() {
  const token = useToken();
  return useQuery({
    queryKey: ['notifications', 'settings', token],
    queryFn: ({ signal }) => apiGet<NotificationSettings>('/notifications/settings', { signal }),
    enabled: token !== null,
  });
}

export function useSaveNotificationSettings() {
  const token = useToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: NotificationSettingsBody) =>
      (await request<NotificationSettings>('/notifications/settings', { method: 'PUT', body: settings }))
        .data,
    onSuccess: (saved) => queryClient.setQueryData(['notifications', 'settings', token], saved),
  });
}

/** The mail's one-click link, opened in the browser. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: async (link: { token: string; kind: NotificationKind }) =>
      (
        await request<{ kind: NotificationKind; email: false }>(
          `/notifications/unsubscribe?token=${encodeURIComponent(link.token)}&kind=${encodeURIComponent(link.kind)}`,
          { method: 'POST', auth: false },
        )
      ).data,
  });
}
