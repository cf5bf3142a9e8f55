import type { TechnologyMergeBody, TechnologyMergeResult } from '@portfolio-master/contract';
import { useMutation, useQueryClient } from '../../../lib/query';
import { request } from '../../../lib/api-client';

/**
 * An admin merges one technology into another (decision 58): every list, card, filter and count read
 * before may name the merged one, so they are read again, and the log.
 */
export function useMergeTechnologies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TechnologyMergeBody) =>
      (await request<TechnologyMergeResult>('/admin/technologies/merge', { method: 'POST', body })).data,
    onSuccess: () => {
      for (const key of ['admin', 'portfolios', 'portfolio', 'user', 'users', 'people', 'technologies']) {
        void queryClient.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}
