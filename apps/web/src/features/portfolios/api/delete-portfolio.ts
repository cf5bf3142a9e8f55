import { useMutation, useQueryClient } from '../../../lib/query';
import { request } from '../../../lib/api-client';

/** `DELETE /portfolio/delete/{id}`: owner or admin. */
export async function deletePortfolio(id: string): Promise<void> {
  await request<null>(`/portfolio/delete/${id}`, { method: 'DELETE' });
}

export function useDeletePortfolio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePortfolio,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['portfolio'] });
      void queryClient.invalidateQueries({ queryKey: ['portfolios'] });
      void queryClient.invalidateQueries({ queryKey: ['technologies'] });
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      void queryClient.invalidateQueries({ queryKey: ['user'] });
    },
  });
}
