import type { LikeResult } from '@portfolio-master/contract';
import { useMutation, useQueryClient } from '../../../lib/query';
import { request } from '../../../lib/api-client';

/** `PUT /portfolio/like/{id}`: toggles my like. */
export async function toggleLike(id: string): Promise<LikeResult> {
  return (await request<LikeResult>(`/portfolio/like/${id}`, { method: 'PUT' })).data;
}

export function useToggleLike(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => toggleLike(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['portfolios'] });
    },
  });
}
