import type { NotificationKind } from '@portfolio-master/contract';
import { useMutation } from '../../../lib/query';
import { request } from '../../../lib/api-client';

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
