import type { NotificationSettings, NotificationSettingsBody } from '@portfolio-master/contract';
import { useMutation, useQuery, useQueryClient } from '../../../lib/query';
import { apiGet, request } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';

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
