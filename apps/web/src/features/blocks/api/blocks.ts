import type { AuthorRef, BlockList, BlockResult } from '@portfolio-master/contract';
import { useMutation, useQuery, useQueryClient } from '../../../lib/query';
import { apiGet, request } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';

export type BlockKind = 'block' | 'mute';

/** `GET /user/me/blocks`: whom I blocked and muted (private: only the signed-in person asks). */
export function useMyBlocks() {
  const token = useToken();
  return useQuery({
    queryKey: ['my-blocks', token],
    queryFn: ({ signal }) => apiGet<BlockList>('/user/me/blocks', { signal }),
    enabled: token !== null,
  });
}

/**
 * `PUT` or `DELETE /user/{id}/block` (or `/mute`); the list and what shows comments are read again, since
 * a block changes whose comments and notifications I see and ends follows.
 */
export function useSetBlock(person: Pick<AuthorRef, '_id'>, kind: BlockKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean) =>
      (
        await request<BlockResult>(`/user/${encodeURIComponent(person._id)}/${kind}`, {
          method: on ? 'PUT' : 'DELETE',
        })
      ).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['my-blocks'] });
      void queryClient.invalidateQueries({ queryKey: ['user'] });
      void queryClient.invalidateQueries({ queryKey: ['portfolio'] });
      void queryClient.invalidateQueries({ queryKey: ['comments'] });
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    },
  });
}
