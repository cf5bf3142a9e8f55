import type {
  BlockBody,
  ModerationResult,
  ModerationTargetBody,
  UnblockBody,
} from '@portfolio-master/contract';
import { useMutation, useQueryClient } from '../../../lib/query';
import { request } from '../../../lib/api-client';

/** What an admin can do, each with the body its endpoint takes. */
export type Moderation =
  | { action: 'hide' | 'unhide' | 'dismiss' | 'delete'; body: ModerationTargetBody }
  | { action: 'block'; body: BlockBody }
  | { action: 'unblock'; body: UnblockBody };

/** `POST /admin/{action}`: answers how many open reports on the target it closed. */
export async function moderate({ action, body }: Moderation): Promise<ModerationResult> {
  return (await request<ModerationResult>(`/admin/${action}`, { method: 'POST', body })).data;
}

/**
 * Any moderation changes the queue, the counts and the log, and what others see: the lists, the
 * portfolio and the profiles read before are read again.
 */
export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderate,
    onSuccess: () => {
      for (const key of ['admin', 'portfolios', 'portfolio', 'user', 'users', 'technologies']) {
        void queryClient.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}
