import { useMutation, useQueryClient } from '../../../lib/query';
import { request } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { unreadCountQueryKey } from './get-unread-count';

/** `POST /notifications/read`: what was shown is read; the bell follows. */
export function useMarkRead() {
  const token = useToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) =>
      (await request<{ unread: number }>('/notifications/read', { method: 'POST', body: { ids } })).data,
    onSuccess: (count) => queryClient.setQueryData(unreadCountQueryKey(token), count),
  });
}
